/**
 * The wishlist page of each language (an app route, never a content page). Apart from the
 * wishlist's other rules (domain/wishlist.ts), which carry zod schemas: the header links
 * here on every page, and what every page's first screen loads stays without zod.
 */
import type { Language } from "./locales";

export const WISHLIST_PATHS: Readonly<Record<Language, string>> = {
  de: "/wunschliste",
  en: "/wishlist",
  fr: "/liste-de-souhaits",
  it: "/lista-dei-desideri",
  es: "/lista-de-deseos",
  nl: "/verlanglijst",
};

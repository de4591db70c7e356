/**
 * The shop's own reviews page in each language (an app route, never a content page). Apart
 * from the page's other rules (domain/reviews.ts, with zod): the first-segment list of app
 * routes reads these, and what every page's first screen loads stays without zod.
 */
import type { Language } from "./locales";

export const REVIEWS_PATHS: Readonly<Record<Language, string>> = {
  de: "/bewertungen",
  en: "/reviews",
  fr: "/avis",
  it: "/recensioni",
  es: "/opiniones",
  nl: "/beoordelingen",
};

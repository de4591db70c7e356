/**
 * The customer's order pages in each language: an order's status page under its unguessable
 * token (what a guest's mails link to), the confirmation shown on coming back from the
 * payment, and the terms page the checkout and the confirmation mail point to.
 */
import type { Language } from "./locales";

/** The folder of an order's page: `/bestellung/{token}`, `/order/{token}` … */
export const ORDER_PATHS: Readonly<Record<Language, string>> = {
  de: "/bestellung",
  en: "/order",
  fr: "/commande",
  it: "/ordine",
  es: "/pedido",
  nl: "/bestelling",
};

/** The confirmation below an order's page: `/bestellung/{token}/danke`. */
export const CONFIRMATION_SEGMENTS: Readonly<Record<Language, string>> = {
  de: "danke",
  en: "thank-you",
  fr: "merci",
  it: "grazie",
  es: "gracias",
  nl: "bedankt",
};

/** The terms and conditions page of each language (a content story of every brand). */
export const TERMS_PATHS: Readonly<Record<Language, string>> = {
  de: "/agb",
  en: "/terms",
  fr: "/cgv",
  it: "/condizioni",
  es: "/condiciones",
  nl: "/voorwaarden",
};

/** A token as the order service makes them: URL-safe, long enough not to be guessed. */
export const ORDER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The order's status page (without language prefix). */
export function orderPath(language: Language, token: string): string {
  return `${ORDER_PATHS[language]}/${encodeURIComponent(token)}`;
}

/** The confirmation page after payment (without language prefix). */
export function confirmationPath(language: Language, token: string): string {
  return `${orderPath(language, token)}/${CONFIRMATION_SEGMENTS[language]}`;
}

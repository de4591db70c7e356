/**
 * Where the recommendation page lives in each language: its word among the app routes'
 * (/recommendation, /empfehlung, /recommandation …). Kept apart from the form's rules so the
 * footer's link does not carry them into every page's code.
 */
import type { Language } from "./locales";
import { APP_ROUTE_PREFIXES } from "./paths";

/** The recommendation page's path in a language. */
export function recommendationPath(language: Language): string {
  return `/${APP_ROUTE_PREFIXES.recommendation[language][0]}`;
}

/**
 * Where the recommendation page lives in each language (/recommendation, /empfehlung,
 * /recommandation …). Apart from the form's rules and from the other app routes' words
 * (domain/paths.ts reads these), so the footer's link carries neither into every page's code.
 */
import type { Language } from "./locales";

/** The recommendation page's first path segment in each language. */
export const RECOMMENDATION_WORDS: Readonly<Record<Language, readonly [string]>> = {
  en: ["recommendation"],
  de: ["empfehlung"],
  fr: ["recommandation"],
  it: ["raccomandazione"],
  es: ["recomendacion"],
  nl: ["aanbeveling"],
};

/** The recommendation page's path in a language. */
export function recommendationPath(language: Language): string {
  return `/${RECOMMENDATION_WORDS[language][0]}`;
}

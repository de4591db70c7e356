/**
 * Missing translation keys: the text shown is the last part of the key; a
 * missing key is logged once per key for a five-letter locale not in the supported list.
 */
import { isLocaleCode, TEXT_RESOURCES } from "./locales";

/** The text resources that exist: de, es, fr, it, nl, en-GB, en-US. */
export const SUPPORTED_TEXT_RESOURCES: readonly string[] = TEXT_RESOURCES;

/** The text shown for a missing key: the part after the final "." ("footer.newsletter.title" → "title"). */
export function missingKeyText(key: string): string {
  const last = key.slice(key.lastIndexOf(".") + 1);
  return last === "" ? key : last;
}

/** Receives a missing-key report. */
export type MissingKeyLog = (message: string, context: { locale: string; key: string }) => void;

/**
 * A reporter `(locale, key) => void` that logs a missing key at most once per key, and
 * only when `locale` has the five-letter shape "ll-CC" and is not in `supported`
 * (compared case-insensitively).
 */
export function createMissingKeyReporter(
  log: MissingKeyLog,
  supported: readonly string[] = SUPPORTED_TEXT_RESOURCES,
): (locale: string, key: string) => void {
  const known = new Set(supported.map((s) => s.toLowerCase()));
  const reported = new Set<string>();
  return (locale, key) => {
    if (!isLocaleCode(locale) || known.has(locale.toLowerCase()) || reported.has(key)) return;
    reported.add(key);
    log(`Missing translation key "${key}" for locale ${locale}`, { locale, key });
  };
}

/**
 * The visitor's cookie-consent choice, kept in a first-party cookie that server and
 * browser both read: necessary cookies are always on, the other categories are asked.
 */
import { DAYS_PER_YEAR, SECONDS_PER_DAY } from "./constants";
import { readCookie } from "./cookies";

export const CONSENT_COOKIE = "shop_consent";
/** The choice is asked again after a year. */
export const CONSENT_MAX_AGE_SECONDS = DAYS_PER_YEAR * SECONDS_PER_DAY;

export const CONSENT_CATEGORIES = ["functional", "analytics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
/** Necessary cookies are always on; the others are the visitor's choice. */
export type ConsentChoice = Record<ConsentCategory, boolean>;

/** "v1:f1a0m0" ↔ the choice. */
export function serializeConsent(choice: ConsentChoice): string {
  return `v1:f${Number(choice.functional)}a${Number(choice.analytics)}m${Number(choice.marketing)}`;
}

/** The cookie's value: the version, then each category on (1) or off (0). */
export const CONSENT_VALUE = /^v1:f([01])a([01])m([01])$/;

export function parseConsent(value: string | undefined): ConsentChoice | null {
  const match = CONSENT_VALUE.exec(value ?? "");
  if (!match) return null;
  return { functional: match[1] === "1", analytics: match[2] === "1", marketing: match[3] === "1" };
}

/** The consent cookie's value in a Cookie header or document.cookie. */
export function readConsentCookie(cookies: string): ConsentChoice | null {
  const value = readCookie(cookies, CONSENT_COOKIE);
  return value === undefined ? null : parseConsent(value);
}

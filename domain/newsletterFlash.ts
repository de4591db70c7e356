/**
 * The address a shopper typed into the newsletter form without JavaScript, kept for the one
 * page that tells them why it was refused ("check the address", "switch JavaScript on"):
 * the form comes back with the address still in it. The address is personal data, so it
 * never goes into the URL the browser is sent back to; it rides along in a cookie that
 * only the server reads (HttpOnly), lives two minutes at most and is cleared by the page
 * that shows it. A page showing it is the visitor's own and is never kept by a cache.
 */
import { readCookie } from "./cookies";

export const NEWSLETTER_FLASH_COOKIE = "newsletter_flash";

/** Long enough to follow the redirect, short enough not to outlive the visit. */
export const NEWSLETTER_FLASH_MAX_AGE_SECONDS = 120;

/** The longest address kept (the longest an e-mail address may be). */
const MAX_LENGTH = 254;

/** What is kept: the trimmed text, without control characters, at most 254 characters. */
function cleaned(email: string): string | null {
  const text = email.trim();
  if (text === "" || text.length > MAX_LENGTH || /\p{Cc}/u.test(text)) return null;
  return text;
}

function attributes(maxAge: number, secure: boolean): string {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value that keeps a typed address for the next page; null when nothing is kept. */
export function newsletterFlashCookie(email: unknown, secure: boolean): string | null {
  const text = typeof email === "string" ? cleaned(email) : null;
  if (text === null) return null;
  return `${NEWSLETTER_FLASH_COOKIE}=${encodeURIComponent(text)}; ${attributes(NEWSLETTER_FLASH_MAX_AGE_SECONDS, secure)}`;
}

/** The Set-Cookie value that removes a kept address. */
export function clearNewsletterFlashCookie(secure: boolean): string {
  return `${NEWSLETTER_FLASH_COOKIE}=; ${attributes(0, secure)}`;
}

/** The address a request brings back, if it carries a well-formed one. */
export function readNewsletterFlash(cookies: string): string | null {
  const value = readCookie(cookies, NEWSLETTER_FLASH_COOKIE);
  return value === undefined ? null : cleaned(value);
}

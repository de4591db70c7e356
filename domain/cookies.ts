/** Reading cookies from a Cookie header or `document.cookie`. */

/** The decoded value of a cookie, or undefined when it is absent or its value is malformed. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The anonymous visitor's key: a random UUID the browser keeps (not HttpOnly: the flags read it). */
export const VISITOR_KEY_COOKIE = "visitor_key";
/** How long a visitor key lives: one year. */
export const VISITOR_KEY_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The visitor key a request carries, if it is a well-formed one. */
export function visitorKey(cookies: string): string | undefined {
  const key = readCookie(cookies, VISITOR_KEY_COOKIE);
  return key !== undefined && UUID.test(key) ? key.toLowerCase() : undefined;
}

/** The Set-Cookie value of a visitor key. */
export function visitorKeyCookie(key: string, secure: boolean): string {
  return `${VISITOR_KEY_COOKIE}=${key}; Path=/; Max-Age=${VISITOR_KEY_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

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

/**
 * The inline script that gives a browser its visitor key on the first page it loads,
 * when it has none yet. The key is made in the browser, so no HTML response carries a
 * Set-Cookie and anonymous pages stay cacheable (docs/decisions/0008-visitor-key-and-flags.md).
 * It uses getRandomValues, which works on plain http too, and sets the version and
 * variant bits of a UUID v4.
 */
export const VISITOR_KEY_SCRIPT =
  `(function(){try{if(/(?:^|;\\s*)${VISITOR_KEY_COOKIE}=/.test(document.cookie))return;` +
  `var b=crypto.getRandomValues(new Uint8Array(16));b[6]=b[6]&15|64;b[8]=b[8]&63|128;` +
  `var h=Array.prototype.map.call(b,function(x){return(x+256).toString(16).slice(1)}).join("");` +
  `document.cookie="${VISITOR_KEY_COOKIE}="+h.slice(0,8)+"-"+h.slice(8,12)+"-"+h.slice(12,16)+"-"+h.slice(16,20)+"-"+h.slice(20)` +
  `+"; Path=/; Max-Age=${VISITOR_KEY_MAX_AGE_SECONDS}; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")}catch(e){}})()`;

/**
 * The rules of caching that hold for every response, whatever route made it, so a new
 * route inherits them:
 *  - an answer to anything but GET or HEAD is `no-store` (a write's answer is its caller's);
 *  - an answer that sets a cookie is `private, no-store` unless it already keeps shared
 *    caches out (a cookie kept by a CDN would be handed to every visitor);
 *  - over HTTPS (directly or through a TLS proxy) every cookie is `Secure`.
 * Register it before every middleware that may set a cookie, so it sees the final answer.
 */
import type { MiddlewareHandler } from "hono";
import { isSecureRequest } from "./forwarded";

/** The Cache-Control of every answer to a write. */
export const WRITE_CACHE_CONTROL = "no-store";
/** The Cache-Control of an answer that sets a cookie and said nothing stricter. */
export const COOKIE_CACHE_CONTROL = "private, no-store";

/** True when a Cache-Control value keeps the answer out of shared caches already. */
export function keepsSharedCachesOut(cacheControl: string | null): boolean {
  return cacheControl !== null && /(?:^|,)\s*(?:private|no-store)\s*(?:,|$)/i.test(cacheControl);
}

/** A cookie with the Secure attribute (unchanged when it has it). */
export function secureCookie(cookie: string): string {
  return /;\s*secure\s*(?:;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

export function cachePolicy(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const write = c.req.method !== "GET" && c.req.method !== "HEAD";
    const cookies = c.res.headers.getSetCookie();
    if (!write && cookies.length === 0) return;
    const secure = cookies.length > 0 && isSecureRequest(c.req.raw);
    const apply = (headers: Headers) => {
      if (write) headers.set("Cache-Control", WRITE_CACHE_CONTROL);
      else if (!keepsSharedCachesOut(headers.get("Cache-Control"))) {
        headers.set("Cache-Control", COOKIE_CACHE_CONTROL);
      }
      if (!secure) return;
      headers.delete("Set-Cookie");
      for (const cookie of cookies) headers.append("Set-Cookie", secureCookie(cookie));
    };
    try {
      apply(c.res.headers);
    } catch {
      // A response can come with immutable headers (a redirect, a fetched body): copy it.
      const copy = new Response(c.res.body, c.res);
      apply(copy.headers);
      // Hono merges the previous response's headers into the next one; start from none.
      c.res = undefined as never;
      c.res = copy;
    }
  };
}

/**
 * Keeps the ad-click id a visitor lands with (`?gclid=`) in a first-party cookie, so the
 * designer links of later pages can carry it. It is a marketing cookie: it is only set
 * when the visitor has allowed marketing cookies.
 */
import type { MiddlewareHandler } from "hono";
import { readConsentCookie } from "../../domain/consent";
import { AD_CLICK_COOKIE, AD_CLICK_MAX_AGE_SECONDS, isAdClickId } from "../../domain/designerLinks";
import { isSecureRequest } from "./forwarded";

/** The query parameter that brings the ad-click id. */
export const AD_CLICK_PARAMETER = "gclid";

export function adClickCookie(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET") return;
    const id = c.req.query(AD_CLICK_PARAMETER);
    if (!isAdClickId(id)) return;
    if (!readConsentCookie(c.req.header("cookie") ?? "")?.marketing) return;
    const secure = isSecureRequest(c.req.raw) ? "; Secure" : "";
    c.res = new Response(c.res.body, c.res);
    c.res.headers.append(
      "Set-Cookie",
      `${AD_CLICK_COOKIE}=${id}; Path=/; Max-Age=${AD_CLICK_MAX_AGE_SECONDS}; SameSite=Lax${secure}`,
    );
    // A response that sets a visitor's cookie is theirs alone: no shared cache may keep it.
    c.res.headers.set("Cache-Control", "private, no-store");
  };
}

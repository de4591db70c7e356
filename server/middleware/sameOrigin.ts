/**
 * Cross-site request forgery: a browser names the page a write comes from (Origin, and
 * Sec-Fetch-Site in current browsers). A write that a browser sent from another site is
 * refused before any form or body is read; calls without these headers come from no
 * browser (a webhook, a script) and cannot carry a visitor's cookies by accident.
 */
import type { MiddlewareHandler } from "hono";
import { problem } from "../api/problem";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function sameOriginWrites(): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const host = c.req.header("host") ?? new URL(c.req.url).host;
    const crossSite = site === "cross-site" || site === "same-site";
    const foreignOrigin =
      origin !== undefined &&
      (origin === "null" || !URL.canParse(origin) || new URL(origin).host !== host);
    if (crossSite || foreignOrigin) {
      return problem(c, 403, {
        code: "forbidden",
        detail: "Writes are accepted from this shop's own pages only",
      });
    }
    return next();
  };
}

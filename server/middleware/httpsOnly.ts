/**
 * With FORCE_HTTPS, a request that reached the shop over plain HTTP (directly, or
 * through a proxy that says so) is sent to the same address over HTTPS: 308, so a form
 * post is repeated as it was. Health checks stay on HTTP (probes inside the network).
 */
import type { MiddlewareHandler } from "hono";
import { isSecureRequest } from "./forwarded";

export function httpsOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (isSecureRequest(c.req.raw) || c.req.path.startsWith("/health")) return next();
    const url = new URL(c.req.url);
    const host = c.req.header("host") ?? url.host;
    return c.redirect(`https://${host.replace(/:\d+$/, "")}${url.pathname}${url.search}`, 308);
  };
}

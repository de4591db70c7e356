/**
 * The request's site (brand and country), read from its host once: the first middleware
 * of the shop resolves it against the hosts table and keeps it in the request's context,
 * where the host guard, the API routers and the page renderer read it (and the renderer
 * hands it on to React Router's context). Nothing else looks a request's host up: a router
 * mounted without the middleware fails loudly instead of resolving the host a second way.
 */
import type { Context, MiddlewareHandler } from "hono";
import { DEFAULT_SITE, type HostTable, type Site } from "../../config/hosts";

const KEY = "site";

/**
 * Resolves the request's site once and keeps it (null: a host the table does not know).
 * The host is the Host header; without one, the URL's, which the server builds from the
 * name it stands in for a missing header with (and a test's request from its URL).
 */
export function siteOf(hosts: HostTable): MiddlewareHandler {
  return async (c, next) => {
    if (c.get(KEY as never) === undefined) {
      const host = c.req.header("host") ?? new URL(c.req.url).host;
      c.set(KEY as never, hosts.resolve(host) as never);
    }
    return next();
  };
}

/** The site of the request's host as the middleware resolved it, or null for an unknown host. */
export function hostSite(c: Context): Site | null {
  const kept = c.get(KEY as never) as Site | null | undefined;
  if (kept === undefined) {
    throw new Error(`${c.req.path}: the site middleware (siteOf) did not run before this router`);
  }
  return kept;
}

/** The request's site, the default site for a host the table does not know. */
export function siteOrDefault(c: Context): Site {
  return hostSite(c) ?? DEFAULT_SITE;
}

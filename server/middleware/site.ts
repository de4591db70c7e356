/**
 * The request's site (brand and country), read from its Host header once: the first
 * middleware of the shop resolves it against the hosts table and keeps it in the request's
 * context, where the host guard, the API routes and the page renderer read it (and the
 * renderer hands it on to React Router's context). `hostSite` resolves it itself only
 * where no middleware ran (a router tested alone); the answer is the same.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { HostTable, Site } from "../../config/hosts";

const KEY = "site";

/** Resolves the request's site once and keeps it (null: a host the table does not know). */
export function siteOf(hosts: HostTable): MiddlewareHandler {
  return async (c, next) => {
    if (c.get(KEY as never) === undefined) {
      c.set(KEY as never, hosts.resolve(c.req.header("host")) as never);
    }
    return next();
  };
}

/** The site of the request's host, or null when the hosts table does not know the host. */
export function hostSite(hosts: HostTable, c: Context): Site | null {
  const kept = c.get(KEY as never) as Site | null | undefined;
  return kept === undefined ? hosts.resolve(c.req.header("host")) : kept;
}

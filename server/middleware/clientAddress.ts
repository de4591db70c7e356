import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The address of the connection a request came on, for throttling; "unknown" without a
 * socket (requests made in-process, as in tests). Behind a proxy this is the proxy's
 * address: per-account limits still hold, per-address limits then count the proxy.
 */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

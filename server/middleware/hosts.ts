/**
 * Only the hosts of the hosts table are served (in production): a request naming
 * another host is 421 Misdirected Request, so the shop never renders itself, its
 * links or its cookies for a name it does not own. A request with more than one Host
 * header is malformed, 400. Health checks answer whatever the host (load balancers
 * probe by address).
 */
import type { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";
import { problem } from "../api/problem";
import { hostSite } from "./site";

function hostHeaderCount(incoming: IncomingMessage | undefined): number {
  const raw = incoming?.rawHeaders ?? [];
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === "host") count++;
  return count;
}

export function knownHostsOnly(): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (hostHeaderCount(incoming) > 1) {
      return problem(c, 400, { code: "invalid_request", detail: "More than one Host header" });
    }
    if (c.req.path === "/health" || c.req.path.startsWith("/health/")) return next();
    if (!hostSite(c)) {
      return problem(c, 421, {
        code: "misdirected_request",
        detail: "This server does not serve that host",
      });
    }
    return next();
  };
}

/**
 * The visitor's address, for throttling. Directly connected, it is the socket's peer.
 * Behind proxies the operator names (TRUSTED_PROXIES), it is the last address in
 * X-Forwarded-For that is not one of them: each trusted proxy appends the address it
 * saw, so everything left of the first untrusted hop may be forged by the client and is
 * never used. Without a socket (requests made in-process, as in tests) it is "unknown".
 */
import { IN_PROCESS } from "../../cms/rateLimit";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";

const KEY = "clientAddress";

/** An IPv4-mapped IPv6 address is the IPv4 address ("::ffff:10.0.0.1" → "10.0.0.1"). */
function plain(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
}

function socketAddress(c: Context): string {
  try {
    return plain(getConnInfo(c).remote.address ?? "unknown");
  } catch {
    return "unknown";
  }
}

/** The client's address from the socket peer and the X-Forwarded-For chain. */
export function forwardedClient(
  peer: string,
  forwardedFor: string | undefined,
  trusted: ReadonlySet<string>,
): string {
  peer = plain(peer);
  if (!trusted.has(peer)) return peer;
  const hops = (forwardedFor ?? "")
    .split(",")
    .map(plain)
    .filter((hop) => hop !== "");
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trusted.has(hops[i]!)) return hops[i]!;
  }
  return hops[0] ?? peer;
}

/** Works out the request's client address once, for every route to read. */
export function clientAddressOf(trustedProxies: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedProxies.map(plain));
  return async (c, next) => {
    c.set(
      KEY as never,
      forwardedClient(socketAddress(c), c.req.header("x-forwarded-for"), trusted) as never,
    );
    await next();
  };
}

export function clientAddress(c: Context): string {
  return (c.get(KEY as never) as string | undefined) ?? socketAddress(c);
}

/**
 * The caller's address for a rate limit, or "in-process" for a request made inside the
 * shop (its own content reads, tests), which has no socket and must never be limited.
 */
export function callerKey(c: Context): string {
  try {
    getConnInfo(c);
  } catch {
    return IN_PROCESS;
  }
  return clientAddress(c);
}

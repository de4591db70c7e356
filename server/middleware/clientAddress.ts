/**
 * The visitor's address, for throttling. Directly connected, it is the socket's peer.
 * Behind proxies the operator names (TRUSTED_PROXIES), it is the last address in
 * X-Forwarded-For that is not one of them: each trusted proxy appends the address it
 * saw, so everything left of the first untrusted hop may be forged by the client and is
 * never used. Without a socket (requests made in-process, as in tests) it is "unknown".
 * Limits count an IPv6 client by its /64 network.
 */
import { IN_PROCESS } from "../../cms/rateLimit";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";

const KEY = "clientAddress";

/**
 * The network an address stands for in a limit: an IPv4 address itself, an IPv6 address
 * its /64 (one subscriber's network: whoever has one address has all 2^64 of them).
 * Anything that is not an IPv6 address is answered as it is.
 */
export function addressNetwork(address: string): string {
  if (!address.includes(":")) return address;
  const bare = address.split("%")[0]!.toLowerCase();
  const halves = bare.split("::");
  if (halves.length > 2) return address;
  const groups = (half: string | undefined) => (half ? half.split(":") : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  // An IPv4 tail ("::ffff:1.2.3.4" style) is two groups; only the first four count here.
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes(".") ? 2 : 1), 0);
  const missing = 8 - width(head) - width(tail);
  if (halves.length === 1 ? missing !== 0 : missing < 1) return address;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  const prefix = all.slice(0, 4);
  if (prefix.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return address;
  return `${prefix.map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

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
    const client = forwardedClient(socketAddress(c), c.req.header("x-forwarded-for"), trusted);
    c.set(KEY as never, addressNetwork(client) as never);
    await next();
  };
}

/**
 * The client's address as every limit counts it (an IPv6 address as its /64), and as the
 * only form of it the shop keeps.
 */
export function clientAddress(c: Context): string {
  return (c.get(KEY as never) as string | undefined) ?? addressNetwork(socketAddress(c));
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

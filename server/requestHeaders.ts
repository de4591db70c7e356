/**
 * What the shop reads of a request's URL and headers, whether it holds a Fetch API
 * `Request` (the Hono app) or node:http's own request (the page cache's fast path,
 * server/fastHit.ts).
 */
import type { IncomingMessage } from "node:http";

/** A request's headers by name, as the Fetch API's `Headers` reads them. */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * A request as the visitor's scheme and origin and the feature flags read it: the app's
 * Fetch API `Request` is one, and the fast path, which has no `Request`, builds one from
 * its URL and headers.
 */
export interface RequestSeen {
  /**
   * The request's URL, serialised (`URL.href`, `Request.url`) and so with its scheme in
   * lower case: an https URL is told by its first letters (`https:`), never parsed again.
   * Its scheme is the socket's, or already the visitor's when a TLS proxy says HTTPS.
   */
  url: string;
  headers: HeaderReader;
}

/**
 * The headers of a node:http request read as the Hono app reads them: a repeated header's
 * values joined with ", " ("; " for Cookie), its name in any case. Node itself keeps only
 * the first of a repeated Host or User-Agent; the app (and so this) sees them all.
 */
export function incomingHeaders(incoming: IncomingMessage): HeaderReader {
  const raw = incoming.rawHeaders;
  return {
    get(name) {
      const wanted = name.toLowerCase();
      const separator = wanted === "cookie" ? "; " : ", ";
      let value: string | null = null;
      for (let i = 0; i < raw.length; i += 2) {
        const rawName = raw[i]!;
        if (rawName.length !== wanted.length || rawName.toLowerCase() !== wanted) continue;
        value = value === null ? raw[i + 1]! : `${value}${separator}${raw[i + 1]!}`;
      }
      return value;
    },
  };
}

/**
 * Page cache hits answered straight from node:http, before Hono builds a Request, runs
 * its middleware and hands a Response back to be written out again
 * (docs/decisions/0012-page-cache-keeps-bytes.md).
 *
 * The rule: a request is answered here only when the app would answer it with a fresh
 * copy from the page cache and its middleware would add nothing but the security headers:
 *  - a GET or HEAD of a path (`/…`, no backslash, which the app refuses);
 *  - with one Host header the hosts table knows: the app refuses other hosts in
 *    production (421) and repeated Host headers (400);
 *  - over HTTPS, or through a TLS proxy that says so, when FORCE_HTTPS redirects plain HTTP;
 *  - for an address the cache holds a copy of (told first, by a map lookup: assets,
 *    images and the API end there, before any flag is asked);
 *  - one the page cache may answer at all (`mayUseCache`: no session cookie, no preview);
 *  - without an ad-click id, which the app may keep in a cookie, making the page private;
 *  - with the space's cv known without asking (within CONTENT_CV_TTL_SECONDS and not
 *    forgotten since by a publish or another process's announcement);
 *  - with the shared flag treatments (a visitor whose own differ gets their own render),
 *    and no malformed forced treatment in the URL (the app reports those), except for the
 *    sitemap, whose one copy per site every visitor gets (asked for by its exact path;
 *    other spellings go to the app);
 *  - a fresh copy under the key the app would work out, still current for the space's
 *    content version and the catalogue's (a stale one goes to the app, which answers it
 *    while it renders the page anew);
 *  - and a copy the compression middleware would not compress (the page as it is, for a
 *    client that takes gzip or deflate).
 * Everything else goes to the app unchanged. The answer is the app's: status, the copy's
 * headers, Age and X-Cache, the security headers, 304 for If-None-Match, no body for a
 * HEAD, and the request's log line.
 *
 * A visitor whose treatments are their own, on a kept page's address, has them evaluated
 * here once more than by the app alone: the same treatments, so the flag service's watch
 * of a visitor's treatments sees no change.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { getPath } from "hono/utils/url";
import type { HostTable } from "../config/hosts";
import { forcedTreatments } from "../domain/flags";
import type { CatalogueService } from "./catalogue/service";
import type { ContentClient } from "./content/client";
import type { FlagService } from "./flags/service";
import type { Logger } from "./logger";
import { AD_CLICK_PARAMETER } from "./middleware/adClick";
import { forwardedHttps, toVisitorScheme, visitorOrigin } from "./middleware/forwarded";
import type { ResponseHeaders } from "./middleware/security";
import {
  addressOf,
  COMPRESS_MIN_BYTES,
  mayUseCache,
  pageAddress,
  pageKey,
  SITEMAP_PATH,
  sitemapKey,
  sitemapOrigin,
  type KeptAnswer,
  type PageCache,
} from "./pageCache";
import { incomingHeaders, type RequestSeen } from "./requestHeaders";

export interface FastHitOptions {
  pages: PageCache;
  /** What the key is made of (the shop's services). */
  services: {
    hosts: Pick<HostTable, "resolve" | "originFor">;
    content: Pick<ContentClient, "knownCv">;
    catalogue: Pick<CatalogueService, "version">;
    flags: Pick<FlagService, "forRequest">;
  };
  /** FORCE_HTTPS: the app redirects plain HTTP. */
  forceHttps: boolean;
  /** The security middleware's headers. */
  responseHeaders: ResponseHeaders;
  log: Logger;
}

/** Answers a request when it is a fresh page cache hit (true); else leaves it alone (false). */
export type FastHit = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

/**
 * True when the app's compression middleware would compress the answer: the page as it
 * is, of 1 KB or more, to a GET whose Accept-Encoding names gzip, deflate or `*` (the app
 * works out whether a q=0 refuses them).
 */
function compressedByTheApp(answer: KeptAnswer, method: string, acceptEncoding: string | null) {
  return (
    answer.status !== 304 &&
    answer.coding === null &&
    method === "GET" &&
    answer.length >= COMPRESS_MIN_BYTES &&
    /gzip|deflate|\*/i.test(acceptEncoding ?? "")
  );
}

/** Security headers in lower case, and their names, per list. */
const lowerCased = new WeakMap<
  readonly [string, string][],
  { names: Set<string>; flat: string[] }
>();

function lowerCase(list: readonly [string, string][]) {
  let known = lowerCased.get(list);
  if (!known) {
    const pairs = list.map(([name, value]) => [name.toLowerCase(), value] as const);
    known = { names: new Set(pairs.map(([name]) => name)), flat: pairs.flat() };
    lowerCased.set(list, known);
  }
  return known;
}

export function fastHits(options: FastHitOptions): FastHit {
  const { pages, services, log } = options;

  const answer: FastHit = (incoming, outgoing) => {
    const started = performance.now();
    const method = incoming.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const target = incoming.url ?? "";
    if (target.charCodeAt(0) !== 47 || target.includes("\\")) return false;
    const headers = incomingHeaders(incoming);
    // A repeated Host header reads as one joined value, which no host of the table is.
    const host = headers.get("host");
    const site = services.hosts.resolve(host);
    if (!host || !site) return false;
    const encrypted = (incoming.socket as { encrypted?: boolean }).encrypted === true;
    const secure = encrypted || forwardedHttps(headers);
    if (options.forceHttps && !secure) return false;

    // The URL as the app sees it: its scheme from the socket, then the visitor's.
    let url: URL;
    try {
      url = new URL(`${encrypted ? "https" : "http"}://${host}${target}`);
    } catch {
      return false;
    }
    if (secure && !encrypted) toVisitorScheme(url);
    const href = url.href;
    // The request as the app's own functions read it: the URL the app sees, and its headers.
    const seen: RequestSeen = { url: href, headers };
    // The sitemap is one copy per site for everyone, kept under the site's canonical origin
    // worked out as the app does (from the scheme and the Host header as sent); the app
    // asks no flag for it either. None is kept for an origin with a port.
    const sitemap =
      url.pathname === SITEMAP_PATH
        ? sitemapKey(sitemapOrigin(services.hosts, site, visitorOrigin(seen)))
        : undefined;
    if (sitemap === null) return false;
    if (!pages.holds(sitemap ? addressOf(sitemap) : pageAddress(url))) return false;
    const request = { method, headers };
    if (!mayUseCache(request, url) || url.searchParams.has(AD_CLICK_PARAMETER)) return false;
    const content = services.content.knownCv(site.channel);
    if (content === undefined) return false;
    let key: string;
    if (sitemap) key = sitemap;
    else {
      if (url.search && forcedTreatments(url.searchParams).problems.length > 0) return false;
      const flags = services.flags.forRequest(seen, site.channel);
      if (flags.personal) return false;
      key = pageKey(url, { treatments: flags.featureFlags, crawler: flags.crawler });
    }
    const kept = pages.freshAnswer(key, request, {
      channel: site.channel,
      content,
      catalogue: services.catalogue.version(),
    });
    if (!kept || compressedByTheApp(kept, method, headers.get("accept-encoding"))) return false;

    // The path as the app reads it (decoded), for the security headers and the log.
    const path = getPath({ url: href } as Request);
    const security = lowerCase(options.responseHeaders(path, secure));
    const head: string[] = [];
    for (const [name, value] of kept.headers) if (!security.names.has(name)) head.push(name, value);
    head.push(...security.flat);
    outgoing.writeHead(kept.status, head);
    outgoing.end(kept.body ?? undefined);
    const ms = Math.round(performance.now() - started);
    log.info({ method, path, status: kept.status, ms }, "request");
    return true;
  };

  return (incoming, outgoing) => {
    try {
      return answer(incoming, outgoing);
    } catch (error) {
      log.error({ err: error, id: "fast-hit-failed" }, "page cache fast path failed");
      if (!outgoing.headersSent) return false;
      outgoing.destroy();
      return true;
    }
  };
}

/**
 * The page cache: the anonymous HTML every visitor of a URL gets alike is rendered once
 * and then answered from memory.
 *
 * What may be kept is what the storefront already marks shareable: a 200 with the page
 * cache tier (anonymous, no preview, no flag treatment of the visitor's own) that sets no
 * cookie. A page is kept under its host, path and query (tracking parameters left out),
 * the space's content version, the catalogue version and the flags everyone shares, so a
 * publish, a catalogue import or a flag change makes the next request render afresh.
 *
 * A copy is fresh for a while; later it is still answered while one request renders it
 * anew in the background (stale-while-revalidate), and for as long when that render
 * fails. One render per key runs at a time: requests that come meanwhile wait for it.
 * The memory is bounded by bytes; the least recently used pages go first.
 *
 * A shared page cannot carry a per-request nonce, so its policy allows its inline scripts
 * by their hashes, worked out once when it is stored.
 */
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { CACHE_TIERS } from "../config/cache";
import { SESSION_COOKIE } from "./customers/session";
import type { InlineSources } from "./middleware/security";

/** Query parameters that only tell where a visitor came from; the page is the same. */
const TRACKING_PARAMETER =
  /^(utm_\w+|gclid|gbraid|wbraid|fbclid|msclkid|dclid|_ga|_gl|mc_cid|mc_eid)$/i;

/** The part of a URL its page depends on: the path and the sorted query without tracking. */
export function pageUrlKey(url: URL): string {
  const query = [...url.searchParams]
    .filter(([name]) => !TRACKING_PARAMETER.test(name))
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  const search = new URLSearchParams(query).toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** What a kept page depends on besides its URL. */
export interface PageVersions {
  /** The content version of the host's space. */
  content: number;
  /** The catalogue's version (the hash of its import). */
  catalogue: string | null;
  /** The flag treatments the page was rendered with (the shared ones). */
  treatments: Readonly<Record<string, string>>;
  /** Crawlers get the whole document at once and every flag off. */
  crawler: boolean;
}

/** The key a page is kept under: scheme, host, path and query, and what it was made from. */
export function pageKey(url: URL, versions: PageVersions): string {
  const treatments = Object.entries(versions.treatments)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([flag, treatment]) => `${flag}=${treatment}`)
    .join(",");
  return [
    `${url.protocol}//${url.host.toLowerCase()}${pageUrlKey(url)}`,
    `cv=${versions.content}`,
    `catalogue=${versions.catalogue ?? ""}`,
    `flags=${treatments}`,
    versions.crawler ? "crawler" : "",
  ].join("|");
}

const SIGNED_IN = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE}=`);

/**
 * True when a request may be answered from the cache at all: a GET (or HEAD) of a
 * visitor who is not logged in, not an editor's preview.
 */
export function mayUseCache(request: Request, url: URL): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (url.searchParams.has("_storyblok")) return false;
  return !SIGNED_IN.test(request.headers.get("cookie") ?? "");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Script types a browser runs (data blocks such as JSON-LD need no permission). */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64");
}

/** The CSP hashes of a document's inline scripts, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(`sha256-${sha256(text)}`);
  }
  return [...hashes];
}

/** True when every visitor asking for the response's URL may be given this response. */
export function isShareable(response: Response): boolean {
  const headers = response.headers;
  return (
    response.status === 200 &&
    headers.get("Cache-Control") === CACHE_TIERS.page &&
    !headers.has("Set-Cookie") &&
    (headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

interface CachedPage {
  headers: [string, string][];
  body: string;
  bytes: number;
  etag: string;
  policy: string;
  storedAt: number;
}

export type PageCacheState = "hit" | "stale" | "miss";

export interface PageCacheOptions {
  maxBytes: number;
  /** How long a copy is answered without a new render. */
  freshMs: number;
  /** How long after that it is still answered while (or when) a new render runs (or fails). */
  staleMs: number;
  /** The page policy for a page's inline sources (the security middleware's). */
  policy: (inline: InlineSources) => string;
  now?: () => number;
}

/** True when an If-None-Match header names the ETag (weak comparison, as for GET). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => bare(tag) === bare(etag));
}

export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  private readonly rendering = new Map<string, Promise<CachedPage | null>>();
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.pages = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes,
      sizeCalculation: (page) => Math.max(1, page.bytes),
    });
  }

  /** How many pages are kept and their bytes (for the health and bench output). */
  get stats(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.pages.calculatedSize };
  }

  clear(): void {
    this.pages.clear();
  }

  /**
   * The answer to a request for the page under `key`: the kept copy, or the render's
   * response, kept when it is shareable. `render` renders the page for this request.
   */
  async serve(key: string, request: Request, render: () => Promise<Response>): Promise<Response> {
    const kept = this.usable(key);
    if (kept) {
      const fresh = this.now() - kept.storedAt < this.options.freshMs;
      if (!fresh) void this.renderAndKeep(key, render, true);
      return this.respond(kept, request, fresh ? "hit" : "stale");
    }
    const running = this.rendering.get(key);
    if (running) {
      const page = await running;
      return page ? this.respond(page, request, "hit") : render();
    }
    let own: Response | undefined;
    const page = await this.renderAndKeep(key, async () => {
      own = await render();
      return own;
    });
    return page ? this.respond(page, request, "miss") : own!;
  }

  /** The kept copy of a key unless its time (fresh and stale) is up. */
  private usable(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page && this.now() - page.storedAt >= this.options.freshMs + this.options.staleMs) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  /** Renders once per key at a time and keeps a shareable result. */
  private renderAndKeep(
    key: string,
    render: () => Promise<Response>,
    background = false,
  ): Promise<CachedPage | null> {
    const running = this.rendering.get(key);
    if (running) return running;
    const job = (async () => {
      const response = await render();
      if (!isShareable(response)) {
        // A background render's response goes to nobody; a page's error keeps the stale copy.
        if (background) await response.body?.cancel();
        return null;
      }
      const page = await this.keep(key, response);
      return page;
    })();
    const settled = job.catch(() => null);
    this.rendering.set(key, settled);
    void settled.finally(() => this.rendering.delete(key));
    return background ? settled : job;
  }

  private async keep(key: string, response: Response): Promise<CachedPage> {
    const body = await response.text();
    const headers = [...response.headers].filter(
      ([name]) => name.toLowerCase() !== "content-security-policy",
    );
    const page: CachedPage = {
      headers,
      body,
      bytes: Buffer.byteLength(body),
      etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      policy: this.options.policy({ scriptHashes: inlineScriptHashes(body) }),
      storedAt: this.now(),
    };
    this.pages.set(key, page);
    return page;
  }

  private respond(page: CachedPage, request: Request, state: PageCacheState): Response {
    const headers = new Headers(page.headers);
    headers.set("Content-Security-Policy", page.policy);
    headers.set("ETag", page.etag);
    headers.set("Age", String(Math.max(0, Math.floor((this.now() - page.storedAt) / 1000))));
    headers.set("X-Cache", state.toUpperCase());
    if (matches(request.headers.get("If-None-Match"), page.etag)) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }
    return new Response(request.method === "HEAD" ? null : page.body, { status: 200, headers });
  }
}

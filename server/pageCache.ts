/**
 * The page cache: the anonymous HTML every visitor of a URL gets alike is rendered once
 * and then answered from memory.
 *
 * What may be kept is what the storefront already marks shareable: a 200 with the page
 * cache tier (anonymous, no preview, no flag treatment of the visitor's own) that sets no
 * cookie, and the 404 page of such a route with the tier of missing pages. The 404s are
 * kept apart, in a pool of an eighth of the size: anyone can make up addresses, and those
 * may only push out one another. A 404 is dropped like a page when a story is published where it
 * looked (its slug's tag). Each site's sitemap is kept the same way, as one copy for every
 * visitor under the site's canonical origin (`sitemapKey`): the page lists and the
 * catalogue it reads tag it, so a publish or an unpublish in its space or a catalogue
 * import drops it, and it is built once per content and catalogue version rather than for
 * every crawler's request.
 * A page is kept under its host, path and query (tracking parameters left out)
 * and the flags everyone shares; with it the cache keeps what it was made from: the
 * space's content version, the catalogue version when it shows catalogue data, and its
 * tags (server/pageTags.ts: the stories it shows, the slugs it looked up, the catalogue).
 *
 * A change drops exactly the pages it touches: a publish names the stories it changed
 * (in this process, or announced by another one: server/invalidation.ts), and the pages
 * with their tags go, while the others are carried over to the space's next content
 * version. A content version that moves on unannounced (a remote space without its
 * webhook) drops every page of the channel; a new catalogue version, every page that
 * shows catalogue data. A render that overlapped a change is answered but not kept.
 * Each page carries its tags in `Surrogate-Key` and `Cache-Tag`, so a CDN in front
 * purges by the same tags (docs/operations.md).
 *
 * A copy is fresh for a while; later it is still answered while one request renders it
 * anew in the background (stale-while-revalidate), and for as long when that render
 * fails. One render per key runs at a time: requests that come meanwhile wait for it.
 * The memory is bounded by bytes; the least recently used pages go first.
 *
 * A shared page cannot carry a per-request nonce, so its policy allows its inline scripts
 * by their hashes, worked out once when it is stored.
 *
 * A hit costs as little as the bytes allow (docs/decisions/0012-page-cache-keeps-bytes.md):
 * the page is kept as bytes, gzip and brotli copies are made once when it is stored, and
 * every answer's headers are worked out then too. A hit sends the copy the request's
 * Accept-Encoding prefers, with its Content-Encoding and Content-Length and
 * `Vary: Accept-Encoding`, so the compression middleware leaves it alone. All copies share
 * one weak ETag: they are the same page.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import { CACHE_TIERS } from "../config/cache";
import { themesQuery } from "../domain/themeQuery";
import type { ChannelId } from "../config/channels";
import type { HostTable, Site } from "../config/hosts";
import { SESSION_COOKIE } from "./customers/session";
import { CATALOGUE_TAG, catalogueVersionTag, collectPageTags, contentTag } from "./pageTags";
import type { InlineSources } from "./middleware/security";
import type { HeaderReader } from "./requestHeaders";

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

/** What a kept page's key holds besides its URL: the variant of the page a visitor gets. */
export interface PageVariant {
  /** The flag treatments the page was rendered with (the shared ones). */
  treatments: Readonly<Record<string, string>>;
  /** Crawlers get the whole document at once and every flag off. */
  crawler: boolean;
}

/** What the page of a request is made from now: its channel's content and the catalogue. */
export interface PageScope {
  channel: ChannelId;
  /** The content version of the channel's space. */
  content: number;
  /** The catalogue's version (the hash of its import). */
  catalogue: string | null;
}

/** A change the page cache hears of (from this process or announced by another). */
export interface PageChange {
  /** The channel whose content changed; none: every channel. */
  channel?: ChannelId;
  /** The tags of the pages it touches; none: every page of the channel. */
  tags?: readonly string[];
}

/**
 * How long after a publish named its stories the channel's next content version is taken
 * as that publish's (the others' pages carried over to it) rather than as an unannounced
 * change that drops them all.
 */
export const ANNOUNCED_VERSION_WINDOW_MS = 60_000;

/** Tag headers longer than this name only the channel's content and the catalogue. */
const MAX_TAG_HEADER_BYTES = 8000;

/** Where a page is: scheme, host, path and query (tracking parameters left out, sorted). */
export function pageAddress(url: URL): string {
  return `${url.protocol}//${url.host.toLowerCase()}${pageUrlKey(url)}`;
}

/**
 * The key a page is kept under: its address, a space (which no address holds: a URL
 * encodes it), then its variant. The versions it was made from are kept with it.
 */
export function pageKey(url: URL, variant: PageVariant): string {
  const treatments = Object.entries(variant.treatments)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([flag, treatment]) => `${flag}=${treatment}`)
    .join(",");
  const made = [`flags=${treatments}`, variant.crawler ? "crawler" : ""].join("|");
  return `${pageAddress(url)} ${made}`;
}

/**
 * The `Surrogate-Key` (space-separated) and `Cache-Tag` (comma-separated) values of a
 * page: its tags, its channel's content tag and the catalogue version it shows.
 */
export function tagHeaders(
  tags: ReadonlySet<string>,
  scope: PageScope | undefined,
  catalogue: string | null,
): [string, string][] {
  const all = [...tags].filter((tag) => /^[\x21-\x7e]+$/.test(tag) && !tag.includes(","));
  const always = [
    ...(scope ? [contentTag(scope.channel)] : []),
    ...(catalogue !== null ? [CATALOGUE_TAG] : []),
    ...(catalogue ? [catalogueVersionTag(catalogue)] : []),
  ];
  let named = [...new Set([...always, ...all])];
  if (named.join(" ").length > MAX_TAG_HEADER_BYTES) named = always;
  if (named.length === 0) return [];
  return [
    ["surrogate-key", named.join(" ")],
    ["cache-tag", named.join(",")],
  ];
}

/** The address a key was made with. */
export function addressOf(key: string): string {
  const space = key.indexOf(" ");
  return space < 0 ? key : key.slice(0, space);
}

const SIGNED_IN = new RegExp(`(?:^|;\\s*)(?:__Host-)?${SESSION_COOKIE}=`);

/**
 * The query parameters a kept page may have besides tracking ones: a theme list's
 * browsing state (`color=red`, `color[]=red`, `page=2`) and the switches of promotions.
 * A URL with any other parameter is rendered for its request and not kept, so made-up
 * queries cannot fill the cache or push real pages out.
 */
export const CACHEABLE_QUERY = new Set<string>([
  ...Object.keys(themesQuery.shape).flatMap((name) => [name, `${name}[]`]),
  "suppress_promotion",
  "barDisabled",
]);

/** True when every parameter of a URL's query is a tracking or a cacheable one. */
export function cacheableQuery(url: URL): boolean {
  if (!url.search) return true;
  for (const name of url.searchParams.keys()) {
    if (!CACHEABLE_QUERY.has(name) && !TRACKING_PARAMETER.test(name)) return false;
  }
  return true;
}

/**
 * True when a request may be answered from the cache at all: a GET (or HEAD) of a
 * visitor who is not logged in, not an editor's preview, with a cacheable query.
 */
export function mayUseCache(request: { method: string; headers: HeaderReader }, url: URL): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (!cacheableQuery(url)) return false;
  return !SIGNED_IN.test(request.headers.get("cookie") ?? "");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Script types a browser runs (data blocks such as JSON-LD need no permission). */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64");
}

/** A nonce attribute as React writes it on a script, style or link tag. */
const NONCE_ATTRIBUTE = / nonce="[A-Za-z0-9+/=]*"/g;

/**
 * A page as it is kept: without the nonces of the render that made it. A shared page's
 * policy names its scripts by hash, so a nonce would only publish a value that allows
 * nothing; and without them two renders of the same page are the same bytes, so a
 * renewed copy keeps its ETag and a browser's copy is still confirmed with a 304. The
 * browser finds no nonce to read back (app/lib/nonce.ts) and hydrates without one too.
 */
export function withoutNonces(html: string): string {
  return html.replace(NONCE_ATTRIBUTE, "");
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

/** Headers of a render the cache replaces with its own. */
const PER_ANSWER_HEADERS = new Set([
  "surrogate-key",
  "cache-tag",
  "content-security-policy",
  "content-length",
  "content-encoding",
  "etag",
  "age",
  "x-cache",
]);

/** The statuses a page is kept with, and the cache tier the render gives each. */
const KEPT_TIERS: Readonly<Record<number, string>> = {
  200: CACHE_TIERS.page,
  404: CACHE_TIERS.missing,
};

/** True when every visitor asking for the response's URL may be given this response. */
export function isShareable(response: Response): boolean {
  const headers = response.headers;
  const tier = KEPT_TIERS[response.status];
  return (
    tier !== undefined &&
    headers.get("Cache-Control") === tier &&
    !headers.has("Set-Cookie") &&
    // The cache keeps the page as rendered and compresses it itself.
    !headers.has("Content-Encoding") &&
    KEPT_TYPE.test(headers.get("Content-Type") ?? "")
  );
}

/** The documents kept: HTML pages, and the XML of the sitemap. */
const KEPT_TYPE = /^(?:text\/html|application\/xml)\s*(?:;|$)/i;

/** True for an HTML document (its scripts need the policy's permission; an XML one has none). */
function isHtml(headers: Headers): boolean {
  return /^text\/html\s*(?:;|$)/i.test(headers.get("Content-Type") ?? "");
}

/** Where the sitemap is, on every host. */
export const SITEMAP_PATH = "/sitemap.xml";

/**
 * The key of a document that is the same for every visitor of its address whatever their
 * flag treatments, whether a crawler asks and what the query says (the sitemap reads none
 * of them): one copy per scheme and host, not one per variant or made-up query.
 */
export function sharedDocumentKey(url: URL): string {
  const bare = new URL(url);
  bare.search = "";
  return pageKey(bare, { treatments: {}, crawler: false });
}

/**
 * The origin a site's sitemap is built for: the site's canonical origin as the visitor
 * sees it (`hosts.originFor`, from the scheme they used and the host they named), so an
 * alias host or a production host asked for on some port gets the canonical host's
 * addresses. `visitor` is the visitor's origin (`visitorOrigin`).
 */
export function sitemapOrigin(
  hosts: Pick<HostTable, "originFor">,
  site: Site,
  visitor: string,
): string {
  const seen = new URL(visitor);
  return hosts.originFor(site, seen) ?? seen.origin;
}

/**
 * The key the sitemap built for `origin` (a `sitemapOrigin`) is kept under: that origin
 * and the sitemap's own path, whatever spelling of the path (the router decodes it), alias
 * host, port or query reached it, so what is kept under a key is always built for the
 * key's origin. None for an origin that names a port: a local host's origin keeps the port
 * it was asked on, and a copy per made-up port would be copies at will (those are built
 * for their request and not kept).
 */
export function sitemapKey(origin: string): string | null {
  const url = new URL(SITEMAP_PATH, origin);
  return url.port === "" ? sharedDocumentKey(url) : null;
}

/** The content codings the cache keeps copies in, the one it prefers first (the smaller). */
const CODINGS = ["br", "gzip"] as const;
export type ContentCoding = (typeof CODINGS)[number];

/** Smaller pages are sent as they are (as the compression middleware does). */
export const COMPRESS_MIN_BYTES = 1024;

/** Moderate levels: a home page takes a few milliseconds, off the main thread. */
const GZIP_LEVEL = 6;
const BROTLI_QUALITY = 5;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** The gzip and brotli copies of a page, each only where it is smaller. */
export async function compressedCopies(
  body: Uint8Array,
): Promise<Partial<Record<ContentCoding, Buffer>>> {
  if (body.byteLength < COMPRESS_MIN_BYTES) return {};
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzipAsync(body, { level: GZIP_LEVEL }),
  ]);
  const copies: Partial<Record<ContentCoding, Buffer>> = {};
  if (br.byteLength < body.byteLength) copies.br = br;
  if (gz.byteLength < body.byteLength) copies.gzip = gz;
  return copies;
}

/**
 * The content codings of the cache an Accept-Encoding header accepts, the preferred
 * first: by q (`*` stands for codings not named, a q of 0 refuses), brotli before gzip at
 * the same q. A coding the client likes less than identity, where it names identity, is
 * left out: then the page goes as it is.
 */
export function acceptedCodings(acceptEncoding: string | null | undefined): ContentCoding[] {
  if (!acceptEncoding) return [];
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.split(";");
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [key = "", value = ""] = parameter.split("=");
      if (key.trim().toLowerCase() !== "q") continue;
      const parsed = Number(value.trim());
      weight =
        value.trim() !== "" && Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
    }
    q.set(coding, weight);
  }
  const identity = q.get("identity") ?? 0;
  const weighted = CODINGS.map((coding) => ({ coding, weight: q.get(coding) ?? q.get("*") ?? 0 }));
  return weighted
    .filter(({ weight }) => weight > 0 && weight >= identity)
    .sort((a, b) => b.weight - a.weight)
    .map(({ coding }) => coding);
}

/** The coding of `available` an Accept-Encoding header prefers, or null for the page as it is. */
export function preferredCoding(
  acceptEncoding: string | null | undefined,
  available: readonly ContentCoding[] = CODINGS,
): ContentCoding | null {
  return acceptedCodings(acceptEncoding).find((coding) => available.includes(coding)) ?? null;
}

/** Browsers send a handful of different Accept-Encoding headers: each is read once. */
const MAX_REMEMBERED_ACCEPT_ENCODINGS = 64;

/** One way a kept page is sent: its bytes and the headers of a 200 with them (lower-case names). */
interface Representation {
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  coding: ContentCoding | null;
}

interface CachedPage {
  /** A page (200), or the page of an address that has none (404). */
  status: 200 | 404;
  /** Where the page is (its key's address). */
  address: string;
  /** The channel whose content it shows ("" without a scope). */
  channel: ChannelId | "";
  /** The channel's epoch it was made in: a change nobody named drops the older ones. */
  epoch: number;
  /** The catalogue version it shows ("" when none was known), or null when it shows no catalogue data. */
  catalogue: string | null;
  /** What it shows (server/pageTags.ts). */
  tags: ReadonlySet<string>;
  /** The page as rendered. */
  identity: Representation;
  /** Its compressed copies. */
  encoded: Partial<Record<ContentCoding, Representation>>;
  /** The codings of `encoded`, in the order the cache prefers them. */
  codings: ContentCoding[];
  /** The headers of a 304 (lower-case names). */
  notModified: [string, string][];
  /** The bytes of every copy. */
  bytes: number;
  etag: string;
  storedAt: number;
}

export type PageCacheState = "hit" | "stale" | "miss";

/** What a kept page answers a request. */
export interface KeptAnswer {
  status: 200 | 304 | 404;
  /** The copy's headers with Age and X-Cache, names in lower case. */
  headers: [string, string][];
  /** The copy's bytes; null for a 304 and a HEAD. */
  body: Uint8Array<ArrayBuffer> | null;
  /** The content coding of the copy sent; null when the page goes as it is (and for a 304). */
  coding: ContentCoding | null;
  /** The bytes of the copy (what a GET gets). */
  length: number;
}

/** What a kept page's answer depends on of a request. */
export interface KeptPageRequest {
  method: string;
  headers: HeaderReader;
}

export interface PageCacheOptions {
  maxBytes: number;
  /** How long a copy is answered without a new render. */
  freshMs: number;
  /** How long after that it is still answered while (or when) a new render runs (or fails). */
  staleMs: number;
  /** The page policy for a page's inline sources (the security middleware's). */
  policy: (inline: InlineSources) => string;
  /**
   * Hands each page this cache keeps to the other processes of the machine (node:cluster
   * workers), which take it with `adopt` instead of rendering it once more each.
   */
  share?: (page: SharedPage) => void;
  now?: () => number;
}

/** A Vary header that also names Accept-Encoding. */
function varyingByEncoding(vary: string | undefined): string {
  if (!vary) return "Accept-Encoding";
  if (vary.trim() === "*" || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary)) return vary;
  return `${vary}, Accept-Encoding`;
}

/** True when an If-None-Match header names the ETag (weak comparison, as for GET). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => bare(tag) === bare(etag));
}

/** What the cache knows of a channel's content. */
interface ChannelState {
  /** The content version its pages are current at (undefined until a request tells). */
  cv: number | undefined;
  /** Counts the changes nobody named the pages of: a page of an older epoch is gone. */
  epoch: number;
  /** Counts every change: a render that saw one while it ran is not kept. */
  generation: number;
  /** Until when a new content version is taken as an announced publish's. */
  announcedUntil: number;
  /** When the last change was heard (a page another process began before may not show it). */
  changedAt: number;
}

/** What a render was started with, checked again before its page is kept. */
interface RenderStart {
  scope: PageScope | undefined;
  epoch: number;
  generation: number;
  /** When the render began. */
  at: number;
}

/**
 * A kept page as another process of the machine takes it over (structured-clone data:
 * node:cluster's advanced serialization carries the bytes as they are).
 */
export interface SharedPage {
  key: string;
  status: 200 | 404;
  address: string;
  channel: ChannelId;
  /** The content version the render was made at. */
  content: number;
  catalogue: string | null;
  tags: string[];
  identity: Representation;
  encoded: Partial<Record<ContentCoding, Representation>>;
  codings: ContentCoding[];
  notModified: [string, string][];
  bytes: number;
  etag: string;
  storedAt: number;
  /** When its render began. */
  startedAt: number;
}

/**
 * How long after hearing of a change a process still refuses a page another process began
 * to render: the other may hear of the change a moment later, and a render it began before
 * may show what changed.
 */
export const SHARED_PAGE_SETTLE_MS = 2_000;

/**
 * The size of the 404 pages' own pool beside the pages', as a share of the cache's bytes:
 * every made-up address is one, so they can only push out one another, never a page.
 */
const MISSING_SHARE = 1 / 8;

export class PageCache {
  private readonly pages: LRUCache<string, CachedPage>;
  /** The 404 pages, apart (MISSING_SHARE). */
  private readonly missing: LRUCache<string, CachedPage>;
  private readonly rendering = new Map<string, Promise<CachedPage | null>>();
  private readonly now: () => number;
  private readonly accepted = new Map<string, ContentCoding[]>();
  /** The keys kept per address. */
  private readonly addresses = new Map<string, Set<string>>();
  /** The keys kept per channel. */
  private readonly byChannel = new Map<ChannelId | "", Set<string>>();
  private readonly channels = new Map<ChannelId, ChannelState>();

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    const lru = (maxSize: number) =>
      new LRUCache<string, CachedPage>({
        maxSize: Math.max(1, Math.floor(maxSize)),
        sizeCalculation: (page) => Math.max(1, page.bytes),
        // Replaced, evicted, expired or cleared: the address no longer has it.
        dispose: (page, key) => {
          const keys = this.addresses.get(page.address);
          keys?.delete(key);
          if (keys?.size === 0) this.addresses.delete(page.address);
          const ofChannel = this.byChannel.get(page.channel);
          ofChannel?.delete(key);
          if (ofChannel?.size === 0) this.byChannel.delete(page.channel);
        },
      });
    this.pages = lru(options.maxBytes);
    this.missing = lru(options.maxBytes * MISSING_SHARE);
  }

  /** How many pages are kept and their bytes (for the health and bench output). */
  get stats(): { pages: number; bytes: number } {
    return {
      pages: this.pages.size + this.missing.size,
      bytes: this.pages.calculatedSize + this.missing.calculatedSize,
    };
  }

  clear(): void {
    this.pages.clear();
    this.missing.clear();
  }

  /** The page kept under a key (a 404 page too), counted as used. */
  private lookup(key: string): CachedPage | undefined {
    return this.pages.get(key) ?? this.missing.get(key);
  }

  /** The page kept under a key, not counted as used. */
  private peek(key: string): CachedPage | undefined {
    return this.pages.peek(key) ?? this.missing.peek(key);
  }

  private remove(key: string): void {
    if (!this.pages.delete(key)) this.missing.delete(key);
  }

  /**
   * True when a copy of the page at an address is kept, whatever it was made from (for
   * telling cheaply that a request cannot be a hit before its key is worked out).
   */
  holds(address: string): boolean {
    return this.addresses.has(address);
  }

  private state(channel: ChannelId): ChannelState {
    let state = this.channels.get(channel);
    if (!state) {
      state = { cv: undefined, epoch: 0, generation: 0, announcedUntil: 0, changedAt: -Infinity };
      this.channels.set(channel, state);
    }
    return state;
  }

  /** Drops every kept page of a channel for which `drop` says so. */
  private dropWhere(channel: ChannelId | "", drop: (page: CachedPage) => boolean): number {
    const keys = this.byChannel.get(channel);
    if (!keys) return 0;
    let dropped = 0;
    for (const key of [...keys]) {
      const page = this.peek(key);
      if (page && drop(page)) {
        this.remove(key);
        dropped++;
      }
    }
    return dropped;
  }

  /**
   * A change of content: with a channel and tags, the pages with one of the tags go and
   * the others are carried over to the channel's next content version; without tags
   * every page of the channel goes (of every channel, without a channel). Returns how
   * many pages went.
   */
  invalidate(change: PageChange): number {
    const channels = change.channel ? [change.channel] : [...this.channels.keys()];
    let dropped = 0;
    for (const channel of channels) {
      const state = this.state(channel);
      state.generation++;
      state.changedAt = this.now();
      if (change.channel && change.tags) {
        const tags = change.tags;
        state.announcedUntil = this.now() + ANNOUNCED_VERSION_WINDOW_MS;
        dropped += this.dropWhere(channel, (page) => tags.some((tag) => page.tags.has(tag)));
      } else {
        state.epoch++;
        dropped += this.dropWhere(channel, () => true);
      }
    }
    if (!change.channel) dropped += this.dropWhere("", () => true);
    return dropped;
  }

  /** A new catalogue: the pages that show catalogue data go. Returns how many went. */
  catalogueChanged(): number {
    let dropped = 0;
    for (const [channel, state] of this.channels) {
      state.generation++;
      state.changedAt = this.now();
      dropped += this.dropWhere(channel, (page) => page.catalogue !== null);
    }
    return dropped + this.dropWhere("", (page) => page.catalogue !== null);
  }

  /**
   * Tells the cache a channel's current content version. One that moved on without an
   * announced publish shortly before drops every page of the channel.
   */
  private observe(scope: PageScope): ChannelState {
    const state = this.state(scope.channel);
    if (state.cv === undefined) state.cv = scope.content;
    else if (state.cv !== scope.content) {
      state.cv = scope.content;
      state.generation++;
      state.changedAt = this.now();
      if (this.now() >= state.announcedUntil) {
        state.epoch++;
        this.dropWhere(scope.channel, () => true);
      }
    }
    return state;
  }

  /**
   * The kept page under a key when it is current in the scope: made in the channel's
   * epoch and, when it shows catalogue data, of the scope's catalogue (one that is not
   * goes). Tells the cache the scope's content version first.
   */
  private peekCurrent(key: string, scope: PageScope | undefined): CachedPage | undefined {
    const state = scope && this.observe(scope);
    const page = this.lookup(key);
    if (!page || !scope || !state) return page;
    // A page made while no catalogue version was known ("") stays current until one is.
    const current =
      page.epoch === state.epoch &&
      (page.catalogue === null || page.catalogue === (scope.catalogue ?? ""));
    if (current) return page;
    this.remove(key);
    return undefined;
  }

  /**
   * The answer of the fresh copy under `key`, or undefined when there is none (no copy,
   * or only a stale one, or one its content or catalogue has moved on from). Renders
   * nothing: for answering a hit before the app does (server/fastHit.ts); anything else
   * goes through `serve`.
   */
  freshAnswer(key: string, request: KeptPageRequest, scope?: PageScope): KeptAnswer | undefined {
    const page = this.peekCurrent(key, scope);
    if (!page || this.now() - page.storedAt >= this.options.freshMs) return undefined;
    return this.answer(page, request, "hit");
  }

  /**
   * The answer to a request for the page under `key`: the kept copy, or the render's
   * response, kept when it is shareable. `render` renders the page for this request;
   * `scope` says what the page is made from now (without one, the key alone decides).
   */
  async serve(
    key: string,
    request: Request,
    render: () => Promise<Response>,
    scope?: PageScope,
  ): Promise<Response> {
    const kept = this.usable(key, scope);
    if (kept) {
      const fresh = this.now() - kept.storedAt < this.options.freshMs;
      if (!fresh) void this.renderAndKeep(key, render, scope, true);
      return this.respond(kept, request, fresh ? "hit" : "stale");
    }
    const running = this.rendering.get(key);
    if (running) {
      const page = await running;
      return page ? this.respond(page, request, "hit") : render();
    }
    let own: Response | undefined;
    const page = await this.renderAndKeep(
      key,
      async () => {
        own = await render();
        return own;
      },
      scope,
    );
    return page ? this.respond(page, request, "miss") : own!;
  }

  /** The kept copy of a key unless its time (fresh and stale) is up or it is not current. */
  private usable(key: string, scope: PageScope | undefined): CachedPage | undefined {
    const page = this.peekCurrent(key, scope);
    if (page && this.now() - page.storedAt >= this.options.freshMs + this.options.staleMs) {
      this.remove(key);
      return undefined;
    }
    return page;
  }

  /** Renders once per key at a time and keeps a shareable result. */
  private renderAndKeep(
    key: string,
    render: () => Promise<Response>,
    scope: PageScope | undefined,
    background = false,
  ): Promise<CachedPage | null> {
    const running = this.rendering.get(key);
    if (running) return running;
    const state = scope ? this.state(scope.channel) : undefined;
    const start: RenderStart = {
      scope,
      epoch: state?.epoch ?? 0,
      generation: state?.generation ?? 0,
      at: this.now(),
    };
    const job = (async () => {
      const tags = new Set<string>();
      const response = await collectPageTags(tags, render);
      if (!isShareable(response)) {
        // A background render's response goes to nobody; a page's error keeps the stale copy.
        if (background) await response.body?.cancel();
        return null;
      }
      return this.keep(key, response, tags, start);
    })();
    const settled = job.catch(() => null);
    this.rendering.set(key, settled);
    void settled.finally(() => this.rendering.delete(key));
    return background ? settled : job;
  }

  private async keep(
    key: string,
    response: Response,
    tags: ReadonlySet<string>,
    start: RenderStart,
  ): Promise<CachedPage> {
    const html = isHtml(response.headers);
    const text = html ? withoutNonces(await response.text()) : await response.text();
    // The tags are complete once the whole page has been rendered (read).
    const scope = start.scope;
    // "" for a page with catalogue data made while no catalogue version was known.
    const catalogue = tags.has(CATALOGUE_TAG) ? (scope?.catalogue ?? "") : null;
    // The bytes of the text as read, so what is kept is what was sent before.
    const body = new Uint8Array(Buffer.from(text, "utf8"));
    const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    let vary: string | undefined;
    const common: [string, string][] = [];
    for (const [name, value] of response.headers) {
      const lower = name.toLowerCase();
      if (lower === "vary") vary = vary ? `${vary}, ${value}` : value;
      // What the cache sets itself, per copy and per answer.
      else if (!PER_ANSWER_HEADERS.has(lower)) common.push([lower, value]);
    }
    // A 404 has no representation a browser could revalidate: no ETag, never a 304.
    const found = response.status === 200;
    common.push(
      // An HTML page's policy allows its inline scripts by their hashes.
      ...(html
        ? [
            [
              "content-security-policy",
              this.options.policy({ scriptHashes: inlineScriptHashes(text) }),
            ] as [string, string],
          ]
        : []),
      ...(found ? [["etag", etag] as [string, string]] : []),
      ["vary", varyingByEncoding(vary)],
      ...tagHeaders(tags, scope, catalogue),
    );
    const representation = (
      bytes: Uint8Array<ArrayBuffer>,
      coding: ContentCoding | null = null,
    ): Representation => ({
      body: bytes,
      headers: [
        ...common,
        ...(coding ? [["content-encoding", coding] as [string, string]] : []),
        ["content-length", String(bytes.byteLength)],
      ],
      coding,
    });
    let copies: Partial<Record<ContentCoding, Buffer>> = {};
    try {
      copies = await compressedCopies(body);
    } catch {
      // Sent as it is; the compression middleware compresses it per request.
    }
    const encoded: CachedPage["encoded"] = {};
    const codings = CODINGS.filter((coding) => copies[coding]);
    let bytes = body.byteLength;
    for (const coding of codings) {
      const copy = new Uint8Array(copies[coding]!);
      encoded[coding] = representation(copy, coding);
      bytes += copy.byteLength;
    }
    const page: CachedPage = {
      status: response.status === 404 ? 404 : 200,
      address: addressOf(key),
      channel: scope?.channel ?? "",
      epoch: start.epoch,
      catalogue,
      tags,
      identity: representation(body),
      encoded,
      codings,
      notModified: common.filter(([name]) => name !== "content-type"),
      bytes,
      etag,
      storedAt: this.now(),
    };
    // A change while it rendered may have come after it read what changed: answered, not kept.
    const state = scope ? this.state(scope.channel) : undefined;
    if (state && (state.generation !== start.generation || state.epoch !== start.epoch)) {
      return page;
    }
    if (this.store(key, page) && scope && this.options.share) {
      const { epoch: _epoch, tags: kept, ...rest } = page;
      this.options.share({
        ...rest,
        key,
        channel: scope.channel,
        content: scope.content,
        tags: [...kept],
        startedAt: start.at,
      });
    }
    return page;
  }

  /** Keeps a page under its key and indexes it; false when it is too large to keep. */
  private store(key: string, page: CachedPage): boolean {
    // A page replaces the 404 it was before, and the other way round.
    this.remove(key);
    const pool = page.status === 404 ? this.missing : this.pages;
    pool.set(key, page);
    // A page larger than the whole cache is not kept.
    if (pool.peek(key) !== page) return false;
    const keys = this.addresses.get(page.address);
    if (keys) keys.add(key);
    else this.addresses.set(page.address, new Set([key]));
    const ofChannel = this.byChannel.get(page.channel);
    if (ofChannel) ofChannel.add(key);
    else this.byChannel.set(page.channel, new Set([key]));
    return true;
  }

  /**
   * Takes over a page another process kept (`share`), so it is rendered once per machine
   * rather than once per process. Refused (false) when it may be out of date here: made
   * at another content version than this process knows, begun before (or just after) a
   * change this process heard of, or older than the copy kept here. Its catalogue version
   * is checked when it is asked for, as for a page rendered here.
   */
  adopt(shared: SharedPage): boolean {
    const state = this.state(shared.channel);
    if (shared.startedAt <= state.changedAt + SHARED_PAGE_SETTLE_MS) return false;
    if (state.cv !== undefined && state.cv !== shared.content) return false;
    const kept = this.peek(shared.key);
    if (kept && kept.storedAt >= shared.storedAt) return false;
    state.cv = shared.content;
    return this.store(shared.key, {
      status: shared.status,
      address: shared.address,
      channel: shared.channel,
      epoch: state.epoch,
      catalogue: shared.catalogue,
      tags: new Set(shared.tags),
      identity: shared.identity,
      encoded: shared.encoded,
      codings: shared.codings,
      notModified: shared.notModified,
      bytes: shared.bytes,
      etag: shared.etag,
      storedAt: shared.storedAt,
    });
  }

  /** The coding a request's Accept-Encoding prefers among a page's copies. */
  private codingFor(acceptEncoding: string | null, page: CachedPage): ContentCoding | null {
    if (!acceptEncoding || page.codings.length === 0) return null;
    let accepted = this.accepted.get(acceptEncoding);
    if (!accepted) {
      accepted = acceptedCodings(acceptEncoding);
      if (this.accepted.size >= MAX_REMEMBERED_ACCEPT_ENCODINGS) this.accepted.clear();
      this.accepted.set(acceptEncoding, accepted);
    }
    for (const coding of accepted) if (page.encoded[coding]) return coding;
    return null;
  }

  /** A kept page's answer: 304 when the browser has it, else the copy it prefers. */
  private answer(page: CachedPage, request: KeptPageRequest, state: PageCacheState): KeptAnswer {
    const age = String(Math.max(0, Math.floor((this.now() - page.storedAt) / 1000)));
    const perAnswer: [string, string][] = [
      ["age", age],
      ["x-cache", state.toUpperCase()],
    ];
    if (page.status === 200 && matches(request.headers.get("if-none-match"), page.etag)) {
      const headers = [...page.notModified, ...perAnswer];
      return { status: 304, headers, body: null, coding: null, length: 0 };
    }
    const coding = this.codingFor(request.headers.get("accept-encoding"), page);
    const chosen = coding ? page.encoded[coding]! : page.identity;
    return {
      status: page.status,
      headers: [...chosen.headers, ...perAnswer],
      // A HEAD's headers are a GET's: the Content-Length of the copy a GET gets.
      body: request.method === "HEAD" ? null : chosen.body,
      coding: chosen.coding,
      length: chosen.body.byteLength,
    };
  }

  private respond(page: CachedPage, request: Request, state: PageCacheState): Response {
    const { status, headers, body } = this.answer(page, request, state);
    return new Response(body, { status, headers });
  }
}

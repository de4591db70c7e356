/**
 * The content service of the storefront. It reads stories through storyblok-js-client
 * from the Content Delivery API v2 — the embedded one in this process by default, a real
 * Storyblok space when CONTENT_API_URL and the tokens say so — with the locale fallback
 * chain, an in-process cache keyed by cv and the last known content when the source fails.
 */
import { STATUS_CODES } from "node:http";
import StoryblokClient, { type ISbStoriesParams, type ISbStoryData } from "storyblok-js-client";
import { CHANNELS, CHANNEL_IDS, type ChannelId } from "../../config/channels";
import type { HostTable } from "../../config/hosts";
import {
  contentLocaleChain,
  localeSettings,
  toContentLanguageCode,
  type Locale,
} from "../../domain/locales";
import {
  CONTENT_API_MAX_RETRIES,
  CONTENT_API_RETRY_DELAY_MS,
  CONTENT_API_THROTTLE_PER_SECOND,
} from "../../domain/constants";
import { isSaneSlug, languagePrefix, normalisePath } from "../../domain/paths";
import {
  PAGE_RELATIONS,
  RESERVED_STORY_SLUGS,
  isRedirectStatus,
  pathForFullSlug,
  safeRedirectTarget,
  slugForPath,
  splitFullSlug,
  type BreadcrumbItem,
  type ContentStory,
  type ContentVersion,
  type PageContent,
  type RedirectStatus,
  type StoryContent,
} from "../../domain/content";
import type { Db } from "../../db/client";
import type { Env } from "../env";
import type { Logger } from "../logger";
import { ContentCache } from "./cache";
import {
  resolveContentVersion,
  signedPreviewParams,
  type ContentVersionInfo,
  type PreviewAccess,
} from "./preview";
import { LastKnownContent } from "./lastKnown";
import { ContentMirror } from "./mirror";
import {
  collectingPageTags,
  pageListTag,
  referencedStories,
  slugTag,
  storyTag,
  tagPage,
} from "../pageTags";
import { localesWithReviews, noindexPages, noindexVersions } from "./versions";

/** The channel of a content request with its locale and version (what a story lookup needs). */
export interface StoryQuery {
  channel: ChannelId;
  locale: Locale;
  /** The slug below the locale folder: "home", "config", "error", "service/kontakt". */
  slug: string;
  version: ContentVersion;
  /** A release id: its versions of stories instead of the drafts (preview only). */
  release?: string;
}

/** Seconds before a content request gives up. */
export const CONTENT_REQUEST_TIMEOUT_SECONDS = 5;
/** Stories (and, apart, slugs without one) kept in memory per process. */
const STORY_CACHE_ENTRIES = 5000;
/** Retry a failed cv check after this long even when the TTL is longer. */
const CV_RETRY_AFTER_FAILURE_MS = 5_000;
/** The origin the embedded API is addressed by when called in process. */
const IN_PROCESS_ORIGIN = "http://content.internal";

/** A failed content request: the status text and the status. */
export class ContentRequestError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(`${statusText} (${status})`);
    this.name = "ContentRequestError";
  }
}

function toContentError(error: unknown): Error {
  if (error instanceof Error) return error;
  const e = (error ?? {}) as {
    message?: string;
    status?: number;
    response?: { status?: number; statusText?: string };
  };
  const status = e.status ?? e.response?.status ?? 0;
  // HTTP/2 answers carry no status text: the standard one of the status stands in.
  const text =
    e.response?.statusText || STATUS_CODES[status] || e.message || "Content request failed";
  return new ContentRequestError(status, text);
}

/**
 * storyblok-js-client reads every answer as JSON, and loses the status of one that is
 * not (a proxy's 502 page, a CDN's HTML error). Such error answers get a JSON body, so
 * the failure keeps its status and status text.
 */
export function withJsonErrors(fetcher: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetcher(input, init);
    if (response.ok || response.status === 204) return response;
    const text = await response.text();
    const { status, statusText } = response;
    try {
      JSON.parse(text);
      return new Response(text, { status, statusText, headers: response.headers });
    } catch {
      const error = statusText || STATUS_CODES[status] || "Error";
      return new Response(JSON.stringify({ error }), {
        status,
        statusText,
        headers: { "Content-Type": "application/json" },
      });
    }
  };
}

/** What the catch-all route makes of a path. */
export type PageResolution =
  | { kind: "page"; story: ContentStory<PageContent> }
  | { kind: "redirect"; location: string; status: RedirectStatus }
  | { kind: "not-found"; reason: "missing" | "not-page" | "unsafe-redirect" };

export interface PageQuery {
  channel: ChannelId;
  locale: Locale;
  /** The path below the locale prefix and the d marker, starting with "/". */
  rest: string;
  version: ContentVersion;
  release?: string;
}

/** A page a locale shows: its path below the language prefix ("/" for home) and its story. */
export interface LocalePage {
  path: string;
  story: ContentStory<PageContent>;
}

/** A channel's space: its id and the tokens that read it. */
export interface SpaceAccess {
  spaceId: number;
  publicToken?: string;
  previewToken?: string;
}

export interface ContentClientOptions {
  env: Env;
  log: Logger;
  /** Where a remote service's answers are kept for an outage. */
  db: Db;
  hosts: HostTable;
  spaces: Record<ChannelId, SpaceAccess>;
  /**
   * How the content API is reached: the embedded system's delivery API in this process
   * (`Cms.fetch`), or, with CONTENT_API_URL, the network (the default fetch).
   */
  fetch?: typeof fetch;
  /** How many stories, and apart from them how many misses, are kept in memory. */
  cacheEntries?: number;
}

/** Stories per page of the mirror's whole-space read (Storyblok's own default page). */
const MIRROR_PAGE_STORIES = 25;

/** The parameters every published read of whole stories sends (relations and links resolved). */
const STORY_READ_PARAMS = {
  version: "published",
  resolve_relations: PAGE_RELATIONS.join(","),
  resolve_links: "url",
} as const;

/** The page tags of a story: its own and those of the stories it links to or resolves. */
const tagsOfStory = new WeakMap<ContentStory, string[]>();
function storyTags(story: ContentStory): string[] {
  let tags = tagsOfStory.get(story);
  if (!tags) {
    const uuids = referencedStories(story.content);
    if (story.uuid) uuids.add(story.uuid);
    tags = [...uuids].map(storyTag);
    tagsOfStory.set(story, tags);
  }
  return tags;
}

function toStory(data: ISbStoryData): ContentStory {
  const extra = data as ISbStoryData & { target?: unknown; status?: unknown };
  return {
    id: data.id,
    uuid: data.uuid,
    name: data.name,
    fullSlug: data.full_slug,
    folder: splitFullSlug(data.full_slug).folder,
    content: data.content as StoryContent,
    alternates: (data.alternates ?? []).map((a) => ({
      fullSlug: a.full_slug,
      name: a.name,
      published: a.published,
    })),
    tags: data.tag_list ?? [],
    publishedAt: data.published_at ?? null,
    target: typeof extra.target === "string" && extra.target !== "" ? extra.target : null,
    status: typeof extra.status === "number" ? extra.status : null,
  };
}

export class ContentClient {
  /** True when the storefront reads the embedded content system of this process. */
  readonly embedded: boolean;
  private readonly cache: ContentCache<ContentStory>;
  /**
   * Slugs without a story, kept apart: a crawl of made-up paths fills this one, never
   * evicting the stories real pages need.
   */
  private readonly misses: ContentCache<null>;
  private readonly pagesCache = new ContentCache<LocalePage[]>(100);
  private readonly cvState = new Map<ChannelId, { cv: number; checkedAt: number }>();
  private readonly cvPending = new Map<ChannelId, Promise<number>>();
  private readonly inFlight = new Map<string, Promise<ContentStory | null>>();
  private readonly clients = new Map<string, StoryblokClient>();
  private readonly redirectHosts: Set<string>;
  private readonly lastKnown: LastKnownContent;
  /** Every published story, for the pages nobody has read when the source fails. */
  readonly mirror: ContentMirror;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: ContentClientOptions) {
    this.embedded = !options.env.CONTENT_API_URL;
    this.fetcher = options.fetch ?? fetch;
    this.cache = new ContentCache(options.cacheEntries ?? STORY_CACHE_ENTRIES);
    this.misses = new ContentCache(options.cacheEntries ?? STORY_CACHE_ENTRIES);
    this.lastKnown = new LastKnownContent(options.db);
    this.mirror = new ContentMirror({
      readAll: (channel, cv) => this.readWholeSpace(channel, cv),
      log: options.log,
      keep: this.embedded ? undefined : this.lastKnown,
      minIntervalMs: options.env.CONTENT_MIRROR_INTERVAL_SECONDS * 1000,
    });
    this.redirectHosts = new Set([...options.hosts.hosts(), ...options.env.CONTENT_REDIRECT_HOSTS]);
  }

  private get log() {
    return this.options.log;
  }

  private get spaces(): Record<ChannelId, SpaceAccess> {
    return this.options.spaces;
  }

  /**
   * Every published story of a channel's space at a cv, for the mirror: a page of
   * MIRROR_PAGE_STORIES at a time, one after the other, the event loop free between pages.
   * The embedded system reads and shapes a page on the event loop itself (its database
   * runs there), and the client's own getAll asks for every further page at once; the
   * pages then ran back to back without a gap, and every request waited behind the whole
   * space (0.5 to 3 s measured during the hostile image burst, where /health should
   * answer within 200 ms).
   */
  private async readWholeSpace(channel: ChannelId, cv: number): Promise<ISbStoryData[]> {
    const client = this.client(channel, "published");
    const stories: ISbStoryData[] = [];
    for (let page = 1; ; page++) {
      const answer = await client.get("cdn/stories", {
        ...STORY_READ_PARAMS,
        per_page: MIRROR_PAGE_STORIES,
        page,
        cv,
      });
      const read = (answer.data as { stories?: ISbStoryData[] }).stories ?? [];
      stories.push(...read);
      const total = answer.total ?? 0;
      if (read.length < MIRROR_PAGE_STORIES || (total > 0 && stories.length >= total)) {
        return stories;
      }
      // A turn of the event loop: requests that arrived meanwhile are answered first.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** The content client of a channel and version (one per token, so its throttle is shared). */
  private client(channel: ChannelId, version: ContentVersion): StoryblokClient {
    const key = `${channel}:${version}`;
    const existing = this.clients.get(key);
    if (existing) return existing;
    const space = this.spaces[channel];
    const accessToken = version === "draft" ? space.previewToken : space.publicToken;
    if (!accessToken) {
      console.error(`content access token missing for ${channel} (${version})`);
    }
    const client = new StoryblokClient({
      accessToken,
      endpoint: this.options.env.CONTENT_API_URL ?? `${IN_PROCESS_ORIGIN}/v2`,
      fetch: withJsonErrors(this.fetcher),
      // A real Storyblok space is read within its rate limit; the embedded system is this
      // process's own database, which a throttle would only queue pages behind (0: none).
      rateLimit: this.embedded ? 0 : CONTENT_API_THROTTLE_PER_SECOND,
      maxRetries: CONTENT_API_MAX_RETRIES,
      retriesDelay: CONTENT_API_RETRY_DELAY_MS,
      timeout: CONTENT_REQUEST_TIMEOUT_SECONDS,
      cache: { clear: "manual", cv: "manual" },
    });
    this.clients.set(key, client);
    return client;
  }

  /** The cv of a channel's space: known for CONTENT_CV_TTL_SECONDS, then asked again. */
  async currentCv(channel: ChannelId): Promise<number> {
    const state = this.cvState.get(channel);
    const ttl = this.options.env.CONTENT_CV_TTL_SECONDS * 1000;
    if (state && Date.now() - state.checkedAt < ttl) return state.cv;
    const pending = this.cvPending.get(channel);
    if (pending) return pending;
    const next = this.client(channel, "published")
      .get("cdn/spaces/me", {})
      .then((response) => {
        const cv = Number((response.data as { space?: { version?: number } }).space?.version ?? 0);
        this.cvState.set(channel, { cv, checkedAt: Date.now() });
        if (this.options.env.CONTENT_MIRROR) this.mirror.saw(channel, cv);
        return cv;
      })
      .catch((error: unknown) => {
        const known = state?.cv ?? 0;
        this.log.warn(
          { err: toContentError(error), channel },
          "content version check failed; keeping the last known cv",
        );
        this.cvState.set(channel, {
          cv: known,
          checkedAt: Date.now() - Math.max(0, ttl - CV_RETRY_AFTER_FAILURE_MS),
        });
        return known;
      })
      .finally(() => this.cvPending.delete(channel));
    this.cvPending.set(channel, next);
    return next;
  }

  /**
   * The cv `currentCv` would answer without asking the source: known, within its TTL and
   * not invalidated since. Undefined when only asking can tell.
   */
  knownCv(channel: ChannelId): number | undefined {
    const state = this.cvState.get(channel);
    const ttl = this.options.env.CONTENT_CV_TTL_SECONDS * 1000;
    return state && Date.now() - state.checkedAt < ttl ? state.cv : undefined;
  }

  /** Stops the background reads of the outage copy (the process or its database closes). */
  close(): void {
    this.mirror.stop();
  }

  /** Forgets the known cv of a channel (or all), so the next read asks for the current one. */
  invalidate(channel?: ChannelId): void {
    for (const id of channel ? [channel] : CHANNEL_IDS) this.cvState.delete(id);
  }

  /**
   * The story for a locale and slug: the locale's own, else its fallback locale's; a
   * folder's start page answers for the folder's slug. Published stories
   * are cached by cv; when the source fails, the last known story is served.
   */
  async getStory(query: StoryQuery): Promise<ContentStory | null> {
    if (!isSaneSlug(query.slug) || query.slug.startsWith("/") || query.slug.endsWith("/")) {
      return null;
    }
    const folders = contentLocaleChain(query.locale).map(toContentLanguageCode);
    const candidates = folders.flatMap((f) => [`${f}/${query.slug}`, `${f}/${query.slug}/`]);
    const story = await this.readStory(query, candidates);
    // The page being rendered shows this story and what it links to or resolves; a story
    // published at one of the slugs looked up would change it too (server/pageTags.ts).
    if (collectingPageTags()) {
      tagPage(...candidates.map((slug) => slugTag(query.channel, slug)));
      if (story) tagPage(...storyTags(story));
    }
    return story;
  }

  private async readStory(query: StoryQuery, candidates: string[]): Promise<ContentStory | null> {
    const params: ISbStoriesParams = {
      ...STORY_READ_PARAMS,
      by_slugs: candidates.join(","),
      per_page: candidates.length,
      version: query.version,
    };
    if (query.version === "draft") {
      if (query.release) params.from_release = query.release;
      return this.first(query.channel, "draft", params, candidates).catch((error: unknown) => {
        throw toContentError(error);
      });
    }
    const key = `${query.channel}|${query.locale}|${query.slug}`;
    const cv = await this.currentCv(query.channel);
    const known = this.cache.get(key) ?? this.misses.get(key);
    if (known && known.cv === cv) return known.value;
    // Concurrent readers of the same story (the layout and the page) share one request.
    const inFlightKey = `${key}|${cv}`;
    const pending = this.inFlight.get(inFlightKey);
    if (pending) return pending;
    const read = this.first(query.channel, "published", { ...params, cv }, candidates)
      .then(async (story) => {
        if (story) {
          this.misses.delete(key);
          this.cache.set(key, cv, story);
          await this.remember(`story|${key}`, story);
        } else {
          this.cache.delete(key);
          this.misses.set(key, cv, null);
        }
        return story;
      })
      .catch(async (error: unknown) => {
        if (known) {
          this.log.warn(
            { err: toContentError(error), key },
            "content source failed; serving the last known story",
          );
          return known.value;
        }
        const kept = await this.kept<ContentStory | null>(`story|${key}`, error);
        if (kept) return kept.value;
        const mirrored = await this.mirror.find(query.channel, candidates);
        if (!mirrored) throw toContentError(error);
        this.log.warn(
          { err: toContentError(error), key },
          "content source failed; serving the story from the copy of the space",
        );
        return toStory(mirrored);
      })
      .finally(() => this.inFlight.delete(inFlightKey));
    this.inFlight.set(inFlightKey, read);
    return read;
  }

  /**
   * Keeps a remote service's answer in the database for a process that starts while the
   * service is down (the embedded service reads that database anyway).
   */
  private async remember(key: string, value: unknown): Promise<void> {
    if (this.embedded) return;
    await this.lastKnown.set(key, value).catch((error: unknown) => {
      this.log.warn({ err: error, key }, "could not keep the content for an outage");
    });
  }

  /** The answer an earlier read kept, when the source fails and this process knows nothing. */
  private async kept<T>(key: string, error: unknown): Promise<{ value: T } | undefined> {
    const saved = this.embedded ? undefined : await this.lastKnown.get(key).catch(() => undefined);
    if (saved === undefined) return undefined;
    this.log.warn(
      { err: toContentError(error), key },
      "content source failed; serving the content kept from an earlier read",
    );
    return { value: saved.value as T };
  }

  private async first(
    channel: ChannelId,
    version: ContentVersion,
    params: ISbStoriesParams,
    candidates: string[],
  ): Promise<ContentStory | null> {
    const response = await this.client(channel, version).get("cdn/stories", params);
    const stories = (response.data as { stories?: ISbStoryData[] }).stories ?? [];
    for (const slug of candidates) {
      const found = stories.find((s) => s.full_slug === slug);
      if (found) return toStory(found);
    }
    return null;
  }

  /** A storefront URL path in a locale: its language prefix, the path, the channel's trailing slash. */
  private pathIn(channel: ChannelId, locale: Locale, path: string): string {
    const { country, language } = localeSettings(locale);
    return normalisePath(`${languagePrefix(country, language)}${path}`, {
      trailingSlash: CHANNELS[channel].features.trailingSlash,
    });
  }

  /**
   * What a storefront path shows: a page, a redirect (internal, or to an allowed host
   * only), or nothing (no story, a story that is not a Page, an unsafe redirect).
   */
  async resolvePage(query: PageQuery): Promise<PageResolution> {
    const slug = slugForPath(query.rest);
    const reserved = (RESERVED_STORY_SLUGS as readonly string[]).includes(slug);
    if (reserved && query.rest !== "/") return { kind: "not-found", reason: "missing" };
    const story = await this.getStory({ ...query, slug });
    if (!story) return { kind: "not-found", reason: "missing" };
    if (story.target !== null || story.status !== null) {
      const target = safeRedirectTarget(story.target, this.redirectHosts);
      if (!target || !isRedirectStatus(story.status)) {
        return { kind: "not-found", reason: "unsafe-redirect" };
      }
      const location = target.startsWith("/")
        ? this.pathIn(query.channel, query.locale, target)
        : target;
      return { kind: "redirect", location, status: story.status };
    }
    if (story.content.component !== "Page") return { kind: "not-found", reason: "not-page" };
    return { kind: "page", story: story as ContentStory<PageContent> };
  }

  /**
   * Every page a locale shows, as the catch-all route would find it: per slug the locale's
   * own published story, else its fallback locale's; of those only pages (no redirects,
   * no other content types, not the configuration, error or campaign stories). Cached by
   * cv like single stories; when the source fails, the last known list is served.
   */
  async publishedPages(channel: ChannelId, locale: Locale): Promise<LocalePage[]> {
    // A page listing the space's pages changes with any publish in it.
    tagPage(pageListTag(channel));
    const key = `${channel}|${locale}`;
    const cv = await this.currentCv(channel);
    const known = this.pagesCache.get(key);
    if (known && known.cv === cv) return known.value;
    const folders = contentLocaleChain(locale).map(toContentLanguageCode);
    try {
      const perFolder: ISbStoryData[][] = [];
      for (const folder of folders) {
        perFolder.push(
          (await this.client(channel, "published").getAll(
            "cdn/stories",
            {
              starts_with: `${folder}/`,
              version: "published",
              excluding_fields: "body",
              per_page: 100,
              cv,
            },
            "stories",
          )) as ISbStoryData[],
        );
      }
      const pages = localePages(perFolder);
      this.pagesCache.set(key, cv, pages);
      await this.remember(`pages|${key}`, pages);
      return pages;
    } catch (error) {
      if (known) {
        this.log.warn(
          { err: toContentError(error), key },
          "content source failed; serving the last known pages",
        );
        return known.value;
      }
      const kept = await this.kept<LocalePage[]>(`pages|${key}`, error);
      if (kept) return kept.value;
      const mirrored = await Promise.all(folders.map((f) => this.mirror.below(channel, `${f}/`)));
      if (mirrored.some((stories) => stories === undefined)) throw toContentError(error);
      return localePages(mirrored as ISbStoryData[][]);
    }
  }

  /**
   * The full slugs of the channel's published pages kept out of search engines (noindex),
   * in every locale folder (server/content/versions.ts).
   */
  noindexPages(channel: ChannelId): Promise<Set<string>> {
    return noindexPages(this, channel);
  }

  /** Which of a page's language versions (full slugs) are kept out of search engines. */
  noindexVersions(channel: ChannelId, fullSlugs: readonly string[]): Promise<Set<string>> {
    return noindexVersions(this, channel, fullSlugs);
  }

  /** The channel's locales whose published configuration shows reviews. */
  localesWithReviews(channel: ChannelId): Promise<Locale[]> {
    return localesWithReviews(this, channel);
  }

  /** The breadcrumb of a path: home, every ancestor page that exists, the page itself. */
  async breadcrumb(query: PageQuery & { homeText: string }): Promise<BreadcrumbItem[]> {
    const items: BreadcrumbItem[] = [
      { text: query.homeText, link: { url: this.pathIn(query.channel, query.locale, "/") } },
    ];
    const slug = slugForPath(query.rest);
    if (slug === "home") return items;
    const segments = slug.split("/");
    for (let i = 1; i <= segments.length; i++) {
      const ancestor = segments.slice(0, i).join("/");
      const story = await this.getStory({ ...query, slug: ancestor });
      if (story && story.content.component === "Page" && story.target === null) {
        items.push({
          text: story.name,
          link: { url: this.pathIn(query.channel, query.locale, `/${ancestor}`) },
        });
      }
    }
    return items;
  }

  /** The preview access of a space (for checking and making preview signatures). */
  previewAccess(spaceId: number): PreviewAccess | null {
    for (const channel of CHANNEL_IDS) {
      const space = this.spaces[channel];
      if (space.spaceId === spaceId && space.previewToken) {
        return { channel, spaceId, previewToken: space.previewToken };
      }
    }
    return null;
  }

  /** The preview access of a channel's space, or null when it has no preview token. */
  previewAccessFor(channel: ChannelId): PreviewAccess | null {
    return this.previewAccess(this.spaces[channel].spaceId);
  }

  /**
   * The content version a request may see: drafts (and a release's versions) only with a
   * valid preview signature of the channel's space in its URL, else the published one.
   */
  versionFor(url: URL, channel?: ChannelId): ContentVersionInfo {
    return resolveContentVersion(url, { content: this }, channel);
  }

  /** The query of a signed preview link to a story, as Storyblok's visual editor builds it. */
  previewParams(access: PreviewAccess, storyId: number, now = Date.now()): URLSearchParams {
    return signedPreviewParams(access, storyId, now);
  }

  /** The channel of a space id, if it is one of ours. */
  channelOf(spaceId: number): ChannelId | null {
    return CHANNEL_IDS.find((c) => this.spaces[c].spaceId === spaceId) ?? null;
  }

  spaceIdOf(channel: ChannelId): number {
    return this.spaces[channel].spaceId;
  }
}

/**
 * The pages a locale shows from the published stories of its folders (its own first, then
 * its fallbacks'): per slug the first folder's story, and of those only pages (no
 * redirects, no other content types, not the configuration, error or campaign stories).
 */
function localePages(perFolder: ISbStoryData[][]): LocalePage[] {
  const bySlug = new Map<string, ContentStory>();
  for (const stories of perFolder) {
    for (const data of stories) {
      const story = toStory(data);
      const { slug } = splitFullSlug(story.fullSlug);
      if (slug !== "" && !bySlug.has(slug)) bySlug.set(slug, story);
    }
  }
  const reserved = RESERVED_STORY_SLUGS.filter((slug) => slug !== "home") as readonly string[];
  return [...bySlug]
    .filter(([slug, story]) => {
      if (reserved.includes(slug) || !isSaneSlug(slug)) return false;
      return story.content.component === "Page" && story.target === null && story.status === null;
    })
    .map(([, story]) => ({
      path: pathForFullSlug(story.fullSlug),
      story: story as ContentStory<PageContent>,
    }));
}

/** The space id and access tokens of each channel the operator configured. */
export function configuredSpaces(env: Env): Record<ChannelId, SpaceAccess> {
  return {
    cards: {
      spaceId: env.CONTENT_CARDS_SPACE_ID,
      publicToken: env.CONTENT_CARDS_PUBLIC_TOKEN,
      previewToken: env.CONTENT_CARDS_PREVIEW_TOKEN,
    },
    wallart: {
      spaceId: env.CONTENT_WALLART_SPACE_ID,
      publicToken: env.CONTENT_WALLART_PUBLIC_TOKEN,
      previewToken: env.CONTENT_WALLART_PREVIEW_TOKEN,
    },
  };
}

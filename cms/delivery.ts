/**
 * The Content Delivery API v2 semantics over the store: which stories a request sees
 * (version, release, filters), and the response shapes of Storyblok (story, stories,
 * rels/rel_uuids, links/link_uuids, alternates, cv).
 */
import type { StoredContent } from "../db/schema";
import type { ContentStore, ContentVersion, StoryFilter, StoryKeys, StoryRow } from "./store";
import {
  compareBy,
  filterFields,
  filterHolds,
  type ContentFilter,
  type SortKey,
} from "./storyQuery";

/** Relations and links beyond this many are answered as uuids (Storyblok's rule). */
export const RESOLVE_INLINE_LIMIT = 50;

/**
 * Stories a sorted or content-filtered listing reads the keys of (in one language folder
 * and its fallback each); a space holds far fewer, so the bound only stops runaway work.
 */
export const MAX_SCANNED_STORIES = 10_000;

/** A listing asked more of the space than MAX_SCANNED_STORIES. */
export class ListingTooBroadError extends Error {
  constructor() {
    super(
      `sort_by and filter_query read at most ${MAX_SCANNED_STORIES} stories; narrow with starts_with`,
    );
    this.name = "ListingTooBroadError";
  }
}

/** What a listing does beyond the store's filter: order, filter by content, fall back. */
export interface ListingQuery {
  sort?: SortKey[];
  contentFilter?: ContentFilter;
  /**
   * The fallback language's folder: stories of `filter` there whose slug below the folder
   * has no story in the asked language's folder `folder` join the listing.
   */
  fallback?: { folder: string; fallbackFolder: string; filter: StoryFilter };
}

/** The order a listing has without sort_by: the editors' position, then the slug. */
const DEFAULT_ORDER: SortKey[] = [{ field: "position", direction: "asc", cast: "text" }];

const PROPERTY_OF: Record<string, (s: StoryKeys) => unknown> = {
  name: (s) => s.name,
  slug: (s) => s.slug,
  full_slug: (s) => s.fullSlug,
  id: (s) => s.id,
  uuid: (s) => s.uuid,
  position: (s) => s.position,
  created_at: (s) => s.createdAt,
  updated_at: (s) => s.updatedAt,
  published_at: (s) => s.publishedAt,
  first_published_at: (s) => s.firstPublishedAt,
};

function keyValue(story: StoryKeys, field: string): unknown {
  if (field.startsWith("content.")) return story.fields[field.slice("content.".length)];
  return PROPERTY_OF[field]?.(story);
}

export interface CdnAlternate {
  id: number;
  name: string;
  slug: string;
  published: boolean;
  full_slug: string;
  is_folder: boolean;
  parent_id: number;
}

/** A story as the Content Delivery API v2 answers it. */
export interface CdnStory {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  content: StoredContent;
  created_at: string;
  published_at: string | null;
  first_published_at: string | null;
  sort_by_date: null;
  position: number;
  tag_list: string[];
  is_startpage: boolean;
  parent_id: number;
  meta_data: null;
  group_id: string;
  release_id: number | null;
  lang: string;
  path: null;
  alternates: CdnAlternate[];
  default_full_slug: null;
  translated_slugs: null;
  /** Redirect target and status of a redirect story (null otherwise). */
  target: string | null;
  status: number | null;
}

export interface CdnLink {
  id: number;
  uuid: string;
  slug: string;
  path: null;
  real_path: string;
  name: string;
  published: boolean;
  parent_id: number;
  is_folder: boolean;
  is_startpage: boolean;
  position: number;
  /** With include_dates=1 only. */
  published_at?: string | null;
  created_at?: string;
  updated_at?: string;
}

export interface ReadOptions {
  spaceId: number;
  version: ContentVersion;
  releaseId?: number;
  resolveRelations?: string[];
  /** 2: the relations of related stories too. */
  resolveLevel?: 1 | 2;
  resolveLinks?: "url" | "story" | "link";
  /** 2: the links of linked stories too. */
  resolveLinksLevel?: 1 | 2;
  excludingFields?: string[];
}

export interface Resolved {
  rels: CdnStory[];
  rel_uuids?: string[];
  links: (CdnStory | CdnLink | CdnUrlLink)[];
  link_uuids?: string[];
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function toAlternate(row: StoryRow): CdnAlternate {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    published: row.published,
    full_slug: row.fullSlug,
    is_folder: row.isFolder,
    parent_id: row.parentId ?? 0,
  };
}

export function toLink(row: StoryRow, includeDates = false): CdnLink {
  const dates = includeDates
    ? {
        published_at: iso(row.publishedAt),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      }
    : {};
  return {
    id: row.id,
    uuid: row.uuid,
    slug: row.fullSlug,
    path: null,
    real_path: `/${row.fullSlug}`,
    name: row.name,
    published: row.published,
    parent_id: row.parentId ?? 0,
    is_folder: row.isFolder,
    is_startpage: row.isStartpage,
    position: row.position,
    ...dates,
  };
}

/** A resolved link of `resolve_links=url`. */
export interface CdnUrlLink {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  url: string;
}

export function toUrlLink(row: StoryRow): CdnUrlLink {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    slug: row.slug,
    full_slug: row.fullSlug,
    url: row.fullSlug,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Collects relation uuids: fields named "Component.field" (or "*.field") holding uuids. */
export function relationUuids(content: unknown, fields: string[]): string[] {
  const found = new Set<string>();
  const wanted = new Set(fields);
  const any = new Set(fields.filter((f) => f.startsWith("*.")).map((f) => f.slice(2)));
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      const matches =
        typeof record.component === "string" &&
        (wanted.has(`${record.component}.${key}`) || any.has(key));
      if (matches) {
        for (const v of Array.isArray(value) ? value : [value]) {
          if (typeof v === "string" && UUID.test(v)) found.add(v);
        }
      }
      visit(value);
    }
  };
  visit(content);
  return [...found];
}

/** Collects the story uuids of multilinks and rich-text story links. */
export function linkUuids(content: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (record.linktype === "story" && typeof record.id === "string" && UUID.test(record.id)) {
      found.add(record.id);
    }
    const attrs = record.attrs as Record<string, unknown> | undefined;
    if (record.type === "link" && attrs?.linktype === "story" && typeof attrs.uuid === "string") {
      if (UUID.test(attrs.uuid)) found.add(attrs.uuid);
    }
    Object.values(record).forEach(visit);
  };
  visit(content);
  return [...found];
}

export class ContentDelivery {
  constructor(readonly store: ContentStore) {}

  /** The stories of a page of results, shaped and with their alternates. */
  async shape(rows: StoryRow[], options: ReadOptions): Promise<CdnStory[]> {
    const releaseVersions =
      options.releaseId === undefined
        ? new Map()
        : await this.store.releaseVersions(
            options.releaseId,
            rows.map((r) => r.id),
          );
    const members = await this.store.groupMembers(
      options.spaceId,
      rows.map((r) => r.groupId),
    );
    const excluded = new Set(options.excludingFields ?? []);
    return rows.map((row) => {
      const release = releaseVersions.get(row.id);
      const base =
        release?.content ??
        (options.version === "draft" ? row.content : row.publishedContent) ??
        ({ component: "" } as StoredContent);
      const content =
        excluded.size === 0
          ? base
          : (Object.fromEntries(
              Object.entries(base).filter(([key]) => !excluded.has(key)),
            ) as StoredContent);
      return {
        id: row.id,
        uuid: row.uuid,
        name: release?.name ?? row.name,
        slug: row.slug,
        full_slug: row.fullSlug,
        content,
        created_at: row.createdAt.toISOString(),
        published_at: iso(row.publishedAt),
        first_published_at: iso(row.firstPublishedAt),
        sort_by_date: null,
        position: row.position,
        tag_list: row.tags,
        is_startpage: row.isStartpage,
        parent_id: row.parentId ?? 0,
        meta_data: null,
        group_id: row.groupId,
        release_id: release ? (options.releaseId ?? null) : null,
        lang: "default",
        path: null,
        alternates: members
          .filter(
            (m) =>
              m.groupId === row.groupId &&
              m.id !== row.id &&
              (options.version === "draft" || m.published),
          )
          .map(toAlternate),
        default_full_slug: null,
        translated_slugs: null,
        target: row.target,
        status: row.status,
      };
    });
  }

  /**
   * A page of a listing. Without sort_by, content filters or a fallback language the
   * database pages it; otherwise the keys of every matching story are read (with only the
   * content fields asked for), filtered, merged and sorted here, then the page is loaded.
   */
  async list(
    filter: StoryFilter,
    paging: { perPage: number; page: number },
    options: ReadOptions,
    query: ListingQuery = {},
  ): Promise<{ stories: CdnStory[]; total: number }> {
    const offset = (paging.page - 1) * paging.perPage;
    if (!query.sort && !query.contentFilter && !query.fallback) {
      const { rows, total } = await this.store.listStories(filter, {
        limit: paging.perPage,
        offset,
      });
      return { stories: await this.shape(rows, options), total };
    }
    const sort = query.sort ?? DEFAULT_ORDER;
    const fields = [
      ...new Set([
        ...(query.contentFilter ? filterFields(query.contentFilter) : []),
        ...sort.filter((k) => k.field.startsWith("content.")).map((k) => k.field.slice(8)),
      ]),
    ];
    const read = async (f: StoryFilter) => {
      const keys = await this.store.storyKeys(f, fields, MAX_SCANNED_STORIES + 1);
      if (keys.length > MAX_SCANNED_STORIES) throw new ListingTooBroadError();
      return keys;
    };
    let keys = await read(filter);
    if (query.fallback) {
      const { folder, fallbackFolder } = query.fallback;
      const own = new Set(keys.map((k) => k.fullSlug.slice(folder.length)));
      const borrowed = (await read(query.fallback.filter)).filter(
        (k) => !own.has(k.fullSlug.slice(fallbackFolder.length)),
      );
      keys = [...keys, ...borrowed];
    }
    const contentFilter = query.contentFilter;
    if (contentFilter) keys = keys.filter((k) => filterHolds(contentFilter, (f) => k.fields[f]));
    keys.sort(compareBy(sort, keyValue));
    const page = keys.slice(offset, offset + paging.perPage);
    const rows = await this.store.storiesByIds(
      options.spaceId,
      page.map((k) => k.id),
    );
    return { stories: await this.shape(rows, options), total: keys.length };
  }

  async one(
    by: { fullSlug: string } | { id: number } | { uuid: string },
    options: ReadOptions,
  ): Promise<CdnStory | null> {
    const row = await this.store.findStory(options.spaceId, by);
    if (!row || row.isFolder) return null;
    if (options.version === "published" && !row.published) return null;
    const [story] = await this.shape([row], options);
    return story ?? null;
  }

  /**
   * Relations and links of the given stories, inline up to 50, else as uuids. With
   * `resolveLevel` 2 the relations of the related stories are resolved too, and with
   * `resolveLinksLevel` 2 the links of linked stories; links are also resolved inside
   * the related stories, which the client fills in as well.
   */
  async resolve(stories: CdnStory[], options: ReadOptions): Promise<Resolved> {
    const result: Resolved = { rels: [], links: [] };
    const relations = options.resolveRelations ?? [];
    if (relations.length > 0) {
      const first = [...new Set(stories.flatMap((s) => relationUuids(s.content, relations)))];
      if (first.length > RESOLVE_INLINE_LIMIT) result.rel_uuids = first;
      else if (first.length > 0) {
        const rels = await this.byUuids(first, options);
        const known = new Set([...first, ...stories.map((s) => s.uuid)]);
        const second =
          options.resolveLevel === 2
            ? [...new Set(rels.flatMap((s) => relationUuids(s.content, relations)))].filter(
                (u) => !known.has(u),
              )
            : [];
        if (first.length + second.length > RESOLVE_INLINE_LIMIT) {
          result.rel_uuids = [...first, ...second];
        } else {
          result.rels = [...rels, ...(second.length ? await this.byUuids(second, options) : [])];
        }
      }
    }
    if (options.resolveLinks) {
      const sources = [...stories, ...result.rels];
      let uuids = [...new Set(sources.flatMap((s) => linkUuids(s.content)))];
      let linked: CdnStory[] | undefined;
      if (options.resolveLinksLevel === 2 && uuids.length <= RESOLVE_INLINE_LIMIT) {
        linked = await this.byUuids(uuids, options);
        const more = linked.flatMap((s) => linkUuids(s.content)).filter((u) => !uuids.includes(u));
        uuids = [...uuids, ...new Set(more)];
      }
      if (uuids.length > RESOLVE_INLINE_LIMIT) result.link_uuids = uuids;
      else if (uuids.length > 0) {
        if (options.resolveLinks === "story") {
          const have = new Set(linked?.map((s) => s.uuid));
          const rest = uuids.filter((u) => !have.has(u));
          result.links = [
            ...(linked ?? []),
            ...(rest.length ? await this.byUuids(rest, options) : []),
          ];
        } else {
          const { rows } = await this.store.listStories(
            { spaceId: options.spaceId, version: options.version, byUuids: uuids },
            { limit: uuids.length, offset: 0 },
          );
          result.links =
            options.resolveLinks === "url" ? rows.map(toUrlLink) : rows.map((r) => toLink(r));
        }
      }
    }
    return result;
  }

  private async byUuids(uuids: string[], options: ReadOptions): Promise<CdnStory[]> {
    const { rows } = await this.store.listStories(
      { spaceId: options.spaceId, version: options.version, byUuids: uuids },
      { limit: uuids.length, offset: 0 },
    );
    return this.shape(rows, { ...options, excludingFields: undefined });
  }

  async links(
    spaceId: number,
    options: { version: ContentVersion; startsWith?: string; withParent?: number },
  ): Promise<StoryRow[]> {
    return this.store.links(spaceId, options);
  }
}

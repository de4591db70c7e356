/**
 * The Content Delivery API v2 semantics over the store: which stories a request sees
 * (version, release, filters), and the response shapes of Storyblok (story, stories,
 * rels/rel_uuids, links/link_uuids, alternates, cv).
 */
import type { StoredContent } from "../db/schema";
import type { ContentStore, ContentVersion, StoryFilter, StoryRow } from "./store";

/** Relations and links beyond this many are answered as uuids (Storyblok's rule). */
export const RESOLVE_INLINE_LIMIT = 50;

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
}

export interface ReadOptions {
  spaceId: number;
  version: ContentVersion;
  releaseId?: number;
  resolveRelations?: string[];
  resolveLinks?: "url" | "story" | "link";
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

export function toLink(row: StoryRow): CdnLink {
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

  async list(
    filter: StoryFilter,
    paging: { perPage: number; page: number },
    options: ReadOptions,
  ): Promise<{ stories: CdnStory[]; total: number }> {
    const { rows, total } = await this.store.listStories(filter, {
      limit: paging.perPage,
      offset: (paging.page - 1) * paging.perPage,
    });
    return { stories: await this.shape(rows, options), total };
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

  /** Relations and links of the given stories, inline up to 50, else as uuids. */
  async resolve(stories: CdnStory[], options: ReadOptions): Promise<Resolved> {
    const result: Resolved = { rels: [], links: [] };
    const relations = options.resolveRelations ?? [];
    if (relations.length > 0) {
      const uuids = [...new Set(stories.flatMap((s) => relationUuids(s.content, relations)))];
      if (uuids.length > RESOLVE_INLINE_LIMIT) result.rel_uuids = uuids;
      else if (uuids.length > 0) result.rels = await this.byUuids(uuids, options);
    }
    if (options.resolveLinks) {
      const uuids = [...new Set(stories.flatMap((s) => linkUuids(s.content)))];
      if (uuids.length > RESOLVE_INLINE_LIMIT) result.link_uuids = uuids;
      else if (uuids.length > 0) {
        if (options.resolveLinks === "story") result.links = await this.byUuids(uuids, options);
        else {
          const { rows } = await this.store.listStories(
            { spaceId: options.spaceId, version: options.version, byUuids: uuids },
            { limit: uuids.length, offset: 0 },
          );
          result.links = options.resolveLinks === "url" ? rows.map(toUrlLink) : rows.map(toLink);
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
    options: { version: ContentVersion; startsWith?: string },
  ): Promise<CdnLink[]> {
    return (await this.store.links(spaceId, options)).map(toLink);
  }
}

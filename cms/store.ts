/**
 * Database access of the embedded content system: spaces and their cv, tokens,
 * stories (draft and published versions, folders), releases. Every write that changes
 * what visitors see bumps the space's cv.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  and,
  asc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  notInArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { Db } from "../db/client";
import {
  contentReleaseStories,
  contentReleases,
  contentSpaces,
  contentStories,
  contentTokens,
  type StoredContent,
} from "../db/schema";

export type SpaceRow = typeof contentSpaces.$inferSelect;
export type StoryRow = typeof contentStories.$inferSelect;
export type ReleaseRow = typeof contentReleases.$inferSelect;
export type TokenAccess = "public" | "preview" | "management";
export type ContentVersion = "draft" | "published";

/** What a token grants: a space's public or preview access, or management of every space. */
export interface TokenGrant {
  access: TokenAccess;
  spaceId: number | null;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new random access token (24 URL-safe characters, 144 bits). */
export function newToken(): string {
  return randomBytes(18).toString("base64url");
}

/** The cv after a publish: seconds since the epoch, and always larger than before. */
function nextCv(current: number): number {
  return Math.max(current + 1, Math.floor(Date.now() / 1000));
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, "\\$&");
}

/** A by_slugs pattern as SQL: "de-de/*" matches everything below de-de. */
function slugPattern(pattern: string): SQL {
  if (!pattern.includes("*")) return eq(contentStories.fullSlug, pattern);
  return like(contentStories.fullSlug, pattern.split("*").map(escapeLike).join("%"));
}

/** A story date column and the instants it must lie after and before. */
export interface DateRange {
  after?: Date;
  before?: Date;
}

export interface StoryFilter {
  spaceId: number;
  version: ContentVersion;
  startsWith?: string;
  byUuids?: string[];
  bySlugs?: string[];
  excludingSlugs?: string[];
  excludingIds?: number[];
  withTag?: string[];
  isStartpage?: boolean;
  /** Slug segments: 1 for a story at the top, 2 for one in a top folder … */
  level?: number;
  /** Words in the name or in any text of the content (case-insensitive). */
  searchTerm?: string;
  /** The `component` of the story's content. */
  contentType?: string;
  publishedAt?: DateRange;
  firstPublishedAt?: DateRange;
  updatedAt?: DateRange;
}

/** The sortable and filterable values of a story, with the content fields asked for. */
export interface StoryKeys {
  id: number;
  uuid: string;
  fullSlug: string;
  name: string;
  slug: string;
  position: number;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
  firstPublishedAt: Date | null;
  /** Per content field name ("seo.title"): its value in the version read. */
  fields: Record<string, unknown>;
}

/** The search term as a JSON path literal that matches any text of the content. */
function textSearchPath(term: string): string {
  const literal = term.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
  return `strict $.** ? (@.type() == "string" && @ like_regex "${literal}" flag "iq")`;
}

function dateRange(
  column:
    | typeof contentStories.publishedAt
    | typeof contentStories.firstPublishedAt
    | typeof contentStories.updatedAt,
  range?: DateRange,
): SQL[] {
  const conditions: SQL[] = [];
  if (range?.after) conditions.push(sql`${column} > ${range.after.toISOString()}`);
  if (range?.before) conditions.push(sql`${column} < ${range.before.toISOString()}`);
  return conditions;
}

export interface StoryPage {
  rows: StoryRow[];
  total: number;
}

export interface NewStory {
  name: string;
  slug: string;
  parentId: number | null;
  content: StoredContent | null;
  isFolder?: boolean;
  tags?: string[];
  isStartpage?: boolean;
  position?: number;
  groupId?: string;
  target?: string | null;
  status?: number | null;
}

export type StoryPatch = Partial<Omit<NewStory, "isFolder">>;

export class SlugTakenError extends Error {
  constructor(readonly fullSlug: string) {
    super(`A story with the slug ${fullSlug} exists already`);
    this.name = "SlugTakenError";
  }
}

export class ContentStore {
  constructor(readonly db: Db) {}

  // ------------------------------------------------------------ spaces and tokens

  async spaces(): Promise<SpaceRow[]> {
    return this.db.select().from(contentSpaces).orderBy(asc(contentSpaces.id));
  }

  async space(id: number): Promise<SpaceRow | null> {
    const [row] = await this.db.select().from(contentSpaces).where(eq(contentSpaces.id, id));
    return row ?? null;
  }

  /**
   * Creates the space of a channel when missing and makes sure it has a public and a
   * preview token: the configured ones, or new random ones the first time.
   */
  async ensureSpace(input: {
    id: number;
    channel: string;
    name: string;
    publicToken?: string;
    previewToken?: string;
  }): Promise<{ space: SpaceRow; publicToken: string; previewToken: string }> {
    return this.db.transaction(async (tx) => {
      await tx
        .insert(contentSpaces)
        .values({ id: input.id, channel: input.channel, name: input.name, cv: nextCv(0) })
        .onConflictDoNothing();
      const [space] = await tx.select().from(contentSpaces).where(eq(contentSpaces.id, input.id));
      if (!space || space.channel !== input.channel) {
        throw new Error(
          `Content space ${input.id} belongs to channel ${space?.channel ?? "?"}, not ${input.channel}`,
        );
      }
      const tokens: Record<"public" | "preview", string> = { public: "", preview: "" };
      for (const access of ["public", "preview"] as const) {
        const wanted = access === "public" ? input.publicToken : input.previewToken;
        const [current] = await tx
          .select()
          .from(contentTokens)
          .where(and(eq(contentTokens.spaceId, space.id), eq(contentTokens.access, access)));
        if (current?.token && (wanted === undefined || wanted === current.token)) {
          tokens[access] = current.token;
          continue;
        }
        const token = wanted ?? newToken();
        if (current) await tx.delete(contentTokens).where(eq(contentTokens.id, current.id));
        await tx
          .insert(contentTokens)
          .values({ spaceId: space.id, access, token, tokenHash: hashToken(token) });
        tokens[access] = token;
      }
      return { space, publicToken: tokens.public, previewToken: tokens.preview };
    });
  }

  /**
   * Makes `token` the one management token (only its hash is kept); without one, no
   * management token is left, so removing the variable closes the management API.
   */
  async ensureManagementToken(token: string | undefined): Promise<void> {
    if (token === undefined) {
      await this.db.delete(contentTokens).where(eq(contentTokens.access, "management"));
      return;
    }
    const tokenHash = hashToken(token);
    await this.db.transaction(async (tx) => {
      await tx
        .delete(contentTokens)
        .where(
          and(
            eq(contentTokens.access, "management"),
            sql`${contentTokens.tokenHash} <> ${tokenHash}`,
          ),
        );
      await tx
        .insert(contentTokens)
        .values({ access: "management", tokenHash, spaceId: null })
        .onConflictDoNothing();
    });
  }

  async grantFor(token: string): Promise<TokenGrant | null> {
    const [row] = await this.db
      .select({ access: contentTokens.access, spaceId: contentTokens.spaceId })
      .from(contentTokens)
      .where(eq(contentTokens.tokenHash, hashToken(token)));
    return row ?? null;
  }

  async bumpCv(spaceId: number): Promise<number> {
    const [space] = await this.db
      .select({ cv: contentSpaces.cv })
      .from(contentSpaces)
      .where(eq(contentSpaces.id, spaceId));
    const cv = nextCv(space?.cv ?? 0);
    await this.db
      .update(contentSpaces)
      .set({ cv, updatedAt: new Date() })
      .where(eq(contentSpaces.id, spaceId));
    return cv;
  }

  // ------------------------------------------------------------ reading stories

  private storyConditions(filter: StoryFilter): SQL {
    const content =
      filter.version === "draft" ? contentStories.content : contentStories.publishedContent;
    const conditions: (SQL | undefined)[] = [
      eq(contentStories.spaceId, filter.spaceId),
      eq(contentStories.isFolder, false),
      filter.version === "published" ? eq(contentStories.published, true) : undefined,
      filter.startsWith
        ? like(contentStories.fullSlug, `${escapeLike(filter.startsWith)}%`)
        : undefined,
      filter.byUuids ? inArray(contentStories.uuid, filter.byUuids) : undefined,
      filter.bySlugs ? or(...filter.bySlugs.map(slugPattern)) : undefined,
      filter.excludingSlugs?.length
        ? sql`not (${or(...filter.excludingSlugs.map(slugPattern))})`
        : undefined,
      filter.withTag?.length
        ? or(
            ...filter.withTag.map(
              (tag) => sql`${contentStories.tags} @> ${JSON.stringify([tag])}::jsonb`,
            ),
          )
        : undefined,
      filter.isStartpage === undefined
        ? undefined
        : eq(contentStories.isStartpage, filter.isStartpage),
      filter.excludingIds?.length ? notInArray(contentStories.id, filter.excludingIds) : undefined,
      filter.level === undefined
        ? undefined
        : sql`length(${contentStories.fullSlug}) - length(replace(${contentStories.fullSlug}, '/', '')) = ${filter.level - 1}`,
      filter.searchTerm
        ? or(
            ilike(contentStories.name, `%${escapeLike(filter.searchTerm)}%`),
            sql`jsonb_path_exists(${content}, ${textSearchPath(filter.searchTerm)}::jsonpath)`,
          )
        : undefined,
      filter.contentType === undefined
        ? undefined
        : sql`${content} ->> 'component' = ${filter.contentType}`,
      ...dateRange(contentStories.publishedAt, filter.publishedAt),
      ...dateRange(contentStories.firstPublishedAt, filter.firstPublishedAt),
      ...dateRange(contentStories.updatedAt, filter.updatedAt),
    ];
    return and(...conditions.filter((c): c is SQL => c !== undefined)) as SQL;
  }

  async listStories(
    filter: StoryFilter,
    paging: { limit: number; offset: number },
  ): Promise<StoryPage> {
    if (filter.byUuids?.length === 0 || filter.bySlugs?.length === 0) return { rows: [], total: 0 };
    const where = this.storyConditions(filter);
    const [rows, total] = await Promise.all([
      this.db
        .select()
        .from(contentStories)
        .where(where)
        .orderBy(asc(contentStories.position), asc(contentStories.fullSlug))
        .limit(paging.limit)
        .offset(paging.offset),
      this.db.$count(contentStories, where),
    ]);
    return { rows, total };
  }

  /**
   * The keys of every story the filter admits (at most `limit`), with the values of the
   * given content fields read in the database, so sorting and filtering by content need
   * not load whole stories.
   */
  async storyKeys(filter: StoryFilter, fields: string[], limit: number): Promise<StoryKeys[]> {
    if (filter.byUuids?.length === 0 || filter.bySlugs?.length === 0) return [];
    const content =
      filter.version === "draft" ? contentStories.content : contentStories.publishedContent;
    const selected = Object.fromEntries(
      fields.map((field, i) => [
        `f${i}`,
        sql<unknown>`${content} #> string_to_array(${field}, '.')`,
      ]),
    );
    const rows = await this.db
      .select({
        id: contentStories.id,
        uuid: contentStories.uuid,
        fullSlug: contentStories.fullSlug,
        name: contentStories.name,
        slug: contentStories.slug,
        position: contentStories.position,
        createdAt: contentStories.createdAt,
        updatedAt: contentStories.updatedAt,
        publishedAt: contentStories.publishedAt,
        firstPublishedAt: contentStories.firstPublishedAt,
        ...selected,
      })
      .from(contentStories)
      .where(this.storyConditions(filter))
      .limit(limit);
    return rows.map((row) => {
      const record = row as Record<string, unknown>;
      return {
        id: row.id,
        uuid: row.uuid,
        fullSlug: row.fullSlug,
        name: row.name,
        slug: row.slug,
        position: row.position,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        publishedAt: row.publishedAt,
        firstPublishedAt: row.firstPublishedAt,
        fields: Object.fromEntries(fields.map((field, i) => [field, record[`f${i}`]])),
      };
    });
  }

  /** Stories by id, in the order of the ids. */
  async storiesByIds(spaceId: number, ids: number[]): Promise<StoryRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(contentStories)
      .where(and(eq(contentStories.spaceId, spaceId), inArray(contentStories.id, ids)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is StoryRow => r !== undefined);
  }

  async findStory(
    spaceId: number,
    by: { fullSlug: string } | { id: number } | { uuid: string },
  ): Promise<StoryRow | null> {
    const key =
      "fullSlug" in by
        ? eq(contentStories.fullSlug, by.fullSlug)
        : "id" in by
          ? eq(contentStories.id, by.id)
          : eq(contentStories.uuid, by.uuid);
    const [row] = await this.db
      .select()
      .from(contentStories)
      .where(and(eq(contentStories.spaceId, spaceId), key));
    return row ?? null;
  }

  /** The other stories of the given translation groups (Storyblok's alternates). */
  async groupMembers(spaceId: number, groupIds: string[]): Promise<StoryRow[]> {
    if (groupIds.length === 0) return [];
    return this.db
      .select()
      .from(contentStories)
      .where(
        and(
          eq(contentStories.spaceId, spaceId),
          eq(contentStories.isFolder, false),
          inArray(contentStories.groupId, [...new Set(groupIds)]),
        ),
      )
      .orderBy(asc(contentStories.fullSlug));
  }

  /** Stories and folders for the links endpoint. */
  async links(
    spaceId: number,
    options: { version: ContentVersion; startsWith?: string; withParent?: number },
  ): Promise<StoryRow[]> {
    const conditions: SQL[] = [eq(contentStories.spaceId, spaceId)];
    if (options.withParent !== undefined) {
      conditions.push(
        options.withParent === 0
          ? isNull(contentStories.parentId)
          : eq(contentStories.parentId, options.withParent),
      );
    }
    if (options.version === "published") {
      conditions.push(or(eq(contentStories.isFolder, true), eq(contentStories.published, true))!);
    }
    if (options.startsWith) {
      conditions.push(like(contentStories.fullSlug, `${escapeLike(options.startsWith)}%`));
    }
    return this.db
      .select()
      .from(contentStories)
      .where(and(...conditions))
      .orderBy(asc(contentStories.position), asc(contentStories.fullSlug));
  }

  /** The versions a release holds for some stories. */
  async releaseVersions(
    releaseId: number,
    storyIds: number[],
  ): Promise<Map<number, { name: string; content: StoredContent }>> {
    if (storyIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(contentReleaseStories)
      .where(
        and(
          eq(contentReleaseStories.releaseId, releaseId),
          inArray(contentReleaseStories.storyId, storyIds),
        ),
      );
    return new Map(rows.map((r) => [r.storyId, { name: r.name, content: r.content }]));
  }

  // ------------------------------------------------------------ writing stories

  private async fullSlugFor(spaceId: number, parentId: number | null, slug: string) {
    if (parentId === null) return slug;
    const parent = await this.findStory(spaceId, { id: parentId });
    if (!parent?.isFolder) throw new Error(`Parent ${parentId} is not a folder of this space`);
    return `${parent.fullSlug}/${slug}`;
  }

  async createStory(spaceId: number, input: NewStory): Promise<StoryRow> {
    const fullSlug = await this.fullSlugFor(spaceId, input.parentId, input.slug);
    if (await this.findStory(spaceId, { fullSlug })) throw new SlugTakenError(fullSlug);
    const [row] = await this.db
      .insert(contentStories)
      .values({
        spaceId,
        parentId: input.parentId,
        isFolder: input.isFolder ?? false,
        name: input.name,
        slug: input.slug,
        fullSlug,
        content: input.content,
        tags: input.tags ?? [],
        isStartpage: input.isStartpage ?? false,
        position: input.position ?? 0,
        target: input.target ?? null,
        status: input.status ?? null,
        ...(input.groupId ? { groupId: input.groupId } : {}),
      })
      .returning();
    return row!;
  }

  /** Updates the draft (and the slug, moving a folder's children with it). */
  async updateStory(story: StoryRow, patch: StoryPatch): Promise<StoryRow> {
    const slug = patch.slug ?? story.slug;
    const parentId = patch.parentId === undefined ? story.parentId : patch.parentId;
    const fullSlug =
      slug === story.slug && parentId === story.parentId
        ? story.fullSlug
        : await this.fullSlugFor(story.spaceId, parentId, slug);
    if (fullSlug !== story.fullSlug && (await this.findStory(story.spaceId, { fullSlug }))) {
      throw new SlugTakenError(fullSlug);
    }
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(contentStories)
        .set({
          name: patch.name ?? story.name,
          slug,
          parentId,
          fullSlug,
          content: patch.content === undefined ? story.content : patch.content,
          tags: patch.tags ?? story.tags,
          isStartpage: patch.isStartpage ?? story.isStartpage,
          position: patch.position ?? story.position,
          groupId: patch.groupId ?? story.groupId,
          target: patch.target === undefined ? story.target : patch.target,
          status: patch.status === undefined ? story.status : patch.status,
          unpublishedChanges: story.published,
          updatedAt: new Date(),
        })
        .where(eq(contentStories.id, story.id))
        .returning();
      if (story.isFolder && fullSlug !== story.fullSlug) {
        await tx
          .update(contentStories)
          .set({
            fullSlug: sql`${fullSlug} || substring(${contentStories.fullSlug} from ${story.fullSlug.length + 1})`,
          })
          .where(
            and(
              eq(contentStories.spaceId, story.spaceId),
              like(contentStories.fullSlug, `${escapeLike(story.fullSlug)}/%`),
            ),
          );
      }
      return row!;
    });
  }

  /** Publishes the draft of a story; returns the story and the space's new cv. */
  async publishStory(story: StoryRow): Promise<{ story: StoryRow; cv: number }> {
    const now = new Date();
    const [row] = await this.db
      .update(contentStories)
      .set({
        publishedContent: story.content,
        published: true,
        unpublishedChanges: false,
        publishedAt: now,
        firstPublishedAt: story.firstPublishedAt ?? now,
        updatedAt: now,
      })
      .where(eq(contentStories.id, story.id))
      .returning();
    return { story: row!, cv: await this.bumpCv(story.spaceId) };
  }

  async unpublishStory(story: StoryRow): Promise<{ story: StoryRow; cv: number }> {
    const [row] = await this.db
      .update(contentStories)
      .set({ published: false, publishedContent: null, unpublishedChanges: false })
      .where(eq(contentStories.id, story.id))
      .returning();
    return { story: row!, cv: await this.bumpCv(story.spaceId) };
  }

  /** Deletes a story (a folder with everything in it); returns the space's new cv. */
  async deleteStory(story: StoryRow): Promise<number> {
    await this.db
      .delete(contentStories)
      .where(
        and(
          eq(contentStories.spaceId, story.spaceId),
          story.isFolder
            ? or(
                eq(contentStories.id, story.id),
                like(contentStories.fullSlug, `${escapeLike(story.fullSlug)}/%`),
              )
            : eq(contentStories.id, story.id),
        ),
      );
    return this.bumpCv(story.spaceId);
  }

  // ------------------------------------------------------------ releases

  async releases(spaceId: number): Promise<ReleaseRow[]> {
    return this.db
      .select()
      .from(contentReleases)
      .where(eq(contentReleases.spaceId, spaceId))
      .orderBy(asc(contentReleases.id));
  }

  async release(spaceId: number, id: number): Promise<ReleaseRow | null> {
    const [row] = await this.db
      .select()
      .from(contentReleases)
      .where(and(eq(contentReleases.spaceId, spaceId), eq(contentReleases.id, id)));
    return row ?? null;
  }

  async createRelease(spaceId: number, name: string, releaseAt: Date | null): Promise<ReleaseRow> {
    const [row] = await this.db
      .insert(contentReleases)
      .values({ spaceId, name, releaseAt })
      .returning();
    return row!;
  }

  /** Puts a story's version into a release (instead of changing its draft). */
  async saveToRelease(
    releaseId: number,
    story: StoryRow,
    version: { name: string; content: StoredContent },
  ): Promise<void> {
    await this.db
      .insert(contentReleaseStories)
      .values({ releaseId, storyId: story.id, ...version })
      .onConflictDoUpdate({
        target: [contentReleaseStories.releaseId, contentReleaseStories.storyId],
        set: { ...version, updatedAt: new Date() },
      });
  }

  /** Publishes every version a release holds; returns the space's new cv. */
  async doRelease(release: ReleaseRow): Promise<number> {
    const now = new Date();
    await this.db.transaction(async (tx) => {
      const versions = await tx
        .select()
        .from(contentReleaseStories)
        .where(eq(contentReleaseStories.releaseId, release.id));
      for (const version of versions) {
        await tx
          .update(contentStories)
          .set({
            name: version.name,
            content: version.content,
            publishedContent: version.content,
            published: true,
            unpublishedChanges: false,
            publishedAt: now,
            firstPublishedAt: sql`coalesce(${contentStories.firstPublishedAt}, ${now})`,
            updatedAt: now,
          })
          .where(eq(contentStories.id, version.storyId));
      }
      await tx
        .update(contentReleases)
        .set({ released: true })
        .where(eq(contentReleases.id, release.id));
    });
    return this.bumpCv(release.spaceId);
  }

  /** Releases whose time has come and that are not released yet. */
  async dueReleases(now: Date): Promise<ReleaseRow[]> {
    return this.db
      .select()
      .from(contentReleases)
      .where(
        and(
          eq(contentReleases.released, false),
          isNotNull(contentReleases.releaseAt),
          sql`${contentReleases.releaseAt} <= ${now.toISOString()}`,
        ),
      );
  }

  // ------------------------------------------------------------ import support

  /** Stories and folders created by the seed import (they carry a source hash). */
  async importedStories(spaceId: number): Promise<StoryRow[]> {
    return this.db
      .select()
      .from(contentStories)
      .where(and(eq(contentStories.spaceId, spaceId), isNotNull(contentStories.sourceHash)));
  }
}

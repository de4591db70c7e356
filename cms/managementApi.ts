/**
 * The management API of the embedded content system, on Storyblok's Management API
 * paths (/v1/spaces/{space_id}/...), so storyblok-js-client's post, put and delete work
 * against it with an OAuth-style token (`oauthToken`, sent as Authorization). Stories
 * are created, updated, deleted, published and unpublished; releases created and released.
 */
import { BadTokenGuard } from "./badTokens";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { StoredContent } from "../db/schema";
import { RateLimiter } from "./rateLimit";
import {
  SlugTakenError,
  type ContentStore,
  type NewStory,
  type ReleaseRow,
  type StoryRow,
} from "./store";
import { MAX_SERIAL_ID, isSerialId } from "../db/ids";
import { problem } from "./problem";
import { invalidInputProblem } from "../domain/problem";
import { publishRefusal } from "./publishCheck";

/** Management calls per token and second (storyblok-js-client sends at most 3). */
const MANAGEMENT_REQUESTS_PER_SECOND = 6;
const MAX_BODY_BYTES = 1024 * 1024;

const slug = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,199}$/, "lowercase letters, digits, . _ -");
const content = z.looseObject({
  component: z.string().min(1).max(200),
  _uid: z.string().max(100).optional(),
});
const publishFlag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(["1", "0", "true", "false"])])
  .transform((v) => v === true || v === 1 || v === "1" || v === "true")
  .optional();
const redirectStatus = z.union([301, 302, 307, 308].map((s) => z.literal(s)));

const storyFields = z.object({
  name: z.string().min(1).max(255),
  slug,
  parent_id: z.number().int().nonnegative().max(MAX_SERIAL_ID).nullable().optional(),
  is_folder: z.boolean().optional(),
  content: content.optional(),
  tag_list: z.array(z.string().min(1).max(100)).max(50).optional(),
  is_startpage: z.boolean().optional(),
  position: z.number().int().min(-MAX_SERIAL_ID).max(MAX_SERIAL_ID).optional(),
  group_id: z.uuid().optional(),
  target: z.string().min(1).max(2000).nullable().optional(),
  status: redirectStatus.nullable().optional(),
});

const createBody = z.object({
  story: storyFields,
  publish: publishFlag,
});

const updateBody = z.object({
  story: storyFields.partial(),
  publish: publishFlag,
  release_id: z.number().int().positive().max(MAX_SERIAL_ID).optional(),
  force_update: publishFlag,
});

const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .default(25)
    .transform((n) => Math.min(n, 100)),
  starts_with: z
    .string()
    .max(512)
    .regex(/^[a-z0-9._\-/]*$/i)
    .optional(),
  with_tag: z.string().max(100).optional(),
});

const releaseBody = z.object({
  release: z.object({
    name: z.string().min(1).max(255),
    release_at: z.iso.datetime({ offset: true }).nullable().optional(),
  }),
});

const doReleaseBody = z.object({ do_release: publishFlag });

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** A story as the Management API answers it. */
function managementStory(row: StoryRow, withContent = true) {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    slug: row.slug,
    full_slug: row.fullSlug,
    ...(withContent ? { content: row.content } : {}),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: iso(row.publishedAt),
    first_published_at: iso(row.firstPublishedAt),
    published: row.published,
    unpublished_changes: row.unpublishedChanges,
    is_folder: row.isFolder,
    is_startpage: row.isStartpage,
    parent_id: row.parentId ?? 0,
    group_id: row.groupId,
    tag_list: row.tags,
    position: row.position,
    target: row.target,
    status: row.status,
  };
}

function managementRelease(row: ReleaseRow) {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    release_at: iso(row.releaseAt),
    released: row.released,
    created_at: row.createdAt.toISOString(),
  };
}

const FAILURE_CODES = {
  400: "invalid_request",
  401: "unauthorized",
  404: "not_found",
  409: "conflict",
  422: "unprocessable",
  429: "too_many_requests",
} as const;

/** A refusal; refused input names each wrong field (`errors`). */
function fail(c: Context, status: keyof typeof FAILURE_CODES, message: string | z.ZodError) {
  if (status === 429) c.header("Retry-After", "1");
  if (typeof message !== "string") {
    return problem(c, status, { ...invalidInputProblem(message), code: FAILURE_CODES[status] });
  }
  return problem(c, status, { code: FAILURE_CODES[status], detail: message });
}

/**
 * A publish refused because the story's texts carry markup a page would show as written:
 * 422 naming each field; nothing is written. Null when the content may be published.
 */
function refusedMarkup(c: Context, content: StoredContent | null | undefined): Response | null {
  const refusal = publishRefusal(content);
  if (!refusal) return null;
  return problem(c, 422, {
    code: FAILURE_CODES[422],
    detail: refusal.message,
    errors: { ...refusal.errors },
  });
}

/** What a publish changed: a story (by uuid) at its slugs in a channel's space. */
export interface ChangedStory {
  uuid: string;
  /** The full slugs the story had before and has after the change. */
  fullSlugs: readonly string[];
}

/** What a write of a story changed: the story at its slug before and after. */
export function changedStory(before: StoryRow, after: StoryRow = before): ChangedStory {
  return { uuid: before.uuid, fullSlugs: [...new Set([before.fullSlug, after.fullSlug])] };
}

/** `changed` hears of every write to a space; `callerKey` names the caller for the limits. */
export function contentManagementRoutes(
  store: ContentStore,
  changed: (spaceId: number, stories?: readonly ChangedStory[]) => void,
  callerKey: (c: Context) => string,
): Hono<{
  Variables: { spaceId: number };
}> {
  const limiter = new RateLimiter();
  const badTokens = new BadTokenGuard(store.db);
  const routes = new Hono<{ Variables: { spaceId: number } }>();

  routes.use("/v1/spaces/:space_id/*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    const client = callerKey(c);
    if (badTokens.blocked(client)) return fail(c, 429, "Too many invalid tokens");
    const header = c.req.header("authorization") ?? "";
    const token = header.replace(/^Bearer\s+/i, "").trim();
    const grant = token ? await store.grantFor(token) : null;
    if (!grant || grant.access !== "management") {
      await badTokens.failed(client);
      return fail(c, 401, "Unauthorized");
    }
    if (!limiter.take(`${client}:${token}`, MANAGEMENT_REQUESTS_PER_SECOND)) {
      return fail(c, 429, "Too Many Requests");
    }
    const spaceId = Number(c.req.param("space_id"));
    if (!isSerialId(spaceId) || !(await store.space(spaceId))) {
      return fail(c, 404, "This record could not be found");
    }
    c.set("spaceId", spaceId);
    await next();
  });
  routes.use("/v1/spaces/:space_id/*", bodyLimit({ maxSize: MAX_BODY_BYTES }));

  async function storyOf(c: Context<{ Variables: { spaceId: number } }>) {
    const id = Number(c.req.param("id"));
    if (!isSerialId(id)) return null;
    return store.findStory(c.get("spaceId"), { id });
  }

  async function json<T extends z.ZodType>(c: Context, schema: T) {
    return schema.safeParse(await c.req.json().catch(() => null));
  }

  routes.get("/v1/spaces/:space_id/", async (c) => {
    const space = await store.space(c.get("spaceId"));
    return c.json({ space: { id: space!.id, name: space!.name, version: space!.cv } });
  });

  routes.get("/v1/spaces/:space_id/stories", async (c) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) return fail(c, 400, parsed.error);
    const q = parsed.data;
    const all = await store.links(c.get("spaceId"), {
      version: "draft",
      startsWith: q.starts_with,
    });
    const tagged = q.with_tag ? all.filter((s) => s.tags.includes(q.with_tag!)) : all;
    c.header("Total", String(tagged.length));
    c.header("Per-Page", String(q.per_page));
    const page = tagged.slice((q.page - 1) * q.per_page, q.page * q.per_page);
    return c.json({ stories: page.map((s) => managementStory(s, false)) });
  });

  routes.get("/v1/spaces/:space_id/stories/:id{[0-9]+}", async (c) => {
    const story = await storyOf(c);
    if (!story) return fail(c, 404, "This record could not be found");
    return c.json({ story: managementStory(story) });
  });

  routes.post("/v1/spaces/:space_id/stories", async (c) => {
    const parsed = await json(c, createBody);
    if (!parsed.success) return fail(c, 422, parsed.error);
    const { story, publish } = parsed.data;
    const folder = story.is_folder ?? false;
    if (!folder && !story.content) return fail(c, 422, "content: a story needs content");
    if (publish && !folder) {
      const refused = refusedMarkup(c, story.content as StoredContent);
      if (refused) return refused;
    }
    const spaceId = c.get("spaceId");
    const input: NewStory = {
      name: story.name,
      slug: story.slug,
      parentId: story.parent_id ? story.parent_id : null,
      isFolder: folder,
      content: folder ? null : (story.content as StoredContent),
      tags: story.tag_list,
      isStartpage: story.is_startpage,
      position: story.position,
      groupId: story.group_id,
      target: story.target,
      status: story.status,
    };
    let row: StoryRow;
    try {
      row = await store.createStory(spaceId, input);
    } catch (error) {
      if (error instanceof SlugTakenError) return fail(c, 422, `slug: ${error.message}`);
      if (error instanceof Error && /not a folder/.test(error.message)) {
        return fail(c, 422, `parent_id: ${error.message}`);
      }
      throw error;
    }
    if (publish && !folder) {
      row = (await store.publishStory(row)).story;
      changed(spaceId, [changedStory(row)]);
    }
    return c.json({ story: managementStory(row) }, 201);
  });

  routes.put("/v1/spaces/:space_id/stories/:id{[0-9]+}", async (c) => {
    const story = await storyOf(c);
    if (!story) return fail(c, 404, "This record could not be found");
    const parsed = await json(c, updateBody);
    if (!parsed.success) return fail(c, 422, parsed.error);
    const { story: patch, publish, release_id: releaseId } = parsed.data;
    const spaceId = c.get("spaceId");
    if (releaseId !== undefined) {
      const release = await store.release(spaceId, releaseId);
      if (!release || release.released) return fail(c, 422, "release_id: no open release");
      const releaseContent = (patch.content ?? story.content) as StoredContent | null;
      if (!releaseContent) return fail(c, 422, "content: a folder has no content");
      // A release publishes what it holds when it is due: it takes only what may be published.
      const refused = refusedMarkup(c, releaseContent);
      if (refused) return refused;
      await store.saveToRelease(release.id, story, {
        name: patch.name ?? story.name,
        content: releaseContent,
      });
      return c.json({ story: managementStory(story) });
    }
    if (story.isFolder && patch.content) return fail(c, 422, "content: a folder has no content");
    if (publish && !story.isFolder) {
      const refused = refusedMarkup(c, (patch.content ?? story.content) as StoredContent | null);
      if (refused) return refused;
    }
    let row: StoryRow;
    try {
      row = await store.updateStory(story, {
        name: patch.name,
        slug: patch.slug,
        parentId: patch.parent_id === undefined ? undefined : patch.parent_id || null,
        content: patch.content as StoredContent | undefined,
        tags: patch.tag_list,
        isStartpage: patch.is_startpage,
        position: patch.position,
        groupId: patch.group_id,
        target: patch.target,
        status: patch.status,
      });
    } catch (error) {
      if (error instanceof SlugTakenError) return fail(c, 422, `slug: ${error.message}`);
      throw error;
    }
    if (publish && !row.isFolder) row = (await store.publishStory(row)).story;
    // A folder's move or rename changes the slugs of every story in it: the whole space.
    if (story.isFolder) changed(spaceId);
    else if (publish || story.published) changed(spaceId, [changedStory(story, row)]);
    return c.json({ story: managementStory(row) });
  });

  routes.delete("/v1/spaces/:space_id/stories/:id{[0-9]+}", async (c) => {
    const story = await storyOf(c);
    if (!story) return fail(c, 404, "This record could not be found");
    await store.deleteStory(story);
    changed(c.get("spaceId"));
    return c.json({ story: managementStory(story) });
  });

  routes.get("/v1/spaces/:space_id/stories/:id{[0-9]+}/publish", async (c) => {
    const story = await storyOf(c);
    if (!story || story.isFolder) return fail(c, 404, "This record could not be found");
    const refused = refusedMarkup(c, story.content);
    if (refused) return refused;
    const { story: row } = await store.publishStory(story);
    changed(c.get("spaceId"), [changedStory(story, row)]);
    return c.json({ story: managementStory(row) });
  });

  routes.get("/v1/spaces/:space_id/stories/:id{[0-9]+}/unpublish", async (c) => {
    const story = await storyOf(c);
    if (!story || story.isFolder) return fail(c, 404, "This record could not be found");
    const { story: row } = await store.unpublishStory(story);
    changed(c.get("spaceId"), [changedStory(story, row)]);
    return c.json({ story: managementStory(row) });
  });

  routes.get("/v1/spaces/:space_id/releases", async (c) => {
    const releases = await store.releases(c.get("spaceId"));
    return c.json({ releases: releases.map(managementRelease) });
  });

  routes.post("/v1/spaces/:space_id/releases", async (c) => {
    const parsed = await json(c, releaseBody);
    if (!parsed.success) return fail(c, 422, parsed.error);
    const { name, release_at: at } = parsed.data.release;
    const release = await store.createRelease(c.get("spaceId"), name, at ? new Date(at) : null);
    return c.json({ release: managementRelease(release) }, 201);
  });

  routes.put("/v1/spaces/:space_id/releases/:id{[0-9]+}", async (c) => {
    const releaseId = Number(c.req.param("id"));
    const release = isSerialId(releaseId) ? await store.release(c.get("spaceId"), releaseId) : null;
    if (!release) return fail(c, 404, "This record could not be found");
    const parsed = await json(c, doReleaseBody);
    if (!parsed.success) return fail(c, 422, parsed.error);
    if (parsed.data.do_release && !release.released) {
      await store.doRelease(release);
      changed(release.spaceId);
    }
    const current = await store.release(release.spaceId, release.id);
    return c.json({ release: managementRelease(current!) });
  });

  return routes;
}

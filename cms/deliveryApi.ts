/**
 * The Content Delivery API v2 of the embedded content system, as storyblok-js-client
 * and Storyblok's documentation expect it: /v2/cdn/stories, /v2/cdn/stories/{full_slug},
 * /v2/cdn/links and /v2/cdn/spaces/me. The token picks the space; a public token sees
 * published content only, a preview token drafts and releases too.
 */
import { BadTokenGuard } from "./badTokens";
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  ContentDelivery,
  ListingTooBroadError,
  toLink,
  type ListingQuery,
  type ReadOptions,
} from "./delivery";
import { parseFilterQuery, parseSortBy } from "./storyQuery";
import { contentInstant } from "../domain/dates";
import { IN_PROCESS, RateLimiter, requestsPerSecond } from "./rateLimit";
import type { ContentStore, TokenGrant } from "./store";
import { MAX_SERIAL_ID, isSerialId } from "../db/ids";
import { problem } from "./problem";
import { invalidInputProblem } from "../domain/problem";

const DEFAULT_PER_PAGE = 25;
const MAX_PER_PAGE = 100;
const GRANT_TTL_MS = 30_000;

const SLUG = /^[a-z0-9._\-/*]*$/i;
const csv = (item: z.ZodString) =>
  z
    .string()
    .max(20_000)
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== ""),
    )
    .pipe(z.array(item).max(500));

/** Text without control characters (a NUL byte cannot even be stored). */
const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;

const uuidList = csv(z.string().regex(/^[0-9a-f-]{36}$/i, "not a uuid"));
const slugList = csv(z.string().max(512).regex(SLUG, "not a slug"));
const fieldList = csv(
  z
    .string()
    .max(120)
    .regex(/^[\w.*-]+$/, "not a field name"),
);
const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");
const level = z.enum(["1", "2"]).transform((v) => (v === "2" ? 2 : 1));
const languageCode = z
  .string()
  .regex(/^(default|[a-z]{2}(-[a-z]{2})?)$/i, "not a language code")
  .transform((v) => v.toLowerCase());
/** A date as Storyblok writes it ("2018-03-03 10:00", UTC). */
const dateParam = z
  .string()
  .max(40)
  .transform((v, ctx) => {
    const instant = contentInstant(v);
    if (instant === null) {
      ctx.addIssue({ code: "custom", message: "not a date like 2018-03-03 10:00 (UTC)" });
      return z.NEVER;
    }
    return new Date(instant);
  });

/**
 * The cache version a client names. Any text is taken: one that is no number ("undefined",
 * as clients send when they know none yet) counts as none, as Storyblok's CDN treats it.
 */
const cvParam = z
  .string()
  .max(40)
  .transform((v) => (/^\d{1,15}$/.test(v) ? Number(v) : undefined))
  .optional();

const commonQuery = z.object({
  token: z.string().min(1).max(200),
  version: z.enum(["draft", "published"]).default("published"),
  cv: cvParam,
  language: languageCode.optional(),
  fallback_lang: languageCode.optional(),
  from_release: z.coerce.number().int().positive().max(MAX_SERIAL_ID).optional(),
  resolve_relations: fieldList.optional(),
  resolve_level: level.optional(),
  resolve_links: z
    .enum(["url", "story", "link", "0", "1"])
    .transform((v) => (v === "0" ? undefined : v === "1" ? "story" : v))
    .optional(),
  resolve_links_level: level.optional(),
  excluding_fields: fieldList.optional(),
});

const storiesQuery = commonQuery.extend({
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_PER_PAGE)
    .transform((n) => Math.min(n, MAX_PER_PAGE)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  starts_with: z.string().max(512).regex(SLUG, "not a slug").optional(),
  by_uuids: uuidList.optional(),
  by_uuids_ordered: uuidList.optional(),
  by_slugs: slugList.optional(),
  excluding_slugs: slugList.optional(),
  with_tag: csv(z.string().max(120).regex(PRINTABLE, "not a tag")).optional(),
  is_startpage: flag.optional(),
  excluding_ids: csv(z.string().regex(/^\d{1,10}$/, "not a story id"))
    .transform((ids) => ids.map(Number).filter(isSerialId))
    .optional(),
  level: z.coerce.number().int().min(1).max(50).optional(),
  search_term: z
    .string()
    .max(200)
    .regex(PRINTABLE, "not printable text")
    .transform((v) => v.trim())
    .optional(),
  content_type: z
    .string()
    .max(100)
    .regex(/^[\w-]+$/, "not a content type")
    .optional(),
  published_at_gt: dateParam.optional(),
  published_at_lt: dateParam.optional(),
  first_published_at_gt: dateParam.optional(),
  first_published_at_lt: dateParam.optional(),
  updated_at_gt: dateParam.optional(),
  updated_at_lt: dateParam.optional(),
  sort_by: z
    .string()
    .max(300)
    .transform((v, ctx) => {
      const parsed = parseSortBy(v);
      if ("message" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }
      return parsed.keys;
    })
    .optional(),
});

const storyQuery = commonQuery.extend({
  find_by: z.enum(["uuid", "id", "slug"]).optional(),
});

const linksQuery = z.object({
  token: z.string().min(1).max(200),
  version: z.enum(["draft", "published"]).default("published"),
  cv: cvParam,
  starts_with: z.string().max(512).regex(SLUG, "not a slug").optional(),
  with_parent: z.coerce.number().int().min(0).max(MAX_SERIAL_ID).optional(),
  include_dates: flag.optional(),
  paginated: flag.optional(),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_PER_PAGE)
    .transform((n) => Math.min(n, 1000)),
  page: z.coerce.number().int().min(1).default(1),
});

type Failure = { status: 400 | 401 | 404 | 429; error: string; message: string };

function fail(c: Context, failure: Failure) {
  if (failure.status === 429) c.header("Retry-After", "1");
  return problem(c, failure.status, { code: failure.error, detail: failure.message });
}

/** Prefixes a slug with the language folder when a language is asked for. */
function inLanguage(slug: string, language: string | undefined): string {
  return language && language !== "default" ? `${language}/${slug}` : slug;
}

/** `callerKey` names the caller for the rate limits ("in-process" is never limited). */
export function contentCdnRoutes(store: ContentStore, callerKey: (c: Context) => string): Hono {
  const delivery = new ContentDelivery(store);
  const limiter = new RateLimiter();
  const badTokens = new BadTokenGuard(store.db);
  const grants = new Map<string, { grant: TokenGrant | null; at: number }>();

  async function grantFor(token: string): Promise<TokenGrant | null> {
    const cached = grants.get(token);
    if (cached && Date.now() - cached.at < GRANT_TTL_MS) return cached.grant;
    const grant = await store.grantFor(token);
    if (grants.size > 1000) grants.clear();
    grants.set(token, { grant, at: Date.now() });
    return grant;
  }

  /** Checks the token and the limit; the space and read options, or the failure. */
  async function access(
    c: Context,
    query: z.infer<typeof commonQuery> | z.infer<typeof linksQuery>,
    perPage: number | undefined,
  ): Promise<{ spaceId: number; grant: TokenGrant } | Failure> {
    const caller = callerKey(c);
    if (badTokens.blocked(caller)) {
      return { status: 429, error: "too_many_requests", message: "Too many invalid tokens" };
    }
    const grant = await grantFor(query.token);
    if (!grant || grant.spaceId === null || grant.access === "management") {
      await badTokens.failed(caller);
      return { status: 401, error: "unauthorized", message: "Unauthorized: invalid token" };
    }
    // The shop's own reads in this process are its pages being rendered: never limited.
    const limit = requestsPerSecond(perPage);
    if (caller !== IN_PROCESS && !limiter.take(`${caller}:${query.token}:${limit}`, limit)) {
      return { status: 429, error: "too_many_requests", message: "Too Many Requests" };
    }
    const wantsDraft =
      query.version === "draft" || ("from_release" in query && query.from_release !== undefined);
    if (wantsDraft && grant.access !== "preview") {
      return {
        status: 401,
        error: "unauthorized",
        message: "Unauthorized: drafts and releases need a preview token",
      };
    }
    return { spaceId: grant.spaceId, grant };
  }

  function readOptions(spaceId: number, q: z.infer<typeof commonQuery>): ReadOptions {
    return {
      spaceId,
      version: q.version,
      releaseId: q.from_release,
      resolveRelations: q.resolve_relations,
      resolveLevel: q.resolve_level,
      resolveLinks: q.resolve_links as ReadOptions["resolveLinks"],
      resolveLinksLevel: q.resolve_links_level,
      excludingFields: q.excluding_fields,
    };
  }

  async function cv(spaceId: number): Promise<number> {
    return (await store.space(spaceId))?.cv ?? 0;
  }

  /**
   * Storyblok's CDN keeps published answers under the space's cache version (cv): a
   * published request without a cv, or with one older than the space's, is sent (301) to
   * the same address with the current cv, whose answer stays right until the next
   * publish. A cv newer than the space's (a client's "now", to pass every cache) is
   * answered as it is; drafts and releases are never kept and never sent on. The shop's
   * own reads in this process are not sent on either: they name the cv they know
   * (server/content/client.ts asks for it again after CONTENT_CV_TTL_SECONDS) and keep
   * their own cache by it, so a redirect would only double their reads for the seconds
   * after a publish, and the answer's cv tells them the new one anyway.
   */
  async function toCurrentVersion(
    c: Context,
    query: { version: string; cv?: number; from_release?: number },
    spaceId: number,
  ): Promise<Response | null> {
    if (query.version !== "published" || query.from_release !== undefined) return null;
    if (callerKey(c) === IN_PROCESS) return null;
    const current = await cv(spaceId);
    if (query.cv !== undefined && query.cv >= current) return null;
    const url = new URL(c.req.url);
    url.searchParams.set("cv", String(current));
    // The way on changes with the next publish: kept as briefly as a published answer.
    c.header("Cache-Control", "public, max-age=60");
    return c.redirect(`${url.pathname}${url.search}`, 301);
  }

  function cacheHeader(c: Context, version: string) {
    c.header("Cache-Control", version === "draft" ? "no-store" : "public, max-age=60");
  }

  function invalid(c: Context, error: z.ZodError) {
    return problem(c, 400, invalidInputProblem(error, "query"));
  }

  const routes = new Hono();

  routes.get("/v2/cdn/stories", async (c) => {
    const parsed = storiesQuery.safeParse(c.req.query());
    if (!parsed.success) return invalid(c, parsed.error);
    const q = parsed.data;
    const filterQuery = parseFilterQuery(new URL(c.req.url).searchParams);
    if (filterQuery.issues.length > 0) {
      return invalid(
        c,
        new z.ZodError(
          filterQuery.issues.map((i) => ({
            code: "custom" as const,
            path: [i.parameter],
            message: i.message,
            input: undefined,
          })),
        ),
      );
    }
    const granted = await access(c, q, q.per_page);
    if ("status" in granted) return fail(c, granted);
    const moved = await toCurrentVersion(c, q, granted.spaceId);
    if (moved) return moved;
    const options = readOptions(granted.spaceId, q);
    const byUuids = q.by_uuids_ordered ?? q.by_uuids;
    // A language applies to slugs; its fallback fills in the slugs the language lacks.
    const scoped = q.starts_with !== undefined || q.by_slugs !== undefined;
    const filterIn = (language: string | undefined) => ({
      spaceId: granted.spaceId,
      version: q.version,
      startsWith: q.starts_with === undefined ? undefined : inLanguage(q.starts_with, language),
      byUuids,
      bySlugs: q.by_slugs?.map((s) => inLanguage(s, language)),
      excludingSlugs: q.excluding_slugs?.map((s) => inLanguage(s, language)),
      excludingIds: q.excluding_ids,
      withTag: q.with_tag,
      isStartpage: q.is_startpage,
      // Below a language's folder, levels count from the folder, as slugs do.
      level:
        q.level === undefined ? undefined : q.level + (scoped && inLanguage("", language) ? 1 : 0),
      searchTerm: q.search_term || undefined,
      contentType: q.content_type,
      publishedAt: { after: q.published_at_gt, before: q.published_at_lt },
      firstPublishedAt: { after: q.first_published_at_gt, before: q.first_published_at_lt },
      updatedAt: { after: q.updated_at_gt, before: q.updated_at_lt },
    });
    const listing: ListingQuery = { sort: q.sort_by, contentFilter: filterQuery.filter };
    if (scoped && inLanguage("", q.language) && q.fallback_lang && q.fallback_lang !== q.language) {
      listing.fallback = {
        folder: inLanguage("", q.language),
        fallbackFolder: inLanguage("", q.fallback_lang),
        filter: filterIn(q.fallback_lang),
      };
    }
    let result;
    try {
      result = await delivery.list(
        filterIn(q.language),
        { perPage: q.per_page, page: q.page },
        options,
        listing,
      );
    } catch (error) {
      if (!(error instanceof ListingTooBroadError)) throw error;
      return fail(c, { status: 400, error: "invalid_request", message: error.message });
    }
    const { stories, total } = result;
    if (q.by_uuids_ordered) {
      const order = new Map(q.by_uuids_ordered.map((u, i) => [u.toLowerCase(), i]));
      stories.sort((a, b) => (order.get(a.uuid) ?? 0) - (order.get(b.uuid) ?? 0));
    }
    const resolved = await delivery.resolve(stories, options);
    c.header("Total", String(total));
    c.header("Per-Page", String(q.per_page));
    cacheHeader(c, q.version);
    return c.json({ stories, cv: await cv(granted.spaceId), ...resolved });
  });

  routes.get("/v2/cdn/stories/:slug{.+}", async (c) => {
    const parsed = storyQuery.safeParse(c.req.query());
    if (!parsed.success) return invalid(c, parsed.error);
    const q = parsed.data;
    const granted = await access(c, q, undefined);
    if ("status" in granted) return fail(c, granted);
    const key = c.req.param("slug");
    if (key.length > 512 || !SLUG.test(key)) {
      return fail(c, { status: 400, error: "invalid_request", message: "not a slug" });
    }
    const moved = await toCurrentVersion(c, q, granted.spaceId);
    if (moved) return moved;
    const by =
      q.find_by === "uuid"
        ? /^[0-9a-f-]{36}$/i.test(key)
          ? { uuid: key }
          : null
        : /^\d+$/.test(key) && q.find_by !== "slug"
          ? isSerialId(Number(key))
            ? { id: Number(key) }
            : null
          : { fullSlug: inLanguage(key, q.language) };
    const options = readOptions(granted.spaceId, q);
    let story = by ? await delivery.one(by, options) : null;
    // A story the language's folder lacks is read from the fallback language's folder.
    if (!story && by && "fullSlug" in by && q.fallback_lang && q.fallback_lang !== q.language) {
      story = await delivery.one({ fullSlug: inLanguage(key, q.fallback_lang) }, options);
    }
    if (!story) {
      return fail(c, {
        status: 404,
        error: "not_found",
        message: "This record could not be found",
      });
    }
    const resolved = await delivery.resolve([story], options);
    cacheHeader(c, q.version);
    return c.json({ story, cv: await cv(granted.spaceId), ...resolved });
  });

  routes.get("/v2/cdn/links", async (c) => {
    const parsed = linksQuery.safeParse(c.req.query());
    if (!parsed.success) return invalid(c, parsed.error);
    const q = parsed.data;
    const granted = await access(c, q, q.paginated ? q.per_page : undefined);
    if ("status" in granted) return fail(c, granted);
    const moved = await toCurrentVersion(c, q, granted.spaceId);
    if (moved) return moved;
    let links = (
      await delivery.links(granted.spaceId, {
        version: q.version,
        startsWith: q.starts_with,
        withParent: q.with_parent,
      })
    ).map((row) => toLink(row, q.include_dates));
    if (q.paginated) {
      c.header("Total", String(links.length));
      c.header("Per-Page", String(q.per_page));
      links = links.slice((q.page - 1) * q.per_page, q.page * q.per_page);
    }
    cacheHeader(c, q.version);
    return c.json({
      links: Object.fromEntries(links.map((l) => [l.uuid, l])),
      cv: await cv(granted.spaceId),
    });
  });

  routes.get("/v2/cdn/spaces/me", async (c) => {
    const parsed = z.object({ token: z.string().min(1).max(200) }).safeParse(c.req.query());
    if (!parsed.success) return invalid(c, parsed.error);
    const granted = await access(c, { ...parsed.data, version: "published" }, undefined);
    if ("status" in granted) return fail(c, granted);
    const space = await store.space(granted.spaceId);
    c.header("Cache-Control", "no-store");
    return c.json({
      space: {
        id: granted.spaceId,
        name: space?.name ?? "",
        domain: "",
        version: space?.cv ?? 0,
        language_codes: [],
      },
    });
  });

  return routes;
}

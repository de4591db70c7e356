/**
 * The shop's content endpoints, under /web-api/cms:
 *   GET  /page/{locale}/{slug}  CMS-page: a story, prepared for rendering
 *   POST /transform             CMS-transform: an edited story prepared for the live preview
 *   GET  /breadcrumb            the breadcrumb of a storefront path
 *   GET  /content-page          what a storefront path shows: page, redirect or 404
 *   POST /webhook               publish webhook: the content changed, read the cv again
 * The host alone decides the channel: an X-Channel header naming another brand is refused
 * with 400, so no answer a cache keeps by its URL can be another brand's.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { ChannelId } from "../../config/channels";
import { parseLocale, type Locale } from "../../domain/locales";
import { isSaneSlug } from "../../domain/paths";
import { PAGE_RELATIONS, type ContentStory, type StoryContent } from "../../domain/content";
import { resolveContentVersion, verifyPreviewParams } from "../content/preview";
import { siteOrDefault } from "../middleware/site";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { invalidInput, problem } from "./problem";

/** Largest story body the transform endpoint takes. */
const MAX_TRANSFORM_BYTES = 1024 * 1024;

const localeParam = z.string().transform((v, ctx) => {
  const locale = parseLocale(v);
  if (!locale) ctx.addIssue({ code: "custom", message: "not a supported locale" });
  return locale as Locale;
});
const pathParam = z
  .string()
  .max(600)
  .regex(/^\/[^\s\\]*$/, "a path starting with /");
const releaseParam = z.string().regex(/^[1-9]\d{0,9}$/, "a release id");
const platformParam = z.enum(["web", "desktop"]).default("web");
const skuParam = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, "a SKU");

const pageQuery = z.object({
  apiVersion: z.literal("v2").default("v2"),
  path: pathParam.optional(),
  platform: platformParam,
  release: releaseParam.optional(),
  resolveRelations: z
    .string()
    .transform((v) => v.split(",").filter((s) => s !== ""))
    .pipe(z.array(z.enum(PAGE_RELATIONS)))
    .optional(),
  sku: skuParam.optional(),
  version: z.enum(["draft", "published"]).default("published"),
  _baseUrl: z.url().optional(),
});

const transformQuery = z.object({
  locale: localeParam,
  path: pathParam,
  platform: platformParam,
  slug: z.string().max(512).optional(),
  sku: skuParam.optional(),
  _baseUrl: z.url().optional(),
});

const transformBody = z.object({
  story: z.object({
    id: z.number().int().positive(),
    name: z.string().max(500).optional(),
    content: z.looseObject({ component: z.string().min(1).max(200), _uid: z.string().max(100) }),
  }),
});

const pathQuery = z.object({
  locale: localeParam,
  path: pathParam,
  version: z.enum(["draft", "published"]).default("published"),
  release: releaseParam.optional(),
});

const webhookBody = z.object({
  action: z.string().max(100).optional(),
  space_id: z.coerce.number().int().positive().optional(),
  story_id: z.coerce.number().int().optional(),
  full_slug: z.string().max(600).optional(),
  text: z.string().max(2000).optional(),
});

function invalid(c: Context, error: z.ZodError | string) {
  if (typeof error !== "string") return invalidInput(c, error, "query");
  return problem(c, 400, { code: "invalid_request", detail: error });
}

export function contentShopRoutes(services: ShopServices, storefront: Storefront): Hono {
  const { content, env } = services;
  const routes = new Hono();

  /**
   * The channel of a call: the host's. An X-Channel header ("cards-DE") must name the same
   * brand; else the 400 answer naming the header.
   */
  function channelOf(c: Context): ChannelId | Response {
    const channel = siteOrDefault(c).channel;
    const header = c.req.header("x-channel");
    if (header !== undefined && header.split("-")[0]?.toLowerCase() !== channel) {
      return invalid(c, `X-Channel ${header} does not match this site (${channel})`);
    }
    return channel;
  }

  /** Drafts and releases need the preview signature of the channel's space. */
  function versionOf(
    c: Context,
    channel: ChannelId,
    wanted: { version: "draft" | "published"; release?: string },
  ) {
    if (wanted.version === "published" && wanted.release === undefined) {
      return { version: "published" as const, preview: false };
    }
    const signed = resolveContentVersion(new URL(c.req.url), services, channel);
    if (!signed.preview) return null;
    return { version: "draft" as const, preview: true, release: wanted.release ?? signed.release };
  }

  function noDevBaseUrl(c: Context, baseUrl: string | undefined) {
    return baseUrl !== undefined && env.NODE_ENV !== "development"
      ? invalid(c, "_baseUrl is accepted in development only")
      : null;
  }

  async function prepared(
    story: ContentStory,
    locale: Locale,
    channel: ChannelId,
    preview: boolean,
  ) {
    return {
      ...story,
      content: await storefront.prepareContent(services, story.content, {
        locale,
        channel,
        preview,
      }),
    };
  }

  routes.get("/web-api/cms/page/:locale/:slug{.*}", async (c) => {
    const locale = parseLocale(c.req.param("locale"));
    const slug = c.req.param("slug").replace(/\/+$/, "") || "home";
    if (!locale) return invalid(c, "not a supported locale");
    if (!isSaneSlug(slug)) return invalid(c, "not a slug");
    const parsed = pageQuery.safeParse(c.req.query());
    if (!parsed.success) return invalid(c, parsed.error);
    const q = parsed.data;
    const refused = noDevBaseUrl(c, q._baseUrl);
    if (refused) return refused;
    const channel = channelOf(c);
    if (channel instanceof Response) return channel;
    const version = versionOf(c, channel, q);
    if (!version)
      return problem(c, 401, { code: "unauthorized", detail: "A preview signature is required" });
    const story = await content.getStory({ channel, locale, slug, ...version });
    c.header("Cache-Control", version.preview ? "no-store" : "public, max-age=60");
    if (!story)
      return problem(c, 404, { code: "not_found", detail: `No story ${slug} in ${locale}` });
    return c.json({ story: await prepared(story, locale, channel, version.preview) });
  });

  routes.post(
    "/web-api/cms/transform",
    bodyLimit({
      maxSize: MAX_TRANSFORM_BYTES,
      onError: (c) => problem(c, 413, { code: "too_large", detail: "The story is too large" }),
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const parsed = transformQuery.safeParse(c.req.query());
      if (!parsed.success) return invalid(c, parsed.error);
      const q = parsed.data;
      const refused = noDevBaseUrl(c, q._baseUrl);
      if (refused) return refused;
      const access = verifyPreviewParams(new URL(c.req.url).searchParams, (id) =>
        content.previewAccess(id),
      );
      if (!access) {
        return problem(c, 401, { code: "unauthorized", detail: "A preview signature is required" });
      }
      const body = transformBody.safeParse(await c.req.json().catch(() => null));
      if (!body.success) return invalid(c, body.error);
      const story = body.data.story;
      const transformed = await storefront.prepareContent(services, story.content as StoryContent, {
        locale: q.locale,
        channel: access.channel,
        preview: true,
      });
      return c.json({ story: { ...story, content: transformed } });
    },
  );

  routes.get("/web-api/cms/breadcrumb", async (c) => {
    const parsed = pathQuery.safeParse(c.req.query());
    if (!parsed.success) return invalid(c, parsed.error);
    const q = parsed.data;
    const channel = channelOf(c);
    if (channel instanceof Response) return channel;
    const version = versionOf(c, channel, q);
    if (!version)
      return problem(c, 401, { code: "unauthorized", detail: "A preview signature is required" });
    const breadcrumb = await content.breadcrumb({
      channel,
      locale: q.locale,
      rest: q.path,
      ...version,
      homeText: storefront.translate(q.locale, "common.home"),
    });
    c.header("Cache-Control", version.preview ? "no-store" : "public, max-age=60");
    return c.json({ breadcrumb });
  });

  routes.get("/web-api/cms/content-page", async (c) => {
    const parsed = pathQuery.safeParse(c.req.query());
    if (!parsed.success) return invalid(c, parsed.error);
    const q = parsed.data;
    if (!isSaneSlug(q.path))
      return problem(c, 404, { code: "not_found", detail: "Page not found" });
    const channel = channelOf(c);
    if (channel instanceof Response) return channel;
    const version = versionOf(c, channel, q);
    if (!version)
      return problem(c, 401, { code: "unauthorized", detail: "A preview signature is required" });
    const query = { channel, locale: q.locale, rest: q.path, ...version };
    const page = await content.resolvePage(query);
    c.header("Cache-Control", version.preview ? "no-store" : "public, max-age=60");
    if (page.kind === "redirect") return c.json(page);
    if (page.kind === "not-found") {
      return problem(c, 404, {
        code: "not_found",
        detail: `Page not found: ${q.path}`,
        extensions: { reason: page.reason },
      });
    }
    const breadcrumb = await content.breadcrumb({
      ...query,
      homeText: storefront.translate(q.locale, "common.home"),
    });
    return c.json({
      kind: "page",
      story: await prepared(page.story, q.locale, channel, version.preview),
      breadcrumb,
    });
  });

  routes.post("/web-api/cms/webhook", bodyLimit({ maxSize: 64 * 1024 }), async (c) => {
    c.header("Cache-Control", "no-store");
    const secret = env.CONTENT_WEBHOOK_SECRET;
    if (!secret)
      return problem(c, 403, { code: "not_configured", detail: "No webhook secret is set" });
    const raw = await c.req.text();
    const signature = c.req.header("webhook-signature") ?? "";
    const expected = createHmac("sha1", secret).update(raw).digest("hex");
    const given = Buffer.from(signature.toLowerCase());
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) {
      return problem(c, 401, { code: "unauthorized", detail: "Bad webhook signature" });
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return invalid(c, "The body is not JSON");
    }
    const parsed = webhookBody.safeParse(json);
    if (!parsed.success) return invalid(c, parsed.error);
    const channel =
      parsed.data.space_id === undefined ? null : content.channelOf(parsed.data.space_id);
    content.invalidate(channel ?? undefined);
    return c.json({ ok: true, invalidated: channel ?? "all" });
  });

  return routes;
}

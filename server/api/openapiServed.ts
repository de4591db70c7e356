/**
 * The API reference beyond the shop API: the embedded content system's Content Delivery
 * API (/v2/cdn) and management API (/v1/spaces), the image service, health, robots.txt,
 * sitemap.xml, the development mailbox and the storefront pages' form actions; and the
 * security schemes every operation names.
 */
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { ACCOUNT_PATHS } from "../../domain/accountPaths";
import { CART_PATHS, CHECKOUT_PATHS } from "../../domain/cart";
import { WISHLIST_PATHS } from "../../domain/wishlistPaths";
import { VISITOR_KEY_COOKIE } from "../../domain/cookies";
import { NEWSLETTER_FOLDERS } from "../../domain/newsletterPaths";
import { APP_ROUTE_PREFIXES } from "../../domain/paths";
import { SESSION_COOKIE } from "../customers/session";
import { problemResponse } from "./problem";
import * as s from "./openapiSchemas";

type Registry = OpenAPIHono["openAPIRegistry"];

export const SECURITY = {
  contentToken: "contentToken",
  managementToken: "managementToken",
  session: "session",
  visitorKey: "visitorKey",
} as const;

/** The ways a caller proves who they are, as OpenAPI security schemes. */
export function registerSecuritySchemes(registry: Registry) {
  registry.registerComponent("securitySchemes", SECURITY.contentToken, {
    type: "apiKey",
    in: "query",
    name: "token",
    description: "The space's public (published content) or preview (drafts) token",
  });
  registry.registerComponent("securitySchemes", SECURITY.managementToken, {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "The management token (`Bearer` optional), one per space",
  });
  registry.registerComponent("securitySchemes", SECURITY.session, {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The customer's session (`__Host-shop_session` over HTTPS); set by a log-in",
  });
  registry.registerComponent("securitySchemes", SECURITY.visitorKey, {
    type: "apiKey",
    in: "cookie",
    name: VISITOR_KEY_COOKIE,
    description: "The anonymous visitor's key (cart, flag treatments); made by the page",
  });
}

const json = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": { schema } },
});
const throttled = problemResponse("Too many requests (Retry-After says when to try again)");

/** The Content Delivery API v2 (cms/deliveryApi.ts), as Storyblok's. */
function registerDeliveryPaths(registry: Registry) {
  const token = z.string().openapi({ example: "public-token" });
  const version = z.enum(["published", "draft"]).optional();
  const common = {
    token,
    version,
    cv: z.string().optional().openapi({
      description: "The space's cache version; without it (or older) a published read is sent on",
    }),
    language: z.string().optional(),
    fallback_lang: z.string().optional(),
    resolve_relations: z.string().optional(),
    resolve_links: z.enum(["url", "story", "link"]).optional(),
    resolve_level: z.coerce.number().int().optional(),
    resolve_links_level: z.coerce.number().int().optional(),
    excluding_fields: z.string().optional(),
    from_release: z.coerce.number().int().optional(),
  };
  const errors = {
    301: {
      description:
        "A published read without the space's current cv, or with an older one: the same address with the current cv (Location), as Storyblok's CDN answers",
    },
    400: problemResponse("Invalid parameters; `errors` names each"),
    401: problemResponse("Missing or wrong token"),
    429: throttled,
  };
  const security = [{ [SECURITY.contentToken]: [] }];
  registry.registerPath({
    method: "get",
    path: "/v2/cdn/stories",
    summary: "Stories of the space (filtered, sorted, paged; Total and Per-Page headers)",
    tags: ["content delivery"],
    security,
    request: {
      query: z.object({
        ...common,
        starts_with: z.string().optional(),
        by_slugs: z.string().optional(),
        excluding_slugs: z.string().optional(),
        by_uuids: z.string().optional(),
        by_uuids_ordered: z.string().optional(),
        with_tag: z.string().optional(),
        is_startpage: z.enum(["0", "1", "true", "false"]).optional(),
        sort_by: z.string().optional(),
        search_term: z.string().optional(),
        level: z.coerce.number().int().optional(),
        filter_query: z.string().optional(),
        page: z.coerce.number().int().optional(),
        per_page: z.coerce.number().int().optional(),
      }),
    },
    responses: { 200: json("The stories of the page asked", s.cdnStoriesSchema), ...errors },
  });
  registry.registerPath({
    method: "get",
    path: "/v2/cdn/stories/{slug}",
    summary: "One story by full slug, id or uuid (find_by)",
    tags: ["content delivery"],
    security,
    request: {
      params: z.object({ slug: z.string().openapi({ example: "de/fotobuch" }) }),
      query: z.object({ ...common, find_by: z.enum(["slug", "id", "uuid"]).optional() }),
    },
    responses: {
      200: json("The story", s.cdnOneStorySchema),
      ...errors,
      404: problemResponse("No such story"),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/v2/cdn/links",
    summary: "The links of every story and folder, by uuid",
    tags: ["content delivery"],
    security,
    request: {
      query: z.object({
        token,
        version,
        cv: z.string().optional(),
        starts_with: z.string().optional(),
        paginated: z.enum(["0", "1"]).optional(),
        page: z.coerce.number().int().optional(),
        per_page: z.coerce.number().int().optional(),
        include_dates: z.enum(["0", "1"]).optional(),
      }),
    },
    responses: { 200: json("The links", s.cdnLinksSchema), ...errors },
  });
  registry.registerPath({
    method: "get",
    path: "/v2/cdn/spaces/me",
    summary: "The token's space and its cache version (cv)",
    tags: ["content delivery"],
    security,
    request: { query: z.object({ token }) },
    responses: { 200: json("The space", s.cdnSpaceSchema), ...errors },
  });
}

/** The management API (cms/managementApi.ts), as Storyblok's. */
function registerManagementPaths(registry: Registry) {
  const space = z.string().openapi({ example: "1" });
  const id = z.string().openapi({ example: "1" });
  const security = [{ [SECURITY.managementToken]: [] }];
  const errors = {
    401: problemResponse("Missing or wrong management token"),
    404: problemResponse("No such space or record"),
    429: throttled,
  };
  const refused = problemResponse("Refused input; `errors` names each wrong field");
  const story = json("The story", z.object({ story: s.managementStorySchema }));
  const release = json("The release", z.object({ release: s.managementReleaseSchema }));
  const storyFields = z.looseObject({
    name: z.string(),
    slug: z.string(),
    parent_id: z.number().int().nullable().optional(),
    is_folder: z.boolean().optional(),
    content: s.contentSchema.optional(),
    tag_list: z.array(z.string()).optional(),
    is_startpage: z.boolean().optional(),
    position: z.number().int().optional(),
    group_id: z.string().optional(),
    target: z.string().nullable().optional(),
    status: z.number().int().nullable().optional(),
  });
  const publish = z.union([z.boolean(), z.literal(1), z.literal(0), z.string()]).optional();
  const body = (schema: z.ZodType) => ({
    body: { content: { "application/json": { schema } }, required: true },
  });
  const ops: {
    method: "get" | "post" | "put" | "delete";
    path: string;
    summary: string;
    request?: object;
    responses: object;
  }[] = [
    {
      method: "get",
      path: "/v1/spaces/{space_id}/",
      summary: "The space",
      responses: {
        200: json(
          "The space",
          z.object({
            space: z.object({ id: z.number().int(), name: z.string(), version: z.number() }),
          }),
        ),
      },
    },
    {
      method: "get",
      path: "/v1/spaces/{space_id}/stories",
      summary: "The space's stories without their content (paged)",
      request: {
        query: z.object({
          page: z.coerce.number().int().optional(),
          per_page: z.coerce.number().int().optional(),
          starts_with: z.string().optional(),
          with_tag: z.string().optional(),
        }),
      },
      responses: {
        200: json("The stories", z.object({ stories: z.array(s.managementStorySchema) })),
        400: problemResponse("Invalid parameters"),
      },
    },
    {
      method: "post",
      path: "/v1/spaces/{space_id}/stories",
      summary:
        "Creates a story or folder (published at once with publish; 422 naming each text field that carries markdown or an unknown placeholder)",
      request: body(z.object({ story: storyFields, publish })),
      responses: { 201: story, 422: refused },
    },
    {
      method: "get",
      path: "/v1/spaces/{space_id}/stories/{id}",
      summary: "One story with its draft content",
      responses: { 200: story },
    },
    {
      method: "put",
      path: "/v1/spaces/{space_id}/stories/{id}",
      summary:
        "Changes a story (into a release with release_id; published with publish; either refused with 422 naming each text field that carries markdown or an unknown placeholder)",
      request: body(
        z.object({
          story: storyFields.partial(),
          publish,
          release_id: z.number().int().optional(),
          force_update: publish,
        }),
      ),
      responses: { 200: story, 422: refused },
    },
    {
      method: "delete",
      path: "/v1/spaces/{space_id}/stories/{id}",
      summary: "Deletes a story",
      responses: { 200: story },
    },
    {
      method: "get",
      path: "/v1/spaces/{space_id}/stories/{id}/publish",
      summary:
        "Publishes the story's draft (422 naming each text field that carries markdown or an unknown placeholder)",
      responses: { 200: story, 422: refused },
    },
    {
      method: "get",
      path: "/v1/spaces/{space_id}/stories/{id}/unpublish",
      summary: "Takes the story off the published content",
      responses: { 200: story },
    },
    {
      method: "get",
      path: "/v1/spaces/{space_id}/releases",
      summary: "The space's releases",
      responses: {
        200: json("The releases", z.object({ releases: z.array(s.managementReleaseSchema) })),
      },
    },
    {
      method: "post",
      path: "/v1/spaces/{space_id}/releases",
      summary: "Opens a release (published at release_at, or by hand)",
      request: body(
        z.object({
          release: z.object({ name: z.string(), release_at: z.string().nullable().optional() }),
        }),
      ),
      responses: { 201: release, 422: refused },
    },
    {
      method: "put",
      path: "/v1/spaces/{space_id}/releases/{id}",
      summary: "Publishes a release's stories (do_release)",
      request: body(z.object({ do_release: publish })),
      responses: { 200: release, 422: refused },
    },
  ];
  for (const op of ops) {
    const withId = op.path.includes("{id}");
    const request = op.request as { query?: z.ZodObject; body?: object } | undefined;
    registry.registerPath({
      method: op.method,
      path: op.path,
      summary: op.summary,
      tags: ["content management"],
      security,
      request: {
        ...request,
        params: withId ? z.object({ space_id: space, id }) : z.object({ space_id: space }),
      },
      responses: { ...op.responses, ...errors },
    } as Parameters<Registry["registerPath"]>[0]);
  }
}

/** The image service (server/images/routes.ts), health, robots.txt, sitemap.xml, mailbox. */
function registerProcessPaths(registry: Registry) {
  const binary = (description: string, ...types: string[]) => ({
    description,
    content: Object.fromEntries(
      types.map((type) => [type, { schema: z.string().openapi({ format: "binary" }) }]),
    ),
  });
  const imageErrors = {
    400: problemResponse("A path the image service cannot read"),
    404: problemResponse("No such original"),
    405: problemResponse("Images answer GET and HEAD only"),
    413: problemResponse("The result would be too large"),
    415: problemResponse("The original is not an image the service can resize"),
    503: problemResponse("Too many renders at once (Retry-After)"),
  };
  registry.registerPath({
    method: "get",
    path: "/a/{channel}/{file}",
    summary: "An original of the asset store (byte ranges for videos)",
    tags: ["images"],
    request: {
      params: z.object({
        channel: z.string().openapi({ example: "cards" }),
        file: z.string().openapi({ example: "logo.png" }),
      }),
    },
    responses: {
      200: binary("The file", "image/*", "video/*"),
      206: binary("The asked byte range", "video/*", "image/*"),
      304: { description: "Not modified (If-None-Match)" },
      ...imageErrors,
      416: problemResponse("The byte range is outside the file"),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/_img/{path}",
    summary:
      "A resized original: /_img/{W}x{H}/{filters…}/a/{channel}/{file} (quality, format, fit, smart, blur …); immutable",
    tags: ["images"],
    request: {
      params: z.object({ path: z.string().openapi({ example: "200x0/a/cards/logo.png" }) }),
    },
    responses: {
      200: binary("The resized image", "image/*"),
      304: { description: "Not modified (If-None-Match)" },
      ...imageErrors,
      413: problemResponse(
        "An original larger than the service opens (60 megapixels, 30,000 px a side)",
      ),
      422: problemResponse(
        "Filters that do not fit together, or an output too large for its format",
      ),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/health",
    summary: "The process, its database and which React build renders",
    tags: ["health"],
    responses: {
      200: json("Up, database reachable", s.healthSchema),
      503: json("Up, database out of reach", s.healthSchema),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/health/live",
    summary: "Answers while the process runs",
    tags: ["health"],
    responses: { 200: json("Alive", s.liveSchema) },
  });
  registry.registerPath({
    method: "get",
    path: "/health/ready",
    summary: "Ready for traffic: database reachable and not shutting down",
    tags: ["health"],
    responses: {
      200: json("Ready", s.readySchema),
      503: json("Not ready (database out of reach, or stopping)", s.readySchema),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/robots.txt",
    summary: "The host's crawler rules, naming its sitemap",
    tags: ["site"],
    responses: {
      200: { description: "robots.txt", content: { "text/plain": { schema: z.string() } } },
    },
  });
  registry.registerPath({
    method: "get",
    path: "/sitemap.xml",
    summary: "The host's pages with their hreflang alternates",
    tags: ["site"],
    responses: {
      200: { description: "The sitemap", content: { "application/xml": { schema: z.string() } } },
      404: problemResponse("The host has no sitemap"),
      503: problemResponse("The content cannot be read just now"),
    },
  });
  const page = { description: "A page", content: { "text/html": { schema: z.string() } } };
  registry.registerPath({
    method: "get",
    path: "/_mailbox",
    summary:
      "The mail outbox (development; served only with MAILBOX_ENABLED, which production leaves off)",
    tags: ["site"],
    responses: { 200: page },
  });
  registry.registerPath({
    method: "get",
    path: "/_mailbox/{id}",
    summary: "One mail of the outbox",
    tags: ["site"],
    request: { params: z.object({ id: z.string().openapi({ example: "1" }) }) },
    responses: { 200: page, 404: problemResponse("No such mail") },
  });
}

/**
 * The back office's forms (/_admin/…): each needs an operator's session with the second
 * factor where the role needs one, the role's permission and the session's CSRF token
 * (except log-in and the first owner's setup link).
 */
const BACK_OFFICE_FORMS: { path: string; summary: string }[] = [
  { path: "/_admin/login", summary: "Back office: log-in with password and second factor" },
  { path: "/_admin/logout", summary: "Back office: sign out" },
  { path: "/_admin/setup", summary: "Back office: the first owner, through the logged setup link" },
  { path: "/_admin/security", summary: "Back office: set up TOTP, make recovery codes" },
  { path: "/_admin/operators", summary: "Back office: create operators, change roles, disable" },
  { path: "/_admin/mail/{id}", summary: "Back office: send a mail of the outbox again" },
  { path: "/_admin/customers/{id}", summary: "Back office: erase a customer" },
  { path: "/_admin/customers/{id}/export", summary: "Back office: a customer's data as JSON" },
  {
    path: "/_admin/orders/{id}",
    summary: "Back office: mark paid, refund, cancel, production, ship, note",
  },
  { path: "/_admin/production", summary: "Back office: mark in production, ship from a CSV" },
  { path: "/_admin/production/batch", summary: "Back office: print files of a batch as a ZIP" },
  { path: "/_admin/vouchers/new", summary: "Back office: create a voucher code" },
  { path: "/_admin/vouchers/{channel}/{code}", summary: "Back office: edit a voucher code" },
  {
    path: "/_admin/content",
    summary: "Back office: the content editor saves or publishes a story",
  },
  { path: "/_admin/pictures", summary: "Back office: approve or refuse a customer picture" },
];

/**
 * The storefront's form actions (React Router route actions): plain form posts that work
 * without JavaScript. Each path is also served below a locale prefix (`/{lang}/…`) and the
 * desktop marker (`/d/…`).
 */
export function formActionPaths(): { path: string; summary: string }[] {
  const account = Object.values(ACCOUNT_PATHS).map(({ folder }) => ({
    path: `/${folder}/{page}`,
    summary: "Account forms: log-in, sign-up, reset, personal data, password, newsletter, deletion",
  }));
  const cart = Object.values(CART_PATHS).map((path) => ({
    path,
    summary: "Cart forms: quantity, removal, voucher; the designer's add to cart",
  }));
  const checkout = Object.values(CHECKOUT_PATHS).map((path) => ({
    path,
    summary:
      "Checkout: place the order (idempotency key from the form; on to the payment or the order page), or apply a voucher",
  }));
  const wishlist = Object.values(WISHLIST_PATHS).map((path) => ({
    path,
    summary: "Wishlist forms (card shop): a heart saves a theme, the page's button removes one",
  }));
  const newsletter = NEWSLETTER_FOLDERS.map((folder) => ({
    path: `/${folder}/{page}`,
    summary: "Newsletter mail links: confirm or unsubscribe (a button, so scanners change nothing)",
  }));
  const logout = Object.values(APP_ROUTE_PREFIXES.logout)
    .flat()
    .map((word) => ({
      path: `/${word}`,
      summary: "Log out: ends the customer's session and goes on to the home page",
    }));
  const recommendation = Object.values(APP_ROUTE_PREFIXES.recommendation)
    .flat()
    .map((word) => ({
      path: `/${word}`,
      summary:
        "Recommend the shop: the friend gets a mail with a first-order voucher (spam-protection token in `token`)",
    }));
  return [
    ...new Map(
      [
        ...account,
        ...logout,
        ...recommendation,
        ...cart,
        ...checkout,
        ...wishlist,
        ...newsletter,
        { path: "/_editor", summary: "The content editor's old path: as /_admin/content" },
        { path: "/_pictures", summary: "The customer pictures' old path: as /_admin/pictures" },
        ...BACK_OFFICE_FORMS,
        { path: "/", summary: "The home page's forms without JavaScript (contact form)" },
        { path: "/{path}", summary: "A content page's form without JavaScript (contact form)" },
      ].map((action) => [action.path, action]),
    ).values(),
  ];
}

function registerFormActions(registry: Registry) {
  const html = (description: string) => ({
    description,
    content: { "text/html": { schema: z.string() } },
  });
  for (const { path, summary } of formActionPaths()) {
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    registry.registerPath({
      method: "post",
      path,
      summary,
      description:
        "A plain form post from the shop's own pages (Origin checked); also under /{lang} and /d prefixes.",
      tags: ["form actions"],
      security: [{ [SECURITY.session]: [] }, { [SECURITY.visitorKey]: [] }, {}],
      request: {
        ...(params.length > 0
          ? { params: z.object(Object.fromEntries(params.map((p) => [p, z.string()]))) }
          : {}),
        body: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: z.record(z.string(), z.string()).openapi({
                description:
                  "The form's fields (an `intent` names the form where a page has several)",
              }),
            },
          },
        },
      },
      responses: {
        200: html("The page again, with the outcome"),
        303: { description: "Done: on to the next page (Location)" },
        302: {
          description:
            "Back office: no session (to the log-in page), no second factor yet (to its set-up), or done (Location)",
        },
        400: html("The page with each wrong field's problem and what was typed"),
        401: html("Not logged in (editor pages)"),
        403: html("Not from this shop's own pages"),
        404: html("Nothing to act on"),
        405: html("The page has no form"),
        409: html(
          "The checkout cannot place the order as asked (empty cart, a changed price with the new total, a refused voucher)",
        ),
        422: html("The checkout's voucher form: a code the cart does not take"),
        429: html("Too many attempts"),
        503: html("The checkout's payment service does not answer: nothing charged, the cart kept"),
      },
    } as Parameters<Registry["registerPath"]>[0]);
  }
}

export function registerServedPaths(registry: Registry) {
  registerSecuritySchemes(registry);
  registerDeliveryPaths(registry);
  registerManagementPaths(registry);
  registerProcessPaths(registry);
  registerFormActions(registry);
}

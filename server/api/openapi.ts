/**
 * The API reference: the OpenAPI 3.1 document of every path the process serves at
 * /web-api/openapi.json, generated from the zod schemas the routes validate with, and a
 * readable page of it at /web-api/docs (server-rendered HTML, no scripts). The catalogue
 * routes describe themselves; the shop's other routers are described here, the content
 * APIs, images, health and the form actions in openapiServed.ts. Every error is a problem
 * document (server/api/problem.ts), listed by type on the page.
 */
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { NonceVariables } from "../middleware/security";
import { PROBLEM_TITLES, problemType } from "../../domain/problem";
import { PROBLEM_CONTENT_TYPE, problemResponse } from "./problem";
import * as s from "./openapiSchemas";
import { registerServedPaths, SECURITY } from "./openapiServed";
import {
  logInInput,
  newPasswordInput,
  passwordResetInput,
  signUpInput,
} from "../../domain/customers";
import { googleCredentialInput } from "../customers/google";

import { registerContactFormPaths } from "./contactForm";
import { registerRecommendationPaths } from "./recommendation";
import { registerToolboxPaths } from "./toolbox";
import { registerCustomerPicturePaths } from "./customerPictures";
import { registerStudioPhotoPaths } from "./studio-photos";
import { registerStudioDesignPaths } from "./studio-designs";
import { registerInvoicePaths } from "./invoices";
import { registerCheckoutPaths } from "./checkout";
import { registerOrderPaths } from "./orders";
import { registerPaymentPaths } from "./paymentWebhooks";
import { FEATURE_FLAGS_PATH, FEATURE_FLAG_EVENTS_PATH, flagEventInput } from "./flags";
import { RUM_PATH, rumPostInput } from "./rum";

export const OPENAPI_PATH = "/web-api/openapi.json";
export const DOCS_PATH = "/web-api/docs";

type Registry = OpenAPIHono["openAPIRegistry"];

const ok = (description: string, schema: z.ZodType) => ({
  description,
  content: { "application/json": { schema } },
});
const errors = {
  400: problemResponse("Invalid input; `errors` names each wrong field"),
  401: problemResponse("A preview signature (or the webhook's) is required"),
  404: problemResponse("Not found"),
};

/** The paths of the content and campaign routers (server/api/content-shop.ts, campaign-data.ts). */
function registerContentPaths(registry: Registry) {
  const locale = z.string().openapi({ example: "de-DE" });
  const path = z.string().openapi({ example: "/fotobuch" });
  registry.registerPath({
    method: "get",
    path: "/web-api/campaign-data",
    summary: "The campaign bar of a page of this site (the error page's bar)",
    tags: ["content"],
    request: { query: z.object({ url: z.string().openapi({ example: "/fotobuch" }) }) },
    responses: {
      200: ok("The running campaign's bar", z.object({ bar: s.actionBarSchema.nullable() })),
      400: errors[400],
      503: problemResponse("Campaigns cannot be read just now"),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/web-api/cms/page/{locale}/{slug}",
    summary: "CMS-page: a content story prepared for rendering",
    tags: ["content"],
    request: {
      params: z.object({ locale, slug: z.string().openapi({ example: "fotobuch" }) }),
      query: z.object({
        apiVersion: z.literal("v2").optional(),
        path: z.string().optional(),
        platform: z.enum(["web", "desktop"]).optional(),
        release: z.string().optional(),
        resolveRelations: z.string().optional(),
        sku: z.string().optional(),
        version: z.enum(["draft", "published"]).optional(),
      }),
    },
    responses: {
      200: ok("The story", z.object({ story: s.preparedStorySchema })),
      400: errors[400],
      401: errors[401],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: "post",
    path: "/web-api/cms/transform",
    summary: "CMS-transform: an edited story prepared for the live preview (signed preview only)",
    tags: ["content"],
    request: {
      query: z.object({ locale, path, platform: z.enum(["web", "desktop"]).optional() }),
      body: { content: { "application/json": { schema: z.object({ story: z.looseObject({}) }) } } },
    },
    responses: {
      200: ok(
        "The story as the editor sent it, its content prepared as a page shows it",
        z.object({ story: z.looseObject({ content: s.contentSchema }) }),
      ),
      400: errors[400],
      401: errors[401],
      413: problemResponse("The story is too large"),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/web-api/cms/breadcrumb",
    summary: "The breadcrumb of a storefront path",
    tags: ["content"],
    request: { query: z.object({ locale, path }) },
    responses: {
      200: ok("The breadcrumb", z.object({ breadcrumb: s.breadcrumbSchema })),
      400: errors[400],
      401: errors[401],
    },
  });
  registry.registerPath({
    method: "get",
    path: "/web-api/cms/content-page",
    summary: "What a storefront path shows: a page, a redirect or not found",
    tags: ["content"],
    request: { query: z.object({ locale, path }) },
    responses: {
      200: ok(
        "A page with its breadcrumb, or a redirect",
        z.discriminatedUnion("kind", [
          z.object({
            kind: z.literal("page"),
            story: s.preparedStorySchema,
            breadcrumb: s.breadcrumbSchema,
          }),
          z.object({
            kind: z.literal("redirect"),
            location: z.string(),
            status: z.number().int(),
          }),
        ]),
      ),
      400: errors[400],
      401: errors[401],
      404: errors[404],
    },
  });
  registry.registerPath({
    method: "post",
    path: "/web-api/cms/webhook",
    summary: "Publish webhook: the content changed, read the cache version again",
    tags: ["content"],
    responses: {
      200: ok("Read again", z.object({ ok: z.literal(true) }).loose()),
      400: errors[400],
      401: errors[401],
      403: problemResponse("No webhook secret is configured"),
      413: problemResponse("The body is too large"),
    },
  });
}

/** The customer and newsletter paths (server/api/customers.ts, newsletter.ts). */
function registerCustomerPaths(registry: Registry) {
  const customerErrors = {
    400: problemResponse(
      "Refused: `detail` (and `message.text`) in the visitor's language, `errors` per field",
    ),
    403: problemResponse("Not from this shop's own pages (JSON from this host only)"),
    429: problemResponse("Throttled"),
  };
  const json = (schema: z.ZodType) => ({ body: { content: { "application/json": { schema } } } });
  const customer = ok("The customer as the storefront shows them", s.customerSchema);
  const pending = ok("The next step is in the mail", s.pendingSchema);
  const paths: [string, "get" | "post", string, object, object][] = [
    [
      "/web-api/customer-data",
      "get",
      "The visitor as the storefront shows them (from the session cookie)",
      {},
      { 200: customer },
    ],
    [
      "/web-api/customer-signup",
      "post",
      "Sign up; the account is confirmed through the mailed link",
      json(signUpInput),
      { 202: pending, ...customerErrors },
    ],
    [
      "/web-api/customer-login",
      "post",
      "Log in; sets the session cookie",
      json(logInInput),
      { 200: customer, ...customerErrors },
    ],
    [
      "/web-api/customer-logout",
      "post",
      "Log out; ends the session",
      {},
      { 204: { description: "Logged out" }, ...customerErrors },
    ],
    [
      "/web-api/customer-password-reset",
      "post",
      "Mail a password-reset link (same answer for every address)",
      json(passwordResetInput),
      { 202: pending, ...customerErrors },
    ],
    [
      "/web-api/customer-password-reset/confirm",
      "post",
      "Set the password of a reset link; starts a session",
      json(newPasswordInput),
      { 200: customer, ...customerErrors },
    ],
    [
      "/web-api/customer-auth-google-credentials",
      "post",
      "Log in with Google's ID token; finds, links or opens the account and sets the session cookie (only with GOOGLE_CLIENT_ID, else 404)",
      json(googleCredentialInput),
      {
        200: customer,
        ...customerErrors,
        401: problemResponse(
          "The token is refused (signature, issuer, audience, expiry, unverified address)",
        ),
        404: errors[404],
        503: problemResponse("Google's signing keys cannot be had right now"),
      },
    ],
    [
      "/web-api/newsletter-challenge",
      "get",
      "A spam-protection challenge for a form action",
      { query: z.object({ action: z.literal("newsletterContainer") }) },
      { 200: ok("An ALTCHA challenge", s.challengeSchema), 400: errors[400] },
    ],
    [
      "/web-api/newsletter-subscribe",
      "post",
      "Newsletter sign-up (utf-8 form post: email, uniqueIdentifier, reCaptchaToken); double opt-in",
      {
        body: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: z.object({
                email: z.string(),
                uniqueIdentifier: z.string(),
                reCaptchaToken: z.string(),
              }),
            },
          },
        },
      },
      {
        202: pending,
        303: {
          description:
            "A browser's own form post (asking for HTML, as without JavaScript): back to the form's page with ?newsletter=pending|invalid|spam-protection|throttled; a refused address rides along in the short-lived HttpOnly cookie newsletter_flash (never in the URL), a taken one clears it",
        },
        ...customerErrors,
      },
    ],
    [
      "/web-api/newsletter-confirm",
      "post",
      "Confirm a newsletter sign-up with the mailed token",
      json(z.object({ token: z.string() })),
      { 200: ok("Confirmed", z.object({ confirmed: z.literal(true) })), 400: errors[400] },
    ],
  ];
  for (const [path, method, summary, request, responses] of paths) {
    registry.registerPath({
      method,
      path,
      summary,
      tags: ["customers"],
      security: [{ [SECURITY.session]: [] }, {}],
      request,
      responses,
    } as Parameters<Registry["registerPath"]>[0]);
  }
}

/** The feature-flag paths (server/api/flags.ts). */
function registerFlagPaths(registry: Registry) {
  registry.registerPath({
    method: "get",
    path: FEATURE_FLAGS_PATH,
    summary: "The treatments of the asking visitor (visitor_key cookie) and the client's readiness",
    tags: ["feature flags"],
    security: [{ [SECURITY.visitorKey]: [] }, {}],
    responses: { 200: ok("The visitor's treatments", s.featureFlagsSchema) },
  });
  registry.registerPath({
    method: "post",
    path: FEATURE_FLAG_EVENTS_PATH,
    summary:
      "Records an experiment event for the asking visitor (default event type landingpage_view)",
    tags: ["feature flags"],
    security: [{ [SECURITY.visitorKey]: [] }],
    request: { body: { content: { "application/json": { schema: flagEventInput } } } },
    responses: {
      202: { description: "Recorded" },
      400: errors[400],
      503: problemResponse("The flag service is not available"),
    },
  });
}

/** The RUM collector (server/api/rum.ts). */
function registerRumPath(registry: Registry) {
  registry.registerPath({
    method: "post",
    path: RUM_PATH,
    summary:
      "Stores browser errors and web vitals (at most 20 events, 32 KB; 60 reports a minute per address)",
    tags: ["monitoring"],
    request: { body: { content: { "application/json": { schema: rumPostInput } } } },
    responses: {
      204: { description: "Stored" },
      400: errors[400],
      413: problemResponse("The report is too large"),
      429: problemResponse("Too many reports from this address; try again in a minute"),
    },
  });
}

/** Adds the reference paths to `app` (the catalogue router, whose routes describe themselves). */
export function addApiReference(app: OpenAPIHono<{ Variables: NonceVariables }>) {
  registerContentPaths(app.openAPIRegistry);
  registerCustomerPaths(app.openAPIRegistry);
  registerContactFormPaths(app.openAPIRegistry);
  registerRecommendationPaths(app.openAPIRegistry);
  registerToolboxPaths(app.openAPIRegistry);
  registerCustomerPicturePaths(app.openAPIRegistry);
  registerStudioPhotoPaths(app.openAPIRegistry);
  registerStudioDesignPaths(app.openAPIRegistry);
  registerInvoicePaths(app.openAPIRegistry);
  registerCheckoutPaths(app.openAPIRegistry);
  registerOrderPaths(app.openAPIRegistry);
  registerPaymentPaths(app.openAPIRegistry);
  registerFlagPaths(app.openAPIRegistry);
  registerRumPath(app.openAPIRegistry);
  registerServedPaths(app.openAPIRegistry);
  const documentSchema = z.looseObject({
    openapi: z.literal("3.1.0"),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))),
    components: z.looseObject({}).optional(),
  });
  for (const [path, summary, type, schema] of [
    [OPENAPI_PATH, "This document (OpenAPI 3.1)", "application/json", documentSchema],
    [DOCS_PATH, "This document as a readable page", "text/html", z.string()],
  ] as const) {
    app.openAPIRegistry.registerPath({
      method: "get",
      path,
      summary,
      tags: ["reference"],
      responses: { 200: { description: summary, content: { [type]: { schema } } } },
    });
  }
  const documentOf = () =>
    app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Shop API",
        version: "1",
        description:
          "Every path the shop's process serves: catalogue, prices, vouchers, content, customers, forms, " +
          "the content APIs, images, health and the pages' form actions. The site (channel and country) " +
          "comes from the host; X-Channel (e.g. cards-DE) and X-Locale (e.g. de-CH) must match it. Every " +
          "error is a problem document (application/problem+json: type, title, status, detail, the code " +
          "as `error`, and `errors` per wrong field).",
      },
    });
  let cached: ReturnType<typeof documentOf> | null = null;
  const document = () => (cached ??= withDefaultProblem(nullableReferences(documentOf())));
  app.get(OPENAPI_PATH, (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(document());
  });
  app.get(DOCS_PATH, (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.html(renderDocs(document() as unknown as OpenApiDocument, c.get("nonce")));
  });
}

/**
 * Every operation may also meet what the shop answers before any route: a body over the
 * limit (413), a write from another site (403), a host it does not serve (421), the
 * database out of reach (503) or a failure (500), each a problem document.
 */
function withDefaultProblem<T extends { paths?: unknown }>(doc: T): T {
  const fallback = {
    description:
      "Refused or failed before the route: 413 body too large, 403 a write from another site, " +
      "421 a host this shop does not serve, 503 the database out of reach (Retry-After), 500",
    content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: "#/components/schemas/Problem" } } },
  };
  for (const operations of Object.values((doc.paths ?? {}) as Record<string, object>)) {
    for (const operation of Object.values(operations) as { responses?: object }[]) {
      operation.responses = { ...operation.responses, default: fallback };
    }
  }
  return doc;
}

/**
 * The generator writes a nullable reference as `allOf: [ref, { type: [..., "null"] }]`,
 * which no value null satisfies; it means `anyOf: [ref, { type: "null" }]`.
 */
export function nullableReferences<T>(value: T): T {
  if (Array.isArray(value)) return value.map(nullableReferences) as T;
  if (!value || typeof value !== "object") return value;
  const node = value as Record<string, unknown>;
  const allOf = node.allOf as Record<string, unknown>[] | undefined;
  const nullable = allOf?.[1];
  if (
    allOf?.length === 2 &&
    nullable &&
    Object.keys(nullable).length === 1 &&
    Array.isArray(nullable.type) &&
    nullable.type.includes("null")
  ) {
    const { allOf: _, ...rest } = node;
    return { ...rest, anyOf: [nullableReferences(allOf[0]), { type: "null" }] } as T;
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, child]) => [key, nullableReferences(child)]),
  ) as T;
}

interface OpenApiDocument {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

const esc = (s: string) =>
  s.replace(/[<>&"]/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[ch]!);

/** A schema in one line: enum values, types, array items. */
function schemaText(schema: unknown): string {
  const s = (schema ?? {}) as Record<string, unknown>;
  if (Array.isArray(s.enum)) return s.enum.map(String).join(" | ");
  if (s.type === "array") return `${schemaText(s.items)}[]`;
  if (typeof s.$ref === "string") return s.$ref.split("/").pop()!;
  if (Array.isArray(s.anyOf)) return s.anyOf.map(schemaText).join(" | ");
  return String(s.type ?? "any");
}

/** The reference page: operations grouped by tag, with parameters, body and responses. */
export function renderDocs(doc: OpenApiDocument, nonce?: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = op.tags?.[0] ?? "other";
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<tr><td><code>${esc(p.name)}</code></td><td>${p.in}</td><td>${p.required ? "yes" : ""}</td><td>${esc(schemaText(p.schema))}</td></tr>`,
        )
        .join("");
      const body = op.requestBody
        ? `<details><summary>Request body</summary><pre>${esc(JSON.stringify(Object.values(op.requestBody.content)[0]?.schema, null, 2))}</pre></details>`
        : "";
      const responses = Object.entries(op.responses)
        .map(
          ([status, r]) =>
            `<details><summary>${status} ${esc(r.description)}</summary><pre>${esc(JSON.stringify(Object.values(r.content ?? {})[0]?.schema ?? null, null, 2))}</pre></details>`,
        )
        .join("");
      const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-");
      byTag.set(tag, [
        ...(byTag.get(tag) ?? []),
        `<section id="${id}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3><p>${esc(op.summary ?? "")}</p>${params ? `<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>${params}</table>` : ""}${body}${responses}</section>`,
      ]);
    }
  }
  const problems = Object.entries(PROBLEM_TITLES)
    .map(
      ([code, title]) =>
        `<tr id="${esc(problemType(code).split("#")[1]!)}"><td><code>${esc(code)}</code></td><td>${esc(title)}</td></tr>`,
    )
    .join("");
  byTag.set("problem types", [
    `<p>Every error is <code>application/problem+json</code>: <code>type</code> (a link to its row here), <code>title</code>, <code>status</code>, <code>detail</code>, the code as <code>error</code>, and <code>errors</code> per wrong field.</p><table><tr><th>error</th><th>title</th></tr>${problems}</table>`,
  ]);
  const nav = [...byTag.keys()]
    .map((t) => `<a href="#tag-${esc(t.replace(/ /g, "-"))}">${esc(t)}</a>`)
    .join(" · ");
  const sections = [...byTag]
    .map(
      ([tag, ops]) => `<h2 id="tag-${esc(tag.replace(/ /g, "-"))}">${esc(tag)}</h2>${ops.join("")}`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(doc.info.title)}</title><style${nonce ? ` nonce="${esc(nonce)}"` : ""}>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1b1b1b}
h3{font-size:1rem;margin:1.5rem 0 .25rem}code{font-size:.95em}.m{display:inline-block;min-width:3.5rem;padding:0 .3rem;border-radius:3px;color:#fff;font-size:.8rem;text-align:center}
.get{background:#1f6f43}.post{background:#1f4e8f}.put{background:#7a4f00}.delete{background:#9b1c1c}table{border-collapse:collapse;margin:.25rem 0}td,th{border:1px solid #ccc;padding:.15rem .5rem;text-align:left;font-size:.9rem}
pre{background:#f5f5f5;padding:.5rem;overflow:auto;font-size:.8rem}section{border-top:1px solid #eee}
</style></head><body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description ?? "")}</p><p>Machine-readable: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a></p><nav>${nav}</nav>${sections}</body></html>`;
}

/**
 * The API reference: the OpenAPI 3.1 document of the shop API at /web-api/openapi.json,
 * generated from the zod schemas the routes validate with, and a readable page of it at
 * /web-api/docs (server-rendered HTML, no scripts). The catalogue routes describe
 * themselves; the content and campaign paths of the other routers are described here.
 */
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import { errorSchema } from "../catalogue/schemas";
import {
  logInInput,
  newPasswordInput,
  passwordResetInput,
  signUpInput,
} from "../../domain/customers";
import { googleCredentialInput } from "../customers/google";

import { registerContactFormPaths } from "./contactForm";
import { registerToolboxPaths } from "./toolbox";
import { registerCustomerPicturePaths } from "./customerPictures";
import { FEATURE_FLAGS_PATH, FEATURE_FLAG_EVENTS_PATH, flagEventInput } from "./flags";
import { RUM_PATH, rumPostInput } from "./rum";

export const OPENAPI_PATH = "/web-api/openapi.json";
export const DOCS_PATH = "/web-api/docs";

type Registry = OpenAPIHono["openAPIRegistry"];

const ok = (description: string) => ({
  description,
  content: { "application/json": { schema: z.looseObject({}) } },
});
const errors = {
  400: { description: "Invalid input", content: { "application/json": { schema: errorSchema } } },
  404: { description: "Not found", content: { "application/json": { schema: errorSchema } } },
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
    responses: { 200: ok("{ bar: ActionBar | null }"), 400: errors[400] },
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
    responses: { 200: ok("{ story }"), 400: errors[400], 404: errors[404] },
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
    responses: { 200: ok("{ story }"), 400: errors[400] },
  });
  registry.registerPath({
    method: "get",
    path: "/web-api/cms/breadcrumb",
    summary: "The breadcrumb of a storefront path",
    tags: ["content"],
    request: { query: z.object({ locale, path }) },
    responses: { 200: ok("{ breadcrumb }"), 400: errors[400] },
  });
  registry.registerPath({
    method: "get",
    path: "/web-api/cms/content-page",
    summary: "What a storefront path shows: a page, a redirect or not found",
    tags: ["content"],
    request: { query: z.object({ locale, path }) },
    responses: { 200: ok("{ kind, story | redirect }"), 400: errors[400], 404: errors[404] },
  });
  registry.registerPath({
    method: "post",
    path: "/web-api/cms/webhook",
    summary: "Publish webhook: the content changed, read the cache version again",
    tags: ["content"],
    responses: { 200: ok("{ ok }"), 400: errors[400] },
  });
}

/** The customer and newsletter paths (server/api/customers.ts, newsletter.ts). */
function registerCustomerPaths(registry: Registry) {
  const customerErrors = {
    400: {
      description: "Invalid input: { error, message: { text }, errors? } in the visitor's language",
      content: { "application/json": { schema: z.looseObject({}) } },
    },
    403: {
      description: "Not from this shop's own pages (JSON from this host only)",
      content: { "application/json": { schema: z.looseObject({}) } },
    },
    429: {
      description: "Throttled",
      content: { "application/json": { schema: z.looseObject({}) } },
    },
  };
  const json = (schema: z.ZodType) => ({ body: { content: { "application/json": { schema } } } });
  const customer = ok(
    "The customer: emailHash, firstName, lastName, fullName, isLoggedIn, isWhitelabelCustomer, number, type, order",
  );
  const pending = ok("{ pending: true }: the next step is in the mail");
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
        401: {
          description:
            "The token is refused (signature, issuer, audience, expiry, unverified address): { error, message: { text } }",
          content: { "application/json": { schema: z.looseObject({}) } },
        },
        404: errors[404],
        503: {
          description: "Google's signing keys cannot be had right now",
          content: { "application/json": { schema: z.looseObject({}) } },
        },
      },
    ],
    [
      "/web-api/newsletter-challenge",
      "get",
      "A spam-protection challenge for a form action",
      { query: z.object({ action: z.literal("newsletterContainer") }) },
      { 200: ok("An ALTCHA challenge"), 400: errors[400] },
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
      { 202: pending, ...customerErrors },
    ],
    [
      "/web-api/newsletter-confirm",
      "post",
      "Confirm a newsletter sign-up with the mailed token",
      json(z.object({ token: z.string() })),
      { 200: ok("{ confirmed: true }"), 400: errors[400] },
    ],
  ];
  for (const [path, method, summary, request, responses] of paths) {
    registry.registerPath({
      method,
      path,
      summary,
      tags: ["customers"],
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
    responses: { 200: ok("{ featureFlags: { [flag]: on | off | control }, readiness }") },
  });
  registry.registerPath({
    method: "post",
    path: FEATURE_FLAG_EVENTS_PATH,
    summary:
      "Records an experiment event for the asking visitor (default event type landingpage_view)",
    tags: ["feature flags"],
    request: { body: { content: { "application/json": { schema: flagEventInput } } } },
    responses: {
      202: { description: "Recorded" },
      400: errors[400],
      503: { description: "The flag service is not available" },
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
      413: { description: "The report is too large" },
      429: { description: "Too many reports from this address; try again in a minute" },
    },
  });
}

/** Adds the reference paths to `app` (the catalogue router, whose routes describe themselves). */
export function addApiReference(app: OpenAPIHono<never>) {
  registerContentPaths(app.openAPIRegistry);
  registerCustomerPaths(app.openAPIRegistry);
  registerContactFormPaths(app.openAPIRegistry);
  registerToolboxPaths(app.openAPIRegistry);
  registerCustomerPicturePaths(app.openAPIRegistry);
  registerFlagPaths(app.openAPIRegistry);
  registerRumPath(app.openAPIRegistry);
  for (const [path, summary, type] of [
    [OPENAPI_PATH, "This document (OpenAPI 3.1)", "application/json"],
    [DOCS_PATH, "This document as a readable page", "text/html"],
  ] as const) {
    app.openAPIRegistry.registerPath({
      method: "get",
      path,
      summary,
      tags: ["reference"],
      responses: { 200: { description: summary, content: { [type]: { schema: z.string() } } } },
    });
  }
  const documentOf = () =>
    app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Shop API",
        version: "1",
        description:
          "Catalogue, prices, vouchers and content of the shop. The site (channel and country) comes from the host; " +
          "X-Channel (e.g. cards-DE) and X-Locale (e.g. de-CH) must match it. Errors are " +
          "`{ error, message, field? }`: 400 names the wrong field, 404 an unknown entry.",
      },
    });
  let cached: ReturnType<typeof documentOf> | null = null;
  const document = () => (cached ??= documentOf());
  app.get(OPENAPI_PATH, (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(document());
  });
  app.get(DOCS_PATH, (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.html(renderDocs(document() as unknown as OpenApiDocument, c.get("nonce")));
  });
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
  const nav = [...byTag.keys()].map((t) => `<a href="#tag-${esc(t)}">${esc(t)}</a>`).join(" · ");
  const sections = [...byTag]
    .map(([tag, ops]) => `<h2 id="tag-${esc(tag)}">${esc(tag)}</h2>${ops.join("")}`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(doc.info.title)}</title><style${nonce ? ` nonce="${esc(nonce)}"` : ""}>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1b1b1b}
h3{font-size:1rem;margin:1.5rem 0 .25rem}code{font-size:.95em}.m{display:inline-block;min-width:3.5rem;padding:0 .3rem;border-radius:3px;color:#fff;font-size:.8rem;text-align:center}
.get{background:#1f6f43}.post{background:#1f4e8f}table{border-collapse:collapse;margin:.25rem 0}td,th{border:1px solid #ccc;padding:.15rem .5rem;text-align:left;font-size:.9rem}
pre{background:#f5f5f5;padding:.5rem;overflow:auto;font-size:.8rem}section{border-top:1px solid #eee}
</style></head><body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description ?? "")}</p><p>Machine-readable: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a></p><nav>${nav}</nav>${sections}</body></html>`;
}

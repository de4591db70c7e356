/**
 * The API contract: the reference lists every path the process serves (the router's
 * table and the storefront's form actions), every operation's live answer matches what
 * the reference documents for it, and every API error, whatever the family, is a
 * problem document.
 */
import { createHmac } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { ACCOUNT_PATHS } from "../../domain/accountPaths";
import { NEWSLETTER_PATHS } from "../../domain/newsletterPaths";
import { PROBLEM_CONTENT_TYPE } from "../../domain/problem";
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { createShop, type Shop } from "../app";
import type { ShopServices } from "../services";
import { answerProblems, openApiPath, type OpenApiDocument } from "../testing/openapi";
import { createTestServices } from "../testing/services";
import { closeTestStorefront, loadTestServerBuild } from "../testing/shop";
import { problemSchema } from "./problem";

const PUBLIC = "cards-public-token";
const MANAGEMENT = "management-token-for-tests";
const WEBHOOK_SECRET = "webhook-secret-for-the-contract";

/** The content fixtures and one small image as the asset store, in a folder of this test's own. */
const contentDir = mkdtempSync(path.join(os.tmpdir(), "shop-contract-"));
cpSync(path.resolve("server/content/fixtures"), contentDir, { recursive: true });
mkdirSync(path.join(contentDir, "assets", "cards"), { recursive: true });
// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);
writeFileSync(path.join(contentDir, "assets", "cards", "logo.png"), PNG);
afterAll(() => rmSync(contentDir, { recursive: true, force: true }));

const ENV = {
  CONTENT_DIR: contentDir,
  CONTENT_IMPORT_ON_START: "true",
  CONTENT_CARDS_PUBLIC_TOKEN: PUBLIC,
  CONTENT_CARDS_PREVIEW_TOKEN: "cards-preview-token",
  CONTENT_MANAGEMENT_TOKEN: MANAGEMENT,
  CONTENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
  IMAGE_CACHE_DIR: path.join(contentDir, "image-cache"),
  MAILBOX_ENABLED: "true",
};

/**
 * The whole shop: this file's server modules (so the services' error classes are the
 * routers' own) with the app's React Router build.
 */
const t = {
  database: undefined as unknown as TestDatabase,
  services: undefined as unknown as ShopServices,
  shop: undefined as unknown as Shop,
  request(target: string, init: RequestInit = {}) {
    const url = new URL(target, "http://localhost");
    const headers = new Headers(init.headers);
    headers.set("host", url.host);
    return t.shop.app.request(url.href, { ...init, headers });
  },
};

let doc: OpenApiDocument;
let build: ServerBuild;
/** The management API's records the calls name: the space, a story, and those the calls make. */
const ids = { space: 0, story: 0, createdStory: 0, release: 0 };
beforeAll(async () => {
  t.database = await openTestDatabase("pglite");
  t.services = await createTestServices(t.database, ENV, { catalogue: true });
  build = await loadTestServerBuild();
  t.shop = await createShop({ env: t.services.env, build, services: t.services });
  doc = (await (await t.request("/web-api/openapi.json")).json()) as OpenApiDocument;
  ids.space = t.services.cms!.spaceAccess().cards.spaceId;
  const list = await t.request(`/v1/spaces/${ids.space}/stories`, {
    headers: { authorization: MANAGEMENT },
  });
  const { stories } = (await list.json()) as { stories: { id: number; is_folder: boolean }[] };
  ids.story = stories.find((s) => !s.is_folder)!.id;
}, 180_000);
afterAll(async () => {
  await closeTestStorefront();
  t.services.cms?.close();
  await t.database.destroy();
});

/** The full path of a React Router route: its parents' paths joined. */
function routePath(routes: ServerBuild["routes"], id: string): string {
  const route = routes[id]!;
  const own = route.path ?? "";
  const parent = route.parentId ? routePath(routes, route.parentId) : "";
  return [parent, own].filter(Boolean).join("/");
}

/** A page route's path as the reference names it: locale and desktop prefixes dropped. */
function actionPath(routePattern: string): string {
  const rest = routePattern
    .replace(/^:lang\?\/d\?\//, "")
    .replace(/^:lang\?\//, "")
    .replace(/^d\/:lang\//, "");
  return rest === "*" ? "/{path}" : `/${openApiPath(rest)}`;
}

describe("the API reference", () => {
  it("documents every route of the router's table", () => {
    // Prefix patterns (`/web-api/toolbox-*`) are middleware, not endpoints.
    const served = t.shop.app.routes
      .filter((r) => r.method !== "ALL" && !/[^/]\*/.test(r.path))
      .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path).replace(/\/\*$/, "/{path}")}`);
    expect(served.length).toBeGreaterThan(95);
    const missing = [...new Set(served)].filter((key) => {
      const [method, route] = key.split(" ") as [string, string];
      return !doc.paths[route]?.[method];
    });
    expect(missing).toEqual([]);
  });

  it("documents every form action of the storefront's routes", () => {
    const actions = Object.values(build.routes).flatMap((route) =>
      route?.module.action
        ? [route.index ? "/" : actionPath(routePath(build.routes, route.id))]
        : [],
    );
    expect(actions).toContain("/konto/{page}");
    expect(actions).toContain("/warenkorb");
    const missing = [...new Set(actions)].filter((p) => !doc.paths[p]?.post);
    expect(missing).toEqual([]);
  });

  it("describes no success answer as a bare object", () => {
    const bare: string[] = [];
    for (const [route, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          for (const media of Object.values(answer.content ?? {})) {
            const schema = media.schema as Record<string, unknown>;
            const properties = schema.properties as object | undefined;
            const open = schema.type === "object" && !properties && !schema.additionalProperties;
            if (open || (properties && Object.keys(properties).length === 0)) {
              bare.push(`${method} ${route} ${status}`);
            }
          }
        }
      }
    }
    expect(bare).toEqual([]);
  });

  it("gives every operation the problem document of what is refused before any route", () => {
    const without = Object.entries(doc.paths).flatMap(([route, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => !operation.responses.default?.content?.[PROBLEM_CONTENT_TYPE])
        .map(([method]) => `${method} ${route}`),
    );
    expect(without).toEqual([]);
  });

  it("names the content tokens, the management token, the session and the visitor key", () => {
    expect(doc.components.securitySchemes).toMatchObject({
      contentToken: { type: "apiKey", in: "query", name: "token" },
      managementToken: { type: "apiKey", in: "header", name: "Authorization" },
      session: { type: "apiKey", in: "cookie", name: "shop_session" },
      visitorKey: { type: "apiKey", in: "cookie", name: "visitor_key" },
    });
    expect(doc.paths["/v2/cdn/stories"]!.get!.security).toEqual([{ contentToken: [] }]);
    expect(doc.paths["/v1/spaces/{space_id}/stories"]!.post!.security).toEqual([
      { managementToken: [] },
    ]);
  });
});

interface Call {
  /** Host of the request (default localhost: cards, Germany). */
  host?: string;
  path?: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** Files of a multipart form, by field. */
  files?: Record<string, Blob>;
  headers?: Record<string, string>;
}

/** The calls an operation needs beyond its documented examples. */
const CALLS: Record<string, Call> = {
  "get /web-api/collage-designer-design-group": { query: { id: "1" } },
  "get /web-api/calendar-price": {
    query: { calendarType: "wandkalender", format: "a4-hoch", mounting: "spirale" },
  },
  "get /web-api/photobook-price": {
    query: {
      type: "digitalfotobuch",
      cover: "hard",
      variantKey: "glossy",
      format: "20x20",
      pages: "30",
    },
  },
  "get /price-api/photoboxes": {
    query: { type: "photoprint", format: "150x100", finish: "glossy", quantity: "100" },
  },
  "get /web-api/card-price": { query: { article: "card-folded-card-148x105", quantity: "50" } },
  "get /web-api/card-accessories": { query: { article: "card-folded-card-148x105" } },
  "get /price-api/accessory": { query: { article: "accessory-posterbar", quantity: "2" } },
  "get /web-api/variants-for-frame-types": {
    host: "wallart.localhost",
    query: { "frameTypes[]": "kunststoffrahmen" },
  },
  "get /gift-voucher/{code}": { path: "/gift-voucher/C-GIFT-2F7K-9QX4" },
  "get /web-api/cms/page/{locale}/{slug}": { path: "/web-api/cms/page/de-DE/vorteile" },
  "get /web-api/cms/content-page": { query: { locale: "de-DE", path: "/vorteile" } },
  "get /web-api/toolbox-download": { query: { id: "no-such-result" } },
  "get /customer-picture/image/{id}/{file}": { path: "/customer-picture/image/1/small.jpg" },
  "post /web-api/card-accessory-order": {
    json: { card: "card-folded-card-148x105", quantity: 5, accessories: [] },
  },
  "post /whitelabel/switch": { json: { whitelabel: false } },
  "post /web-api/cart/items": { json: { kind: "card", cardType: "folded-card" } },
  "patch /web-api/cart/items/{id}": { json: { quantity: 2 } },
  // A gift voucher has no minimum: it applies to the empty cart of the walk.
  "post /web-api/cart/voucher": { json: { code: "C-GIFT-2F7K-9QX4" } },
  "post /web-api/cms/transform": {
    query: { locale: "de-DE", path: "/" },
    json: { story: {} },
  },
  "post /web-api/cms/webhook": {
    json: { action: "published" },
    headers: {
      "webhook-signature": createHmac("sha1", WEBHOOK_SECRET)
        .update(JSON.stringify({ action: "published" }))
        .digest("hex"),
    },
  },
  "post /web-api/customer-signup": {
    json: {
      email: "someone@example.com",
      password: "Winterwald-Kerze-42",
      firstName: "Ada",
      lastName: "Berg",
    },
  },
  "post /web-api/customer-login": { json: { email: "nobody@example.com", password: "wrong-1234" } },
  "post /web-api/customer-logout": { json: {} },
  "post /web-api/customer-password-reset": { json: { email: "nobody@example.com" } },
  "post /web-api/customer-password-reset/confirm": {
    json: { token: "no-such-token", password: "Winterwald-Kerze-42" },
  },
  "post /web-api/customer-auth-google-credentials": { json: { credential: "x" } },
  "post /web-api/newsletter-subscribe": {
    form: { email: "reader@example.com", uniqueIdentifier: "x", reCaptchaToken: "" },
  },
  "post /web-api/newsletter-confirm": { json: { token: "no-such-token" } },
  "post /web-api/contact-form": {
    json: { name: "A", email: "a@example.com", topic: "x", message: "hello", token: "" },
  },
  "post /web-api/toolbox-optimize-image": {
    headers: { accept: "application/json" },
    files: { file: new Blob([PNG], { type: "image/png" }) },
  },
  "post /web-api/toolbox-convert-file": {
    headers: { accept: "application/json" },
    form: { to: "jpeg" },
    files: { file: new Blob([PNG], { type: "image/png" }) },
  },
  "post /web-api/toolbox-convert-pdf": {
    headers: { accept: "application/json" },
    files: { files: new Blob([PNG], { type: "image/png" }) },
  },
  "post /customer-picture/upload": { form: { consent: "on" } },
  "post /web-api/studio/photos": { files: { file: new Blob([PNG], { type: "image/png" }) } },
  "post /web-api/studio/designs": {
    json: { configuration: { kind: "photoframe", material: "poster", size: "600x400" } },
  },
  "post /web-api/feature-flags/events": {
    headers: { cookie: "visitor_key=5f0c4b1e-8d6a-4c47-9a57-1b2a3c4d5e6f" },
    json: { eventType: "landingpage_view" },
  },
  "post /web-api/rum": {
    json: {
      events: [
        { type: "vital", name: "LCP", value: 1200, rating: "good", device: "mobile", path: "/" },
      ],
    },
  },
  "get /v2/cdn/stories": { query: { token: PUBLIC } },
  "get /v2/cdn/stories/{slug}": {
    path: "/v2/cdn/stories/de-de/vorteile",
    query: { token: PUBLIC },
  },
  "get /v2/cdn/links": { query: { token: PUBLIC } },
  "get /v2/cdn/spaces/me": { query: { token: PUBLIC } },
  "post /v1/spaces/{space_id}/stories": {
    json: { story: { name: "Contract", slug: "contract", content: { component: "Page" } } },
  },
  "put /v1/spaces/{space_id}/stories/{id}": { json: { story: { name: "Renamed" } } },
  "post /v1/spaces/{space_id}/releases": { json: { release: { name: "Spring" } } },
  "put /v1/spaces/{space_id}/releases/{id}": { json: { do_release: false } },
  "get /_mailbox/{id}": { path: "/_mailbox/999999" },
  "get /_img/{path}": { path: "/_img/20x20/a/cards/logo.png" },
  "post /{path}": { path: "/kontakt", form: { name: "" } },
  "post /konto/{page}": { path: "/konto/anmelden", form: { email: "", password: "" } },
  "post /account/{page}": { path: "/account/log-in", form: { email: "", password: "" } },
};

/** A country whose shop speaks each language, for the language's form pages. */
const COUNTRY_OF = { de: "de", en: "gb", fr: "fr", it: "it", es: "es", nl: "nl" } as const;

/** Each language's account log-in and newsletter confirmation pages, on its country's host. */
for (const [language, country] of Object.entries(COUNTRY_OF)) {
  const host = `${country}.cards.localhost`;
  const account = ACCOUNT_PATHS[language as keyof typeof ACCOUNT_PATHS];
  const newsletter = NEWSLETTER_PATHS[language as keyof typeof NEWSLETTER_PATHS];
  CALLS[`post /${account.folder}/{page}`] ??= {
    host,
    path: `/${account.folder}/${account.pages["log-in"]}`,
    form: { email: "", password: "" },
  };
  CALLS[`post /${newsletter.folder}/{page}`] ??= {
    host,
    path: `/${newsletter.folder}/${newsletter.pages.confirm}`,
    form: { token: "no-such-token" },
  };
}

/**
 * The calls whose answer here is a refusal: they need what a test cannot make up in one
 * call (a mailed token, a solved challenge, a logged-in customer, Google, a preview
 * signature, a result made before) or are refused on purpose (a form with empty fields).
 */
const REFUSED_ON_PURPOSE = [
  /^get \/web-api\/toolbox-download$/,
  /^get \/customer-picture\/image\//,
  /^get \/_mailbox\/\{id\}$/,
  /^post \/web-api\/cms\/transform$/,
  /^post \/web-api\/customer-(login|password-reset\/confirm|auth-google-credentials)$/,
  /^post \/web-api\/(newsletter-subscribe|newsletter-confirm|contact-form)$/,
  /^post \/customer-picture\/upload$/,
  // A line needs a whole product configuration (cart.test.ts adds one of every family);
  // without one there is no line to change or remove.
  /^(post|patch|delete) \/web-api\/cart\/items/,
  /^post \/(_editor|_pictures)$/,
  // Every back-office form needs an operator's session and its CSRF token (log-in and setup
  // a password or the logged link); app/admin/*.http.test.ts walk each with one.
  /^post \/_admin\//,
  // A photo's screen copy and its deletion need a photo of the caller's own (uploaded
  // with the visitor key its answer gives; studio-photos.test.ts walks that).
  /^(get|delete) \/web-api\/studio\/photos\/\{id\}/,
  // A design's calls need a design of the caller's own (made with the visitor key its
  // answer gives; studio-designs.test.ts walks each of them).
  /^(get|put|post) \/web-api\/studio\/designs\/\{id\}/,
  // An invoice exists only once an order was paid (server/api/invoices.test.ts issues one).
  /^get \/web-api\/orders\/\{token\}\/invoices\/\{number\}$/,
  // An order, its payment and the test provider's payment exist only once a cart with
  // articles was checked out (checkout.test.ts places orders and walks these); a webhook
  // needs the provider's signature over its body.
  /^post \/web-api\/checkout$/,
  /^get \/web-api\/orders\/\{token\}$/,
  /^get \/web-api\/payments\/\{ref\}\/return$/,
  /^post \/web-api\/payments\/webhooks\/\{provider\}$/,
  /^(get|post) \/_test-payment\/\{id\}$/,
  // Form actions: the page again with the empty fields' problems, or a page without a form.
  /^post \/(\{path\})?$/,
  /^post \/[a-z-]+(\/\{page\})?$/,
];

/** The example of a parameter in the document. */
function example(
  parameter: NonNullable<OpenApiDocument["paths"][string][string]["parameters"]>[0],
) {
  const value =
    (parameter as { example?: unknown }).example ??
    parameter.schema?.example ??
    (parameter.schema?.enum as unknown[] | undefined)?.[0] ??
    parameter.schema?.default;
  return value === undefined ? undefined : String(value);
}

/** The request of a documented operation: its examples, and its entry in CALLS. */
function requestOf(method: string, route: string): { url: string; init: RequestInit } {
  const operation = doc.paths[route]![method]!;
  const call = CALLS[`${method} ${route}`] ?? {};
  const parameters = operation.parameters ?? [];
  let pathname =
    call.path ??
    route.replace(/\{(\w+)\}/g, (_, name: string) => {
      const parameter = parameters.find((p) => p.in === "path" && p.name === name);
      return (parameter && example(parameter)) ?? (name === "page" ? "x" : "1");
    });
  if (route.startsWith("/v1/spaces/")) {
    const story = method === "put" || method === "delete" ? ids.createdStory : ids.story;
    pathname = pathname
      .replace(/^\/v1\/spaces\/\d+/, `/v1/spaces/${ids.space}`)
      .replace(/\/stories\/\d+/, `/stories/${story}`)
      .replace(/\/releases\/\d+/, `/releases/${ids.release}`);
  }
  const query = new URLSearchParams();
  for (const p of parameters) {
    const value = p.in === "query" && p.required ? example(p) : undefined;
    if (value !== undefined) query.set(p.name, value);
  }
  for (const [name, value] of Object.entries(call.query ?? {})) query.set(name, value);
  const wallart = /wallart|leinwand|acrylglas|alurahmen/.test(`${pathname}?${query}`);
  const host = call.host ?? (wallart ? "wallart.localhost" : "localhost");
  const headers: Record<string, string> = { ...call.headers, host };
  if (route.startsWith("/v1/")) headers.authorization = MANAGEMENT;
  let body: BodyInit | undefined;
  if (call.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(call.json);
  } else if (call.form || call.files) {
    const form = new FormData();
    for (const [name, value] of Object.entries(call.form ?? {})) form.set(name, value);
    for (const [name, file] of Object.entries(call.files ?? {})) form.set(name, file, "photo.png");
    body = route.startsWith("/web-api/newsletter") ? new URLSearchParams(call.form) : form;
  } else if (method !== "get") {
    body = new FormData();
  }
  const search = query.size > 0 ? `?${query}` : "";
  return {
    url: `http://${host}${pathname}${search}`,
    init: { method: method.toUpperCase(), headers, body },
  };
}

describe("every operation's live answer", () => {
  it("has a documented status and matches the documented schema", async () => {
    const found: string[] = [];
    const answered = new Map<string, number>();
    // Reads first, then writes, then deletions: a story is read before it is deleted.
    const order = { get: 0, post: 1, put: 2, delete: 3 } as Record<string, number>;
    const operations = Object.entries(doc.paths)
      .flatMap(([route, ops]) => Object.keys(ops).map((method) => [method, route] as const))
      .sort(([a], [b]) => (order[a] ?? 0) - (order[b] ?? 0));
    for (const [method, route] of operations) {
      const { url, init } = requestOf(method, route);
      let response = await t.shop.app.request(url, init);
      // The management API allows a few calls per second and token, and says when to come
      // back; a client waits as told, as Storyblok's own client does, and asks again.
      if (response.status === 429 && route.startsWith("/v1/")) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        response = await t.shop.app.request(url, requestOf(method, route).init);
      }
      answered.set(`${method} ${route}`, response.status);
      if (method === "post" && route.startsWith("/v1/") && response.status === 201) {
        const made = (await response.clone().json()) as {
          story?: { id: number };
          release?: { id: number };
        };
        if (made.story) ids.createdStory = made.story.id;
        if (made.release) ids.release = made.release.id;
      }
      found.push(...(await answerProblems(doc, method, route, response)));
    }
    expect(found).toEqual([]);
    expect(answered.size).toBeGreaterThan(110);
    // Every other call is answered with its success, so its success schema was checked.
    const refused = [...answered].filter(([, status]) => status >= 400).map(([key]) => key);
    expect(refused.filter((key) => !REFUSED_ON_PURPOSE.some((p) => p.test(key)))).toEqual([]);
  }, 120_000);
});

/** One error of each family, as a client provokes it. */
const FAMILY_ERRORS: {
  family: string;
  route: string;
  method?: string;
  call: Call;
  status: number;
}[] = [
  {
    family: "shop API (catalogue)",
    route: "/web-api/themes",
    call: { query: { pageSize: "20" } },
    status: 400,
  },
  {
    family: "shop API (not found)",
    route: "/web-api/themes/{id}",
    call: { path: "/web-api/themes/no-such-theme" },
    status: 404,
  },
  {
    family: "price API",
    route: "/price-api/prices/article",
    call: { query: { article: "wallart-poster-600x400", quantity: "0" } },
    status: 400,
  },
  {
    family: "malformed JSON",
    route: "/web-api/card-accessory-order",
    method: "post",
    call: {
      headers: { "content-type": "application/json" },
      json: undefined,
      form: undefined,
      path: "/web-api/card-accessory-order",
    },
    status: 400,
  },
  {
    family: "cart",
    route: "/web-api/cart/items",
    method: "post",
    call: { json: { kind: "card" } },
    status: 400,
  },
  {
    family: "customer",
    route: "/web-api/customer-login",
    method: "post",
    call: { json: { email: "x" } },
    status: 400,
  },
  {
    family: "newsletter",
    route: "/web-api/newsletter-confirm",
    method: "post",
    call: { json: {} },
    status: 400,
  },
  {
    family: "contact form",
    route: "/web-api/contact-form",
    method: "post",
    call: { json: { name: "" } },
    status: 400,
  },
  {
    family: "toolbox",
    route: "/web-api/toolbox-convert-file",
    method: "post",
    call: { form: { to: "png" } },
    status: 400,
  },
  {
    family: "customer pictures",
    route: "/customer-picture/upload",
    method: "post",
    call: { form: {} },
    status: 401,
  },
  {
    family: "studio photos",
    route: "/web-api/studio/photos",
    method: "post",
    call: { form: {} },
    status: 400,
  },
  {
    family: "flags",
    route: "/web-api/feature-flags/events",
    method: "post",
    call: { json: {} },
    status: 400,
  },
  {
    family: "RUM",
    route: "/web-api/rum",
    method: "post",
    call: { json: { events: "x" } },
    status: 400,
  },
  {
    family: "campaigns",
    route: "/web-api/campaign-data",
    call: { query: { url: "ftp://x" } },
    status: 400,
  },
  {
    family: "CMS shop endpoints",
    route: "/web-api/cms/content-page",
    call: { query: { locale: "xx" } },
    status: 400,
  },
  {
    family: "content delivery",
    route: "/v2/cdn/stories",
    call: { query: { token: "wrong" } },
    status: 401,
  },
  {
    family: "content delivery (not found)",
    route: "/v2/cdn/stories/{slug}",
    call: { path: "/v2/cdn/stories/nothing-here", query: { token: PUBLIC } },
    status: 404,
  },
  {
    family: "content management",
    route: "/v1/spaces/{space_id}/stories",
    method: "post",
    call: { json: { story: { slug: "Not A Slug" } } },
    status: 422,
  },
  {
    family: "images",
    route: "/a/{channel}/{file}",
    call: { path: "/a/cards/missing.png" },
    status: 404,
  },
  { family: "sitemap", route: "/sitemap.xml", call: { host: "unknown.example" }, status: 404 },
];

describe("every API error", () => {
  async function expectProblem(response: Response, status: number) {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toBe(PROBLEM_CONTENT_TYPE);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const body = problemSchema.parse(await response.clone().json());
    expect(body.status).toBe(status);
    expect(body.type).toBe(`/web-api/docs#problem-${body.error}`);
    expect(body.title.length).toBeGreaterThan(0);
    expect(body.detail.length).toBeGreaterThan(0);
    return body;
  }

  it.each(FAMILY_ERRORS)("is a documented problem document: $family", async (error) => {
    const method = error.method ?? "get";
    CALLS[`${method} ${error.route}`] = error.call;
    const { url, init } = requestOf(method, error.route);
    if (error.family === "malformed JSON") init.body = "{ not json";
    const response = await t.shop.app.request(url, init);
    await expectProblem(response, error.status);
    expect(await answerProblems(doc, method, error.route, response)).toEqual([]);
  });

  it("names each wrong field in errors", async () => {
    const response = await t.request("/web-api/contact-form", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "", email: "not an address", topic: "", message: "" }),
    });
    const body = await expectProblem(response, 400);
    expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(["name", "email"]));
  });

  it("keeps the customer's localised text where the storefront's dialogs read it", async () => {
    const response = await t.request("/web-api/customer-login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password-1" }),
    });
    const body = (await expectProblem(response, 400)) as {
      detail: string;
      message?: { text: string };
    };
    expect(body.message?.text).toBe(body.detail);
  });

  it("answers an unknown API path 404 and a known one asked with another method 405 with Allow", async () => {
    await expectProblem(await t.request("/web-api/no-such-endpoint"), 404);
    const wrongMethod = await t.request("/web-api/themes", { method: "DELETE" });
    await expectProblem(wrongMethod, 405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers a body over the limit 413 and a wrong content type 415 or 400", async () => {
    const tooLarge = await t.request("/web-api/card-accessory-order", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ padding: "x".repeat(1024 * 1024 + 10) }),
    });
    await expectProblem(tooLarge, 413);
    const asText = await t.request("/web-api/card-accessory-order", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "card=1",
    });
    expect([400, 415]).toContain(asText.status);
    await expectProblem(asText, asText.status);
  });
});

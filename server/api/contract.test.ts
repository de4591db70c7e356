/**
 * The API contract: the reference lists every path the process serves (the router's
 * table and the storefront's form actions), every operation's live answer matches what
 * the reference documents for it, and every API error, whatever the family, is a
 * problem document.
 */
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { ACCOUNT_PATHS } from "../../domain/accountPaths";
import { CART_PATHS, CHECKOUT_PATHS } from "../../domain/cart";
import { CONTACT_FORM_POST_FIELD } from "../../domain/contactForm";
import { NEWSLETTER_PATHS } from "../../domain/newsletterPaths";
import { APP_ROUTE_PREFIXES } from "../../domain/paths";
import { WISHLIST_PATHS } from "../../domain/wishlistPaths";
import { PROBLEM_CONTENT_TYPE } from "../../domain/problem";
import type { TestDatabase } from "../../db/testing";
import { announceBackOffice } from "../admin/boot";
import { createShop, type Shop } from "../app";
import { signedPreviewParams } from "../content/preview";
import { encodeSpamToken } from "../customers/spamProtection";
import { TEST_SIGNATURE_HEADER } from "../payments/testProvider";
import type { Logger } from "../logger";
import type { ShopServices } from "../services";
import { answerProblems, openApiPath, type OpenApiDocument } from "../testing/openapi";
import { GERMAN_CHECKOUT } from "../testing/checkout";
import { loggedInCustomer, mailedLink } from "../testing/customers";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { loadTestServerBuild } from "../testing/shop";
import { problemSchema } from "./problem";
import { withDesign } from "../testing/designedLine";

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

/**
 * Google's stand-in: a key pair made for the test, whose public half a local server
 * publishes as the key set the shop checks ID tokens against.
 */
const google = {
  clientId: "1234-contract.apps.googleusercontent.com",
  key: undefined as unknown as CryptoKey,
  server: undefined as unknown as Server,
  async start() {
    const pair = await generateKeyPair("RS256");
    google.key = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "contract-key", alg: "RS256" };
    google.server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => google.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(google.server.address() as AddressInfo).port}/certs`;
  },
  /** An ID token as Google issues it for the shop. */
  idToken(email: string) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: "https://accounts.google.com",
      aud: google.clientId,
      sub: "200000000000000000002",
      email,
      email_verified: true,
      given_name: "Gerda",
      family_name: "Google",
      iat: now - 5,
      exp: now + 3600,
    })
      .setProtectedHeader({ alg: "RS256", kid: "contract-key", typ: "JWT" })
      .sign(google.key);
  },
};
afterAll(() => new Promise((resolve) => google.server?.close(resolve)));

const ENV: Record<string, string> = {
  GOOGLE_CLIENT_ID: google.clientId,
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
  ENV.GOOGLE_JWKS_URL = await google.start();
  t.database = await openSeededTestDatabase("pglite", "catalogue");
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
 * The calls whose answer in the walk is a refusal on purpose: each is answered with its
 * success by a step below ("the operations that need something made first"), or is a form
 * whose empty fields the walk sends to see the page's answer to them.
 */
const REFUSED_ON_PURPOSE: RegExp[] = [];

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
    const madeFirst = new Set(successSteps().map(([key]) => key));
    expect(
      refused.filter((key) => !madeFirst.has(key) && !REFUSED_ON_PURPOSE.some((p) => p.test(key))),
    ).toEqual([]);
  }, 120_000);
});

/** Sends a request to the whole shop as a client of `host` would. */
function send(
  method: string,
  target: string,
  options: {
    host?: string;
    json?: unknown;
    form?: Record<string, string>;
    files?: Record<string, Blob>;
    cookie?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const host = options.host ?? "localhost";
  const headers: Record<string, string> = { host, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.files) {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.form ?? {})) form.set(name, value);
    for (const [name, file] of Object.entries(options.files)) form.set(name, file, "photo.jpg");
    body = form;
  } else if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  }
  return Promise.resolve(
    t.shop.app.request(new URL(target, `http://${host}`).href, { method, headers, body }),
  );
}

/** A browser's request to the shop at its URL's host (how the studio helpers send). */
function request(url: string, init: RequestInit) {
  const headers = new Headers(init.headers);
  headers.set("host", new URL(url).host);
  return t.shop.app.request(url, { ...init, headers });
}

/**
 * A form post to a path the wall-art shop writes with a trailing slash: answered 308 to
 * it, which a browser follows with the same method and form, as this does.
 */
async function sendOnTrailingSlash(
  method: string,
  target: string,
  options: Parameters<typeof send>[2] = {},
): Promise<Response> {
  const first = await send(method, target, options);
  const location = first.headers.get("location");
  return first.status === 308 && location ? send(method, location, options) : first;
}

/** A solved spam-protection challenge of a form, as the page's widget hands it in. */
async function solvedChallenge(
  challengePath: string,
  action: string,
  host = "localhost",
): Promise<string> {
  const challenge = (await (
    await send("GET", `${challengePath}?action=${action}`, { host })
  ).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return encodeSpamToken({ challenge, solution });
}

/**
 * The operations whose success needs something made first: a toolbox result, an account
 * and its mailed links, a solved challenge, Google's signed token, an approved picture, a
 * cart line, an order and its payment and invoice, a studio photo and design. Each step
 * makes it as a client would (through the API, or as the operator's or the provider's side
 * does) and answers the operation's own answer, which is checked against the document
 * like the walk's: success status, schema and content type.
 */
function successSteps(): [key: string, step: () => Promise<Response>][] {
  const email = "contract-customer@example.com";
  const password = "Winterwald-Kerze-42";
  const jpeg = async () =>
    new Blob(
      [
        new Uint8Array(
          await sharp({ create: { width: 300, height: 200, channels: 3, background: "#3a7d44" } })
            .jpeg()
            .toBuffer(),
        ),
      ],
      { type: "image/jpeg" },
    );
  const made = {
    customer: "",
    visitor: "visitor_key=7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
    line: "",
    order: { token: "", redirect: "", back: "", providerRef: "", amountMinor: 0 },
    studio: "visitor_key=0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70",
    photo: "",
    design: "",
    version: 0,
  };
  const wallart = "wallart.localhost";
  const article = {
    kind: "article",
    product: "photoframe",
    options: { materialType: "leinwand", formatType: "600x400", canvasEdge: "mirrored" },
    quantity: 1,
  };
  return [
    [
      "get /web-api/toolbox-download",
      async () => {
        const result = await send("POST", "/web-api/toolbox-optimize-image", {
          headers: { accept: "application/json", "x-forwarded-for": "192.0.2.77" },
          files: { file: await jpeg() },
        });
        const { id } = (await result.json()) as { id: string };
        return send("GET", `/web-api/toolbox-download?id=${encodeURIComponent(id)}`);
      },
    ],
    [
      "post /web-api/customer-login",
      async () => {
        made.customer = await loggedInCustomer(t.services, t.shop.app, {
          email,
          firstName: "Clara",
          lastName: "Vertrag",
        });
        return send("POST", "/web-api/customer-login", { json: { email, password } });
      },
    ],
    [
      "post /customer-picture/upload",
      async () =>
        send("POST", "/customer-picture/upload", {
          cookie: made.customer,
          headers: { accept: "application/json" },
          form: { consent: "on" },
          files: { file: await jpeg() },
        }),
    ],
    [
      "get /customer-picture/image/{id}/{file}",
      async () => {
        const [pending] = await t.services.customerPictures.pending("cards");
        expect(await t.services.customerPictures.approve("cards", pending!.id)).toBe(true);
        return send("GET", `/customer-picture/image/${pending!.id}/small.jpg`);
      },
    ],
    [
      "post /web-api/customer-password-reset/confirm",
      async () => {
        const asked = await send("POST", "/web-api/customer-password-reset", { json: { email } });
        expect(asked.status).toBeLessThan(300);
        const { token } = await mailedLink(t.services, email);
        return send("POST", "/web-api/customer-password-reset/confirm", {
          json: { token, password: "Sommerwiese-Laterne-77" },
        });
      },
    ],
    [
      "get /_mailbox/{id}",
      async () => {
        const [mail] = await t.services.customers.mailer.latest(1);
        return send("GET", `/_mailbox/${mail!.id}`);
      },
    ],
    [
      "post /web-api/customer-auth-google-credentials",
      async () =>
        send("POST", "/web-api/customer-auth-google-credentials", {
          json: { credential: await google.idToken("contract-google@example.com") },
        }),
    ],
    [
      "post /web-api/newsletter-subscribe",
      async () => {
        const token = await solvedChallenge("/web-api/newsletter-challenge", "newsletterContainer");
        return send("POST", "/web-api/newsletter-subscribe", {
          headers: { origin: "http://localhost" },
          form: {
            email: "contract-reader@example.com",
            uniqueIdentifier: "footer:/",
            reCaptchaToken: token,
          },
        });
      },
    ],
    [
      "post /web-api/newsletter-confirm",
      async () => {
        const { token } = await mailedLink(t.services, "contract-reader@example.com");
        return send("POST", "/web-api/newsletter-confirm", { json: { token } });
      },
    ],
    [
      "post /web-api/contact-form",
      async () =>
        send("POST", "/web-api/contact-form", {
          json: {
            name: "Anna Schmidt",
            email: "anna@example.de",
            topic: "Frage zu meiner Bestellung",
            message: "Meine Karten sind noch nicht angekommen.",
            token: await solvedChallenge("/web-api/contact-form-challenge", "contactForm"),
          },
        }),
    ],
    [
      "post /web-api/cms/transform",
      async () => {
        const access = t.services.content.previewAccessFor("cards")!;
        const signature = signedPreviewParams(access, ids.story).toString();
        return send("POST", `/web-api/cms/transform?locale=de-DE&path=/&${signature}`, {
          json: {
            story: {
              id: ids.story,
              name: "Vorschau",
              content: { _uid: "contract-preview", component: "Page", body: [] },
            },
          },
        });
      },
    ],
    [
      "post /web-api/cart/items",
      async () => {
        // Wall art goes into the cart with its studio design, made here first.
        const added = await send("POST", "/web-api/cart/items", {
          host: wallart,
          cookie: made.visitor,
          json: await withDesign(request, `http://${wallart}`, made.visitor, article),
        });
        made.line = ((await added.clone().json()) as { id: string }).id;
        return added;
      },
    ],
    [
      "patch /web-api/cart/items/{id}",
      () =>
        send("PATCH", `/web-api/cart/items/${made.line}`, {
          host: wallart,
          cookie: made.visitor,
          json: { quantity: 2 },
        }),
    ],
    [
      "delete /web-api/cart/items/{id}",
      () =>
        send("DELETE", `/web-api/cart/items/${made.line}`, { host: wallart, cookie: made.visitor }),
    ],
    [
      "post /web-api/checkout",
      async () => {
        const again = await send("POST", "/web-api/cart/items", {
          host: wallart,
          cookie: made.visitor,
          json: await withDesign(request, `http://${wallart}`, made.visitor, article),
        });
        expect(again.status).toBe(201);
        const placed = await send("POST", "/web-api/checkout", {
          host: wallart,
          cookie: made.visitor,
          headers: { "idempotency-key": "contract-checkout-0001" },
          json: GERMAN_CHECKOUT,
        });
        const body = (await placed.clone().json()) as {
          orderToken: string;
          total: { amountMinor: number };
          payment: { redirectUrl: string };
        };
        made.order = {
          token: body.orderToken,
          redirect: new URL(body.payment.redirectUrl).pathname,
          back: "",
          providerRef: new URL(body.payment.redirectUrl).pathname.split("/").pop()!,
          amountMinor: body.total.amountMinor,
        };
        return placed;
      },
    ],
    ["get /web-api/orders/{token}", () => send("GET", `/web-api/orders/${made.order.token}`)],
    ["get /_test-payment/{id}", () => send("GET", made.order.redirect, { host: wallart })],
    [
      "post /_test-payment/{id}",
      async () => {
        const chosen = await send("POST", made.order.redirect, {
          host: wallart,
          form: { outcome: "approve" },
        });
        made.order.back = new URL(chosen.headers.get("location") ?? "/", "http://x").pathname;
        return chosen;
      },
    ],
    // The way back the provider's page sent the shopper on.
    ["get /web-api/payments/{ref}/return", () => send("GET", made.order.back, { host: wallart })],
    [
      "post /web-api/payments/webhooks/{provider}",
      () => {
        const event = JSON.stringify({
          id: "evt_contract_1",
          type: "payment.captured",
          payment: {
            providerRef: made.order.providerRef,
            status: "captured",
            amountMinor: made.order.amountMinor,
            capturedMinor: made.order.amountMinor,
            refundedMinor: 0,
          },
        });
        return send("POST", "/web-api/payments/webhooks/test", {
          headers: {
            "content-type": "application/json",
            [TEST_SIGNATURE_HEADER]: t.services.commerce.testProvider!.sign(event),
          },
          json: JSON.parse(event) as unknown,
        });
      },
    ],
    [
      "get /web-api/orders/{token}/invoices/{number}",
      async () => {
        await t.services.commerce.runJobs();
        const [invoice] = await t.services.invoices.ofOrder(made.order.token);
        return send("GET", `/web-api/orders/${made.order.token}/invoices/${invoice!.number}`);
      },
    ],
    [
      "get /web-api/studio/photos/{id}/screen",
      async () => {
        const uploaded = await send("POST", "/web-api/studio/photos", {
          cookie: made.studio,
          files: { file: await jpeg() },
        });
        made.photo = ((await uploaded.json()) as { id: string }).id;
        return send("GET", `/web-api/studio/photos/${made.photo}/screen`, { cookie: made.studio });
      },
    ],
    [
      "get /web-api/studio/designs/{id}",
      async () => {
        const started = await send("POST", "/web-api/studio/designs", {
          cookie: made.studio,
          json: { configuration: { kind: "photoframe", material: "poster", size: "600x400" } },
        });
        made.design = ((await started.json()) as { id: string }).id;
        return send("GET", `/web-api/studio/designs/${made.design}`, { cookie: made.studio });
      },
    ],
    [
      "post /web-api/studio/designs/{id}/autofill",
      async () => {
        const filled = await send("POST", `/web-api/studio/designs/${made.design}/autofill`, {
          cookie: made.studio,
          json: { photos: [made.photo] },
        });
        made.version = ((await filled.clone().json()) as { version: number }).version;
        return filled;
      },
    ],
    [
      "put /web-api/studio/designs/{id}",
      async () => {
        const design = (await (
          await send("GET", `/web-api/studio/designs/${made.design}`, { cookie: made.studio })
        ).json()) as { document: unknown; version: number };
        return send("PUT", `/web-api/studio/designs/${made.design}`, {
          cookie: made.studio,
          headers: { "if-match": `"${design.version}"` },
          json: { document: design.document },
        });
      },
    ],
    [
      "get /web-api/studio/designs/{id}/preflight",
      () =>
        send("GET", `/web-api/studio/designs/${made.design}/preflight`, { cookie: made.studio }),
    ],
    [
      "get /web-api/studio/designs/{id}/print.pdf",
      () =>
        send("GET", `/web-api/studio/designs/${made.design}/print.pdf`, { cookie: made.studio }),
    ],
    [
      "get /web-api/studio/designs/{id}/proof/{file}",
      () =>
        send("GET", `/web-api/studio/designs/${made.design}/proof/1.jpg`, { cookie: made.studio }),
    ],
    [
      "delete /web-api/studio/photos/{id}",
      async () => {
        const second = await send("POST", "/web-api/studio/photos", {
          cookie: made.studio,
          files: {
            file: new Blob([
              new Uint8Array(
                await sharp({ create: { width: 40, height: 30, channels: 3, background: "#123" } })
                  .png()
                  .toBuffer(),
              ),
            ]),
          },
        });
        const { id } = (await second.json()) as { id: string };
        return send("DELETE", `/web-api/studio/photos/${id}`, { cookie: made.studio });
      },
    ],
    ...formSteps(email, "Sommerwiese-Laterne-77"),
    ...pageAndBackOfficeSteps(),
  ];
}

/**
 * The storefront's forms in each language, answered with their success: the log-in with
 * the account's password, a heart for a theme on the wishlist, the newsletter's confirmation
 * with a mailed token, and the log-out.
 */
function formSteps(email: string, password: string): [string, () => Promise<Response>][] {
  // Each language's forms on its country's wall-art host (another language is sent there).
  const wallartOf = (country: string) =>
    country === "de" ? "wallart.localhost" : `${country}.wallart.localhost`;
  const visitor = "visitor_key=3b4c5d6e-7f80-4192-a3b4-c5d6e7f80912";
  return Object.entries(COUNTRY_OF).flatMap(([language, country]) => {
    const lang = language as keyof typeof ACCOUNT_PATHS;
    const host = `${country}.cards.localhost`;
    const account = ACCOUNT_PATHS[lang];
    const newsletter = NEWSLETTER_PATHS[lang];
    const reader = `contract-reader-${language}@example.com`;
    const steps: [string, () => Promise<Response>][] = [
      [
        `post /${account.folder}/{page}`,
        () =>
          send("POST", `/${account.folder}/${account.pages["log-in"]}`, {
            host,
            form: { email, password },
          }),
      ],
      [
        `post ${WISHLIST_PATHS[lang]}`,
        () =>
          send("POST", WISHLIST_PATHS[lang], {
            host,
            form: { intent: "add", themeId: "einschulung-001" },
          }),
      ],
      [
        `post /${newsletter.folder}/{page}`,
        async () => {
          const token = await solvedChallenge(
            "/web-api/newsletter-challenge",
            "newsletterContainer",
          );
          const subscribed = await send("POST", "/web-api/newsletter-subscribe", {
            host,
            form: { email: reader, uniqueIdentifier: "footer:/", reCaptchaToken: token },
          });
          expect(subscribed.status).toBe(202);
          const link = await mailedLink(t.services, reader);
          return send("POST", `/${newsletter.folder}/${newsletter.pages.confirm}`, {
            host,
            form: { token: link.token },
          });
        },
      ],
      [
        `post /${APP_ROUTE_PREFIXES.logout[lang][0]}`,
        () => send("POST", `/${APP_ROUTE_PREFIXES.logout[lang][0]}`, { host }),
      ],
      [
        `post /${APP_ROUTE_PREFIXES.recommendation[lang][0]}`,
        async () =>
          send("POST", `/${APP_ROUTE_PREFIXES.recommendation[lang][0]}`, {
            host,
            form: {
              senderName: "Anna Schmidt",
              // A sender of their own per language: a sender's recommendations are limited.
              senderEmail: `anna-${language}@example.de`,
              friendEmail: `friend-${language}@example.com`,
              message: "Schöne Karten.",
              token: await solvedChallenge(
                "/web-api/recommendation-challenge",
                "recommendation",
                host,
              ),
            },
          }),
      ],
      // An article of the wall-art shop put into the cart through the page's form, with
      // the studio design it prints.
      [
        `post ${CART_PATHS[lang]}`,
        async () => {
          const options = {
            materialType: "leinwand",
            formatType: "600x400",
            canvasEdge: "mirrored",
          };
          const designed = await withDesign(request, `http://${wallartOf(country)}`, visitor, {
            product: "photoframe",
            options,
            quantity: 1,
          });
          return sendOnTrailingSlash("POST", CART_PATHS[lang], {
            host: wallartOf(country),
            cookie: visitor,
            form: {
              intent: "add",
              product: "photoframe",
              options: new URLSearchParams(designed.options).toString(),
              quantity: "1",
            },
          });
        },
      ],
      // The checkout page's voucher form, which takes the code away again when left empty.
      [
        `post ${CHECKOUT_PATHS[lang]}`,
        () =>
          sendOnTrailingSlash("POST", CHECKOUT_PATHS[lang], {
            host: wallartOf(country),
            cookie: visitor,
            form: { intent: "voucher", voucher: "" },
          }),
      ],
    ];
    return steps;
  });
}

/**
 * A content page's contact form, posted without JavaScript, and the back office's first
 * owner made through the link the start logs, then logged in (on to the second factor).
 */
function pageAndBackOfficeSteps(): [string, () => Promise<Response>][] {
  const contact = async (path: string) =>
    send("POST", path, {
      form: {
        [CONTACT_FORM_POST_FIELD]: "contact-block",
        name: "Anna Schmidt",
        email: "anna@example.de",
        topic: "Frage zu meiner Bestellung",
        message: "Meine Karten sind noch nicht angekommen.",
        token: await solvedChallenge("/web-api/contact-form-challenge", "contactForm"),
      },
    });
  const owner = { email: "owner@example.com", password: "Laterne-Wolke-Fahrrad-93" };
  return [
    // A form on the home page names the index route (`?index`), as React Router's forms do.
    ["post /", () => contact("/?index")],
    ["post /{path}", () => contact("/kontakt")],
    [
      "post /_admin/setup",
      async () => {
        const said: { id?: string; path?: string }[] = [];
        await announceBackOffice({
          env: t.services.env,
          log: { warn: (fields: object) => said.push(fields), info() {} } as unknown as Logger,
          operators: t.services.admin.operators,
          origin: "http://localhost",
        });
        const setup = said.find((w) => w.id === "back-office-setup")!.path!;
        const token = new URL(setup, "http://localhost").searchParams.get("token")!;
        return send("POST", setup, { form: { token, name: "Olivia Owner", ...owner } });
      },
    ],
    ["post /_admin/login", () => send("POST", "/_admin/login", { form: owner })],
  ];
}

describe("the operations that need something made first", () => {
  it("answer their success as documented", async () => {
    const found: string[] = [];
    const statuses: string[] = [];
    for (const [key, step] of successSteps()) {
      const [method, route] = key.split(" ") as [string, string];
      expect(doc.paths[route]?.[method], key).toBeDefined();
      const response = await step();
      statuses.push(`${key} ${response.status}`);
      if (response.status >= 400)
        found.push(`${key}: ${response.status} ${await response.clone().text()}`);
      found.push(...(await answerProblems(doc, method, route, response)));
    }
    expect(found).toEqual([]);
  }, 180_000);
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

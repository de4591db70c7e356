import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";
import type { Storefront } from "../storefront";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

describe.each(TEST_DATABASES)("shop API on %s", (kind) => {
  let database: TestDatabase;
  let api: ReturnType<typeof createApi>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    api = createApi(await createTestServices(database), storefront);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("reports the database state on /health", async () => {
    const response = await api.request("/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.json();
    expect(body).toMatchObject({ status: "ok", database: { kind, ok: true } });
  });

  it("answers 503 on /health when the database is gone", async () => {
    const broken = await openTestDatabase(kind);
    const brokenApi = createApi(await createTestServices(broken), storefront);
    await broken.destroy();
    const response = await brokenApi.request("/health");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "degraded", database: { ok: false } });
  });

  it("tells liveness from readiness: the gone database and a shutdown make it unready, not dead", async () => {
    expect((await api.request("/health/live")).status).toBe(200);
    expect(await (await api.request("/health/ready")).json()).toEqual({
      status: "ready",
      database: true,
    });
    const broken = await openTestDatabase(kind);
    const brokenApi = createApi(await createTestServices(broken), storefront);
    await broken.destroy();
    expect((await brokenApi.request("/health/live")).status).toBe(200);
    expect((await brokenApi.request("/health/ready")).status).toBe(503);
    let stopping = false;
    const draining = createApi(await createTestServices(database), storefront, {
      stopping: () => stopping,
    });
    expect((await draining.request("/health/ready")).status).toBe(200);
    stopping = true;
    expect(await (await draining.request("/health/ready")).json()).toEqual({ status: "stopping" });
  });

  it.each(["/api/nothing", "/web-api/unknown/path", "/price-api/x", "/v2/cdn/unknown", "/web-api"])(
    "answers an unknown API path %s with a 404 problem document",
    async (path) => {
      const response = await api.request(path, { method: "POST" });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(await response.json()).toEqual({
        type: "/web-api/docs#problem-not_found",
        title: "Nothing is found at this address",
        status: 404,
        detail: `No API endpoint at ${path}`,
        error: "not_found",
      });
    },
  );
});

describe.each(TEST_DATABASES)("robots.txt on %s", (kind) => {
  let database: TestDatabase;
  let api: ReturnType<typeof createApi>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    api = createApi(await createTestServices(database), storefront);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("lets crawlers into the shop but not into previews, the editor or the APIs", async () => {
    const response = await api.request("/robots.txt", {
      headers: { host: "wallart.localhost:3000" },
    });
    const text = await response.text();
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(text).toContain("Allow: /\n");
    expect(text).toContain("Disallow: /_editor");
    expect(text).toContain("Disallow: /web-api/");
  });

  it("names the host's sitemap, with the scheme the visitor used", async () => {
    const plain = await api.request("/robots.txt", { headers: { host: "ch.cards.localhost" } });
    expect(await plain.text()).toContain("\nSitemap: http://ch.cards.localhost/sitemap.xml\n");
    const proxied = await api.request("/robots.txt", {
      headers: { host: "wallart.localhost:3000", "x-forwarded-proto": "https" },
    });
    expect(await proxied.text()).toContain("Sitemap: https://wallart.localhost:3000/sitemap.xml");
  });

  it("keeps crawlers off hosts that are not in the hosts table", async () => {
    const response = await api.request("/robots.txt", { headers: { host: "staging.example" } });
    expect(await response.text()).toBe("User-agent: *\nDisallow: /\n");
  });
});

/**
 * The page cache through the whole shop over HTTP: anonymous pages of the shareable
 * paths (home, product overview, feeds, prints, wall art, landing pages) are rendered once and
 * shared with a policy of script hashes, a publish shows at once, and logged-in
 * customers and previews get their own render.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../db/testing";
import { inlineScriptHashes } from "./pageCache";
import { createTestServices } from "./testing/services";
import { createTestShop, type TestShop } from "./testing/shop";
import type { ShopServices } from "./services";

describe("the page cache in the shop", () => {
  let database: TestDatabase;
  let services: ShopServices;
  let shop: TestShop;

  const get = (target: string, headers: Record<string, string> = {}) =>
    shop.app.request(`http://localhost${target}`, { headers });

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    services = await createTestServices(database, {
      CONTENT_DIR: path.resolve("content"),
      CONTENT_IMPORT_ON_START: "true",
      PAGE_CACHE: "true",
    });
    shop = await createTestShop(services);
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    services?.cms?.close();
    await database?.destroy();
  });

  it("renders an anonymous page once and shares it, its scripts allowed by their hashes", async () => {
    const first = await get("/fotos-drucken?utm_source=newsletter");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    const second = await get("/fotos-drucken");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    const html = await second.text();
    expect(html).toBe(await first.text());

    const policy = second.headers.get("Content-Security-Policy")!;
    expect(policy).not.toMatch(/nonce-/);
    const hashes = inlineScriptHashes(html);
    // React Router's context and module scripts, at least.
    expect(hashes.length).toBeGreaterThan(1);
    for (const hash of hashes) expect(policy).toContain(`'${hash}'`);
    // A script nobody rendered would not run.
    const injected = createHash("sha256").update("alert(1)").digest("base64");
    expect(policy).not.toContain(injected);
  });

  it("answers 304 to a browser that has the page", async () => {
    const first = await get("/fotos-drucken");
    const etag = first.headers.get("ETag")!;
    const again = await get("/fotos-drucken", { "If-None-Match": etag });
    expect(again.status).toBe(304);
  });

  it("answers a hit compressed once, in the coding the browser accepts, with its length", async () => {
    const html = Buffer.from(await (await get("/fotos-drucken")).arrayBuffer());
    for (const [accept, coding, decompress] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      const response = await get("/fotos-drucken", { "Accept-Encoding": accept });
      expect(response.status).toBe(200);
      expect(response.headers.get("X-Cache")).toBe("HIT");
      // One coding, applied once: decompressing once gives the page.
      expect(response.headers.get("Content-Encoding")).toBe(coding);
      expect(response.headers.get("Vary")).toBe("Accept-Encoding");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
      expect(decompress(bytes).equals(html)).toBe(true);
      expect(response.headers.get("Content-Security-Policy")).not.toMatch(/nonce-/);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("answers 304 to a browser that has the page, whatever coding it accepts", async () => {
    const first = await get("/fotos-drucken", { "Accept-Encoding": "gzip, br" });
    const again = await get("/fotos-drucken", {
      "Accept-Encoding": "gzip, br",
      "If-None-Match": first.headers.get("ETag")!,
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("Content-Encoding")).toBeNull();
    expect(again.headers.get("Vary")).toBe("Accept-Encoding");
    expect(await again.text()).toBe("");
  });

  it("still compresses a page it does not keep, per request", async () => {
    const response = await get("/fotos-drucken", {
      Cookie: "shop_session=some-session",
      "Accept-Encoding": "gzip, br",
    });
    expect(response.headers.get("X-Cache")).toBeNull();
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8");
    expect(html).toContain("</html>");
  });

  it("shows a published change with the next request", async () => {
    const before = await (await get("/feed-card")).text();
    expect((await get("/feed-card")).headers.get("X-Cache")).toBe("HIT");
    const { store } = services.cms!;
    const spaceId = services.content.spaceIdOf("cards");
    const story = await store.findStory(spaceId, { fullSlug: "de-de/feed-card" });
    await services.cms!.saveDraft("cards", story!.id, {
      ...story!.content,
      component: "Page",
      metaTitle: "Designs – frisch veröffentlicht",
    });
    await services.cms!.publish("cards", story!.id);
    const after = await get("/feed-card");
    expect(after.headers.get("X-Cache")).toBe("MISS");
    const html = await after.text();
    expect(html).not.toBe(before);
    expect(html).toContain("Designs – frisch veröffentlicht");
  });

  it("renders afresh for a logged-in customer and for an editor's preview", async () => {
    await get("/fotos-drucken");
    for (const [target, headers] of [
      ["/fotos-drucken", { Cookie: "shop_session=some-session" }],
      ["/fotos-drucken?_storyblok=1", {}],
    ] as const) {
      const response = await get(target, headers);
      expect(response.headers.get("X-Cache")).toBeNull();
      expect(response.headers.get("Content-Security-Policy")).toMatch(/'nonce-/);
    }
  });

  it("keeps error pages out", async () => {
    const missing = await get("/gibt-es-nicht");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("X-Cache")).toBeNull();
    expect((await get("/gibt-es-nicht")).headers.get("X-Cache")).toBeNull();
  });
});

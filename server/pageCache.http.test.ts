/**
 * The page cache through the whole shop over HTTP: anonymous pages of the shareable
 * routes (home, content, product, legal, theme and theme-list pages) are rendered once and
 * shared with a policy of script hashes, a publish shows at once (and drops only the
 * pages that show the published story), each site's sitemap is built once until a publish
 * or an unpublish changes what it lists, and logged-in
 * customers and previews get their own render. Over a real socket, fresh hits are answered
 * before the app (server/fastHit.ts) exactly as the app answers them.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import type { TestDatabase } from "../db/testing";
import { CACHE_TIERS } from "../config/cache";
import { changedStory } from "../cms/managementApi";
import { inlineScriptHashes } from "./pageCache";
import { createTestServices, openSeededTestDatabase } from "./testing/services";
import { createTestShop, type TestShop } from "./testing/shop";
import { sendOverSocket, type SocketAnswer } from "./testing/socket";
import type { ShopServices } from "./services";

describe("the page cache in the shop", () => {
  let database: TestDatabase;
  let services: ShopServices;
  let shop: TestShop;

  /** Publishes the cards design list page with a new title. */
  async function publishFeedCardTitle(metaTitle: string) {
    const { store } = services.cms!;
    const spaceId = services.content.spaceIdOf("cards");
    const story = await store.findStory(spaceId, { fullSlug: "de-de/feed-card" });
    await services.cms!.saveDraft("cards", story!.id, {
      ...story!.content,
      component: "Page",
      metaTitle,
    });
    await services.cms!.publish("cards", story!.id);
  }

  const get = (target: string, headers: Record<string, string> = {}) =>
    shop.app.request(`http://localhost${target}`, { headers });

  beforeAll(async () => {
    database = await openSeededTestDatabase("pglite", "content");
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
    await publishFeedCardTitle("Designs – frisch veröffentlicht");
    const after = await get("/feed-card");
    expect(after.headers.get("X-Cache")).toBe("MISS");
    const html = await after.text();
    expect(html).not.toBe(before);
    expect(html).toContain("Designs – frisch veröffentlicht");
  });

  it("keeps every anonymous page type, and a publish drops exactly the pages that show the story", async () => {
    const kept = ["/fotobuch", "/ueber-uns", "/agb", "/feed-card", "/karten?color=red"];
    for (const target of kept) await get(target);
    for (const target of kept) {
      const again = await get(target);
      expect(again.headers.get("X-Cache"), target).toBe("HIT");
      expect(again.headers.get("Surrogate-Key"), target).toMatch(/(^| )content-cards( |$)/);
    }
    const spaceId = services.content.spaceIdOf("cards");
    const story = await services.cms!.store.findStory(spaceId, { fullSlug: "de-de/feed-card" });
    const shown = await get("/feed-card");
    expect(shown.headers.get("Surrogate-Key")!.split(" ")).toContain(`story-${story!.uuid}`);
    expect(shown.headers.get("Cache-Tag")!.split(",")).toContain(`story-${story!.uuid}`);
    await publishFeedCardTitle("Designs – nur diese Seite neu");
    expect((await get("/feed-card")).headers.get("X-Cache")).toBe("MISS");
    for (const target of kept.filter((t) => t !== "/feed-card")) {
      expect((await get(target)).headers.get("X-Cache"), target).toBe("HIT");
    }
  });

  it("never keeps the cart, the account or a query it does not know", async () => {
    for (const target of ["/warenkorb", "/konto/anmelden", "/fotobuch?random=1"]) {
      await get(target);
      const again = await get(target);
      expect(again.headers.get("X-Cache"), target).toBeNull();
      expect(again.headers.get("Surrogate-Key"), target).toBeNull();
    }
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

  it("keeps the 404 of an address without a page until a page is published there", async () => {
    const first = await get("/noch-keine-seite");
    expect(first.status).toBe(404);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toBe(CACHE_TIERS.missing);
    // The slug it looked up names it for a CDN too.
    expect(first.headers.get("Surrogate-Key")!.split(" ")).toContain(
      "slug-cards-de-de/noch-keine-seite",
    );
    const again = await get("/noch-keine-seite", { "If-None-Match": "*" });
    expect(again.status).toBe(404);
    expect(again.headers.get("X-Cache")).toBe("HIT");
    expect(again.headers.get("ETag")).toBeNull();
    expect(await again.text()).toBe(await first.text());

    const { store } = services.cms!;
    const spaceId = services.content.spaceIdOf("cards");
    const folder = await store.findStory(spaceId, { fullSlug: "de-de" });
    const story = await store.createStory(spaceId, {
      name: "Noch keine Seite",
      slug: "noch-keine-seite",
      parentId: folder!.id,
      content: { component: "Page", _uid: "page-cache-404", body: [] },
    });
    await services.cms!.publish("cards", story.id);
    const published = await get("/noch-keine-seite");
    expect(published.status).toBe(200);
    expect(published.headers.get("X-Cache")).toBe("MISS");
  });

  it("builds a host's sitemap once, and lists a page published after it was kept", async () => {
    const first = await get("/sitemap.xml");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    // A query the sitemap does not read is the same copy.
    const second = await get("/sitemap.xml?utm_source=crawler&x=1");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(second.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(second.headers.get("Cache-Control")).toBe(CACHE_TIERS.page);
    expect(second.headers.get("Content-Security-Policy")).toBeNull();
    // What it lists names it for a CDN, as for a page: the space's page lists and the catalogue.
    expect(second.headers.get("Surrogate-Key")!.split(" ")).toEqual(
      expect.arrayContaining(["content-cards", "pages-cards", "catalogue"]),
    );
    const kept = await second.text();
    expect(kept).toBe(await first.text());
    const loc = "<loc>http://cards.localhost/neu-in-der-sitemap</loc>";
    expect(kept).not.toContain(loc);

    const { store } = services.cms!;
    const spaceId = services.content.spaceIdOf("cards");
    const folder = await store.findStory(spaceId, { fullSlug: "de-de" });
    const story = await store.createStory(spaceId, {
      name: "Neu in der Sitemap",
      slug: "neu-in-der-sitemap",
      parentId: folder!.id,
      content: { component: "Page", _uid: "page-cache-sitemap", body: [] },
    });
    await services.cms!.publish("cards", story.id);
    const after = await get("/sitemap.xml");
    expect(after.headers.get("X-Cache")).toBe("MISS");
    expect(await after.text()).toContain(loc);

    // Unpublished (as the management API does it), it is gone from the next one.
    const published = (await store.findStory(spaceId, { id: story.id }))!;
    const { story: unpublished } = await store.unpublishStory(published);
    services.cms!.changed(spaceId, [changedStory(published, unpublished)]);
    const gone = await get("/sitemap.xml");
    expect(gone.headers.get("X-Cache")).toBe("MISS");
    expect(await gone.text()).not.toContain(loc);
    // Building a sitemap reads every locale's page list: seconds on a busy machine.
  }, 90_000);

  it("keeps one sitemap per site, under its canonical origin, whatever path spelling or host", async () => {
    const kept = await get("/sitemap.xml");
    const bytes = await kept.text();
    expect(bytes).toContain("<loc>http://cards.localhost/</loc>");
    // The router decodes the path, the alias host and its canonical host are one site: the
    // same copy, not a new one per spelling.
    for (const [target, headers] of [
      ["/sitem%61p.xml", {}],
      ["/sitemap%2Exml", {}],
      ["/sitemap.xml", { Host: "cards.localhost" }],
    ] as const) {
      const same = await get(target, headers);
      expect(same.headers.get("X-Cache"), target).toBe("HIT");
      expect(await same.text(), target).toBe(bytes);
    }
    // A local host keeps the port it is asked on in its addresses: built for that request,
    // each port alike, and never kept (no copy per made-up port).
    for (const port of ["1", "1", "2"]) {
      const own = await get("/sitemap.xml", { Host: `localhost:${port}` });
      expect(own.status).toBe(200);
      expect(own.headers.get("X-Cache"), port).toBeNull();
      expect(await own.text()).toContain(`<loc>http://cards.localhost:${port}/</loc>`);
    }
  }, 90_000);

  it("keeps no 404 of a page that is never shared (the cart)", async () => {
    expect((await get("/xx/warenkorb")).status).toBe(404);
    const again = await get("/xx/warenkorb");
    expect(again.status).toBe(404);
    expect(again.headers.get("X-Cache")).toBeNull();
    expect(again.headers.get("Cache-Control")).toBe(CACHE_TIERS.never);
  });

  describe("over a socket, with fresh hits answered before the app", () => {
    let server: Server;
    let port: number;
    /** Every request that reached the Hono app. */
    let app: MockInstance;

    /** A request over HTTP to the shop's own listener; `headers` as name, value, … */
    function send(target: string, headers: string[] = [], method = "GET"): Promise<SocketAnswer> {
      const list = headers.some((h, i) => i % 2 === 0 && h.toLowerCase() === "host")
        ? headers
        : ["Host", "localhost", ...headers];
      return sendOverSocket(port, target, list, method);
    }

    /** What the app itself answers the same request (in process, without the fast path). */
    async function fromTheApp(target: string, headers: string[] = [], method = "GET") {
      const init = new Headers();
      for (let i = 0; i < headers.length; i += 2) init.append(headers[i]!, headers[i + 1]!);
      const response = await shop.app.request(`http://localhost${target}`, {
        method,
        headers: init,
      });
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      };
    }

    /** The headers of an answer without those that differ per connection or second. */
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, connection: _c, "keep-alive": _k, age: _age, ...rest } = headers;
      return rest;
    };

    /** Asks `send` and tells whether the app answered it. */
    async function answeredBy(target: string, headers: string[] = [], method = "GET") {
      app.mockClear();
      const answer = await send(target, headers, method);
      return { ...answer, app: app.mock.calls.length > 0 };
    }

    beforeAll(async () => {
      app = vi.spyOn(shop.app, "fetch");
      server = createServer(shop.listener());
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      app.mockRestore();
    });

    it("answers a kept 404 before the app, with the status, headers and bytes the app answers", async () => {
      const headers = ["Accept-Encoding", "gzip, deflate, br, zstd"];
      await send("/auch-keine-seite", headers);
      const fast = await answeredBy("/auch-keine-seite", headers);
      expect(fast.app).toBe(false);
      expect(fast.status).toBe(404);
      expect(fast.headers["x-cache"]).toBe("HIT");
      const own = await fromTheApp("/auch-keine-seite", headers);
      expect(own.status).toBe(404);
      expect(comparable(fast.headers)).toEqual(comparable(own.headers));
      expect(fast.body.equals(own.body)).toBe(true);
    });

    it("answers a fresh hit with the status, headers and bytes the app answers", async () => {
      for (const headers of [
        [],
        ["Accept-Encoding", "gzip, deflate, br, zstd"],
        ["Accept-Encoding", "gzip"],
        ["X-Forwarded-Proto", "https"],
      ]) {
        // A first request over HTTPS is a new key: the app renders it.
        await send("/fotos-drucken", headers);
        const fast = await answeredBy("/fotos-drucken", headers);
        expect(fast.app).toBe(false);
        expect(fast.headers["x-cache"]).toBe("HIT");
        const own = await fromTheApp("/fotos-drucken", headers);
        expect(fast.status).toBe(own.status);
        expect(comparable(fast.headers)).toEqual(comparable(own.headers));
        expect(fast.body.equals(own.body)).toBe(true);
      }
    });

    it("answers HEAD with a GET's headers and no body, and 304 to a browser that has the page", async () => {
      const accept = ["Accept-Encoding", "gzip, deflate, br, zstd"];
      const get = await send("/fotos-drucken", accept);
      const head = await answeredBy("/fotos-drucken", accept, "HEAD");
      expect(head.app).toBe(false);
      expect(head.body.byteLength).toBe(0);
      expect(comparable(head.headers)).toEqual(comparable(get.headers));

      const known = [...accept, "If-None-Match", get.headers.etag!];
      const notModified = await answeredBy("/fotos-drucken", known);
      expect(notModified.app).toBe(false);
      expect(notModified.status).toBe(304);
      expect(notModified.body.byteLength).toBe(0);
      const own = await fromTheApp("/fotos-drucken", known);
      expect(own.status).toBe(304);
      expect(comparable(notModified.headers)).toEqual(comparable(own.headers));
    });

    it("never answers a logged-in customer, an editor's preview or a landing ad click", async () => {
      await send("/fotos-drucken");
      const marketing = "shop_consent=v1%3Af1a1m1";
      for (const [target, headers] of [
        ["/fotos-drucken", ["Cookie", "shop_session=some-session"]],
        ["/fotos-drucken", ["Cookie", `${marketing}; __Host-shop_session=x`]],
        ["/fotos-drucken?_storyblok=1", []],
      ] as const) {
        const answer = await answeredBy(target, [...headers]);
        expect(answer.app).toBe(true);
        expect(answer.headers["x-cache"]).toBeUndefined();
      }
      // The app answers the kept page and keeps the ad-click id in a cookie.
      const click = await answeredBy("/fotos-drucken?gclid=Cj0KCQ-abc", ["Cookie", marketing]);
      expect(click.app).toBe(true);
      expect(click.headers["set-cookie"]?.[0]).toMatch(/^gclid=Cj0KCQ-abc;/);
      expect(click.headers["cache-control"]).toBe("private, no-store");
    });

    it("shows a publish with the next request, and answers the new page before the app", async () => {
      await send("/feed-card");
      expect((await answeredBy("/feed-card")).app).toBe(false);
      await publishFeedCardTitle("Designs – gleich gesehen");
      const after = await answeredBy("/feed-card");
      expect(after.app).toBe(true);
      expect(after.headers["x-cache"]).toBe("MISS");
      expect(after.body.toString()).toContain("Designs – gleich gesehen");
      const next = await answeredBy("/feed-card");
      expect(next.app).toBe(false);
      expect(next.body.toString()).toContain("Designs – gleich gesehen");
    });

    it("answers a kept sitemap before the app, one copy for browsers and crawlers alike", async () => {
      const headers = ["Accept-Encoding", "gzip, deflate, br, zstd"];
      await send("/sitemap.xml", headers);
      for (const agent of ["Mozilla/5.0 (X11; Linux x86_64)", "Googlebot/2.1"]) {
        const fast = await answeredBy("/sitemap.xml", [...headers, "User-Agent", agent]);
        expect(fast.app, agent).toBe(false);
        expect(fast.headers["x-cache"], agent).toBe("HIT");
        const own = await fromTheApp("/sitemap.xml", [...headers, "User-Agent", agent]);
        expect(comparable(fast.headers), agent).toEqual(comparable(own.headers));
        expect(fast.body.equals(own.body), agent).toBe(true);
      }
    }, 60_000);

    it("answers the canonical host's sitemap, kept from an alias host's request, before the app with the app's status, headers and bytes", async () => {
      // Built on the alias host (localhost), over HTTP and through a TLS proxy: two copies,
      // each kept under the canonical host's origin with the scheme the visitor used. No
      // test before this one asks for a sitemap through a proxy: the https copy is built here.
      const proxied = ["X-Forwarded-Proto", "https"];
      await send("/sitemap.xml");
      const built = await answeredBy("/sitemap.xml", proxied);
      expect(built.app).toBe(true);
      expect(built.headers["x-cache"]).toBe("MISS");
      for (const headers of [
        ["Host", "cards.localhost"],
        ["Host", "Cards.Localhost"],
        ["Host", "cards.localhost", ...proxied],
        // The default port of https named: the app's URL keeps it (http://…:443), the fast
        // path's has the visitor's scheme and so drops it; both key the same copy.
        ["Host", "cards.localhost:443", ...proxied],
      ]) {
        const label = headers.join(" ");
        const fast = await answeredBy("/sitemap.xml", headers);
        expect(fast.app, label).toBe(false);
        expect(fast.headers["x-cache"], label).toBe("HIT");
        const own = await fromTheApp("/sitemap.xml", headers);
        expect(fast.status, label).toBe(own.status);
        expect(comparable(fast.headers), label).toEqual(comparable(own.headers));
        expect(fast.body.equals(own.body), label).toBe(true);
      }
      // A port makes it a copy of its own, which is not kept: the app builds it.
      expect((await answeredBy("/sitemap.xml", ["Host", "localhost:1"])).app).toBe(true);
    }, 90_000);

    it("leaves hosts the hosts table does not know, and repeated Host headers, to the app", async () => {
      for (const headers of [
        ["Host", "shop.example"],
        ["Host", "localhost", "Host", "localhost"],
      ]) {
        await send("/fotos-drucken", headers);
        expect((await answeredBy("/fotos-drucken", headers)).app).toBe(true);
      }
    });
  });
});

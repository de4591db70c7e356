/**
 * The content system through the whole shop over HTTP (server/app.ts with the React
 * Router app): pages keep rendering from the last known content while the content
 * service fails, a page never seen gives the error page, and the editor's session
 * cookie is Secure behind a TLS proxy.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import { createTestShop, type TestShop } from "../testing/shop";
import type { ShopServices } from "../services";

const PREVIEW_TOKEN = "cards-preview-token-for-http-tests";

/** What the content source does: answer, fail like a dead network, or like a broken proxy. */
type SourceMode = "up" | "network-down" | "bad-gateway";

describe("the shop over HTTP with the content service", () => {
  let database: TestDatabase;
  let services: ShopServices;
  let shop: TestShop;
  let imageCache: string;
  const source = { mode: "up" as SourceMode, requests: 0, refused: 0 };
  const logged: { level: number; id?: string; msg?: string }[] = [];

  /** A crawler gets the whole document at once, in a stable order (no streamed boundaries). */
  const CRAWLER = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" };
  const get = (target: string, headers: Record<string, string> = {}) =>
    shop.app.request(`http://localhost${target}`, { headers: { ...CRAWLER, ...headers } });
  /** The document without what changes on every response (the CSP nonce). */
  const stable = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
  const logIds = () => logged.map((l) => l.id ?? l.msg);

  beforeAll(async () => {
    imageCache = mkdtempSync(path.join(os.tmpdir(), "shop-http-images-"));
    database = await openTestDatabase("pglite");
    const log = pino({ level: "info" }, { write: (line: string) => logged.push(JSON.parse(line)) });
    services = await createTestServices(
      database,
      {
        CONTENT_DIR: path.resolve("content"),
        CONTENT_IMPORT_ON_START: "true",
        CONTENT_CARDS_PREVIEW_TOKEN: PREVIEW_TOKEN,
        // Ask the content service for its cv on every request: the outage shows at once.
        CONTENT_CV_TTL_SECONDS: "0",
        IMAGE_CACHE_DIR: imageCache,
      },
      {
        log,
        contentFetch: (embedded) => async (input, init) => {
          source.requests++;
          if (source.mode === "up") return embedded(input, init);
          source.refused++;
          if (source.mode === "network-down") throw new TypeError("fetch failed");
          return new Response("<html><body>502 Bad Gateway</body></html>", {
            status: 502,
            statusText: "Bad Gateway",
            headers: { "Content-Type": "text/html" },
          });
        },
      },
    );
    shop = await createTestShop(services);
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    services?.cms?.close();
    await database?.destroy();
    rmSync(imageCache, { recursive: true, force: true });
  });

  /** Publishes a new page in the German cards folder, as an editor would. */
  async function publishPage(slug: string, name: string) {
    const { store } = services.cms!;
    const spaceId = services.content.spaceIdOf("cards");
    const folder = await store.findStory(spaceId, { fullSlug: "de-de" });
    const story = await store.createStory(spaceId, {
      name,
      slug,
      parentId: folder!.id,
      content: { component: "Page", _uid: `p-${slug}`, body: [] },
    });
    await store.publishStory(story);
  }

  beforeEach(() => {
    source.mode = "up";
    source.refused = 0;
    logged.length = 0;
  });

  describe("while the content service fails", () => {
    it.each(["network-down", "bad-gateway"] as const)(
      "renders a page seen before unchanged (%s)",
      async (mode) => {
        const before = await get("/service/versand");
        expect(before.status).toBe(200);
        const page = await before.text();
        expect(page).toContain('data-story="de-de/service/versand"');
        expect(page).toContain("<title>Versand &amp; Lieferung | Cardelia</title>");

        source.mode = mode;
        const during = await get("/service/versand");
        expect(during.status).toBe(200);
        expect(source.refused).toBeGreaterThan(0);
        // The same document: the page, its breadcrumb and the site furniture from the last known content.
        expect(stable(await during.text())).toBe(stable(page));
        expect(during.headers.get("cache-control")).toBe(before.headers.get("cache-control"));
      },
    );

    it("renders a page seen before when the content changed just before the outage", async () => {
      expect((await get("/fotobuch")).status).toBe(200);
      // A publish elsewhere moves the cv on; the shop learns it from the next request.
      await services.cms!.store.bumpCv(services.content.spaceIdOf("cards"));
      expect((await get("/service/versand")).status).toBe(200);

      source.mode = "network-down";
      const during = await get("/fotobuch");
      expect(during.status).toBe(200);
      expect(await during.text()).toContain('data-story="de-de/fotobuch/"');
      expect(logIds()).toContain("content source failed; serving the last known story");
    });

    it("renders a published page nobody has read from the copy of the space", async () => {
      expect((await get("/")).status).toBe(200);
      // The first cv this process learnt started a read of the whole space.
      await services.content.mirror.settled();
      source.mode = "network-down";
      const response = await get("/agb");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('data-story="de-de/agb"');
      expect(logIds()).toContain(
        "content source failed; serving the story from the copy of the space",
      );
    });

    it("answers a page the copy does not hold yet with the error page (503), not a crash", async () => {
      await services.content.mirror.settled();
      // Published after the copy was read: the next read waits for its interval.
      await publishPage("ganz-neu", "Ganz neu");
      source.mode = "network-down";
      const response = await get("/ganz-neu");
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("retry-after")).toBe("60");
      const html = await response.text();
      expect(html).toContain('class="error-page"');
      expect(html).toContain("<title>Da ist etwas schiefgelaufen | Cardelia</title>");
      // Within the site furniture, still known from the configuration story.
      expect(html).toContain('class="site-header"');
      expect(html).not.toContain("internal_error");
      expect(logIds()).toContain("content-unavailable");
      expect(logIds()).not.toContain("unhandled error");
    });

    it("renders the page again once the content service is back", async () => {
      await publishPage("auch-neu", "Auch neu");
      source.mode = "network-down";
      expect((await get("/auch-neu")).status).toBe(503);
      source.mode = "up";
      const response = await get("/auch-neu");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('data-story="de-de/auch-neu"');
    });
  });

  describe("the content route", () => {
    it("resolves the page once per request, for the layout and the route alike", async () => {
      const spy = vi.spyOn(services.content, "resolvePage");
      try {
        const response = await get("/service/versand");
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('data-story="de-de/service/versand"');
        expect(spy).toHaveBeenCalledTimes(1);
      } finally {
        spy.mockRestore();
      }
    });

    it("redirects a redirect story to its target with its status", async () => {
      const response = await get("/kalender");
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe("/fotokalender");
    });

    it("answers a missing story with 404 and logs cms-page-not-found", async () => {
      const response = await get("/gibt-es-nicht");
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('class="error-page"');
      expect(logged).toContainEqual(
        expect.objectContaining({ id: "cms-page-not-found", path: "/gibt-es-nicht" }),
      );
    });

    it("answers a story that is not a Page with a fatal 404 and logs page-not-found", async () => {
      const { store } = services.cms!;
      const spaceId = services.content.spaceIdOf("cards");
      const folder = await store.findStory(spaceId, { fullSlug: "de-de" });
      const teaser = await store.createStory(spaceId, {
        name: "Nur ein Teaser",
        slug: "nur-ein-teaser",
        parentId: folder!.id,
        content: { component: "Teaser", _uid: "t-only", headline: "Kein Page" },
      });
      await store.publishStory(teaser);
      const response = await get("/nur-ein-teaser");
      expect(response.status).toBe(404);
      expect(logged).toContainEqual(
        expect.objectContaining({ id: "page-not-found", reason: "not-page" }),
      );
    });
  });

  describe("the back office's log-in behind a TLS proxy", () => {
    // The content editor's pages open with the back office's session; its cookie must be
    // Secure whenever the visitor used HTTPS, also where a proxy talks plain HTTP to the shop.
    const EDITOR = { email: "tls-editor@example.com", password: "Laterne-Brise-Anker-47" };
    beforeAll(async () => {
      const made = await services.admin.operators.create(
        { id: null, email: "test" },
        { ...EDITOR, name: "TLS editor", role: "content_editor" },
      );
      expect(made.ok).toBe(true);
    });

    /** Signs in to the back office from a page of the origin the visitor sees. */
    const signIn = (target: string, visitorOrigin: string, headers: Record<string, string> = {}) =>
      shop.app.request(target, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: visitorOrigin,
          ...headers,
        },
        body: new URLSearchParams({ ...EDITOR, next: "/_admin/content" }).toString(),
      });
    const cookieAttributes = (response: Response) =>
      (response.headers.get("set-cookie") ?? "").split("; ");

    it("marks the session cookie Secure when the proxy says the visitor used HTTPS", async () => {
      // The proxy talks plain HTTP to the shop; the browser's Origin is https.
      const response = await signIn("http://localhost/_admin/login", "https://localhost", {
        "X-Forwarded-Proto": "https",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/_admin/content");
      const attributes = cookieAttributes(response);
      expect(attributes[0]).toMatch(/^__Host-admin_session=[^;\s]+$/);
      expect(attributes).toContain("Secure");
      expect(attributes).toContain("HttpOnly");
    });

    it("marks it Secure on an https request URL, and not on plain HTTP", async () => {
      const secure = await signIn("https://localhost/_admin/login", "https://localhost");
      expect(secure.status).toBe(302);
      expect(cookieAttributes(secure)).toContain("Secure");
      const plain = await signIn("http://localhost/_admin/login", "http://localhost");
      expect(plain.status).toBe(302);
      expect(cookieAttributes(plain)).not.toContain("Secure");
    });

    it("still refuses a sign-in posted from another site", async () => {
      const response = await signIn("http://localhost/_admin/login", "https://evil.example", {
        "X-Forwarded-Proto": "https",
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get("set-cookie")).toBeNull();
    });
  });
});

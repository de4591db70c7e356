import { createHmac } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { signedPreviewParams } from "../content/preview";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import type { ShopServices } from "../services";
import { loadTestStorefront } from "../testing/shop";
import type { Storefront } from "../storefront";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

const WEBHOOK_SECRET = "webhook-secret-for-tests";

describe.each(TEST_DATABASES)("shop content endpoints on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  const request = async (target: string, init?: RequestInit) =>
    api.request(`http://cards.localhost${target}`, init);
  const signature = () => {
    const access = services.content.previewAccessFor("cards");
    return signedPreviewParams(access!, 1).toString();
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database, {
      CONTENT_DIR: path.resolve("server/content/fixtures"),
      CONTENT_IMPORT_ON_START: "true",
      CONTENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    api = createApi(services, storefront);
  });
  afterAll(async () => {
    services.cms?.close();
    await database.destroy();
  });

  describe("CMS-page", () => {
    it("answers the story of a locale and slug, through the fallback chain", async () => {
      const response = await request(
        "/web-api/cms/page/de-at/service/kontakt?apiVersion=v2&platform=web",
      );
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.story).toMatchObject({ fullSlug: "de-de/service/kontakt", folder: "de-de" });
      expect(body.story.content.component).toBe("Page");
    });

    it("takes the brand from the host alone and refuses an X-Channel naming another", async () => {
      const wallart = await api.request("http://wallart.localhost/web-api/cms/page/en-gb/home", {
        headers: { host: "wallart.localhost" },
      });
      expect((await wallart.json()).story.content.metaTitle).toBe("Wall art");
      const own = await request("/web-api/cms/page/en-gb/home", {
        headers: { "X-Channel": "cards-DE" },
      });
      expect(own.status).toBe(200);
      expect((await own.json()).story.content.metaTitle).not.toBe("Wall art");
      for (const target of [
        "/web-api/cms/page/en-gb/home",
        "/web-api/cms/breadcrumb?locale=de-DE&path=/service/kontakt",
        "/web-api/cms/content-page?locale=de-DE&path=/service/kontakt",
      ]) {
        for (const channel of ["wallart", "wallart-DE"]) {
          const other = await request(target, { headers: { "X-Channel": channel } });
          expect(other.status, `${target} ${channel}`).toBe(400);
          expect(other.headers.get("cache-control") ?? "").not.toMatch(/public/);
        }
      }
    });

    it("answers the home story for an empty slug and 404 for a missing one", async () => {
      expect((await (await request("/web-api/cms/page/de-DE/")).json()).story.fullSlug).toBe(
        "de-de/home",
      );
      expect((await request("/web-api/cms/page/de-DE/gibt-es-nicht")).status).toBe(404);
    });

    it("shows drafts and releases only with a preview signature", async () => {
      expect((await request("/web-api/cms/page/de-DE/entwurf?version=draft")).status).toBe(401);
      expect((await request("/web-api/cms/page/de-DE/entwurf?release=3")).status).toBe(401);
      const signed = await request(`/web-api/cms/page/de-DE/entwurf?version=draft&${signature()}`);
      expect(signed.status).toBe(200);
      expect(signed.headers.get("cache-control")).toBe("no-store");
    });

    it("reads a release's version of a story with the preview signature", async () => {
      const { store } = services.cms!;
      const spaceId = services.content.spaceIdOf("cards");
      const home = await store.findStory(spaceId, { fullSlug: "de-de/home" });
      const release = await store.createRelease(spaceId, "Winter", null);
      await store.saveToRelease(release.id, home!, {
        name: home!.name,
        content: { ...home!.content!, metaTitle: "Winteraktion" },
      });
      const target = `/web-api/cms/page/de-DE/home?release=${release.id}`;
      expect((await request(target)).status).toBe(401);
      const signed = await request(`${target}&${signature()}`);
      expect(signed.status).toBe(200);
      expect((await signed.json()).story.content.metaTitle).toBe("Winteraktion");
      const published = await (await request("/web-api/cms/page/de-DE/home")).json();
      expect(published.story.content.metaTitle).not.toBe("Winteraktion");
    });

    it("accepts _baseUrl in development only", async () => {
      const target = "/web-api/cms/page/de-DE/home?_baseUrl=http://localhost:3000";
      expect((await request(target)).status).toBe(400);
      const development = createApi(
        { ...services, env: { ...services.env, NODE_ENV: "development" } },
        storefront,
      );
      const response = await development.request(`http://cards.localhost${target}`);
      expect(response.status).toBe(200);
      expect((await response.json()).story.fullSlug).toBe("de-de/home");
    });

    it.each([
      "/web-api/cms/page/xx-yy/home",
      "/web-api/cms/page/de-DE/home?apiVersion=v1",
      "/web-api/cms/page/de-DE/home?platform=tv",
      "/web-api/cms/page/de-DE/home?sku=%3Cb%3E",
      "/web-api/cms/page/de-DE/home?resolveRelations=Secret.field",
      "/web-api/cms/page/de-DE/home?_baseUrl=https://evil.example",
      "/web-api/cms/page/de-DE/..%2Fetc",
    ])("answers %s with 400", async (target) => {
      const response = await request(target);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("invalid_request");
    });
  });

  describe("CMS-transform", () => {
    const story = { id: 1, content: { component: "Page", _uid: "p1", body: [] } };
    const transform = (query: string, body: unknown) =>
      request(`/web-api/cms/transform?locale=de-DE&path=/vorteile&${query}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });

    it("prepares an edited story for the live preview", async () => {
      const response = await transform(signature(), { story });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect((await response.json()).story).toMatchObject({
        id: 1,
        content: { component: "Page" },
      });
    });

    it("needs the preview signature", async () => {
      expect((await transform("", { story })).status).toBe(401);
    });

    it.each([
      ["no story", {}],
      ["content without component", { story: { id: 1, content: { _uid: "x" } } }],
      ["not JSON", "{"],
    ])("answers %s with 400", async (_name, body) => {
      expect((await transform(signature(), body)).status).toBe(400);
    });

    it("refuses a story over 1 MB with 413", async () => {
      const big = {
        story: { ...story, content: { ...story.content, text: "x".repeat(1_100_000) } },
      };
      expect((await transform(signature(), big)).status).toBe(413);
    });
  });

  describe("breadcrumb and content page", () => {
    it("answers the breadcrumb of a path: home, the ancestors that exist, the page", async () => {
      const response = await request("/web-api/cms/breadcrumb?locale=de-DE&path=/service/kontakt");
      expect(await response.json()).toEqual({
        breadcrumb: [
          { text: "Startseite", link: { url: "/" } },
          { text: "Service", link: { url: "/service" } },
          { text: "Kontakt", link: { url: "/service/kontakt" } },
        ],
      });
    });

    it("links the breadcrumb under the language prefix of the locale", async () => {
      const response = await request("/web-api/cms/breadcrumb?locale=fr-CH&path=/aide/contact");
      expect((await response.json()).breadcrumb).toEqual([
        { text: "Accueil", link: { url: "/fr" } },
        { text: "Contact", link: { url: "/fr/aide/contact" } },
      ]);
    });

    it("answers what a path shows: a page with its breadcrumb", async () => {
      const body = await (
        await request("/web-api/cms/content-page?locale=de-DE&path=/service")
      ).json();
      expect(body.kind).toBe("page");
      expect(body.story.fullSlug).toBe("de-de/service/");
      expect(body.breadcrumb).toHaveLength(2);
    });

    it("answers a redirect story with its target", async () => {
      const body = await (
        await request("/web-api/cms/content-page?locale=de-DE&path=/alte-kontaktseite")
      ).json();
      expect(body).toEqual({ kind: "redirect", location: "/service/kontakt", status: 301 });
    });

    it("answers a redirect story to an allowed host of another channel", async () => {
      const body = await (
        await request("/web-api/cms/content-page?locale=de-DE&path=/wallora")
      ).json();
      expect(body).toEqual({
        kind: "redirect",
        location: "https://wallart.localhost/",
        status: 302,
      });
    });

    it.each([
      ["/teaser-only", "not-page"],
      ["/partner", "unsafe-redirect"],
      ["/skript", "unsafe-redirect"],
      ["/gibt-es-nicht", "missing"],
      ["/config", "missing"],
    ])("answers %s with 404 (%s)", async (target, reason) => {
      const response = await request(`/web-api/cms/content-page?locale=de-DE&path=${target}`);
      expect(response.status).toBe(404);
      expect((await response.json()).reason).toBe(reason);
    });

    it("answers a missing or bad locale with 400", async () => {
      expect((await request("/web-api/cms/breadcrumb?path=/service")).status).toBe(400);
      expect((await request("/web-api/cms/content-page?locale=de&path=/service")).status).toBe(400);
    });
  });

  describe("publish webhook", () => {
    const hook = (body: string, signatureHeader?: string) =>
      request("/web-api/cms/webhook", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(signatureHeader === undefined ? {} : { "webhook-signature": signatureHeader }),
        },
        body,
      });
    const sign = (body: string) => createHmac("sha1", WEBHOOK_SECRET).update(body).digest("hex");

    it("reads the cv again when a story was published", async () => {
      const spaceId = services.content.spaceIdOf("cards");
      const before = await services.content.currentCv("cards");
      // A publish elsewhere (another process, or Storyblok) changes the cv.
      const after = await services.cms!.store.bumpCv(spaceId);
      expect(await services.content.currentCv("cards")).toBe(before);
      const body = JSON.stringify({
        action: "published",
        space_id: spaceId,
        story_id: 1,
        text: "x",
      });
      const response = await hook(body, sign(body));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, invalidated: "cards" });
      expect(await services.content.currentCv("cards")).toBe(after);
    });

    it("refuses a missing or wrong signature", async () => {
      const body = JSON.stringify({ action: "published", space_id: 1 });
      expect((await hook(body)).status).toBe(401);
      expect((await hook(body, sign(`${body} `))).status).toBe(401);
    });
  });
});

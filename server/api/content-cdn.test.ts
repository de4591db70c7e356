import path from "node:path";
import StoryblokClient from "storyblok-js-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from ".";
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

const PUBLIC = "cards-public-token";
const PREVIEW = "cards-preview-token";
const MANAGEMENT = "management-token-for-tests";

const CONTENT_ENV = {
  CONTENT_DIR: path.resolve("server/content/fixtures"),
  CONTENT_IMPORT_ON_START: "true",
  CONTENT_CARDS_PUBLIC_TOKEN: PUBLIC,
  CONTENT_CARDS_PREVIEW_TOKEN: PREVIEW,
  CONTENT_MANAGEMENT_TOKEN: MANAGEMENT,
  CONTENT_CV_TTL_SECONDS: "0",
};

interface Story {
  id: number;
  uuid: string;
  full_slug: string;
  name: string;
  content: Record<string, unknown> & { body?: Record<string, unknown>[] };
  alternates: { full_slug: string }[];
}

describe.each(TEST_DATABASES)("content delivery API v2 on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  /** The shop API in process, as the fetch of storyblok-js-client. */
  let shopFetch: typeof fetch;
  const client = (accessToken: string, options: { fetch?: typeof fetch } = {}) =>
    new StoryblokClient({
      accessToken,
      endpoint: "http://shop.test/v2",
      fetch: options.fetch ?? shopFetch,
      cache: { clear: "manual", cv: "manual" },
    });
  const get = async (pathAndQuery: string) => api.request(`http://shop.test${pathAndQuery}`);
  /** A request from a visitor's socket (the shop's own in-process reads are never limited). */
  const fromVisitor = async (pathAndQuery: string) =>
    api.request(`http://shop.test${pathAndQuery}`, undefined, {
      incoming: {
        socket: { remoteAddress: "203.0.113.9", remotePort: 40000, remoteFamily: "IPv4" },
      },
    });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database, CONTENT_ENV);
    api = createApi(services, storefront);
    shopFetch = async (input, init) => api.request(String(input), init);
  });
  afterAll(async () => {
    services.cms?.close();
    await database.destroy();
  });

  describe("read with storyblok-js-client", () => {
    it("gets a story by its full slug with its relations and links resolved", async () => {
      const { data } = await client(PUBLIC).get("cdn/stories/de-de/vorteile", {
        version: "published",
        resolve_relations: "UspWrapper.usps",
        resolve_links: "url",
      });
      const story = data.story as Story;
      expect(story.full_slug).toBe("de-de/vorteile");
      const [usp, text] = story.content.body ?? [];
      expect(usp?.usps).toMatchObject({ full_slug: "de-de/usps/standard" });
      expect(text?.link).toMatchObject({ story: { full_slug: "de-de/service/kontakt" } });
      expect(data.cv).toBeGreaterThan(0);
    });

    it("answers rels and links next to the story", async () => {
      const response = await get(
        `/v2/cdn/stories/de-de/vorteile?token=${PUBLIC}&resolve_relations=UspWrapper.usps&resolve_links=url`,
      );
      const body = await response.json();
      expect(body.rels.map((s: Story) => s.full_slug)).toEqual(["de-de/usps/standard"]);
      expect(body.links).toEqual([
        expect.objectContaining({
          full_slug: "de-de/service/kontakt",
          url: "de-de/service/kontakt",
        }),
      ]);
    });

    it("gets every page of a listing with getAll", async () => {
      const stories = (await client(PUBLIC).getAll("cdn/stories", {
        starts_with: "de-de/",
        per_page: 2,
        version: "published",
      })) as Story[];
      const slugs = stories.map((s) => s.full_slug).sort();
      expect(slugs).toContain("de-de/home");
      expect(slugs).toContain("de-de/service/");
      expect(slugs).toContain("de-de/service/kontakt");
      expect(slugs).not.toContain("de-de/entwurf");
      expect(new Set(slugs).size).toBe(slugs.length);
    });

    it("gets the links of the space, folders included", async () => {
      const { data } = await client(PUBLIC).get("cdn/links", { starts_with: "de-de/service" });
      const links = Object.values(data.links ?? {});
      expect(links).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ slug: "de-de/service", is_folder: true }),
          expect.objectContaining({ slug: "de-de/service/", is_startpage: true }),
          expect.objectContaining({ slug: "de-de/service/kontakt", is_folder: false }),
        ]),
      );
    });

    it("reads drafts with the preview token only", async () => {
      const draft = await client(PREVIEW).get("cdn/stories/de-de/entwurf", { version: "draft" });
      expect(draft.data.story.name).toBe("Entwurf");
      await expect(
        client(PUBLIC).get("cdn/stories/de-de/entwurf", { version: "published" }),
      ).rejects.toMatchObject({ status: 404 });
      await expect(
        client(PUBLIC).get("cdn/stories/de-de/entwurf", { version: "draft" }),
      ).rejects.toMatchObject({ status: 401 });
    });

    it("refuses a bad token with 401", async () => {
      await expect(client("not-a-token").get("cdn/stories", {})).rejects.toMatchObject({
        status: 401,
      });
      const response = await get("/v2/cdn/stories?token=not-a-token");
      expect(response.status).toBe(401);
      expect((await get("/v2/cdn/stories")).status).toBe(400);
    });

    it("retries a 429 the way the content client does", async () => {
      let limited = 2;
      const flaky: typeof fetch = async (input, init) => {
        if (limited-- > 0)
          return new Response("{}", { status: 429, statusText: "Too Many Requests" });
        return shopFetch(input, init);
      };
      const { data } = await client(PUBLIC, { fetch: flaky }).get("cdn/stories/de-de/home", {});
      expect(data.story.full_slug).toBe("de-de/home");
      expect(limited).toBe(-1);
    });
  });

  describe("parameters", () => {
    async function slugsOf(query: string, token = PUBLIC) {
      const response = await get(`/v2/cdn/stories?token=${token}&${query}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      return (body.stories as Story[]).map((s) => s.full_slug);
    }

    it("pages with per_page (default 25, at most 100) and sends Total and Per-Page", async () => {
      const first = await get(`/v2/cdn/stories?token=${PUBLIC}&per_page=3&page=1`);
      const total = Number(first.headers.get("Total"));
      expect(first.headers.get("Per-Page")).toBe("3");
      expect(total).toBeGreaterThan(6);
      expect((await first.json()).stories).toHaveLength(3);
      const lastPage = Math.ceil(total / 3);
      const last = await (
        await get(`/v2/cdn/stories?token=${PUBLIC}&per_page=3&page=${lastPage}`)
      ).json();
      expect(last.stories.length).toBe(total - (lastPage - 1) * 3);
      expect((await get(`/v2/cdn/stories?token=${PUBLIC}`)).headers.get("Per-Page")).toBe("25");
      expect(
        (await get(`/v2/cdn/stories?token=${PUBLIC}&per_page=500`)).headers.get("Per-Page"),
      ).toBe("100");
    });

    it("filters by starts_with, by_slugs (with wildcards), by_uuids and with_tag", async () => {
      expect(await slugsOf("starts_with=fr-fr/")).toEqual(["fr-fr/aide/contact", "fr-fr/home"]);
      expect(await slugsOf("by_slugs=de-de/home,en-gb/home")).toEqual(["de-de/home", "en-gb/home"]);
      expect(await slugsOf("by_slugs=de-de/service/*")).toEqual([
        "de-de/service/",
        "de-de/service/kontakt",
      ]);
      expect(await slugsOf("by_uuids=5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d")).toEqual([
        "de-de/service/kontakt",
      ]);
      expect(await slugsOf("with_tag=landing")).toEqual(["de-de/vorteile"]);
    });

    it("leaves out excluding_fields from the content", async () => {
      const body = await (
        await get(
          `/v2/cdn/stories/de-de/home?token=${PUBLIC}&excluding_fields=body,metaDescription`,
        )
      ).json();
      expect(body.story.content).not.toHaveProperty("body");
      expect(body.story.content).not.toHaveProperty("metaDescription");
      expect(body.story.content.metaTitle).toBe("Karten und Fotogeschenke");
    });

    it("reads a language folder with the language parameter", async () => {
      const body = await (await get(`/v2/cdn/stories/home?token=${PUBLIC}&language=fr-fr`)).json();
      expect(body.story.full_slug).toBe("fr-fr/home");
      expect(await slugsOf("language=de-ch&starts_with=")).toEqual(["de-ch/home"]);
    });

    it("finds a story by id and by uuid", async () => {
      const bySlug = await (
        await get(`/v2/cdn/stories/de-de/service/kontakt?token=${PUBLIC}`)
      ).json();
      const byId = await (await get(`/v2/cdn/stories/${bySlug.story.id}?token=${PUBLIC}`)).json();
      expect(byId.story.uuid).toBe(bySlug.story.uuid);
      const byUuid = await (
        await get(`/v2/cdn/stories/${bySlug.story.uuid}?token=${PUBLIC}&find_by=uuid`)
      ).json();
      expect(byUuid.story.id).toBe(bySlug.story.id);
      expect(bySlug.story.alternates.map((a: { full_slug: string }) => a.full_slug)).toEqual([
        "fr-fr/aide/contact",
      ]);
    });

    it("tells the current cv on spaces/me", async () => {
      const body = await (await get(`/v2/cdn/spaces/me?token=${PUBLIC}`)).json();
      const space = await services.cms!.store.space(services.content.spaceIdOf("cards"));
      expect(body.space).toMatchObject({ id: space!.id, version: space!.cv });
    });

    it.each([
      "per_page=abc",
      "page=0",
      "by_uuids=not-a-uuid",
      "version=latest",
      "starts_with=%3Cscript%3E",
      "resolve_links=everything",
    ])("answers %s with 400", async (query) => {
      const response = await get(`/v2/cdn/stories?token=${PUBLIC}&${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("invalid_request");
    });

    it("answers 429 when a client asks more than its limit in one second", async () => {
      // The burst happens within one second, however busy the machine is.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2030, 0, 1) });
      try {
        // Drafts: a published read without its cv would be sent on to the current one.
        const responses = await Promise.all(
          Array.from({ length: 60 }, () =>
            fromVisitor(`/v2/cdn/stories/de-de/home?token=${PREVIEW}&version=draft`),
          ),
        );
        const statuses = responses.map((r) => r.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(50);
        expect(statuses.filter((s) => s === 429)).toHaveLength(10);
        const refused = responses.find((r) => r.status === 429);
        expect(refused?.headers.get("retry-after")).toBe("1");
        // The shop's own reads in this process go on unlimited meanwhile.
        const own = await Promise.all(
          Array.from({ length: 60 }, () => get(`/v2/cdn/stories/de-de/home?token=${PREVIEW}`)),
        );
        expect(own.every((r) => r.status === 200)).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe("write through the management API with storyblok-js-client", () => {
    // One client, as in an integration: its throttle (3 per second) keeps it under the limit.
    let shared: StoryblokClient | undefined;
    const management = () =>
      (shared ??= new StoryblokClient({
        oauthToken: MANAGEMENT,
        endpoint: "http://shop.test/v1",
        fetch: shopFetch,
      }));

    it("creates, updates, publishes and deletes a story with post, put and delete", async () => {
      const spaceId = services.content.spaceIdOf("cards");
      const mapi = management();
      const folders = await mapi.get(`spaces/${spaceId}/stories`, { starts_with: "de-de" });
      const folder = (folders.data.stories as { id: number; full_slug: string }[]).find(
        (s) => s.full_slug === "de-de",
      );
      const created = await mapi.post(`spaces/${spaceId}/stories`, {
        story: {
          name: "Sommeraktion",
          slug: "sommer",
          parent_id: folder!.id,
          content: { component: "Page", _uid: "p-sommer", metaTitle: "Sommer", body: [] },
        },
      } as never);
      expect(created.status).toBe(201);
      const id = created.data.story.id as number;
      expect(created.data.story.full_slug).toBe("de-de/sommer");

      // A draft is not visible with the public token, until published.
      await expect(client(PUBLIC).get("cdn/stories/de-de/sommer", {})).rejects.toMatchObject({
        status: 404,
      });
      const updated = await mapi.put(`spaces/${spaceId}/stories/${id}`, {
        story: {
          content: { component: "Page", _uid: "p-sommer", metaTitle: "Sommer 2025", body: [] },
        },
        publish: 1,
      } as never);
      expect(updated.data.story.published).toBe(true);
      const live = await client(PUBLIC).get("cdn/stories/de-de/sommer", {});
      expect(live.data.story.content.metaTitle).toBe("Sommer 2025");
      expect(
        await services.content.getStory({
          channel: "cards",
          locale: "de-AT",
          slug: "sommer",
          version: "published",
        }),
      ).toMatchObject({ name: "Sommeraktion" });

      const removed = await mapi.delete(`spaces/${spaceId}/stories/${id}`, {});
      expect(removed.data.story.id).toBe(id);
      await expect(client(PUBLIC).get("cdn/stories/de-de/sommer", {})).rejects.toMatchObject({
        status: 404,
      });
    });

    it("publishes a story's draft through the publish path", async () => {
      const spaceId = services.content.spaceIdOf("cards");
      const draft = await client(PREVIEW).get("cdn/stories/de-de/entwurf", { version: "draft" });
      const id = draft.data.story.id as number;
      const before = (await get(`/v2/cdn/spaces/me?token=${PUBLIC}`).then((r) => r.json())).space
        .version;
      await management().get(`spaces/${spaceId}/stories/${id}/publish`, {});
      const after = (await get(`/v2/cdn/spaces/me?token=${PUBLIC}`).then((r) => r.json())).space
        .version;
      expect(after).toBeGreaterThan(before);
      expect((await client(PUBLIC).get("cdn/stories/de-de/entwurf", {})).data.story.name).toBe(
        "Entwurf",
      );
      await management().get(`spaces/${spaceId}/stories/${id}/unpublish`, {});
    });

    it("keeps a release's version apart until it is released", async () => {
      const spaceId = services.content.spaceIdOf("cards");
      const mapi = management();
      const release = await mapi.post(`spaces/${spaceId}/releases`, {
        release: { name: "Herbst" },
      } as never);
      const releaseId = release.data.release.id as number;
      const home = await client(PREVIEW).get("cdn/stories/de-de/home", { version: "draft" });
      await mapi.put(`spaces/${spaceId}/stories/${home.data.story.id}`, {
        story: { content: { ...home.data.story.content, metaTitle: "Herbst" } },
        release_id: releaseId,
      } as never);
      const inRelease = await client(PREVIEW).get("cdn/stories/de-de/home", {
        version: "draft",
        from_release: String(releaseId),
      });
      expect(inRelease.data.story.content.metaTitle).toBe("Herbst");
      expect(
        (await client(PUBLIC).get("cdn/stories/de-de/home", {})).data.story.content.metaTitle,
      ).toBe("Karten und Fotogeschenke");
      await expect(
        client(PUBLIC).get("cdn/stories/de-de/home", { from_release: String(releaseId) }),
      ).rejects.toMatchObject({ status: 401 });
      await mapi.put(`spaces/${spaceId}/releases/${releaseId}`, { do_release: true } as never);
      expect(
        (await client(PUBLIC).get("cdn/stories/de-de/home", {})).data.story.content.metaTitle,
      ).toBe("Herbst");
    });

    it("refuses writes without the management token, and bad stories with 422", async () => {
      const spaceId = services.content.spaceIdOf("cards");
      const stranger = new StoryblokClient({
        oauthToken: PREVIEW,
        endpoint: "http://shop.test/v1",
        fetch: shopFetch,
      });
      await expect(
        stranger.post(`spaces/${spaceId}/stories`, { story: { name: "x", slug: "x" } } as never),
      ).rejects.toMatchObject({ status: 401 });
      await expect(
        management().post(`spaces/${spaceId}/stories`, {
          story: { name: "Ohne Inhalt", slug: "Groß Buchstaben" },
        } as never),
      ).rejects.toMatchObject({ status: 422 });
    });
  });

  describe("more than 50 relations and links", () => {
    const COUNT = 60;
    let relatedSlugs: string[];

    beforeAll(async () => {
      const { store } = services.cms!;
      const spaceId = services.content.spaceIdOf("cards");
      const folder = await store.createStory(spaceId, {
        name: "Batch",
        slug: "batch",
        parentId: null,
        content: null,
        isFolder: true,
      });
      const related = [];
      for (let i = 0; i < COUNT; i++) {
        const row = await store.createStory(spaceId, {
          name: `USP ${i}`,
          slug: `usp-${i}`,
          parentId: folder.id,
          content: { component: "Usp", _uid: `usp-${i}`, items: [`Vorteil ${i}`] },
        });
        related.push((await store.publishStory(row)).story);
      }
      relatedSlugs = related.map((r) => r.fullSlug);
      const body = related.map((r, i) => ({
        component: "UspWrapper",
        _uid: `uw-${i}`,
        usps: r.uuid,
        link: { fieldtype: "multilink", linktype: "story", id: r.uuid, cached_url: r.fullSlug },
      }));
      const page = await store.createStory(spaceId, {
        name: "Viele Vorteile",
        slug: "viele-vorteile",
        parentId: folder.id,
        content: { component: "Page", _uid: "p-viele", body },
      });
      await store.publishStory(page);
    });

    it("answers them as rel_uuids and link_uuids instead of inline", async () => {
      const body = await (
        await get(
          `/v2/cdn/stories/batch/viele-vorteile?token=${PUBLIC}&resolve_relations=UspWrapper.usps&resolve_links=story`,
        )
      ).json();
      expect(body.rels).toEqual([]);
      expect(body.rel_uuids).toHaveLength(COUNT);
      expect(body.links).toEqual([]);
      expect(body.link_uuids).toHaveLength(COUNT);
    });

    it("lets storyblok-js-client resolve them in batches of 50", async () => {
      const asked: URL[] = [];
      const counting: typeof fetch = async (input, init) => {
        asked.push(new URL(String(input)));
        return shopFetch(input, init);
      };
      const { data } = await client(PUBLIC, { fetch: counting }).get(
        "cdn/stories/batch/viele-vorteile",
        { version: "published", resolve_relations: "UspWrapper.usps", resolve_links: "story" },
      );
      const blocks = (data.story as Story).content.body ?? [];
      expect(blocks.map((b) => (b.usps as Story).full_slug)).toEqual(relatedSlugs);
      expect(blocks.map((b) => (b.link as { story: Story }).story.full_slug)).toEqual(relatedSlugs);
      const batches = asked
        .map((u) => u.searchParams.get("by_uuids"))
        .filter((v): v is string => v !== null)
        .map((v) => v.split(",").length);
      // Relations and links: 50 and 10 each.
      expect(batches.sort((a, b) => a - b)).toEqual([10, 10, 50, 50]);
    });
  });
});

/**
 * storyblok-js-client over every listing and reading parameter Storyblok documents,
 * against the embedded content service: a folder of stories made for the purpose, whose
 * names, positions and content fields tell each ordering and filter apart.
 */
import path from "node:path";
import StoryblokClient from "storyblok-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import type { ShopServices } from "../services";
import type { StoredContent } from "../../db/schema";

const PUBLIC = "cards-public-token";
const PREVIEW = "cards-preview-token";

const CONTENT_ENV = {
  CONTENT_DIR: path.resolve("server/content/fixtures"),
  CONTENT_IMPORT_ON_START: "true",
  CONTENT_CARDS_PUBLIC_TOKEN: PUBLIC,
  CONTENT_CARDS_PREVIEW_TOKEN: PREVIEW,
  CONTENT_CV_TTL_SECONDS: "0",
};

interface Story {
  id: number;
  uuid: string;
  name: string;
  full_slug: string;
  content: Record<string, unknown>;
}

describe.each(TEST_DATABASES)(
  "content delivery parameters with storyblok-js-client on %s",
  (kind) => {
    let database: TestDatabase;
    let services: ShopServices;
    let cmsFetch: typeof fetch;
    let folderId: number;
    const uuids: Record<string, string> = {};

    /** A client as an integration would make one, reading the service in this process. */
    const client = (accessToken = PUBLIC) =>
      new StoryblokClient({
        accessToken,
        endpoint: "http://content.test/v2",
        fetch: (input, init) => cmsFetch(input, init),
        cache: { clear: "manual", cv: "manual" },
      });

    /** Full slugs of every story the parameters list (all pages). */
    async function slugs(params: Record<string, unknown>): Promise<string[]> {
      const stories = (await client().getAll("cdn/stories", {
        version: "published",
        ...params,
      } as never)) as Story[];
      return stories.map((s) => s.full_slug);
    }

    /** The stories of the katalog folder itself, without its start page. */
    const inFolder = { starts_with: "katalog/", level: 2, is_startpage: 0 };

    async function raw(query: string): Promise<Response> {
      return cmsFetch(`http://content.test/v2/cdn/stories?token=${PUBLIC}&${query}`);
    }

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      services = await createTestServices(database, CONTENT_ENV);
      cmsFetch = services.cms!.fetch;
      const { store } = services.cms!;
      const spaceId = services.content.spaceIdOf("cards");
      const folder = await store.createStory(spaceId, {
        name: "Katalog",
        slug: "katalog",
        parentId: null,
        content: null,
        isFolder: true,
      });
      folderId = folder.id;
      const sub = await store.createStory(spaceId, {
        name: "Unter",
        slug: "unter",
        parentId: folder.id,
        content: null,
        isFolder: true,
      });
      const chains = await store.createStory(spaceId, {
        name: "Ketten",
        slug: "ketten",
        parentId: null,
        content: null,
        isFolder: true,
      });
      const make = async (
        key: string,
        input: { name: string; slug: string; parentId: number; position?: number },
        content: StoredContent,
        options: { publish?: boolean; startpage?: boolean } = {},
      ) => {
        const row = await store.createStory(spaceId, {
          ...input,
          content,
          isStartpage: options.startpage,
        });
        uuids[key] = row.uuid;
        if (options.publish !== false) await store.publishStory(row);
        return row;
      };
      // Created and published in this order: alpha, beta, gamma.
      const alpha = await make(
        "alpha",
        { name: "alpha", slug: "alpha", parentId: folder.id, position: 3 },
        {
          component: "Product",
          _uid: "a",
          headline: "Mars rover",
          price: "9",
          rank: "2.5",
          topics: ["space", "tech"],
          featured: true,
          launch: "2024-03-01 10:00",
          seo: { title: "Zeta" },
        },
      );
      const beta = await make(
        "beta",
        { name: "Beta", slug: "beta", parentId: folder.id, position: 1 },
        {
          component: "Product",
          _uid: "b",
          headline: "Venus probe",
          price: "10",
          rank: "10.25",
          topics: ["space"],
          featured: false,
          launch: "2023-12-31 08:00",
          seo: { title: "Alpha" },
          link: { fieldtype: "multilink", linktype: "story", id: alpha.uuid, cached_url: "x" },
        },
      );
      const gamma = await make(
        "gamma",
        { name: "gamma", slug: "gamma", parentId: folder.id, position: 2 },
        {
          component: "Article",
          _uid: "g",
          headline: "Ocean Mysteries",
          price: "100",
          topics: [],
          launch: "",
          link: { fieldtype: "multilink", linktype: "story", id: beta.uuid, cached_url: "x" },
        },
      );
      await make(
        "start",
        { name: "Katalog Start", slug: "", parentId: folder.id },
        { component: "Page", _uid: "s", headline: "Start" },
        { startpage: true },
      );
      await make(
        "delta",
        { name: "delta", slug: "delta", parentId: sub.id },
        { component: "Product", _uid: "d", headline: "Deep sea", price: "50" },
      );
      await make(
        "draft",
        { name: "entwurf", slug: "entwurf", parentId: folder.id },
        { component: "Product", _uid: "e", headline: "Mars draft", price: "1" },
        { publish: false },
      );
      // beta relates to gamma, so a chain to beta has two levels of relations.
      await store.updateStory(beta, {
        content: { ...(beta.content as StoredContent), related: gamma.uuid },
      });
      await store.publishStory((await store.findStory(spaceId, { id: beta.id }))!);
      await make(
        "chain",
        { name: "Kette", slug: "kette", parentId: chains.id },
        { component: "Chain", _uid: "c", next: beta.uuid },
      );
    });
    afterAll(async () => {
      services.cms?.close();
      await database.destroy();
    });

    describe("sort_by", () => {
      it.each([
        ["name:asc", ["alpha", "beta", "gamma"]],
        ["name:desc", ["gamma", "beta", "alpha"]],
        ["slug:desc", ["gamma", "beta", "alpha"]],
        ["position:asc", ["beta", "gamma", "alpha"]],
        ["position:desc", ["alpha", "gamma", "beta"]],
        ["created_at:asc", ["alpha", "beta", "gamma"]],
        ["first_published_at:desc", ["gamma", "beta", "alpha"]],
        // beta was published again after gamma.
        ["published_at:asc", ["alpha", "gamma", "beta"]],
        ["content.headline:asc", ["alpha", "gamma", "beta"]],
        ["content.price:asc", ["beta", "gamma", "alpha"]],
        ["content.price:asc:int", ["alpha", "beta", "gamma"]],
        ["content.rank:desc:float", ["gamma", "beta", "alpha"]],
        ["content.seo.title:asc", ["beta", "alpha", "gamma"]],
      ])("orders by %s", async (sortBy, expected) => {
        expect(await slugs({ ...inFolder, sort_by: sortBy })).toEqual(
          expected.map((s) => `katalog/${s}`),
        );
      });

      it("pages after sorting, with the total of the whole listing", async () => {
        const { data, total, perPage } = (await client().get("cdn/stories", {
          ...inFolder,
          sort_by: "name:asc",
          per_page: 1,
          page: 2,
        } as never)) as unknown as { data: { stories: Story[] }; total: number; perPage: number };
        expect(data.stories.map((s) => s.full_slug)).toEqual(["katalog/beta"]);
        expect([total, perPage]).toEqual([3, 1]);
      });
    });

    describe("which stories", () => {
      it("lists a folder with its start page, by starts_with with or without the slash", async () => {
        const all = [
          "katalog/",
          "katalog/alpha",
          "katalog/beta",
          "katalog/gamma",
          "katalog/unter/delta",
        ];
        expect((await slugs({ starts_with: "katalog" })).sort()).toEqual(all);
        expect((await slugs({ starts_with: "katalog/" })).sort()).toEqual(all);
        expect(await slugs({ starts_with: "katalog/", is_startpage: 1 })).toEqual(["katalog/"]);
        expect((await slugs({ starts_with: "katalog", is_startpage: 0 })).sort()).toEqual(
          all.slice(1),
        );
        expect(await slugs({ starts_with: "katalog/unter" })).toEqual(["katalog/unter/delta"]);
      });

      it("counts levels by slug segments, a start page inside its folder", async () => {
        expect(await slugs({ starts_with: "katalog/", level: 3 })).toEqual(["katalog/unter/delta"]);
        expect((await slugs({ starts_with: "katalog/", level: 2 })).sort()).toEqual([
          "katalog/",
          "katalog/alpha",
          "katalog/beta",
          "katalog/gamma",
        ]);
        expect(await slugs({ starts_with: "katalog/", level: 1 })).toEqual([]);
      });

      it("counts levels below the language's folder when a language is asked for", async () => {
        const nested = ["de-de/service/", "de-de/service/kontakt", "de-de/usps/standard"];
        const second = await slugs({ starts_with: "", language: "de-de", level: 2 });
        expect(second.sort()).toEqual(nested);
        const first = await slugs({ starts_with: "", language: "de-de", level: 1 });
        expect(first).toContain("de-de/home");
        expect(first.filter((s) => nested.includes(s))).toEqual([]);
      });

      it("searches names and the texts of the content with search_term", async () => {
        expect(await slugs({ search_term: "mysteries" })).toEqual(["katalog/gamma"]);
        expect(await slugs({ search_term: "BETA", starts_with: "katalog/" })).toEqual([
          "katalog/beta",
        ]);
        expect(await slugs({ search_term: 'Zeta"(\\' })).toEqual([]);
        // A draft's text is found with the preview token only.
        expect(await slugs({ search_term: "Mars draft" })).toEqual([]);
        const drafts = (await client(PREVIEW).getAll("cdn/stories", {
          version: "draft",
          search_term: "Mars draft",
        })) as Story[];
        expect(drafts.map((s) => s.full_slug)).toEqual(["katalog/entwurf"]);
      });

      it("takes by_slugs and excluding_slugs with wildcards, excluding_ids and content_type", async () => {
        expect(await slugs({ by_slugs: "katalog/a*,katalog/g*", sort_by: "name:asc" })).toEqual([
          "katalog/alpha",
          "katalog/gamma",
        ]);
        expect(
          (
            await slugs({ starts_with: "katalog/", excluding_slugs: "katalog/unter/*,katalog/" })
          ).sort(),
        ).toEqual(["katalog/alpha", "katalog/beta", "katalog/gamma"]);
        const { data } = await client().get("cdn/stories/katalog/beta", {});
        expect((await slugs({ ...inFolder, excluding_ids: String(data.story.id) })).sort()).toEqual(
          ["katalog/alpha", "katalog/gamma"],
        );
        expect(await slugs({ starts_with: "katalog/", content_type: "Article" })).toEqual([
          "katalog/gamma",
        ]);
      });

      it("filters by publication dates", async () => {
        expect(await slugs({ ...inFolder, published_at_gt: "2000-01-01 00:00" })).toHaveLength(3);
        expect(await slugs({ ...inFolder, first_published_at_lt: "2000-01-01 00:00" })).toEqual([]);
        expect(await slugs({ ...inFolder, updated_at_gt: "2999-01-01 00:00" })).toEqual([]);
      });
    });

    describe("filter_query", () => {
      it.each([
        ["in", { component: { in: "Article" } }, ["gamma"]],
        ["in with values", { price: { in: "9,100" } }, ["alpha", "gamma"]],
        ["not_in", { component: { not_in: "Product" } }, ["gamma"]],
        ["like", { headline: { like: "mars*" } }, ["alpha"]],
        ["not_like", { headline: { not_like: "*rover*" } }, ["beta", "gamma"]],
        ["all_in_array", { topics: { all_in_array: "space,tech" } }, ["alpha"]],
        ["any_in_array", { topics: { any_in_array: "tech,space" } }, ["alpha", "beta"]],
        ["gt_date", { launch: { gt_date: "2024-01-01 00:00" } }, ["alpha"]],
        ["lt_date", { launch: { lt_date: "2024-01-01 00:00" } }, ["beta"]],
        ["gt_int", { price: { gt_int: "9" } }, ["beta", "gamma"]],
        ["lt_int", { price: { lt_int: "50" } }, ["alpha", "beta"]],
        ["gt_float", { rank: { gt_float: "2.5" } }, ["beta"]],
        ["is true", { featured: { is: "true" } }, ["alpha"]],
        ["is false", { featured: { is: "false" } }, ["beta"]],
        ["is empty_array", { topics: { is: "empty_array" } }, ["gamma"]],
        ["is empty", { rank: { is: "empty" } }, ["gamma"]],
        ["a nested field", { "seo.title": { in: "Alpha" } }, ["beta"]],
        [
          "__or",
          { __or: [{ component: { in: "Article" } }, { price: { in: "9" } }] },
          ["alpha", "gamma"],
        ],
        [
          "__or with AND",
          { __or: [{ price: { in: "9" } }, { price: { in: "10" } }], featured: { is: "false" } },
          ["beta"],
        ],
      ])("%s", async (_, filter, expected) => {
        expect(await slugs({ ...inFolder, filter_query: filter, sort_by: "name:asc" })).toEqual(
          expected.map((s) => `katalog/${s}`),
        );
      });

      it("pages a filtered, sorted listing with the filtered total", async () => {
        const response = await raw(
          "starts_with=katalog/&filter_query[topics][any_in_array]=space&sort_by=name:desc&per_page=1&page=2",
        );
        expect(response.headers.get("Total")).toBe("2");
        const body = (await response.json()) as { stories: Story[] };
        expect(body.stories.map((s) => s.full_slug)).toEqual(["katalog/alpha"]);
      });
    });

    describe("relations and links", () => {
      it("resolves relations two levels deep", async () => {
        const { data } = await client().get("cdn/stories/ketten/kette", {
          resolve_relations: "Chain.next,Product.related",
        });
        const next = (data.story as Story).content.next as Story;
        expect(next.full_slug).toBe("katalog/beta");
        expect((next.content.related as Story).full_slug).toBe("katalog/gamma");
      });

      it("answers one level of relations unless asked for two", async () => {
        const one = await (
          await cmsFetch(
            `http://content.test/v2/cdn/stories/ketten/kette?token=${PUBLIC}&resolve_relations=Chain.next,Product.related`,
          )
        ).json();
        expect(one.rels.map((s: Story) => s.full_slug)).toEqual(["katalog/beta"]);
        const two = await (
          await cmsFetch(
            `http://content.test/v2/cdn/stories/ketten/kette?token=${PUBLIC}&resolve_relations=Chain.next,Product.related&resolve_level=2`,
          )
        ).json();
        expect(two.rels.map((s: Story) => s.full_slug)).toEqual(["katalog/beta", "katalog/gamma"]);
      });

      it.each([
        ["story", { full_slug: "katalog/alpha", content: expect.any(Object) }],
        ["url", { full_slug: "katalog/alpha", url: "katalog/alpha" }],
        ["link", { slug: "katalog/alpha", real_path: "/katalog/alpha", is_folder: false }],
      ])("resolves links as %s", async (kind, expected) => {
        const { data } = await client().get("cdn/stories/katalog/beta", {
          resolve_links: kind,
        } as never);
        const link = (data.story as Story).content.link as { story: unknown };
        expect(link.story).toMatchObject(expected);
      });

      it("resolves links inside related stories, and of linked stories at level 2", async () => {
        const { data } = await client().get("cdn/stories/ketten/kette", {
          resolve_relations: "Chain.next",
          resolve_links: "url",
        });
        const next = (data.story as Story).content.next as Story;
        expect((next.content.link as { story: Story }).story.full_slug).toBe("katalog/alpha");
        const level = async (n: number) =>
          (
            await (
              await cmsFetch(
                `http://content.test/v2/cdn/stories/katalog/gamma?token=${PUBLIC}&resolve_links=story&resolve_links_level=${n}`,
              )
            ).json()
          ).links.map((s: Story) => s.full_slug);
        expect(await level(1)).toEqual(["katalog/beta"]);
        expect(await level(2)).toEqual(["katalog/beta", "katalog/alpha"]);
      });
    });

    describe("languages and cv", () => {
      it("reads a story the language lacks from fallback_lang", async () => {
        await expect(
          client().get("cdn/stories/vorteile", { language: "de-ch" } as never),
        ).rejects.toMatchObject({ status: 404 });
        const { data } = await client().get("cdn/stories/vorteile", {
          language: "de-ch",
          fallback_lang: "de-de",
        } as never);
        expect(data.story.full_slug).toBe("de-de/vorteile");
        const own = await client().get("cdn/stories/home", {
          language: "de-ch",
          fallback_lang: "de-de",
        } as never);
        expect(own.data.story.full_slug).toBe("de-ch/home");
      });

      it("lists a language folder filled in from fallback_lang", async () => {
        const listed = await slugs({ starts_with: "", language: "de-ch", fallback_lang: "de-de" });
        expect(listed).toContain("de-ch/home");
        expect(listed).toContain("de-de/vorteile");
        expect(listed).not.toContain("de-de/home");
        expect(new Set(listed.map((s) => s.replace(/^de-(ch|de)\//, ""))).size).toBe(listed.length);
      });

      it("answers the current content and cv for a stale, a missing or a future cv", async () => {
        const space = await services.cms!.store.space(services.content.spaceIdOf("cards"));
        for (const cv of [1, undefined, space!.cv + 86_400]) {
          const reader = client();
          const { data } = await reader.get("cdn/stories/katalog/alpha", { cv } as never);
          expect(data.cv).toBe(space!.cv);
          expect(data.story.content.headline).toBe("Mars rover");
          // The client takes the answered cv for its next requests.
          expect(reader.cacheVersion()).toBe(space!.cv);
        }
      });
    });

    describe("links", () => {
      it("lists a folder's links with with_parent, with dates on include_dates", async () => {
        const { data } = await client().get("cdn/links", {
          with_parent: folderId,
          include_dates: 1,
        } as never);
        const links = Object.values(data.links as Record<string, Record<string, unknown>>);
        expect(links.map((l) => l.slug).sort()).toEqual([
          "katalog/",
          "katalog/alpha",
          "katalog/beta",
          "katalog/gamma",
          "katalog/unter",
        ]);
        expect(links[0]).toHaveProperty("created_at");
        const roots = await client().get("cdn/links", { with_parent: 0 } as never);
        const rootSlugs = Object.values(roots.data.links as Record<string, { slug: string }>).map(
          (l) => l.slug,
        );
        expect(rootSlugs).toContain("katalog");
        expect(rootSlugs).not.toContain("katalog/alpha");
      });
    });

    describe("wrong parameters", () => {
      it.each([
        ["sort_by=colour:asc", "sort_by"],
        ["sort_by=content.price:sideways", "sort_by"],
        ["filter_query[price][gt_int]=ten", "filter_query[price][gt_int]"],
        ["filter_query[price][between]=1", "filter_query[price][between]"],
        ["filter_query[price]=1", "filter_query[price]"],
        ["level=0", "level"],
        ["search_term=a%00b", "search_term"],
        ["published_at_gt=yesterday", "published_at_gt"],
        ["resolve_level=3", "resolve_level"],
        ["fallback_lang=deutsch", "fallback_lang"],
      ])("answers %s with 400 naming %s", async (query, parameter) => {
        const response = await raw(query);
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(parameter);
      });
    });

    describe("cv, as Storyblok's CDN answers it", () => {
      /** A request from a visitor's socket (the shop's own reads in this process are exempt). */
      const VISITOR = {
        incoming: {
          socket: { remoteAddress: "203.0.113.41", remotePort: 40000, remoteFamily: "IPv4" },
        },
      };
      const fromVisitor = (pathAndQuery: string) =>
        services.cms!.routes.delivery.request(
          `http://content.test${pathAndQuery}`,
          undefined,
          VISITOR,
        );
      const currentCv = async () =>
        (await services.cms!.store.space(services.content.spaceIdOf("cards")))!.cv;
      /** Where a redirect leads, as path and query. */
      const target = (response: Response) => {
        const location = new URL(response.headers.get("location")!, "http://content.test");
        return { path: location.pathname, query: Object.fromEntries(location.searchParams) };
      };

      it.each([
        ["/v2/cdn/stories", "starts_with=katalog/&per_page=2"],
        ["/v2/cdn/stories/katalog/alpha", ""],
        ["/v2/cdn/links", "starts_with=katalog"],
      ])(
        "sends a published read of %s without a cv to the same address with the current one",
        async (path, query) => {
          const cv = await currentCv();
          const response = await fromVisitor(`${path}?token=${PUBLIC}&${query}`);
          expect(response.status).toBe(301);
          expect(target(response)).toEqual({
            path,
            query: {
              token: PUBLIC,
              ...Object.fromEntries(new URLSearchParams(query)),
              cv: String(cv),
            },
          });
          const arrived = await fromVisitor(
            `${target(response).path}?${new URLSearchParams(target(response).query)}`,
          );
          expect(arrived.status).toBe(200);
          expect((await arrived.json()).cv).toBe(cv);
        },
      );

      it("sends on a cv that is no number and one older than the space's, answers the current and a newer one", async () => {
        const cv = await currentCv();
        const read = (query: string) =>
          fromVisitor(`/v2/cdn/stories/katalog/alpha?token=${PUBLIC}&${query}`);
        for (const stale of ["cv=undefined", `cv=${cv - 1}`, "cv="]) {
          const response = await read(stale);
          expect(response.status, stale).toBe(301);
          expect(target(response).query.cv).toBe(String(cv));
        }
        for (const fresh of [`cv=${cv}`, `cv=${cv + 3600}`]) {
          const response = await read(fresh);
          expect(response.status, fresh).toBe(200);
          expect((await response.json()).cv).toBe(cv);
        }
      });

      it("answers drafts and the shop's own reads in this process without sending them on", async () => {
        const draft = await fromVisitor(
          `/v2/cdn/stories/katalog/alpha?token=${PREVIEW}&version=draft`,
        );
        expect(draft.status).toBe(200);
        const own = await raw("starts_with=katalog/");
        expect(own.status).toBe(200);
      });

      it("takes storyblok-js-client through the redirects: it learns the cv, and after a publish its old one leads to the new content", async () => {
        const hops: string[] = [];
        /** fetch as a browser's or Node's: it follows a redirect (at most five). */
        const visitorFetch: typeof fetch = async (input, init) => {
          let url = input instanceof Request ? input.url : String(input);
          for (let hop = 0; hop < 5; hop++) {
            const response = await services.cms!.routes.delivery.request(url, init, VISITOR);
            const location = response.headers.get("location");
            if (response.status !== 301 || !location) return response;
            url = new URL(location, url).toString();
            hops.push(new URL(url).searchParams.get("cv")!);
          }
          throw new Error("too many redirects");
        };
        const visitor = new StoryblokClient({
          accessToken: PUBLIC,
          endpoint: "http://content.test/v2",
          fetch: visitorFetch,
          cache: { clear: "manual", cv: "manual" },
        });
        // The client keeps the cv it learns per token, across its instances: start unknown.
        visitor.setCacheVersion(0);
        const before = await currentCv();
        const first = await visitor.get("cdn/stories/katalog/alpha", { version: "published" });
        expect(first.data.cv).toBe(before);
        expect(visitor.cacheVersion()).toBe(before);

        const { store } = services.cms!;
        const alpha = (await store.findStory(services.content.spaceIdOf("cards"), {
          uuid: uuids.alpha!,
        }))!;
        const edited = await store.updateStory(alpha, {
          content: { ...alpha.content!, headline: "Mars lander" },
        });
        const { cv: after } = await store.publishStory(edited);
        expect(after).toBeGreaterThan(before);

        hops.length = 0;
        const second = await visitor.get("cdn/stories/katalog/alpha", { version: "published" });
        expect(hops).toEqual([String(after)]);
        expect((second.data.story as Story).content.headline).toBe("Mars lander");
        expect(visitor.cacheVersion()).toBe(after);
      });
    });
  },
);

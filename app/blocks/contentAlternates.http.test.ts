/**
 * A content page's hreflang alternates, as a crawler reads them on each storefront: every
 * translation names the same set, x-default among them, and x-default leads to the same
 * storefront the product pages choose for it (the German shop in Germany). A page's entry
 * in its host's sitemap names the same alternates as the page. A version kept out of search
 * engines is named by neither, and names none itself. Every address is on its country's
 * canonical host, also on a page asked for on an alias host.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestShop } from "../../server/testing/shop";
import { crawledPage } from "./blockHtml.testing";

/** The hreflang alternates a page names: language → address. */
function alternatesOf(html: string): Record<string, string> {
  const found = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)];
  expect(found.length).toBe(new Set(found.map((m) => m[1])).size);
  return Object.fromEntries(found.map((m) => [m[1]!, m[2]!]));
}

/** The alternates a sitemap's entry for `url` names: language → address. */
function sitemapAlternatesOf(sitemap: string, url: string): Record<string, string> {
  const entry = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)]
    .map((m) => m[1]!)
    .find((body) => body.includes(`<loc>${url}</loc>`));
  expect(entry, url).toBeDefined();
  const found = [
    ...entry!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g),
  ];
  return Object.fromEntries(found.map((m) => [m[1]!, m[2]!]));
}

/** The card shop's about-us page in four storefronts, under each language's own word. */
const ABOUT_US = [
  "http://cards.localhost/ueber-uns",
  "http://fr.cards.localhost/a-propos",
  "http://ch.cards.localhost/fr/a-propos",
  "http://us.cards.localhost/about-us",
];

describe("a content page's alternates", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  it("names x-default on every storefront, the German page, as the product pages do", async () => {
    const products = alternatesOf(await crawledPage(test, "http://fr.cards.localhost/products"));
    const german = products["x-default"];
    expect(german).toBe(products["de-DE"]);

    const pages = await Promise.all(
      ABOUT_US.map(async (url) => alternatesOf(await crawledPage(test, url))),
    );
    const first = pages[0]!;
    expect(first["x-default"]).toBe(first["de-DE"]);
    // On the German shop's own host, as the product page's x-default.
    expect(new URL(first["x-default"]!).origin).toBe(new URL(german!).origin);
    expect(first["fr-CH"]).toBe("http://ch.cards.localhost/fr/a-propos");
    expect(first["en-US"]).toBe("http://us.cards.localhost/about-us");
    // Every translation names the same versions (itself among them).
    ABOUT_US.forEach((url, i) => {
      expect(pages[i], url).toEqual(first);
      expect(Object.values(pages[i]!), url).toContain(url);
    });
  }, 60_000);

  it("names in a theme page and in its sitemap entry the same alternates", async () => {
    const url = "http://ch.cards.localhost/fr/themes/hochzeit-001";
    const page = alternatesOf(await crawledPage(test, url));
    expect(page["x-default"]).toBe(page["de-DE"]);
    expect(Object.keys(page)).toHaveLength(18);
    const sitemap = await crawledPage(test, "http://ch.cards.localhost/sitemap.xml");
    expect(sitemapAlternatesOf(sitemap, url)).toEqual(page);
  }, 60_000);

  it("names no translation kept out of search engines, in the page and in the sitemap alike", async () => {
    const { store } = test.services.cms!;
    const spaceId = test.services.content.spaceIdOf("cards");
    const group = randomUUID();
    for (const [folder, slug, robots] of [
      ["de-de", "alternativen", undefined],
      ["fr-fr", "alternatives", "noindex"],
    ] as const) {
      const parent = await store.findStory(spaceId, { fullSlug: folder });
      const story = await store.createStory(spaceId, {
        name: slug,
        slug,
        parentId: parent!.id,
        groupId: group,
        content: { component: "Page", _uid: `${folder}-${slug}`, body: [], robots },
      });
      await test.services.cms!.publish("cards", story.id);
    }
    const url = "http://cards.localhost/alternativen";
    const page = alternatesOf(await crawledPage(test, url));
    // The German locales only (they show the German page), x-default the German one.
    expect(Object.keys(page).sort()).toEqual(
      ["de-AT", "de-CH", "de-DE", "de-IT", "de-LI", "de-LU", "x-default"].sort(),
    );
    expect(page["x-default"]).toBe(url);
    const sitemap = await crawledPage(test, "http://cards.localhost/sitemap.xml");
    expect(sitemapAlternatesOf(sitemap, url)).toEqual(page);
    // The French page itself is kept out, and names no versions.
    const french = await crawledPage(test, "http://fr.cards.localhost/alternatives");
    expect(french).toMatch(/<meta name="robots" content="noindex/);
    expect(alternatesOf(french)).toEqual({});
  }, 60_000);

  it("names a theme page on an alias host by the canonical host's address", async () => {
    // localhost is an alias of the German card shop, whose canonical host is cards.localhost.
    const html = await crawledPage(test, "http://localhost/themes/hochzeit-001");
    expect(html).toContain(
      '<link rel="canonical" href="http://cards.localhost/themes/hochzeit-001"/>',
    );
    expect(alternatesOf(html)["de-DE"]).toBe("http://cards.localhost/themes/hochzeit-001");
  }, 60_000);
});

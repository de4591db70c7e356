import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CACHE_TIERS } from "../../config/cache";
import { createApi } from ".";
import { pagePolicy } from "../middleware/security";
import { PageCache } from "../pageCache";
import type { Storefront } from "../storefront";
import { loadTestStorefront } from "../testing/shop";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import type { ShopServices } from "../services";
import type { Language } from "../../domain/locales";
import { reviewsPath } from "../../domain/reviews";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

/**
 * Where each locale of the card shop lives: its country's canonical host and its language
 * prefix (the country's first language has none).
 */
const CARD_SITES: Record<string, string> = {
  "de-AT": "http://at.cards.localhost",
  "de-CH": "http://ch.cards.localhost",
  "de-DE": "http://cards.localhost",
  "de-IT": "http://it.cards.localhost/de",
  "de-LI": "http://li.cards.localhost",
  "de-LU": "http://lu.cards.localhost",
  "en-GB": "http://gb.cards.localhost",
  "en-US": "http://us.cards.localhost",
  "es-ES": "http://es.cards.localhost",
  "fr-BE": "http://be.cards.localhost",
  "fr-CH": "http://ch.cards.localhost/fr",
  "fr-FR": "http://fr.cards.localhost",
  "fr-LU": "http://lu.cards.localhost/fr",
  "it-CH": "http://ch.cards.localhost/it",
  "it-IT": "http://it.cards.localhost",
  "nl-BE": "http://be.cards.localhost/nl",
  "nl-NL": "http://nl.cards.localhost",
};

/**
 * A page's alternates in every locale of the card shop, its path by the locale's language,
 * and x-default (the German shop's).
 */
function everywhere(pathIn: (language: string) => string): Record<string, string> {
  const alternates = Object.fromEntries(
    Object.entries(CARD_SITES).map(([locale, site]) => [
      locale,
      `${site}${pathIn(locale.slice(0, 2))}`,
    ]),
  );
  return { ...alternates, "x-default": alternates["de-DE"]! };
}

/** The <url> entries of a sitemap: each loc with its hreflang alternates. */
function entries(xml: string): Map<string, Record<string, string>> {
  const urls = new Map<string, Record<string, string>>();
  for (const [, body = ""] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = /<loc>([^<]*)<\/loc>/.exec(body)?.[1] ?? "";
    const alternates: Record<string, string> = {};
    for (const [, hreflang = "", href = ""] of body.matchAll(
      /<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\/>/g,
    )) {
      alternates[hreflang] = href;
    }
    urls.set(loc, alternates);
  }
  return urls;
}

describe.each(TEST_DATABASES)("the sitemap on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  const sitemap = async (origin: string, headers: Record<string, string> = {}) => {
    const response = await api.request(`${origin}/sitemap.xml`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    // Shared and purged like a page (the page cache keeps it in the shop).
    expect(response.headers.get("cache-control")).toBe(CACHE_TIERS.page);
    return entries(await response.text());
  };

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "shop");
    services = await createTestServices(
      database,
      { CONTENT_DIR: path.resolve("content"), CONTENT_IMPORT_ON_START: "true" },
      { catalogue: true },
    );
    api = createApi(services, storefront);
  }, 120_000);
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("lists the published pages, products and themes of the German card shop", async () => {
    const urls = await sitemap("http://cards.localhost");
    for (const loc of [
      "http://cards.localhost/",
      "http://cards.localhost/fotobuch",
      "http://cards.localhost/service/versand",
      "http://cards.localhost/products",
      "http://cards.localhost/vorkonfigurator-karten",
      "http://cards.localhost/vorkonfigurator-kalender",
      "http://cards.localhost/themes/hochzeit-001",
      "http://cards.localhost/bewertungen",
    ]) {
      expect(urls.has(loc), loc).toBe(true);
    }
    // The page's versions on the other countries' hosts, and x-default, as the page names them.
    expect(urls.get("http://cards.localhost/fotobuch")).toMatchObject({
      "de-DE": "http://cards.localhost/fotobuch",
      "fr-CH": "http://ch.cards.localhost/fr/livre-photo",
      "x-default": "http://cards.localhost/fotobuch",
    });
    const locs = [...urls.keys()];
    // Draft themes, redirects and the stories that are no pages at their path are left out.
    expect(locs).not.toContain("http://cards.localhost/themes/einschulung-023");
    expect(locs).not.toContain("http://cards.localhost/kalender");
    for (const slug of ["home", "config", "error", "campaigns"]) {
      expect(locs).not.toContain(`http://cards.localhost/${slug}`);
    }
    // The first sitemap reads every locale's page list (their alternates); on a busy machine
    // that is more than the default time.
  }, 60_000);

  it("names on an alias host the canonical host's addresses, as the pages' canonical links do", async () => {
    // localhost serves the German card shop, whose canonical host is cards.localhost.
    const [alias, canonical] = await Promise.all([
      sitemap("http://localhost"),
      sitemap("http://cards.localhost"),
    ]);
    expect([...alias.keys()].every((loc) => loc.startsWith("http://cards.localhost/"))).toBe(true);
    expect(alias).toEqual(canonical);
    expect(alias.get("http://cards.localhost/fotobuch")?.["de-DE"]).toBe(
      "http://cards.localhost/fotobuch",
    );
  });

  it("lists every language of a Swiss host under its prefix, with every version as alternates", async () => {
    const urls = await sitemap("http://ch.cards.localhost");
    const origin = "http://ch.cards.localhost";
    const photoBook = {
      "de-CH": `${origin}/fotobuch`,
      "fr-CH": `${origin}/fr/livre-photo`,
      "it-CH": `${origin}/it/fotolibro`,
    };
    // Every locale has the photo book (the German ones the German page, by fallback).
    const photoBookEverywhere = everywhere(
      (language) =>
        ({
          de: "/fotobuch",
          en: "/photo-book",
          es: "/fotolibro",
          fr: "/livre-photo",
          it: "/fotolibro",
          nl: "/fotoboek",
        })[language]!,
    );
    expect(photoBookEverywhere).toMatchObject(photoBook);
    for (const loc of Object.values(photoBook)) {
      expect(urls.get(loc), loc).toEqual(photoBookEverywhere);
    }
    expect(urls.get(`${origin}/fr/aide/livraison`)).toMatchObject({
      "de-CH": `${origin}/service/versand`,
      "it-CH": `${origin}/it/assistenza/spedizione`,
    });
    // Home: the site root, or the bare language prefix.
    const home = everywhere(() => "/");
    for (const [locale, href] of Object.entries(home)) {
      home[locale] = href.replace(/(\/[a-z]{2})\/$/, "$1");
    }
    expect(home).toMatchObject({
      "de-CH": `${origin}/`,
      "fr-CH": `${origin}/fr`,
      "it-CH": `${origin}/it`,
    });
    expect(urls.get(`${origin}/fr`)).toEqual(home);
    expect(urls.get(`${origin}/fr/themes/hochzeit-001`)).toEqual(
      everywhere(() => "/themes/hochzeit-001"),
    );
    // The reviews page under each language's own word (every locale here shows reviews).
    const reviews = everywhere((language) => reviewsPath(language as Language));
    expect(reviews).toMatchObject({
      "de-CH": `${origin}/bewertungen`,
      "fr-CH": `${origin}/fr/avis`,
      "it-CH": `${origin}/it/recensioni`,
      "x-default": "http://cards.localhost/bewertungen",
    });
    expect(urls.get(`${origin}/it/recensioni`)).toEqual(reviews);
    // Other countries' sites have sitemaps of their own: only this host's pages are listed,
    // each naming its versions everywhere (x-default once).
    expect([...urls.keys()].every((loc) => loc.startsWith(`${origin}/`))).toBe(true);
    expect(Object.keys(urls.get(`${origin}/fr/themes/hochzeit-001`) ?? {})).toHaveLength(18);
  });

  it("writes the wall-art shop's paths with trailing slashes and offers no card browsing there", async () => {
    const urls = await sitemap("http://wallart.localhost");
    const locs = [...urls.keys()];
    expect(locs).toContain("http://wallart.localhost/");
    expect(locs).toContain("http://wallart.localhost/leinwand/");
    expect(locs).toContain("http://wallart.localhost/products/");
    expect(locs).toContain("http://wallart.localhost/themes/poster-hochzeit-001/");
    expect(locs).toContain("http://wallart.localhost/bewertungen/");
    expect(locs.filter((loc) => loc !== "http://wallart.localhost/" && !loc.endsWith("/"))).toEqual(
      [],
    );
    expect(locs.some((loc) => loc.includes("/vorkonfigurator-karten"))).toBe(false);
  });

  it("uses the scheme the visitor used behind a TLS proxy and the host they named", async () => {
    const urls = await sitemap("http://localhost", {
      host: "ch.cards.localhost:8443",
      "x-forwarded-proto": "https",
    });
    expect(urls.has("https://ch.cards.localhost:8443/fr/livre-photo")).toBe(true);
  });

  it("has no sitemap for a host that is not in the hosts table", async () => {
    const response = await api.request("http://localhost/sitemap.xml", {
      headers: { host: "staging.example" },
    });
    expect(response.status).toBe(404);
  });

  it("reports a background build that fails, once, while the kept copy is answered", async () => {
    const clock = { now: 0 };
    const pages = new PageCache({
      maxBytes: 64 * 1024 * 1024,
      freshMs: 60_000,
      staleMs: 600_000,
      policy: pagePolicy(false),
      now: () => clock.now,
    });
    const kept = createApi(services, storefront, undefined, pages);
    const ask = () => kept.request("http://cards.localhost/sitemap.xml");
    const first = await ask();
    expect(first.headers.get("x-cache")).toBe("MISS");
    const bytes = await first.text();

    const warn = vi.spyOn(services.log, "warn");
    const failing = vi.spyOn(services.content, "noindexPages");
    try {
      const called = new Promise<void>((resolve) =>
        failing.mockImplementationOnce(async () => {
          resolve();
          throw new Error("content source down");
        }),
      );
      clock.now = 120_000;
      // Stale: answered at once, and built anew in the background, which fails.
      const stale = await ask();
      expect(stale.status).toBe(200);
      expect(await stale.text()).toBe(bytes);
      await called;
      // What is left of the failed build are promise steps, all run before the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      const reports = warn.mock.calls.filter(([, message]) => message === "sitemap unavailable");
      expect(reports).toHaveLength(1);
    } finally {
      failing.mockRestore();
      warn.mockRestore();
    }
  }, 60_000);

  it("asks crawlers to come back later when the content source fails", async () => {
    const down = await createTestServices(
      database,
      {},
      {
        contentFetch: () => async () => new Response("Bad Gateway", { status: 502 }),
      },
    );
    try {
      const response = await createApi(down, storefront).request("http://localhost/sitemap.xml");
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("60");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    } finally {
      down.cms?.close();
    }
  });

  it("names no version kept out of search engines, and never sends x-default to one", async () => {
    const { store } = services.cms!;
    const spaceId = services.content.spaceIdOf("cards");
    const groups = { fr: randomUUID(), de: randomUUID() };
    const page = async (folder: string, slug: string, group: "fr" | "de", robots?: "noindex") => {
      const parent = await store.findStory(spaceId, { fullSlug: folder });
      const story = await store.createStory(spaceId, {
        name: slug,
        slug,
        parentId: parent!.id,
        groupId: groups[group],
        content: { component: "Page", _uid: `${folder}-${slug}`, body: [], robots },
      });
      await services.cms!.publish("cards", story.id);
    };
    // The French translation asks not to be indexed: no French locale is an alternate.
    await page("de-de", "sitemap-gruppe", "fr");
    await page("fr-fr", "groupe-sitemap", "fr", "noindex");
    const german = (await sitemap("http://cards.localhost")).get(
      "http://cards.localhost/sitemap-gruppe",
    );
    const de = Object.fromEntries(
      Object.entries(CARD_SITES)
        .filter(([locale]) => locale.startsWith("de-"))
        .map(([locale, site]) => [locale, `${site}/sitemap-gruppe`]),
    );
    expect(german).toEqual({ ...de, "x-default": "http://cards.localhost/sitemap-gruppe" });
    expect([...(await sitemap("http://fr.cards.localhost")).keys()]).not.toContain(
      "http://fr.cards.localhost/groupe-sitemap",
    );
    // The German version asks not to be indexed: x-default is the first other version.
    await page("de-de", "versteckt", "de", "noindex");
    await page("en-gb", "shown", "de");
    expect(
      (await sitemap("http://gb.cards.localhost")).get("http://gb.cards.localhost/shown"),
    ).toEqual({
      "en-GB": "http://gb.cards.localhost/shown",
      "en-US": "http://us.cards.localhost/shown",
      "x-default": "http://gb.cards.localhost/shown",
    });
    // Several sitemaps, each reading every locale's page list: more than the default time
    // on a busy machine.
  }, 60_000);

  it("leaves out a draft story until it is published", async () => {
    const { store } = services.cms!;
    const spaceId = services.content.spaceIdOf("cards");
    const folder = await store.findStory(spaceId, { fullSlug: "de-de" });
    const draft = await store.createStory(spaceId, {
      name: "Neue Seite",
      slug: "neue-seite",
      parentId: folder!.id,
      content: { component: "Page", _uid: "sitemap-draft", body: [] },
    });
    expect([...(await sitemap("http://cards.localhost")).keys()]).not.toContain(
      "http://cards.localhost/neue-seite",
    );
    await services.cms!.publish("cards", draft.id);
    expect([...(await sitemap("http://cards.localhost")).keys()]).toContain(
      "http://cards.localhost/neue-seite",
    );
  });

  // Last: it takes the reviews out of a configuration.
  it("names as the reviews page's versions only the locales whose configuration shows reviews", async () => {
    const { store } = services.cms!;
    const spaceId = services.content.spaceIdOf("cards");
    const config = await store.findStory(spaceId, { fullSlug: "nl-nl/config" });
    const footer = { ...(config!.content!.footer as Record<string, unknown>) };
    delete footer.customerOpinions;
    await store.updateStory(config!, { content: { ...config!.content!, footer } });
    await services.cms!.publish("cards", config!.id);

    // The Dutch locales (nl-BE reads the Dutch configuration) have no reviews page now.
    const reviews = everywhere((language) => reviewsPath(language as Language));
    delete reviews["nl-NL"];
    delete reviews["nl-BE"];
    expect(
      (await sitemap("http://cards.localhost")).get("http://cards.localhost/bewertungen"),
    ).toEqual(reviews);
    expect(
      [...(await sitemap("http://nl.cards.localhost")).keys()].filter((loc) =>
        loc.includes(reviewsPath("nl")),
      ),
    ).toEqual([]);
  });
});

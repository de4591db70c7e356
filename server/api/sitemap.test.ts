import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import type { Storefront } from "../storefront";
import { loadTestStorefront } from "../testing/shop";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import type { ShopServices } from "../services";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

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
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
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
    const urls = await sitemap("http://localhost");
    for (const loc of [
      "http://localhost/",
      "http://localhost/fotobuch",
      "http://localhost/service/versand",
      "http://localhost/products",
      "http://localhost/vorkonfigurator-karten",
      "http://localhost/vorkonfigurator-kalender",
      "http://localhost/themes/hochzeit-001",
      "http://localhost/bewertungen",
    ]) {
      expect(urls.has(loc), loc).toBe(true);
    }
    // Germany has one language: no alternates.
    expect(urls.get("http://localhost/fotobuch")).toEqual({});
    const locs = [...urls.keys()];
    // Draft themes, redirects and the stories that are no pages at their path are left out.
    expect(locs).not.toContain("http://localhost/themes/einschulung-023");
    expect(locs).not.toContain("http://localhost/kalender");
    for (const slug of ["home", "config", "error", "campaigns"]) {
      expect(locs).not.toContain(`http://localhost/${slug}`);
    }
  });

  it("lists every language of a Swiss host under its prefix, with the other languages as alternates", async () => {
    const urls = await sitemap("http://ch.cards.localhost");
    const origin = "http://ch.cards.localhost";
    const photoBook = {
      "de-CH": `${origin}/fotobuch`,
      "fr-CH": `${origin}/fr/livre-photo`,
      "it-CH": `${origin}/it/fotolibro`,
    };
    for (const loc of Object.values(photoBook)) expect(urls.get(loc), loc).toEqual(photoBook);
    expect(urls.get(`${origin}/fr/aide/livraison`)).toMatchObject({
      "de-CH": `${origin}/service/versand`,
      "it-CH": `${origin}/it/assistenza/spedizione`,
    });
    expect(urls.get(`${origin}/fr`)).toEqual({
      "de-CH": `${origin}/`,
      "fr-CH": `${origin}/fr`,
      "it-CH": `${origin}/it`,
    });
    expect(urls.get(`${origin}/fr/themes/hochzeit-001`)).toEqual({
      "de-CH": `${origin}/themes/hochzeit-001`,
      "fr-CH": `${origin}/fr/themes/hochzeit-001`,
      "it-CH": `${origin}/it/themes/hochzeit-001`,
    });
    // The reviews page under each language's own word.
    expect(urls.get(`${origin}/it/recensioni`)).toEqual({
      "de-CH": `${origin}/bewertungen`,
      "fr-CH": `${origin}/fr/avis`,
      "it-CH": `${origin}/it/recensioni`,
    });
    // Other countries' sites have sitemaps of their own.
    const all = [...urls.values()].flatMap((alternates) => Object.keys(alternates));
    expect(new Set(all)).toEqual(new Set(["de-CH", "fr-CH", "it-CH"]));
    expect([...urls.keys()].every((loc) => loc.startsWith(`${origin}/`))).toBe(true);
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
    expect([...(await sitemap("http://localhost")).keys()]).not.toContain(
      "http://localhost/neue-seite",
    );
    await services.cms!.publish("cards", draft.id);
    expect([...(await sitemap("http://localhost")).keys()]).toContain(
      "http://localhost/neue-seite",
    );
  });
});

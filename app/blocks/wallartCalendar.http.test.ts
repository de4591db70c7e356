/**
 * The wall-art shop sells wall calendars: its calendar page lists every one of them with
 * the catalogue's price, and its calculator's designer link starts a calendar design in
 * the studio which goes into the cart at the price the page showed. Each of the shop's
 * languages has the page under its own word, naming the others as its alternates and
 * listed in its country's sitemap with the same alternates.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { DesignDocument } from "../../domain/studio/document";
import { useTestShop } from "../../server/testing/shop";
import { fillDesignFrames } from "../../server/testing/studioApi";
import { AS_CRAWLER } from "./blockHtml.testing";

interface SeedArticle {
  article: string;
  productType: string;
  format: string;
  attributes: Record<string, unknown>;
  prices: Record<string, { current: number }[]>;
}

/** The wall-art catalogue's calendars, as the seed file sells them. */
const CALENDARS = (
  JSON.parse(readFileSync("catalogue/wallart/articles.json", "utf8")) as {
    articles: SeedArticle[];
  }
).articles.filter((a) => a.productType === "calendar");

/**
 * The wall calendar page of every wall-art locale: seven languages' own pages, and the
 * countries that share a language showing its page under its word.
 */
const PAGES: Record<string, string> = {
  "de-DE": "http://wallart.localhost/wandkalender/",
  "de-AT": "http://at.wallart.localhost/wandkalender/",
  "de-CH": "http://ch.wallart.localhost/wandkalender/",
  "de-IT": "http://it.wallart.localhost/de/wandkalender/",
  "de-LI": "http://li.wallart.localhost/wandkalender/",
  "de-LU": "http://lu.wallart.localhost/wandkalender/",
  "en-GB": "http://gb.wallart.localhost/wall-calendars/",
  "en-US": "http://us.wallart.localhost/wall-calendars/",
  "es-ES": "http://es.wallart.localhost/calendarios-de-pared/",
  "fr-FR": "http://fr.wallart.localhost/calendriers-muraux/",
  "fr-BE": "http://be.wallart.localhost/calendriers-muraux/",
  "fr-CH": "http://ch.wallart.localhost/fr/calendriers-muraux/",
  "fr-LU": "http://lu.wallart.localhost/fr/calendriers-muraux/",
  "it-IT": "http://it.wallart.localhost/calendari-da-parete/",
  "it-CH": "http://ch.wallart.localhost/it/calendari-da-parete/",
  "nl-NL": "http://nl.wallart.localhost/wandkalenders/",
  "nl-BE": "http://be.wallart.localhost/nl/wandkalenders/",
};

/** The hreflang alternates a page or a sitemap entry names: language → address. */
function alternatesIn(html: string, pattern: RegExp): Record<string, string> {
  return Object.fromEntries([...html.matchAll(pattern)].map((m) => [m[1]!, m[2]!]));
}

const euros = (minor: number) =>
  new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(minor / 100);

describe("the wall-art shop's wall calendar page", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });
  const origin = "http://wallart.localhost";
  const get = (target: string) =>
    test.request(new URL(target, origin).href, {
      headers: AS_CRAWLER,
      redirect: "manual",
    });
  const page = async () => {
    const response = await get("/wandkalender/");
    expect(response.status).toBe(200);
    return response.text();
  };

  /** Each host's sitemap, fetched once. */
  const sitemaps = new Map<string, Promise<string>>();
  const sitemapOf = (site: string) => {
    if (!sitemaps.has(site))
      sitemaps.set(
        site,
        (async () => {
          const response = await get(`${site}/sitemap.xml`);
          expect(response.status).toBe(200);
          return response.text();
        })(),
      );
    return sitemaps.get(site)!;
  };

  it.each(Object.entries(PAGES))(
    "is there in %s, naming every locale's page as an alternate, and in its sitemap",
    async (locale, address) => {
      const response = await get(address);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<html lang="${locale}"`);
      expect(html).toContain(`<link rel="canonical" href="${address}"/>`);
      // Every locale's page, and the German one for everyone else (x-default).
      expect(
        alternatesIn(html, /<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g),
      ).toEqual({ ...PAGES, "x-default": PAGES["de-DE"] });
      const site = new URL(address).origin;
      const entry = [...(await sitemapOf(site)).matchAll(/<url>([\s\S]*?)<\/url>/g)]
        .map((m) => m[1]!)
        .find((body) => body.includes(`<loc>${address}</loc>`));
      expect(entry, `${address} in ${site}/sitemap.xml`).toBeDefined();
      // The sitemap names the same alternates as the page.
      expect(
        alternatesIn(entry!, /<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g),
      ).toEqual({ ...PAGES, "x-default": PAGES["de-DE"] });
    },
  );

  it("names in the US page's text the sizes its calculator sells, in inches", async () => {
    const html = await (await get(PAGES["en-US"]!)).text();
    const start = html.indexOf('data-details="calendar"');
    const calculator = html.slice(start, html.indexOf("</section>", start));
    const words = html.slice(html.indexOf("A wall calendar shows"), html.indexOf("Every calendar"));
    for (const size of ["8 x 12 in", "12 x 17 in", "8 x 8 in", "12 x 12 in"]) {
      expect(calculator, size).toContain(`>${size}<`);
      expect(words, size).toContain(size);
    }
    // Not the US paper sizes (8.5 x 11 and 11 x 17 in) the shop does not print.
    expect(words).not.toMatch(/letter|tabloid/i);
    expect(html).toContain("8 x 12 in or 12 x 17 in");
  });

  it("lists each of the catalogue's wall calendars with its price and its designer link", async () => {
    expect(CALENDARS.length).toBeGreaterThanOrEqual(6);
    const html = (await page()).replaceAll("&amp;", "&");
    const tiles = html.slice(html.indexOf('class="tile-overview"'));
    for (const calendar of CALENDARS) {
      const code = String(calendar.attributes.formatCode);
      // The tile leading to the studio with this format, and its price.
      const at = tiles.indexOf(
        `/configurator-calendar/?calendarType=wandkalender&formatType=${code}&`,
      );
      expect(at, code).toBeGreaterThan(0);
      const tile = tiles.slice(at, tiles.indexOf("</a>", at));
      expect(tile, code).toContain(euros(calendar.prices.eur![0]!.current));
    }
  });

  it("starts a wall calendar design from its calculator and the cart charges the page's price", async () => {
    const html = await page();
    const start = html.indexOf('data-details="calendar"');
    expect(start).toBeGreaterThan(0);
    const container = html.slice(start, html.indexOf("</section>", start));
    const shown = /price-tag__current[^>]*>([^<]+)</.exec(container)?.[1];
    const link = /class="button details__cta" href="([^"]+)"/
      .exec(container)?.[1]
      ?.replaceAll("&amp;", "&");
    expect(link, "designer link").toMatch(/^\/configurator-calendar\/?\?/);

    const redirect = await get(link!);
    expect(redirect.status).toBeGreaterThanOrEqual(300);
    const designer = new URL(redirect.headers.get("location")!, origin);
    expect(designer.pathname).toMatch(/^\/designer\/calendar\/?$/);
    const query = designer.searchParams;
    const configuration = {
      kind: "calendar",
      calendarType: query.get("calendarType"),
      size: query.get("format"),
      mounting: query.get("mounting"),
      start: `${query.get("startYear")}-${query.get("startMonth")!.padStart(2, "0")}`,
      quantity: Number(query.get("quantity") ?? 1),
    };
    const article = CALENDARS.find(
      (a) =>
        a.attributes.formatCode === configuration.size &&
        a.attributes.mounting === configuration.mounting,
    );
    expect(article, "a calendar of the catalogue").toBeDefined();
    expect(shown).toBe(euros(article!.prices.eur![0]!.current * configuration.quantity));

    const made = await test.request(`${origin}/web-api/studio/designs`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ configuration }),
    });
    expect(made.status).toBe(201);
    const cookie = (made.headers.get("set-cookie") ?? "").split(";")[0]!;
    const { id, document } = (await made.json()) as { id: string; document: DesignDocument };
    expect(document.product).toMatchObject({ family: "calendar", format: article!.format });
    // A cover and twelve months.
    expect(document.surfaces).toHaveLength(13);

    await fillDesignFrames(test.request, origin, id, cookie);
    const added = await test.request(`${origin}/web-api/cart/items`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, cookie },
      body: JSON.stringify({ ...configuration, studioDesign: id }),
    });
    expect(added.status).toBe(201);
    const line = (await added.json()) as { price: { formatted: { current: string } } };
    expect(line.price.formatted.current).toBe(shown);
  });
});

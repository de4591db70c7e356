/**
 * Every link a shopper can follow (pages, navigation, flyouts and burger navigation,
 * footer) leads to a page, in the German, the French-Swiss and the US shops of both
 * brands: none answers 4xx or 5xx. The crawl is scripts/crawl/crawler.js, also run by
 * hand over any hosts with `node scripts/crawl.js`.
 */
import type { Language } from "../../domain/locales";
import { LOCALISED_CATEGORY_PATHS } from "../../domain/paths";
import { crawl } from "../../scripts/crawl/crawler.js";
import { expect, test, PORT } from "./fixtures";

const SHOPS = [
  ["de-DE", "cards.localhost", "wallart.localhost"],
  ["fr-CH", "ch.cards.localhost/fr", "ch.wallart.localhost/fr"],
  ["en-US", "us.cards.localhost", "us.wallart.localhost"],
] as const;

for (const [locale, ...shops] of SHOPS) {
  test(`every link of the ${locale} card and wall-art shops leads to a page`, async () => {
    test.setTimeout(180_000);
    const { visited, dead } = await crawl({
      origin: `http://127.0.0.1:${PORT}`,
      start: shops.map((shop) => {
        const cut = shop.indexOf("/");
        return cut < 0 ? [shop, "/"] : [shop.slice(0, cut), `${shop.slice(cut)}/`];
      }),
      only: [...shops],
    });
    expect(visited).toBeGreaterThan(100);
    expect(dead).toEqual([]);
  });
}

/** A host of each language's shop, of the channel a category belongs to. */
const LANGUAGE_HOSTS: Record<Language, string> = {
  de: "",
  fr: "fr.",
  it: "it.",
  es: "es.",
  nl: "nl.",
  en: "gb.",
};

test("every localised category path of each language leads to its category page", async ({
  request,
}) => {
  const failures: string[] = [];
  for (const [category, byLanguage] of Object.entries(LOCALISED_CATEGORY_PATHS)) {
    const channel = category === "canvas" ? "wallart" : "cards";
    for (const [language, paths] of Object.entries(byLanguage) as [Language, string[]][]) {
      const host = `${LANGUAGE_HOSTS[language]}${channel}.localhost`;
      const canonical = paths[0]!;
      for (const path of paths) {
        // The wall-art shop's paths end in a slash.
        const target = channel === "wallart" ? `${path}/` : path;
        const response = await request.get(`http://127.0.0.1:${PORT}${target}`, {
          headers: { Host: host },
          maxRedirects: 0,
        });
        // The first path of a language is the page; the others send the shopper there.
        const location = response.headers()["location"] ?? "";
        const ok =
          path === canonical
            ? response.status() === 200
            : response.status() === 301 && location.replace(/\/$/, "") === canonical;
        if (!ok) failures.push(`${host}${path}: ${response.status()} ${location}`);
      }
    }
  }
  expect(failures).toEqual([]);
});

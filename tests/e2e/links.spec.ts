/**
 * Every link a shopper can follow (pages, navigation, flyouts and burger navigation,
 * footer) leads to a page, in the German, the French-Swiss and the US shops of both
 * brands: none answers 4xx or 5xx. The crawl is scripts/crawl/crawler.js, also run by
 * hand over any hosts with `node scripts/crawl.js`.
 */
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

/**
 * One product, one from-price: every price tag that names a catalogue product (a teaser's,
 * a tile's, a feed item's `priceProduct`, the product overview's family tiles) shows the
 * catalogue's from-price of that product, the same on the home page, the product overview,
 * the category and product pages the home page's tiles lead to — in several storefronts of
 * both brands and their currencies. The pages are kept by the page cache with the
 * catalogue's tag, so an import that changes a price drops them.
 */
import { describe, expect, it } from "vitest";
import { localeSettings, type Locale } from "../../domain/locales";
import { useTestShop } from "../../server/testing/shop";

/** Each priced tag of a page: the product it names and the text of its current price. */
function namedPrices(html: string): { product: string; shown: string }[] {
  const text = html.replace(/<!-- -->/g, "");
  const found: { product: string; shown: string }[] = [];
  const tag = /<span class="price-tag[^"]*" data-product="([^"]+)">([\s\S]*?)<\/span><\/span>/g;
  for (const m of text.matchAll(tag)) {
    const current = /price-tag__current[^"]*">([^<]*)$/.exec(m[2]!)?.[1];
    if (current !== undefined) found.push({ product: m[1]!, shown: current.trim() });
  }
  return found;
}

/** The internal links of the tiles and teasers that show a named price on a page. */
function pricedLinks(html: string): string[] {
  const links = new Set<string>();
  const blocks = html.split(/<(?:li|article|section|a)\b/);
  for (const block of blocks) {
    if (!block.includes("data-product=")) continue;
    for (const m of block.matchAll(/href="(\/[^"?#]*)"/g)) links.add(m[1]!);
  }
  return [...links];
}

const STOREFRONTS: { host: string; home: string; products: string; locale: Locale }[] = [
  { host: "cards.localhost", home: "/", products: "/products", locale: "de-DE" },
  { host: "ch.cards.localhost", home: "/", products: "/products", locale: "de-CH" },
  { host: "gb.cards.localhost", home: "/", products: "/products", locale: "en-GB" },
  { host: "us.cards.localhost", home: "/", products: "/products", locale: "en-US" },
  { host: "wallart.localhost", home: "/", products: "/products/", locale: "de-DE" },
  { host: "ch.wallart.localhost", home: "/", products: "/products/", locale: "de-CH" },
  { host: "gb.wallart.localhost", home: "/", products: "/products/", locale: "en-GB" },
  { host: "us.wallart.localhost", home: "/", products: "/products/", locale: "en-US" },
];

describe("a product's from-price across the pages of a shop", () => {
  const test = useTestShop({
    CONTENT_DIR: "content",
    CONTENT_IMPORT_ON_START: "true",
    PAGE_CACHE: "true",
  });
  const get = async (host: string, path: string) => {
    const response = await test.request(`http://${host}${path}`);
    return {
      status: response.status,
      tags: (response.headers.get("Surrogate-Key") ?? "").split(" "),
      html: await response.text(),
    };
  };

  it.each(STOREFRONTS)(
    "$host ($locale): every page shows the catalogue's from-price of the product it names",
    async ({ host, home, products, locale }) => {
      const channel = host.includes("wallart") ? "wallart" : "cards";
      const { country, currency } = localeSettings(locale);
      const front = await get(host, home);
      expect(front.status).toBe(200);
      const pages = [home, products, ...pricedLinks(front.html)];
      expect(pages.length, "the home page's tiles lead to product pages").toBeGreaterThan(3);

      const shownOn = new Map<string, Map<string, string[]>>();
      for (const path of new Set(pages)) {
        const page = path === home ? front : await get(host, path);
        expect(page.status, path).toBe(200);
        const prices = namedPrices(page.html);
        if (prices.length === 0) continue;
        // A page showing catalogue prices goes with the next catalogue import.
        expect(page.tags, `${path} is kept without the catalogue's tag`).toContain("catalogue");
        for (const { product, shown } of prices) {
          const byText = shownOn.get(product) ?? new Map<string, string[]>();
          byText.set(shown, [...(byText.get(shown) ?? []), path]);
          shownOn.set(product, byText);
        }
      }

      // The products the home page prices appear on other pages too, at the same price.
      const homeProducts = new Set(namedPrices(front.html).map((p) => p.product));
      expect(homeProducts.size).toBeGreaterThan(0);
      const elsewhere = [...homeProducts].filter((product) =>
        [...shownOn.get(product)!.values()].some((paths) => paths.some((p) => p !== home)),
      );
      expect(
        elsewhere.length,
        "a product of the home page is priced on another page",
      ).toBeGreaterThan(0);

      // The main products are priced on the home page, the product overview (the card
      // shop's; the wall-art shop's overview lists designs) and their own pages.
      const pagesOf = (product: string) =>
        new Set([...(shownOn.get(product)?.values() ?? [])].flat());
      for (const product of channel === "cards"
        ? ["calendar", "photobook", "photobox"]
        : ["photoframe:leinwand", "photoframe:poster"]) {
        const shown = pagesOf(product);
        expect(shown.has(home), `${product} on the home page`).toBe(true);
        if (channel === "cards")
          expect(shown.has(products), `${product} on ${products}`).toBe(true);
        const own = [...shown].filter((path) => path !== home && path !== products);
        expect(own.length, `${product} on its own page`).toBeGreaterThan(0);
      }

      const catalogue = test.services.catalogue;
      for (const [product, byText] of shownOn) {
        expect([...byText.keys()], `${product} is priced differently: ${[...byText]}`).toHaveLength(
          1,
        );
        const expected = await catalogue.productFromPrice({ channel, country, locale }, product);
        expect(expected.currency).toBe(currency);
        const shown = [...byText.keys()][0]!;
        expect(shown, product).toContain(expected.formatted.current);
      }
    },
  );

  it("fills a price token of borrowed copy with the borrowing shop's own price", async () => {
    const sizes = [
      { host: "cards.localhost", path: "/formate-und-preise", locale: "de-DE" },
      { host: "ch.cards.localhost", path: "/formate-und-preise", locale: "de-CH" },
      { host: "ch.cards.localhost", path: "/fr/formats-et-prix", locale: "fr-CH" },
      { host: "gb.cards.localhost", path: "/sizes-and-prices", locale: "en-GB" },
    ] as const;
    for (const { host, path, locale } of sizes) {
      const { country } = localeSettings(locale);
      const page = await get(host, path);
      expect(page.status, path).toBe(200);
      const postcard = await test.services.catalogue.productFromPrice(
        { channel: "cards", country, locale },
        "card-postcard-148x105",
      );
      const shown = page.html.replace(/<!-- -->/g, "");
      expect(shown, `${host}${path}`).toContain(postcard.formatted.current);
      expect(shown, `${host}${path}`).not.toContain("{{fromPrice");
      if (country === "CH") expect(shown, `${host}${path}`).not.toMatch(/\d,\d\d\s€/);
    }
  });
});

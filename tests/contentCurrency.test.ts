/**
 * Amounts typed into content. A teaser, tile, feed item, navigation entry or overview that
 * shows a from-price names its catalogue product (`priceProduct`, domain/priceProducts.ts)
 * and the server asks the catalogue: nowhere in the content of any locale is such copy or
 * a price field allowed to carry a typed amount, which would drift from the catalogue.
 *
 * Copy borrowed by a shop of another currency: a Swiss shop reads the German stories, the
 * Swiss-French and Swiss-Italian ones the French and Italian, the American one the British.
 * An amount typed into that copy ("ab 49 €", "£0.85 each") would show a foreign price on
 * the shop that borrows it, so such folders name no amount in a currency; prices come from
 * the catalogue, and country facts from their tokens.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  articlesOfProduct,
  parsePriceProduct,
  priceTokenReferences,
  type GroupedArticle,
} from "../domain/priceProducts";
import {
  contentLocaleChain,
  LOCALES,
  localeSettings,
  toContentLanguageCode,
} from "../domain/locales";

const CONTENT = path.resolve(__dirname, "../content");

/** An amount with a currency sign, code or word before or after it. */
const TYPED_AMOUNT =
  /\d+(?:[.,]\d+)?\s?(?:€|EUR\b|£|GBP\b|CHF\b|USD\b)|(?:€|£|\$|CHF|GBP|USD|EUR)\s?\d|\d\s?(?:euros?|pounds?|dollars?|francs?|franchi|sterline|dollari)\b/i;

/** Each content folder that a shop charging another currency reads through its fallback. */
function borrowedFolders(): string[] {
  const folders = new Set<string>();
  for (const locale of LOCALES) {
    const { currency } = localeSettings(locale);
    for (const source of contentLocaleChain(locale).slice(1)) {
      if (localeSettings(source).currency !== currency) folders.add(toContentLanguageCode(source));
    }
  }
  return [...folders].sort();
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return jsonFiles(file);
    return name.endsWith(".json") ? [file] : [];
  });
}

/** Every text of a content file with where it stands. */
function texts(value: unknown, at: string): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => texts(item, `${at}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => texts(item, `${at}.${key}`));
  return [];
}

function typedAmounts(folder: string): string[] {
  return ["cards", "wallart"].flatMap((channel) => {
    const dir = path.join(CONTENT, channel, folder);
    if (!existsSync(dir)) return [];
    return jsonFiles(dir).flatMap((file) =>
      texts(JSON.parse(readFileSync(file, "utf8")), path.relative(CONTENT, file))
        .filter(([, text]) => TYPED_AMOUNT.test(text))
        .map(([at, text]) => `${at}: ${text}`),
    );
  });
}

/** Blocks that show a product to choose: their copy never carries an amount. */
const PRODUCT_COPY = new Set([
  "Teaser",
  "SubTeasers",
  "SubTeaser",
  "Feed",
  "FeedItem",
  "UspTeaser",
  "Usp",
  "NavigationItem",
  "FlyoutGroup",
  "FlyoutItem",
  "FlyoutCustomElement",
  "BurgerNavigation",
  "ThemeOverview",
  "CalendarOverview",
  "CollageOverview",
  "PhotobookOverview",
  "ThemeFeed",
  "Shop",
  "SkuContainer",
]);

/** A price field typed as amounts (`{ current: { eur: 24.99 } }`) rather than named. */
function isTypedPrice(value: unknown): boolean {
  if (!value || typeof value !== "object") return false;
  const current = (value as { current?: unknown }).current;
  return typeof current === "object" && current !== null;
}

/** Typed amounts in the copy of product blocks, and typed price fields, of one story. */
function typedProductPrices(value: unknown, at: string, inProductCopy = false): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => typedProductPrices(item, `${at}[${i}]`, inProductCopy));
  if (typeof value === "string")
    return inProductCopy && TYPED_AMOUNT.test(value) ? [`${at}: ${value}`] : [];
  if (!value || typeof value !== "object") return [];
  const component = (value as { component?: unknown }).component;
  const product = inProductCopy || (typeof component === "string" && PRODUCT_COPY.has(component));
  return Object.entries(value).flatMap(([key, item]) =>
    isTypedPrice(item)
      ? [`${at}.${key}: a typed price; name the product in priceProduct`]
      : typedProductPrices(item, `${at}.${key}`, product),
  );
}

describe("teasers, tiles, navigation and overviews of every locale", () => {
  const folders = ["cards", "wallart"].flatMap((channel) =>
    readdirSync(path.join(CONTENT, channel)).map((folder) => `${channel}/${folder}`),
  );

  it.each(folders)("%s names products instead of typing prices", (folder) => {
    const found = jsonFiles(path.join(CONTENT, folder)).flatMap((file) =>
      typedProductPrices(JSON.parse(readFileSync(file, "utf8")), path.relative(CONTENT, file)),
    );
    expect(found).toEqual([]);
  });

  it("sees a typed price field and an amount in a tile's copy", () => {
    const story = {
      content: {
        body: [
          { component: "Teaser", headline: "Fotobox", priceProduct: "photobox" },
          { component: "Text", text: "Versand ab 4,95 €" },
          {
            component: "SubTeasers",
            items: [
              { component: "SubTeaser", title: "Karten", text: "ab 1,49 €" },
              { title: "Fotobox", price: { current: { eur: 24.99 }, from: true } },
            ],
          },
        ],
      },
    };
    expect(typedProductPrices(story, "s")).toEqual([
      "s.content.body[2].items[0].text: ab 1,49 €",
      "s.content.body[2].items[1].price: a typed price; name the product in priceProduct",
    ]);
  });
});

/** The products a story names for a price: `priceProduct` fields and `{{fromPrice:…}}` tokens. */
function namedProducts(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => namedProducts(item, found));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if (key === "priceProduct" && typeof item === "string") found.push(item);
      else namedProducts(item, found);
    }
  return [...found, ...priceTokenReferences(value)];
}

describe("the products content names for a price", () => {
  it.each(["cards", "wallart"])("are sold by the %s shop's catalogue", (channel) => {
    const { articles } = JSON.parse(
      readFileSync(path.join(CONTENT, "../catalogue", channel, "articles.json"), "utf8"),
    ) as { articles: GroupedArticle[] };
    const unknown = jsonFiles(path.join(CONTENT, channel)).flatMap((file) =>
      namedProducts(JSON.parse(readFileSync(file, "utf8")))
        .filter((reference) => {
          const product = parsePriceProduct(reference);
          return !product || articlesOfProduct(articles, product).length === 0;
        })
        .map((reference) => `${path.relative(CONTENT, file)}: ${reference}`),
    );
    expect(unknown).toEqual([]);
    expect(namedProducts({ a: [{ priceProduct: "card" }], b: "{{fromPrice:photobox}}" })).toEqual([
      "card",
      "photobox",
    ]);
  });
});

describe("copy that a shop of another currency borrows", () => {
  it("finds the borrowed folders from the fallback chains", () => {
    expect(borrowedFolders()).toEqual(["de-de", "en-gb", "fr-fr", "it-it"]);
  });

  it.each(borrowedFolders())("%s names no amount in a currency", (folder) => {
    expect(typedAmounts(folder)).toEqual([]);
  });

  it("sees an amount typed either way round", () => {
    for (const text of ["ab 49 €", "from £0.85 each", "CHF 12.90", "da 10 a 200 euro", "$5"])
      expect(TYPED_AMOUNT.test(text), text).toBe(true);
    for (const text of ["20 × 40 cm", "A3", "{{freeShippingFrom}}", "50 photos"])
      expect(TYPED_AMOUNT.test(text), text).toBe(false);
  });
});

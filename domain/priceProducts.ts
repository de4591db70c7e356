/**
 * How content names the product whose from-price a teaser, tile or feed item shows.
 * Editors never type an amount: a story borrowed by a shop of another currency would show
 * a foreign price, and a typed amount drifts from the catalogue. They name the product
 * instead, and the server asks the catalogue for its from-price in the shop's currency.
 *
 * A reference is one of
 * - a product family of the catalogue (`photobox`, `calendar`, `frame` …): the lowest price
 *   of everything the family sells, as the product overview shows it;
 * - a family and one of its kinds (`photobook:echtfotobuch`, `photoframe:leinwand`,
 *   `calendar:wandkalender`): the lowest price of that kind;
 * - an article number of the catalogue (`wallart-leinwand-600x400`): that article's price
 *   for one piece.
 */
import { z } from "zod";
import { PRODUCT_FAMILIES, type ProductFamily } from "./productFamilies";

/** Families a price may name: the overview's, and frames, which the overview leaves out. */
export const PRICE_FAMILIES = [...PRODUCT_FAMILIES, "frame"] as const;
export type PriceFamily = (typeof PRICE_FAMILIES)[number];

export type PriceProduct =
  { family: PriceFamily; kind: string | null } | { article: string; family?: undefined };

const SLUG = "[a-z0-9][a-z0-9-]{0,79}";
const REFERENCE = new RegExp(`^${SLUG}(?::${SLUG})?$`);

/** The field as editors write it: trimmed, lower case letters, digits, `-` and one `:`. */
export const priceProductField = z.string().trim().toLowerCase().regex(REFERENCE);

function isPriceFamily(name: string): name is PriceFamily {
  return (PRICE_FAMILIES as readonly string[]).includes(name);
}

/**
 * The product a reference names, or null when it cannot name one (a kind after something
 * that is not a family, or a text that is no reference at all). Whether the catalogue sells
 * it is the catalogue's to say.
 */
export function parsePriceProduct(reference: string): PriceProduct | null {
  const parsed = priceProductField.safeParse(reference);
  if (!parsed.success) return null;
  const [head, kind] = parsed.data.split(":") as [string, string | undefined];
  if (isPriceFamily(head)) return { family: head, kind: kind ?? null };
  return kind === undefined ? { article: head } : null;
}

/** What the grouping needs of a catalogue article. */
export interface GroupedArticle {
  article: string;
  kind: string;
  formatGroup: string | null;
  attributes: Readonly<Record<string, unknown>>;
}

/**
 * Each family's article kinds and the kind a shopper starts from within it (a calendar
 * type, a photo book type, a wall-art material, a frame type …): the product overview's
 * groups, and frames besides.
 */
export const PRICE_FAMILY_GROUPS: Record<
  PriceFamily,
  { kinds: readonly string[]; kindOf: (a: GroupedArticle) => string }
> = {
  card: { kinds: ["card"], kindOf: (a) => String(a.formatGroup) },
  calendar: { kinds: ["calendar"], kindOf: (a) => String(a.attributes.calendarType) },
  photobook: { kinds: ["photobook"], kindOf: (a) => String(a.attributes.photobookType) },
  photobox: { kinds: ["photobox"], kindOf: (a) => String(a.formatGroup) },
  photoprint: { kinds: ["photoprint"], kindOf: (a) => String(a.formatGroup) },
  photoframe: { kinds: ["wallart"], kindOf: (a) => String(a.attributes.material) },
  collage: { kinds: ["collage"], kindOf: (a) => String(a.attributes.material) },
  frame: { kinds: ["frame"], kindOf: (a) => String(a.attributes.frameType) },
};

/**
 * Article kinds a shopper buys on their own, so an article number may name them (a page
 * count, a refinement or a wall-art option only adds to a product).
 */
export const PRICED_ARTICLE_KINDS: readonly string[] = [
  "card",
  "calendar",
  "photobook",
  "photobox",
  "photoprint",
  "wallart",
  "frame",
  "collage",
  "gift-voucher",
  "card-accessory",
];

/**
 * The articles of a catalogue a product reference covers, in catalogue order; empty when
 * the catalogue does not sell it (its from-price is then the lowest price among them).
 */
export function articlesOfProduct<A extends GroupedArticle>(
  articles: readonly A[],
  product: PriceProduct,
): A[] {
  if (product.family === undefined) {
    return articles.filter(
      (a) => a.article === product.article && PRICED_ARTICLE_KINDS.includes(a.kind),
    );
  }
  const group = PRICE_FAMILY_GROUPS[product.family];
  return articles.filter(
    (a) =>
      group.kinds.includes(a.kind) && (product.kind === null || group.kindOf(a) === product.kind),
  );
}

/** True for the families the product overview lists (the others are named in content only). */
export function isOverviewFamily(family: PriceFamily): family is ProductFamily {
  return (PRODUCT_FAMILIES as readonly string[]).includes(family);
}

/**
 * A from-price in copy: `{{fromPrice:photobox}}` stands for the catalogue's from-price of
 * the product it names, the bare amount in the shop's currency ("0,27 €", "£0.24"), so a
 * text borrowed by a shop of another currency still shows that shop's own price.
 */
const PRICE_TOKEN = /\{\{\s*fromPrice:\s*([^}\s]{1,100})\s*\}\}/g;

/** The product references the price tokens of a value's strings name, each once. */
export function priceTokenReferences(value: unknown, found = new Set<string>()): string[] {
  if (typeof value === "string") {
    if (value.includes("{{")) for (const m of value.matchAll(PRICE_TOKEN)) found.add(m[1]!);
  } else if (Array.isArray(value)) value.forEach((v) => priceTokenReferences(v, found));
  else if (value !== null && typeof value === "object")
    Object.values(value).forEach((v) => priceTokenReferences(v, found));
  return [...found];
}

/**
 * A value with every price token filled from `prices` (by reference). A token whose product
 * has no price is left out rather than shown as a placeholder. Returns the input itself
 * when nothing changes.
 */
export function fillPriceTokens<T>(value: T, prices: Readonly<Record<string, string>>): T {
  if (typeof value === "string") {
    if (!value.includes("{{")) return value;
    const filled = value.replace(PRICE_TOKEN, (_whole, reference: string) =>
      Object.hasOwn(prices, reference) ? prices[reference]! : "",
    );
    return (filled === value ? value : filled) as T;
  }
  if (Array.isArray(value)) {
    const next = value.map((v: unknown) => fillPriceTokens(v, prices));
    return (next.some((v, i) => v !== value[i]) ? next : value) as T;
  }
  if (value !== null && typeof value === "object") {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      next[key] = fillPriceTokens(v, prices);
      if (next[key] !== v) changed = true;
    }
    return (changed ? next : value) as T;
  }
  return value;
}

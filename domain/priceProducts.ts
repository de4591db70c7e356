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

/** The reference of a product, as content writes it (the inverse of parsePriceProduct). */
export function priceProductReference(product: PriceProduct): string {
  if (product.family === undefined) return product.article;
  return product.kind ? `${product.family}:${product.kind}` : product.family;
}

/** True for the families the product overview lists (the others are named in content only). */
export function isOverviewFamily(family: PriceFamily): family is ProductFamily {
  return (PRODUCT_FAMILIES as readonly string[]).includes(family);
}

/**
 * What an order keeps of a cart line beyond its price: a name people can read, and whether the
 * article is made to the shopper's wishes. A personalised article is excluded from the right of
 * withdrawal; an accessory bought on its own and a sample are stock goods and are not.
 */

/** The options that make a line stock goods rather than made to order. */
const STOCK_MARKS = ["sample"] as const;

const isSet = (value: string | undefined) =>
  value !== undefined && value !== "" && value !== "false" && value !== "0";

/** True when the article is made for this shopper (their photos, their text, their design). */
export function isPersonalised(
  product: string,
  options: Readonly<Record<string, string>>,
): boolean {
  if (product === "accessory") return false;
  // The cart writes the mark as "true" or "false" (older lines "1"); "false" is no sample.
  if (STOCK_MARKS.some((mark) => isSet(options[mark]))) return false;
  return true;
}

/** A choice as the cart names it (label, or the text key when it has none). */
export interface ChoiceName {
  name: string;
  label: string | null;
  labelKey: string;
}

/**
 * The line's title as the shopper saw it: the product, then its main choices ("card, 14.8 ×
 * 10.5 cm, matt"); without named choices, the product with its format when it has one.
 */
export function lineTitle(
  product: string,
  choices: readonly ChoiceName[],
  options: Readonly<Record<string, string>>,
): string {
  const named = choices.map((c) => c.label).filter((l): l is string => Boolean(l));
  if (named.length > 0) return [product, ...named].join(", ").slice(0, 200);
  const format = options.format ?? options.article;
  return (format ? `${product}, ${format}` : product).slice(0, 200);
}

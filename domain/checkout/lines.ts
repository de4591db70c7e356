/**
 * What an order keeps of a cart line beyond its price: a name people can read, and whether the
 * article is made to the shopper's wishes. A personalised article is excluded from the right of
 * withdrawal; an accessory bought on its own and a sample are stock goods and are not.
 */

import type { Language } from "../locales";

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

/** The products' names as the cart shows them, per language (the storefront's messages agree). */
export const PRODUCT_NAMES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  de: {
    calendar: "Fotokalender",
    card: "Karte",
    collage: "Collage",
    photoframe: "Wandbild",
    photoprint: "Fotoabzüge",
    photobook: "Fotobuch",
    photobox: "Fotobox",
    "gift-voucher": "Geschenkgutschein",
    accessory: "Zubehör",
    express: "Expressfertigung",
  },
  en: {
    calendar: "photo calendar",
    card: "card",
    collage: "collage",
    photoframe: "wall art",
    photoprint: "photo prints",
    photobook: "photo book",
    photobox: "photo box",
    "gift-voucher": "Gift voucher",
    accessory: "Accessory",
    express: "Express production",
  },
  es: {
    calendar: "calendario de fotos",
    card: "tarjeta",
    collage: "collage",
    photoframe: "cuadro",
    photoprint: "copias de fotos",
    photobook: "fotolibro",
    photobox: "caja de fotos",
    "gift-voucher": "Cheque regalo",
    accessory: "Accesorio",
    express: "Fabricación exprés",
  },
  fr: {
    calendar: "calendrier photo",
    card: "carte",
    collage: "collage",
    photoframe: "tableau",
    photoprint: "tirages photo",
    photobook: "livre photo",
    photobox: "boîte photo",
    "gift-voucher": "Chèque-cadeau",
    accessory: "Accessoire",
    express: "Fabrication express",
  },
  it: {
    calendar: "calendario fotografico",
    card: "biglietto",
    collage: "collage",
    photoframe: "quadro",
    photoprint: "stampe fotografiche",
    photobook: "fotolibro",
    photobox: "scatola di foto",
    "gift-voucher": "Buono regalo",
    accessory: "Accessorio",
    express: "Produzione express",
  },
  nl: {
    calendar: "fotokalender",
    card: "kaart",
    collage: "collage",
    photoframe: "wanddecoratie",
    photoprint: "fotoafdrukken",
    photobook: "fotoboek",
    photobox: "fotodoos",
    "gift-voucher": "Cadeaubon",
    accessory: "Accessoire",
    express: "Expresproductie",
  },
};

/** A product's name in a language, as a title starts it ("Karte", "Card"). */
export function productName(product: string, language: Language): string {
  const name = PRODUCT_NAMES[language][product] ?? product;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/**
 * The line's title as the shopper saw it, in the order's language: the product, then its main
 * choices ("Karte, 14,8 × 10,5 cm, matt"); without named choices, the product with its format
 * when it has one.
 */
export function lineTitle(
  product: string,
  choices: readonly ChoiceName[],
  options: Readonly<Record<string, string>>,
  language: Language,
): string {
  const name = productName(product, language);
  const named = choices.map((c) => c.label).filter((l): l is string => Boolean(l));
  if (named.length > 0) return [name, ...named].join(", ").slice(0, 200);
  const format = options.format ?? options.article;
  return (format ? `${name}, ${format}` : name).slice(0, 200);
}

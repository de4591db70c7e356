/**
 * The cart's rules: its page in each language, what a visitor may put into it, and how its
 * totals add up (in minor units; formatting is the money rules' business).
 */
import type { Language } from "./locales";

/** The cart page of each language, as the shop's header links to it. */
export const CART_PATHS: Readonly<Record<Language, string>> = {
  de: "/warenkorb",
  en: "/basket",
  fr: "/panier",
  it: "/carrello",
  es: "/carrito",
  nl: "/winkelmand",
};

/** The checkout page of each language (what comes after the cart). */
export const CHECKOUT_PATHS: Readonly<Record<Language, string>> = {
  de: "/kasse",
  en: "/checkout",
  fr: "/commander",
  it: "/cassa",
  es: "/finalizar-compra",
  nl: "/afrekenen",
};

/** Most lines one cart holds; a visitor with more is no visitor. */
export const MAX_CART_LINES = 50;
/** Most options a line keeps, and their longest value. */
export const MAX_OPTIONS = 30;
export const MAX_OPTION_LENGTH = 100;

/** The designer options a cart line keeps: the product's parameters, nothing of the visit. */
export const CART_OPTION_KEYS = [
  "themeId",
  "calendarType",
  "format",
  "startMonth",
  "startYear",
  "mounting",
  "accessoryTypes",
  "printing",
  "cover",
  "binding",
  "paper",
  "pageCount",
  "templateId",
  "refinement",
  "type",
  "width",
  "height",
  "finish",
  "materialType",
  "frameType",
  "formatType",
  // A frame's colour, mat and glazing: two lines that differ in them are two frames.
  "frameColour",
  "matType",
  "matSize",
  "matColour",
  "glass",
  // A wall-art material's options (the product page's choice; they change the price).
  "canvasStretcherFrame",
  "canvasEdge",
  "drilling",
  "printProcess",
  "aluFinish",
  "backlitFrame",
  "milling",
  "hahnemuehleSurface",
  "adhesiveFilmStyle",
  "posterLamination",
  "posterPaper",
  "pvcEyelets",
  "designId",
  // The studio design the line prints (not the collage's catalogue design above).
  "studioDesign",
  "sample",
  // An accessory bought on its own.
  "article",
] as const;

/** The kept options of a designer query, in a fixed order. */
export function cartOptions(query: URLSearchParams): Record<string, string> {
  const options: Record<string, string> = {};
  for (const key of CART_OPTION_KEYS) {
    const value = query.get(key);
    if (value !== null && value !== "") options[key] = value.slice(0, MAX_OPTION_LENGTH);
  }
  return options;
}

export interface ShippingMethod {
  priceMinor: number;
  freeFromMinor: number | null;
}

export interface CartTotals {
  subtotalMinor: number;
  discountMinor: number;
  shippingMinor: number;
  totalMinor: number;
}

/**
 * The cart's totals: the lines, less the voucher's discount (never more than the lines),
 * plus the cheapest shipping, which is free once the lines reach its threshold. An empty
 * cart ships nothing.
 */
export function cartTotals(
  lineTotalsMinor: readonly number[],
  discountMinor: number,
  shipping: readonly ShippingMethod[],
): CartTotals {
  const subtotalMinor = lineTotalsMinor.reduce((sum, n) => sum + n, 0);
  const discount = Math.min(Math.max(0, discountMinor), subtotalMinor);
  const costs = shipping.map((m) =>
    m.freeFromMinor !== null && subtotalMinor >= m.freeFromMinor ? 0 : m.priceMinor,
  );
  const shippingMinor = subtotalMinor === 0 || costs.length === 0 ? 0 : Math.min(...costs);
  return {
    subtotalMinor,
    discountMinor: discount,
    shippingMinor,
    totalMinor: subtotalMinor - discount + shippingMinor,
  };
}

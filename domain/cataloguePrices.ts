/**
 * Price rules of the catalogue. Prices are integers in minor units (cents, Rappen,
 * pence) everywhere outside the display; they become strings only through the money
 * rules of `domain/money.ts`.
 */
import { parseFormat, isSquareWithinTolerance } from "./formats";
import {
  defaultLocaleFor,
  localeSettings,
  type Country,
  type Currency,
  type Locale,
} from "./locales";
import {
  ACCESSORY_OVERLAY_VALUE,
  CARD_ACCESSORY_PRICE_LABELS,
  CARD_ACCESSORY_PRICES,
  formatFromPrice,
  formatPrice,
  hasDiscount,
  type CardAccessoryCountry,
  type CardAccessoryFormatClass,
} from "./money";

/** A catalogue price in minor units; `original` is the crossed-out price, if any. */
export interface MinorPrice {
  current: number;
  original: number | null;
}

/** The currency a country's shop charges in. */
export function currencyOfCountry(country: Country): Currency {
  return localeSettings(defaultLocaleFor(country)).currency;
}

/** Minor units to major units (1995 → 19.95). */
export function toMajor(minor: number): number {
  return minor / 100;
}

/** A catalogue price is discounted only when its original price is strictly higher. */
export function isDiscounted(price: MinorPrice): boolean {
  return hasDiscount({
    priceCurrent: toMajor(price.current),
    priceOriginal: price.original === null ? null : toMajor(price.original),
  });
}

/** The discount in percent, rounded down, or 0 when there is none. */
export function discountPercent(price: MinorPrice): number {
  if (!isDiscounted(price) || price.original === null) return 0;
  return Math.floor(((price.original - price.current) / price.original) * 100);
}

/** The price as the API sends it: minor units, major units, and the formatted strings. */
export interface PriceView {
  currency: Currency;
  priceCurrent: number;
  priceOriginal: number | null;
  priceCurrentMinor: number;
  priceOriginalMinor: number | null;
  hasDiscount: boolean;
  discountPercent: number;
  formatted: { current: string; original: string | null };
}

/** Builds the view of a price for a locale; an original that is not higher is dropped. */
export function priceView(price: MinorPrice, currency: Currency, locale: Locale): PriceView {
  const discounted = isDiscounted(price);
  const original = discounted ? price.original : null;
  return {
    currency,
    priceCurrent: toMajor(price.current),
    priceOriginal: original === null ? null : toMajor(original),
    priceCurrentMinor: price.current,
    priceOriginalMinor: original,
    hasDiscount: discounted,
    discountPercent: discountPercent(price),
    formatted: {
      current: formatPrice(toMajor(price.current), locale),
      original: original === null ? null : formatPrice(toMajor(original), locale),
    },
  };
}

/**
 * The from-price of a set of prices: the lowest current price (its original kept
 * when that one is discounted), or null for an empty set.
 */
export function fromPrice(prices: readonly MinorPrice[]): MinorPrice | null {
  let best: MinorPrice | null = null;
  for (const p of prices) if (best === null || p.current < best.current) best = p;
  return best;
}

/** "ab 9,95 €", "from $12.99": the from-price label. */
export function fromPriceLabel(price: MinorPrice, locale: Locale, fromWord: string): string {
  return formatFromPrice(toMajor(price.current), locale, fromWord);
}

/** The word a from-price starts with, per language. */
export function fromWordFor(locale: Locale): string {
  const language = locale.slice(0, 2);
  return (
    { de: "ab", en: "from", fr: "à partir de", it: "da", es: "desde", nl: "vanaf" }[language] ??
    "from"
  );
}

/**
 * The format class of a card, which decides its accessory price: a (nearly) square card
 * needs a square envelope and is "compact", a card whose long side exceeds a B6 envelope
 * (176 mm) needs a long or large envelope and is "large", everything else is "standard".
 */
export function cardFormatClass(format: string): CardAccessoryFormatClass | null {
  const { width, height } = parseFormat(format);
  if (width === 0) return null;
  if (isSquareWithinTolerance(width, height)) return "compact";
  if (Math.max(width, height) > 176) return "large";
  return "standard";
}

function isAccessoryCountry(country: Country): country is CardAccessoryCountry {
  return country === "DE" || country === "AT" || country === "CH";
}

/**
 * The fixed accessory price of a format class in Germany, Austria and Switzerland, in
 * minor units; null in other countries (they use the catalogue's accessory prices).
 */
export function cardAccessoryPriceMinor(
  formatClass: CardAccessoryFormatClass,
  country: Country,
): number | null {
  if (!isAccessoryCountry(country)) return null;
  return Math.round(CARD_ACCESSORY_PRICES[formatClass][country] * 100);
}

/** The printed accessory price label ("0,95 €", "1.20 CHF"), or null outside DE, AT and CH. */
export function cardAccessoryPriceLabel(
  formatClass: CardAccessoryFormatClass,
  country: Country,
): string | null {
  return isAccessoryCountry(country) ? CARD_ACCESSORY_PRICE_LABELS[formatClass][country] : null;
}

/** The accessory overlay value: 2.5 in Germany, 3.5 in Switzerland, none elsewhere. */
export function accessoryOverlayValue(country: Country): number | null {
  if (country === "DE") return ACCESSORY_OVERLAY_VALUE.DE;
  if (country === "CH") return ACCESSORY_OVERLAY_VALUE.CH;
  return null;
}

/** One tier of a per-piece price: from `minQuantity` pieces on, each costs `unit` minor units. */
export interface QuantityTier {
  minQuantity: number;
  unit: number;
  unitOriginal?: number | null;
}

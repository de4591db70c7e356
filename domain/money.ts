/**
 * Price display: two decimals with a currency sign, CHF with an apostrophe
 * for thousands, from-prices with a prefix, struck-through original prices.
 *
 * Formatting is table-driven rather than delegated to `Intl.NumberFormat`: ICU data
 * differs between Node and browsers (e.g. de-AT "€ 1,00" vs the spec's "1,00 €", de-CH
 * "CHF 1.00" vs "1.00 CHF"), and server and client must render identical strings.
 * Every space inside a formatted price is a no-break space U+00A0 ({@link NBSP}); Intl's
 * narrow no-break space U+202F is never produced.
 */
import { localeSettings, type Country, type Currency, type Locale } from "./locales";

/** The one space character used inside formatted prices: no-break space U+00A0. */
export const NBSP = "\u00a0";

/** How one locale writes an amount of its currency. */
interface PriceFormat {
  /** Thousands separator. */
  group: string;
  /** Decimal separator. */
  decimal: string;
  /** Currency sign. */
  sign: string;
  /** "suffix": `1,00 €`; "prefix": `£1.00`; "prefix-spaced": `€ 1,00`. */
  position: "suffix" | "prefix" | "prefix-spaced";
  /** Smallest integer part that gets grouped: 1000, or 10000 where CLDR asks for two digits. */
  groupFrom: number;
}

const CHF: PriceFormat = {
  group: "'",
  decimal: ".",
  sign: "CHF",
  position: "suffix",
  groupFrom: 1000,
};
const EUR_DE: PriceFormat = {
  group: ".",
  decimal: ",",
  sign: "€",
  position: "suffix",
  groupFrom: 1000,
};
const EUR_FR: PriceFormat = {
  group: NBSP,
  decimal: ",",
  sign: "€",
  position: "suffix",
  groupFrom: 1000,
};
const EUR_ES: PriceFormat = {
  group: ".",
  decimal: ",",
  sign: "€",
  position: "suffix",
  groupFrom: 10000,
};
const EUR_NL: PriceFormat = { ...EUR_DE, position: "prefix-spaced" };

/** Price format per locale; all CHF locales share the Swiss format. */
const PRICE_FORMATS: Record<Locale, PriceFormat> = {
  "de-AT": EUR_DE,
  "de-CH": CHF,
  "de-DE": EUR_DE,
  "de-IT": EUR_DE,
  "de-LI": CHF,
  "de-LU": EUR_DE,
  "en-GB": { group: ",", decimal: ".", sign: "£", position: "prefix", groupFrom: 1000 },
  "en-US": { group: ",", decimal: ".", sign: "$", position: "prefix", groupFrom: 1000 },
  "es-ES": EUR_ES,
  "fr-BE": EUR_FR,
  "fr-CH": CHF,
  "fr-FR": EUR_FR,
  "fr-LU": EUR_DE,
  "it-CH": CHF,
  "it-IT": EUR_ES,
  "nl-BE": EUR_NL,
  "nl-NL": EUR_NL,
};

/** Rounds a major-unit amount to whole cents, half away from zero, robust to float error (1.005 → 101). */
export function toCents(amount: number): number {
  const cents = Math.round(Number((Math.abs(amount) * 100).toFixed(6)));
  return amount < 0 && cents !== 0 ? -cents : cents;
}

/** Groups the digits of a non-negative integer string. */
function groupDigits(digits: string, format: PriceFormat): string {
  if (Number(digits) < format.groupFrom) return digits;
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, format.group);
}

/**
 * Formats a count (a whole number of pieces) as the locale writes numbers in prices:
 * 5000 → "5.000" (de-DE), "5'000" (de-CH, fr-CH), "5\u00a0000" (fr-FR), "5,000" (en-GB).
 * From the same table as prices, not `Intl`, so the server's and the browser's strings
 * agree. Without a locale the digits are ungrouped.
 */
export function formatCount(count: number, locale: Locale | undefined): string {
  const digits = String(Math.max(0, Math.trunc(count)));
  return locale ? groupDigits(digits, PRICE_FORMATS[locale]) : digits;
}

/** The currency of a locale. */
export function currencyFor(locale: Locale): Currency {
  return localeSettings(locale).currency;
}

/**
 * Formats an amount in major units (12.5 → "12,50 €" for de-DE, "£12.50" for en-GB,
 * "1'234.50 CHF" for de-CH). A non-finite amount gives "" (nothing to show).
 */
export function formatPrice(amount: number, locale: Locale): string {
  if (!Number.isFinite(amount)) return "";
  const format = PRICE_FORMATS[locale];
  const cents = toCents(amount);
  const minus = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const integer = groupDigits(String(Math.floor(abs / 100)), format);
  const number = `${integer}${format.decimal}${String(abs % 100).padStart(2, "0")}`;
  switch (format.position) {
    case "suffix":
      return `${minus}${number}${NBSP}${format.sign}`;
    case "prefix":
      return `${minus}${format.sign}${number}`;
    case "prefix-spaced":
      return `${format.sign}${NBSP}${minus}${number}`;
  }
}

/** A from-price: `${fromLabel} ${price}`, e.g. "ab 9,95 €". */
export function formatFromPrice(amount: number, locale: Locale, fromLabel: string): string {
  return `${fromLabel} ${formatPrice(amount, locale)}`;
}

/** Price fields of a catalogue item. */
export interface PriceData {
  priceCurrent: number;
  priceOriginal?: number | null;
}

/** True when the original price exceeds the current one at cent precision. */
export function hasDiscount(price: PriceData): boolean {
  const { priceCurrent, priceOriginal } = price;
  if (typeof priceOriginal !== "number" || !Number.isFinite(priceOriginal)) return false;
  if (!Number.isFinite(priceCurrent)) return false;
  return toCents(priceOriginal) > toCents(priceCurrent);
}

/** Format classes of card accessories. */
export type CardAccessoryFormatClass = "standard" | "compact" | "large";

/** Countries with card accessory price labels. */
export type CardAccessoryCountry = Extract<Country, "DE" | "AT" | "CH">;

/** Card accessory prices in major units, by format class and country. */
export const CARD_ACCESSORY_PRICES: Readonly<
  Record<CardAccessoryFormatClass, Readonly<Record<CardAccessoryCountry, number>>>
> = {
  standard: { DE: 0.95, AT: 1.0, CH: 1.0 },
  compact: { DE: 1.1, AT: 1.5, CH: 1.2 },
  large: { DE: 1.8, AT: 1.5, CH: 2.9 },
};

const ACCESSORY_LABEL_LOCALE: Record<CardAccessoryCountry, Locale> = {
  DE: "de-DE",
  AT: "de-AT",
  CH: "de-CH",
};

/** Card accessory price labels ("0,95 €", "1,00 €", "1.00 CHF", ...), NBSP-spaced. */
export const CARD_ACCESSORY_PRICE_LABELS: Readonly<
  Record<CardAccessoryFormatClass, Readonly<Record<CardAccessoryCountry, string>>>
> = Object.fromEntries(
  Object.entries(CARD_ACCESSORY_PRICES).map(([formatClass, prices]) => [
    formatClass,
    Object.fromEntries(
      Object.entries(prices).map(([country, amount]) => [
        country,
        formatPrice(amount, ACCESSORY_LABEL_LOCALE[country as CardAccessoryCountry]),
      ]),
    ),
  ]),
) as Record<CardAccessoryFormatClass, Record<CardAccessoryCountry, string>>;

/** Card accessory overlay value, by country. */
export const ACCESSORY_OVERLAY_VALUE = { DE: 2.5, CH: 3.5 } as const;

/**
 * A storefront's own facts in content texts. Stories of one language folder serve several
 * countries (the French folder also answers in Switzerland, Luxembourg and Belgium), so
 * the facts that differ by country are not written into the texts: editors write
 * `{{hotline}}`, `{{hotlineDial}}`, `{{hotlineHours}}`, `{{company}}`, `{{sellerAddress}}`,
 * `{{currency}}` or `{{freeShippingFrom}}`, and each storefront fills in its own values.
 */
import type { Locale } from "./locales";

/** The tokens a storefront fills in, and nothing else (other `{{…}}` stay for their owners). */
export const FACT_TOKENS = [
  "company",
  "hotline",
  "hotlineDial",
  "hotlineHours",
  "currency",
  "freeShippingFrom",
  "sellerAddress",
] as const;

export type FactToken = (typeof FACT_TOKENS)[number];

/** The values of a storefront; a token without a value stays as written. */
export type StorefrontFacts = Partial<Record<FactToken, string>>;

/** Opening hours on a range of weekdays (1 = Monday … 7 = Sunday), times as "HH:MM". */
export interface OpeningHours {
  days: readonly [from: number, to: number];
  opens: string;
  closes: string;
}

/** A service hotline as the country's customers dial it. */
export interface Hotline {
  /** In international spelling with spaces, e.g. "+41 44 585 29 60". */
  number: string;
  hours: readonly OpeningHours[];
  /** A time zone's short name added after the hours where a country has several ("ET"). */
  zoneLabel?: string;
}

const TOKEN = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The number as a `tel:` link dials it: "+41 44 585 29 60" → "+41445852960". */
export function dialString(number: string): string {
  return number.replace(/[^\d+]/g, "");
}

/** A 1 January 2024 that fell on a Monday: day 1 of the week names Monday in any language. */
const MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

function at(day: number, time: string): Date {
  const [h, m] = time.split(":").map(Number);
  return new Date(MONDAY + (day - 1) * DAY_MS + ((h ?? 0) * 60 + (m ?? 0)) * 60_000);
}

/**
 * The hours in the visitor's language and conventions: "Mo–Fr 08:00–20:00 Uhr,
 * Sa 09:00–16:00 Uhr", "Mon–Fri 9:00 AM – 7:00 PM ET".
 */
export function formatHours(hotline: Hotline, locale: Locale): string {
  const weekday = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const time = new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  });
  const parts = hotline.hours.map(({ days: [from, to], opens, closes }) => {
    const days =
      from === to
        ? weekday.format(at(from, opens))
        : `${weekday.format(at(from, opens))}–${weekday.format(at(to, opens))}`;
    return `${days} ${time.formatRange(at(from, opens), at(from, closes))}`;
  });
  const text = parts.join(", ");
  return hotline.zoneLabel ? `${text} ${hotline.zoneLabel}` : text;
}

/** The currency as shoppers write it beside an amount: "€", "CHF", "£", "$". */
export function currencySign(currency: string, locale: Locale): string {
  const part = new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
  })
    .formatToParts(1)
    .find((p) => p.type === "currency");
  return part?.value ?? currency.toUpperCase();
}

/** Whether a text names a token the storefront fills in. */
export function hasFactToken(text: string, token?: FactToken): boolean {
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1] as FactToken;
    if (token ? name === token : FACT_TOKENS.includes(name)) return true;
  }
  return false;
}

/** A text with the storefront's facts filled in; unknown tokens and tokens without a value stay. */
export function fillFactsInText(text: string, facts: StorefrontFacts): string {
  if (!text.includes("{{")) return text;
  return text.replace(TOKEN, (whole, name: string) => {
    const value = FACT_TOKENS.includes(name as FactToken) ? facts[name as FactToken] : undefined;
    return value ?? whole;
  });
}

/** Whether any string in a story's content names a token (the given one, or any fact). */
export function usesFactToken(value: unknown, token?: FactToken): boolean {
  if (typeof value === "string") return hasFactToken(value, token);
  if (Array.isArray(value)) return value.some((v) => usesFactToken(v, token));
  if (value !== null && typeof value === "object") {
    return Object.values(value).some((v) => usesFactToken(v, token));
  }
  return false;
}

/**
 * A story's content with the facts filled into every string (texts, rich-text nodes, link
 * targets such as `tel:{{hotlineDial}}`). Returns the input itself when nothing changes.
 */
export function fillFacts<T>(value: T, facts: StorefrontFacts): T {
  if (typeof value === "string") return fillFactsInText(value, facts) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((v: unknown) => {
      const filled = fillFacts(v, facts);
      if (filled !== v) changed = true;
      return filled;
    });
    return (changed ? next : value) as T;
  }
  if (value !== null && typeof value === "object") {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const filled = fillFacts(v, facts);
      if (filled !== v) changed = true;
      next[key] = filled;
    }
    return (changed ? next : value) as T;
  }
  return value;
}

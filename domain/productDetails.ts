/**
 * The rules of the product detail containers: a product's options are chosen one after
 * the other, and each offers only the values that some variant of the product has
 * together with the choices made before it, so a combination the catalogue does not sell
 * is never offered. Amounts (copies, pages) stay on their grid. The call to action is the
 * configurator path of the chosen product. Pure functions: the catalogue supplies the
 * variants, the caller today's date.
 */
import { MAX_CARD_QUANTITY, MAX_PHOTOBOOK_AMOUNT } from "./designerLinks";

/** The products a detail container can show. */
export const DETAIL_KINDS = ["accessory", "calendar", "card", "collage", "photobook"] as const;
export type DetailKind = (typeof DETAIL_KINDS)[number];

/**
 * The options of each product, in the order they are chosen. They are also the names of
 * the page's query parameters, chosen apart from the calculator's (material, format).
 */
export const DETAIL_OPTIONS = {
  accessory: ["accessoryType", "accessory"],
  calendar: ["calendarType", "size", "mounting", "start"],
  card: ["cardType", "size", "refinement", "envelope"],
  collage: ["design", "collageMaterial", "size"],
  photobook: ["photobookType", "cover", "paper", "size"],
} as const satisfies Record<DetailKind, readonly string[]>;

/** One sellable combination: the value of each option and the catalogue article it is. */
export interface DetailVariant {
  article: string;
  values: Readonly<Record<string, string>>;
}

/** What a visit shows: the value of each option and the values each option offered. */
export interface DetailSelection {
  values: Record<string, string>;
  offered: Record<string, string[]>;
  /** The chosen variant; null when the product has none. */
  variant: DetailVariant | null;
}

/**
 * Chooses each option in turn: the asked value if a variant with the choices so far has
 * it, else the first preferred one it has (the shop's defaults), else the first such value.
 */
export function detailSelection(
  names: readonly string[],
  variants: readonly DetailVariant[],
  asked: Readonly<Record<string, string | null | undefined>>,
  preferred: Readonly<Record<string, string | readonly string[] | null | undefined>> = {},
): DetailSelection {
  let candidates = variants;
  const values: Record<string, string> = {};
  const offered: Record<string, string[]> = {};
  for (const name of names) {
    const available = [
      ...new Set(candidates.flatMap((v) => (v.values[name] === undefined ? [] : [v.values[name]]))),
    ];
    offered[name] = available;
    const pick = [asked[name], ...[preferred[name]].flat()].find(
      (value): value is string => typeof value === "string" && available.includes(value),
    );
    const value = pick ?? available[0];
    if (value === undefined) return { values, offered, variant: null };
    values[name] = value;
    candidates = candidates.filter((v) => v.values[name] === value);
  }
  return { values, offered, variant: candidates[0] ?? null };
}

/** The whole numbers an amount may take: from min to max in steps. */
export interface AmountLimits {
  min: number;
  max: number;
  step: number;
}

/**
 * The asked amount on its grid: a number within the limits, rounded up to the next step
 * (25 pages of a book sold in steps of two from 24 become 26); else the fallback.
 */
export function amountWithin(
  raw: string | null | undefined,
  limits: AmountLimits,
  fallback: number,
): number {
  if (raw === null || raw === undefined || !/^\d{1,6}$/.test(raw.trim())) return fallback;
  const asked = Math.min(Math.max(Number(raw.trim()), limits.min), limits.max);
  const steps = Math.ceil((asked - limits.min) / limits.step);
  return Math.min(limits.min + steps * limits.step, limits.max);
}

/** Copies a shopper may order at once, per product. */
export const DETAIL_QUANTITIES: Readonly<Record<DetailKind, AmountLimits>> = {
  accessory: { min: 1, max: 1000, step: 1 },
  calendar: { min: 1, max: 100, step: 1 },
  card: { min: 1, max: MAX_CARD_QUANTITY, step: 1 },
  collage: { min: 1, max: 1, step: 1 },
  photobook: { min: 1, max: MAX_PHOTOBOOK_AMOUNT, step: 1 },
};

/** Default number of cards: cards are ordered by the dozen, not one by one. */
export const DEFAULT_CARD_QUANTITY = 10;

/**
 * The months a calendar may start with, as 'YYYY-MM': the next twelve from today's month
 * on, of the months the calendar's designs allow.
 */
export function calendarStarts(today: Date, months: readonly number[]): string[] {
  const starts: string[] = [];
  for (let i = 0; i < 12; i++) {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + i, 1));
    const month = date.getUTCMonth() + 1;
    if (months.includes(month))
      starts.push(`${date.getUTCFullYear()}-${String(month).padStart(2, "0")}`);
  }
  return starts;
}

/**
 * The start a calendar gets unless the shopper chooses: next January from October on
 * (a calendar bought then is for the coming year), else the current month.
 */
export function defaultCalendarStart(today: Date): string {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() + 1;
  return month >= 10 ? `${year + 1}-01` : `${year}-${String(month).padStart(2, "0")}`;
}

/** What the editor fixed in the container. */
export interface DetailPreset {
  /** The design a card container sells. */
  themeId?: string | null;
  /** The photo book design group the configurator starts from. */
  designGroupId?: string | null;
  /** The calendar or photo book type shown first. */
  calendarType?: string | null;
  photobookType?: string | null;
  /** The collage designs (by name) and accessory types offered; all when empty. */
  designs?: readonly string[];
  accessoryTypes?: readonly string[];
}

/**
 * The presets as a container sends them along with its question (comma-separated lists),
 * with the type the editor wants shown first.
 */
export function detailPreset(
  query: Readonly<Record<string, string | undefined>>,
  preferredType: string | null = null,
): DetailPreset {
  const list = (value: string | undefined) => (value ? value.split(",") : []);
  return {
    themeId: query.themeId ?? null,
    designGroupId: query.designGroupId ?? null,
    designs: list(query.designs),
    accessoryTypes: list(query.accessoryTypes),
    calendarType: preferredType,
    photobookType: preferredType,
  };
}

/** What the configurator link of a choice carries besides the options. */
export interface DetailLinkInput {
  values: Readonly<Record<string, string>>;
  quantity: number;
  pages: number | null;
  sample: boolean;
  /** The design a card starts from. */
  themeId?: string | null;
  /** A photo book's design group (its templates). */
  designGroupId?: string | null;
  /** A photo book's format in mm ('WxH'), which the designer reads the orientation from. */
  size?: string | null;
}

/**
 * The configurator path of a choice (the configurator leads on to the designer), or null
 * when the product has none there: accessories are added in the designer, and a card
 * starts from a design.
 */
export function detailLink(kind: DetailKind, input: DetailLinkInput): string | null {
  const v = input.values;
  const query = new URLSearchParams();
  switch (kind) {
    case "calendar":
      query.set("calendarType", v.calendarType ?? "");
      if (v.size) query.set("formatType", v.size);
      if (v.mounting) query.set("mounting", v.mounting);
      if (v.start) query.set("startDate", v.start);
      query.set("quantity", String(input.quantity));
      return `/configurator-calendar?${query}`;
    case "card":
      if (!input.themeId) return null;
      query.set("themeId", input.themeId);
      // Every option goes along under its own name, so the designer sells what was chosen.
      for (const name of DETAIL_OPTIONS.card) if (v[name]) query.set(name, v[name]);
      // A sample is one card, whatever quantity was chosen.
      query.set("quantity", String(input.sample ? 1 : input.quantity));
      if (input.sample) query.set("s", "sample");
      return `/configurator-card?${query}`;
    case "collage":
      query.set("designId", v.design ?? "");
      if (v.collageMaterial) query.set("materialType", v.collageMaterial);
      if (v.size) query.set("formatType", v.size);
      query.set("quantity", String(input.quantity));
      return `/configurator-collage?${query}`;
    case "photobook":
      query.set("photobookType", `${v.photobookType}-${v.cover}`);
      if (v.paper) query.set("paper", v.paper);
      if (input.size) query.set("photobookFormat", input.size);
      // The catalogue's size name besides the measure the designer reads the orientation from.
      if (v.size) query.set("size", v.size);
      if (input.pages !== null) query.set("pageCount", String(input.pages));
      query.set("amount", String(input.quantity));
      if (input.designGroupId) query.set("designGroupId", input.designGroupId);
      return `/configurator-photobook?${query}`;
    case "accessory":
      return null;
  }
}

/** One value an option offers; the label is the catalogue's (a size) or found by key. */
export interface DetailChoiceView {
  value: string;
  label: string | null;
  /** The text resource naming the value when it has no label of its own. */
  labelKey: string;
  /** The text resource of a name shown before the label (an envelope's "C6"), if any. */
  nameKey: string | null;
  /** What the value adds to the price, per piece ("+ 0,50 €"), if anything. */
  extra: string | null;
}

/** An option of the product as the container shows it. */
export interface DetailOptionView {
  name: string;
  value: string;
  choices: DetailChoiceView[];
}

/** An amount the shopper types: copies or pages. */
export interface DetailAmountView extends AmountLimits {
  name: "quantity" | "pages";
  value: number;
}

/** A product detail container's state: what is chosen, what else is offered, the price. */
export interface ProductDetails {
  kind: DetailKind;
  options: DetailOptionView[];
  amounts: DetailAmountView[];
  /** A card may be ordered as a single sample; null for the other products. */
  sample: boolean | null;
  /** The price of the whole choice (all copies), formatted for the shop. */
  price: { current: string; original: string | null; currentMinor: number } | null;
  /** The article of the choice. */
  article: string | null;
  /** The configurator path of the choice (locale-free), if the product has one. */
  link: string | null;
  /** Facts about the choice that are not options (the binding a book type comes with). */
  notes: { key: string; value: string }[];
  /** Standard delivery to the shop's country. */
  delivery: { daysMin: number; daysMax: number; price: string; freeFrom: string | null } | null;
}

/** A calendar start ('2027-03') as the locale names it ("März 2027"). */
export function calendarStartLabel(start: string, locale: string): string {
  const [year, month] = start.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(Date.UTC(year!, month! - 1, 1));
}

/**
 * The product configuration a designer link carries: when the link names every option of
 * its product as the product page chose it, the designer prices and adds exactly that
 * configuration, the same question the cart API and the product details answer.
 */
import { CARD_OPTIONS, MAX_CARD_QUANTITY } from "./designerLinks";

/** A card configuration with the fields of the product details (and of the cart API). */
export interface CardConfiguration {
  kind: "card";
  cardType: string;
  size: string;
  refinement: string;
  envelope: string;
  quantity: number;
  sample: boolean;
  themeId?: string;
}

export interface PhotobookConfiguration {
  kind: "photobook";
  photobookType: string;
  cover: string;
  paper: string;
  size: string;
  pages: number;
  quantity: number;
}

export interface CalendarConfiguration {
  kind: "calendar";
  calendarType: string;
  size: string;
  mounting: string;
  start: string;
  quantity: number;
}

export interface CollageConfiguration {
  kind: "collage";
  design: string;
  collageMaterial: string;
  size: string;
  quantity: number;
}

export type DesignerConfiguration =
  CardConfiguration | PhotobookConfiguration | CalendarConfiguration | CollageConfiguration;

const VALUE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;
/** Largest amount the cart takes in one line. */
const MAX_AMOUNT = 100_000;

type Params = Readonly<Record<string, string | undefined>>;

/** The designer parameters as catalogue values, or null when one is missing or malformed. */
function values<K extends string>(params: Params, names: Readonly<Record<K, string>>) {
  const found = {} as Record<K, string>;
  for (const [key, name] of Object.entries(names) as [K, string][]) {
    const value = params[name];
    if (value === undefined || !VALUE.test(value)) return null;
    found[key] = value;
  }
  return found;
}

/** A whole number from 1 to `max`, or null. */
function amount(value: string | undefined, max = MAX_AMOUNT): number | null {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

function card(params: Params): CardConfiguration | null {
  const options = values(
    params,
    Object.fromEntries(CARD_OPTIONS.map((n) => [n, n])) as Record<
      (typeof CARD_OPTIONS)[number],
      string
    >,
  );
  if (!options) return null;
  // A sample is one card; a quantity must be a whole number the designer accepts.
  const sample = params.sample === "true" || params.s === "sample";
  const quantity = sample ? 1 : amount(params.quantity ?? "1", MAX_CARD_QUANTITY);
  if (quantity === null) return null;
  const themeId = params.themeId;
  return {
    kind: "card",
    ...options,
    quantity,
    sample,
    ...(themeId !== undefined && VALUE.test(themeId) ? { themeId } : {}),
  };
}

function photobook(params: Params): PhotobookConfiguration | null {
  const options = values(params, {
    photobookType: "printing",
    cover: "cover",
    paper: "paper",
    size: "size",
  });
  const pages = amount(params.pageCount);
  const quantity = amount(params.amount ?? "1");
  if (!options || pages === null || quantity === null) return null;
  return { kind: "photobook", ...options, pages, quantity };
}

function calendar(params: Params): CalendarConfiguration | null {
  const options = values(params, {
    calendarType: "calendarType",
    size: "format",
    mounting: "mounting",
  });
  const month = amount(params.startMonth, 12);
  const year = params.startYear;
  const quantity = amount(params.quantity ?? "1");
  if (!options || month === null || !year || !/^\d{4}$/.test(year) || quantity === null)
    return null;
  return {
    kind: "calendar",
    ...options,
    start: `${year}-${String(month).padStart(2, "0")}`,
    quantity,
  };
}

function collage(params: Params): CollageConfiguration | null {
  // Only a product page's link names its quantity; a bare link leaves the collage open.
  const options = values(params, {
    design: "designId",
    collageMaterial: "materialType",
    size: "formatType",
  });
  const quantity = amount(params.quantity);
  if (!options || quantity === null) return null;
  return { kind: "collage", ...options, quantity };
}

/**
 * The configuration of a designer product's parameters, or null when they leave an option
 * open (an older link, a theme page's quantity alone): the designer cannot sell one then.
 */
export function designerConfiguration(
  product: string,
  params: Params,
): DesignerConfiguration | null {
  switch (product) {
    case "card":
      return card(params);
    case "photobook":
      return photobook(params);
    case "calendar":
      return calendar(params);
    case "collage":
      return collage(params);
    default:
      return null;
  }
}

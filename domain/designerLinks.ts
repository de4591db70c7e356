/**
 * Links into the designer application. A configurator request (or a calculator choice)
 * names a product through the fields it carries; these rules decide which product family
 * that is and which parameters the designer gets. Pure functions: the caller passes today's
 * date, the ad-click id from its cookie and what it looked up in the catalogue.
 */
import { SECONDS_PER_DAY } from "./constants";
import { parseFormat } from "./formats";
import { isSupportedLocale, type Locale } from "./locales";
import { DEFAULT_PHOTOBOX_QUANTITY, isPhotoboxQuantity, PHOTOBOX_TYPES } from "./photobox";
import { PRODUCT_FAMILIES, type ProductFamily } from "./productFamilies";
import { optionParamsInQuery } from "./wallArtOptionGroups";

/**
 * The product families the designer knows: every product type of the catalogue, taken from
 * the product overview's list (a light module) so the browser never loads the catalogue's
 * tables for it.
 */
export const DESIGNER_PRODUCTS = PRODUCT_FAMILIES;
export type DesignerProduct = ProductFamily;

/** One value per parameter name: the first one a query carried. */
export type DesignerQuery = Readonly<Record<string, string | undefined>>;

// ---------------------------------------------------------------- vocabularies used here

export const CALENDAR_TYPES = [
  "familienplaner",
  "kuechenkalender",
  "terminkalender",
  "tischkalender",
  "wandkalender",
] as const;
export const CALENDAR_MOUNTINGS = ["holzblock", "holzfuss", "ohne", "lochung", "spirale"] as const;
/** Mountings that are accessories sold with the calendar; the others are part of the binding. */
export const CALENDAR_ACCESSORY_TYPES = ["holzblock", "holzfuss"] as const;
/** The accessory value meaning "no accessory". */
export const NO_ACCESSORY = "ohne";

export const PHOTOBOOK_TYPES = ["digitalfotobuch", "echtfotobuch", "fotoheft"] as const;
export type PhotobookType = (typeof PHOTOBOOK_TYPES)[number];
export const PHOTOBOOK_COVERS = ["hard", "soft"] as const;
export type PhotobookCover = (typeof PHOTOBOOK_COVERS)[number];
export const PHOTOBOOK_BINDINGS = ["heftbindung", "layflat", "pur"] as const;
export const PHOTOBOOK_PAPERS = ["standard", "glossy", "matt", "feinstweiss"] as const;
export const PHOTOBOOK_ORIENTATIONS = ["din-landscape", "din-portrait", "square"] as const;
export type PhotobookOrientation = (typeof PHOTOBOOK_ORIENTATIONS)[number];
export const REFINEMENTS = ["gold", "none", "relief", "rosegold", "silver"] as const;

/**
 * What each photo book type allows: a digital book comes with a hard or soft cover and a
 * glued binding; a real photo book is lay-flat with a hard cover; a booklet is stapled
 * with a soft cover. The first entry of each list is the default.
 */
export const PHOTOBOOK_RULES: Readonly<
  Record<PhotobookType, { covers: readonly PhotobookCover[]; bindings: readonly string[] }>
> = {
  digitalfotobuch: { covers: ["hard", "soft"], bindings: ["pur", "layflat"] },
  echtfotobuch: { covers: ["hard"], bindings: ["layflat"] },
  fotoheft: { covers: ["soft"], bindings: ["heftbindung"] },
};

/** A card's options as the product page names them: type, size, refinement (or none), envelope. */
export const CARD_OPTIONS = ["cardType", "size", "refinement", "envelope"] as const;

/** Referral sources of a card link: a voucher campaign, none, or a sample order. */
export const REFERRAL_SOURCES = ["gs", "ohne", "sample"] as const;

/** Largest card order the designer accepts in one link. */
export const MAX_CARD_QUANTITY = 5000;
/** Largest number of copies of one photo book in one link. */
export const MAX_PHOTOBOOK_AMOUNT = 100;
/** Page counts a photo book may have. */
export const MIN_PAGE_COUNT = 8;
export const MAX_PAGE_COUNT = 200;

// ---------------------------------------------------------------- value readers

const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const AD_CLICK_ID = /^[A-Za-z0-9_-]{1,256}$/;

function oneOf<T extends string>(list: readonly T[], value: string | undefined): T | undefined {
  return value !== undefined && (list as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

function identifier(value: string | undefined): string | undefined {
  return value !== undefined && IDENTIFIER.test(value) ? value : undefined;
}

function wholeNumber(value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

/** The cookie that keeps the ad-click id a visitor landed with. */
export const AD_CLICK_COOKIE = "gclid";
/** How long the ad-click id counts for the visit it came with: the ad network's 90 days. */
export const AD_CLICK_MAX_AGE_SECONDS = 90 * SECONDS_PER_DAY;

/** True for an ad-click id as ad networks send it (letters, digits, - and _). */
export function isAdClickId(value: unknown): value is string {
  return typeof value === "string" && AD_CLICK_ID.test(value);
}

// ---------------------------------------------------------------- the product family

/** Options of {@link designerProductFor}. */
export interface ProductHint {
  /** The request came through the collage configurator: a material means a collage. */
  collage?: boolean;
}

/**
 * The product family a set of fields names, checked in this order: a photobox type
 * (the photoprint type means loose prints, any other a photobox); a material or frame
 * type (a collage when a design id or the collage hint is present, else a photo frame);
 * a calendar type; a photo book type or printing; a theme id (a card). Null when none
 * of them is present: there is no designer link then.
 */
export function designerProductFor(
  query: DesignerQuery,
  hint: ProductHint = {},
): DesignerProduct | null {
  const photoboxType = oneOf(PHOTOBOX_TYPES, query.photoboxType);
  if (photoboxType) return photoboxType === "photoprint" ? "photoprint" : "photobox";
  if (identifier(query.materialType) || identifier(query.frameType)) {
    return identifier(query.designId) || hint.collage ? "collage" : "photoframe";
  }
  if (oneOf(CALENDAR_TYPES, query.calendarType)) return "calendar";
  if (photobookTypeOf(query)) return "photobook";
  if (identifier(query.themeId)) return "card";
  // The collage configurator without a material starts the default collage design.
  return hint.collage ? "collage" : null;
}

/**
 * What a configurator path whose query names no product starts ("start without a
 * design"): the family's everyday product, blank. A card always starts from a design and
 * a photo frame from a material, so those two have none.
 */
export const START_WITHOUT_DESIGN: Readonly<Record<string, DesignerQuery>> = {
  calendar: { calendarType: "wandkalender" },
  photobook: { photobookType: "digitalfotobuch" },
  photobox: { photoboxType: "small" },
};

// ---------------------------------------------------------------- parameters per family

/** The design group a photo book link starts from: one template per page orientation. */
export interface PhotobookDesignGroup {
  landscape?: string | null;
  portrait?: string | null;
  square?: string | null;
}

/** What the caller knows besides the query. */
export interface DesignerContext {
  locale: Locale;
  /** Today, for a calendar without start date. */
  today: Date;
  /** The ad-click id from its cookie, if any. */
  adClickId?: string | null;
  /** The channel's collage design when a collage link names none. */
  defaultCollageId: number;
  /** The channel's photo book refinement when the query names none. */
  defaultRefinement: string;
  /** The design group of `designGroupId`, looked up in the catalogue. */
  designGroup?: PhotobookDesignGroup | null;
}

type Params = [string, string][];

/** A calendar starts in the month of its start date ("2027-03" or "2027-03-01"), else today. */
export function calendarStart(startDate: string | undefined, today: Date) {
  const match = startDate === undefined ? null : /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(startDate);
  const month = match ? Number(match[2]) : 0;
  if (match && month >= 1 && month <= 12) return { month, year: Number(match[1]) };
  return { month: today.getUTCMonth() + 1, year: today.getUTCFullYear() };
}

function calendarParams(query: DesignerQuery, context: DesignerContext): Params {
  const params: Params = [["calendarType", query.calendarType as string]];
  const format = identifier(query.formatType);
  if (format) params.push(["format", format]);
  const start = calendarStart(query.startDate, context.today);
  params.push(["startMonth", String(start.month)], ["startYear", String(start.year)]);
  const mounting = oneOf(CALENDAR_MOUNTINGS, query.mounting);
  if (mounting) params.push(["mounting", mounting]);
  params.push(["accessoryTypes", oneOf(CALENDAR_ACCESSORY_TYPES, mounting) ?? NO_ACCESSORY]);
  const quantity = wholeNumber(query.quantity, 1, MAX_PHOTOBOOK_AMOUNT);
  if (quantity !== undefined) params.push(["quantity", String(quantity)]);
  return params;
}

/** A card link: a sample is always one card with the sample flag, whatever else was asked. */
function cardParams(query: DesignerQuery): Params {
  const source = oneOf(REFERRAL_SOURCES, query.s);
  const sample = source === "sample" || query.sample === "true";
  const quantity = sample ? 1 : wholeNumber(query.quantity, 1, MAX_CARD_QUANTITY);
  const params: Params = [["themeId", query.themeId as string]];
  // The product page's choice, under the names the product details give them.
  for (const name of CARD_OPTIONS) {
    const value = identifier(query[name]);
    if (value) params.push([name, value]);
  }
  if (quantity !== undefined) params.push(["quantity", String(quantity)]);
  params.push(["sample", String(sample)]);
  if (source) params.push(["s", source]);
  return params;
}

/** The type and cover of a photo book: "digitalfotobuch-soft" carries both, else the type's default cover. */
function photobookTypeOf(
  query: DesignerQuery,
): { printing: PhotobookType; cover: PhotobookCover } | null {
  const raw = query.photobookType ?? query.printing;
  if (raw === undefined) return null;
  const [typePart, coverPart] = raw.split("-", 2);
  const printing = oneOf(PHOTOBOOK_TYPES, typePart);
  if (!printing) return null;
  const rules = PHOTOBOOK_RULES[printing];
  const asked = oneOf(PHOTOBOOK_COVERS, coverPart ?? query.cover);
  const cover = asked && rules.covers.includes(asked) ? asked : (rules.covers[0] as PhotobookCover);
  return { printing, cover };
}

/** The orientation of a photo book format: a 'WxH' size or one of the orientation names. */
export function photobookOrientation(format: string | undefined): PhotobookOrientation | null {
  const named = oneOf(PHOTOBOOK_ORIENTATIONS, format);
  if (named) return named;
  const { width, height } = parseFormat(format);
  if (width === 0) return null;
  if (width === height) return "square";
  return width > height ? "din-landscape" : "din-portrait";
}

/** The template of a design group that fits the book's orientation. */
export function templateFor(
  group: PhotobookDesignGroup | null | undefined,
  orientation: PhotobookOrientation | null,
): string | null {
  if (!group || !orientation) return null;
  const key =
    orientation === "square"
      ? "square"
      : orientation === "din-landscape"
        ? "landscape"
        : "portrait";
  return identifier(group[key] ?? undefined) ?? null;
}

function photobookParams(query: DesignerQuery, context: DesignerContext): Params {
  const { printing, cover } = photobookTypeOf(query) as {
    printing: PhotobookType;
    cover: PhotobookCover;
  };
  const rules = PHOTOBOOK_RULES[printing];
  const params: Params = [
    ["printing", printing],
    ["cover", cover],
  ];
  const binding = oneOf(PHOTOBOOK_BINDINGS, query.binding);
  params.push([
    "binding",
    binding && rules.bindings.includes(binding) ? binding : (rules.bindings[0] as string),
  ]);
  // The paper as the catalogue names it ("standard-premium"), not only the designer's own names.
  const paper = identifier(query.paper);
  if (paper) params.push(["paper", paper]);
  const format = query.photobookFormat;
  const orientation = photobookOrientation(format);
  if (format !== undefined && orientation !== null) params.push(["format", format]);
  const size = identifier(query.size);
  if (size) params.push(["size", size]);
  const pageCount = wholeNumber(query.pageCount, MIN_PAGE_COUNT, MAX_PAGE_COUNT);
  if (pageCount !== undefined) params.push(["pageCount", String(pageCount)]);
  const template = templateFor(context.designGroup, orientation);
  if (template) params.push(["templateId", template]);
  const amount = wholeNumber(query.amount ?? query.quantity, 1, MAX_PHOTOBOOK_AMOUNT) ?? 1;
  params.push(["amount", String(amount)]);
  // "ohne" is the page's word for no refinement; a product page's whole choice (it names a
  // size) without a refinement has none, and only a bare link gets the channel's default.
  const refinement =
    query.refinement === NO_ACCESSORY
      ? "none"
      : (oneOf(REFINEMENTS, query.refinement) ?? (size ? "none" : context.defaultRefinement));
  if (refinement !== "none" && refinement !== NO_ACCESSORY) params.push(["refinement", refinement]);
  return params;
}

/** The paper finishes of photo prints (as the catalogue names them). */
export const PRINT_FINISHES = ["glossy", "matt"] as const;

/**
 * Photobox and prints: the print size as width and height in mm, type small for a photobox,
 * the paper finish the page priced, and how many prints (in the photobox's steps, which
 * loose prints are sold in too).
 */
function photoboxParams(product: "photobox" | "photoprint", query: DesignerQuery): Params {
  const params: Params = [
    [
      "type",
      product === "photobox" ? (query.photoboxType === "large" ? "large" : "small") : "photoprint",
    ],
  ];
  const { width, height } = parseFormat(query.formatType);
  if (width > 0) params.push(["width", String(width)], ["height", String(height)]);
  const finish = oneOf(PRINT_FINISHES, query.finish);
  if (finish) params.push(["finish", finish]);
  const quantity = wholeNumber(query.quantity, 1, Number.MAX_SAFE_INTEGER);
  params.push([
    "quantity",
    String(
      quantity !== undefined && isPhotoboxQuantity(quantity) ? quantity : DEFAULT_PHOTOBOX_QUANTITY,
    ),
  ]);
  return params;
}

/** The wall-art choice a photo frame or collage carries. */
function wallArtParams(query: DesignerQuery): Params {
  const params: Params = [];
  // The frame, its colour, mat and glazing as the page chose them.
  for (const key of [
    "materialType",
    "frameType",
    "frameColour",
    "matType",
    "matColour",
    "glass",
  ] as const) {
    const value = identifier(query[key]);
    if (value) params.push([key, value]);
  }
  const matSize = wholeNumber(query.matSize, 0, 200);
  if (matSize !== undefined) params.push(["matSize", String(matSize)]);
  if (parseFormat(query.formatType).width > 0)
    params.push(["formatType", query.formatType as string]);
  // The material's options chosen on the product page (edge, stretcher depth, drilling …).
  params.push(...Object.entries(optionParamsInQuery(query)));
  const quantity = wholeNumber(query.quantity, 1, MAX_PHOTOBOOK_AMOUNT);
  if (quantity !== undefined) params.push(["quantity", String(quantity)]);
  return params;
}

function familyParams(
  product: DesignerProduct,
  query: DesignerQuery,
  context: DesignerContext,
): Params {
  switch (product) {
    case "calendar":
      return calendarParams(query, context);
    case "card":
      return cardParams(query);
    case "photobook":
      return photobookParams(query, context);
    case "photobox":
    case "photoprint":
      return photoboxParams(product, query);
    case "photoframe": {
      const design = identifier(query.designId);
      return [
        ...wallArtParams(query),
        ...(design ? [["designId", design] as [string, string]] : []),
      ];
    }
    case "collage":
      return [
        ...wallArtParams(query),
        ["designId", identifier(query.designId) ?? String(context.defaultCollageId)],
      ];
  }
}

/** The product family and the designer's parameters: the family's, then locale and ad-click id. */
export interface DesignerRequest {
  product: DesignerProduct;
  params: Params;
}

/** The designer request for a query, or null when it names no product. */
export function designerRequest(
  query: DesignerQuery,
  context: DesignerContext,
  hint: ProductHint = {},
): DesignerRequest | null {
  const product = designerProductFor(query, hint);
  if (product === null) return null;
  const params = familyParams(product, query, context);
  params.push(["locale", isSupportedLocale(query.locale) ? query.locale : context.locale]);
  const adClickId = context.adClickId;
  if (isAdClickId(adClickId)) params.push(["gclid", adClickId]);
  const sku = identifier(query.sku);
  if (sku) params.push(["sku", sku]);
  return { product, params };
}

// ---------------------------------------------------------------- the link itself

/**
 * True for a designer address the shop may send visitors to: a path of this shop, or an
 * http(s) URL without credentials on one of the allowed hosts.
 */
export function isSafeDesignerBase(base: string, allowedHosts: readonly string[]): boolean {
  if (/^\/(?![/\\])/.test(base)) return !/[\s\\]/.test(base);
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username !== "" || url.password !== "") return false;
  return allowedHosts.map((h) => h.toLowerCase()).includes(url.hostname.toLowerCase());
}

/** The designer URL of a request: `{base}/{product}?{params}`. */
export function designerUrl(base: string, request: DesignerRequest): string {
  const query = new URLSearchParams(request.params).toString();
  return `${base.replace(/\/+$/, "")}/${request.product}?${query}`;
}

// ---------------------------------------------------------------- filtered queries

/**
 * The travelling parameters that describe a product: its design group, format, material,
 * frame and finishes, the calendar's start, the amount, an SKU, a theme or design.
 */
const PRODUCT_QUERY_PARAMS = [
  "designGroupId",
  "formatType",
  "materialType",
  "frameType",
  "finish",
  "matSize",
  "matType",
  "frameColour",
  "matColour",
  "glass",
  "photobookFormat",
  "startDate",
  "year",
  "quantity",
  "sku",
  "themeId",
  "designId",
] as const;

/**
 * The travelling parameters that are about the visit, not the product: its ad-click id,
 * language and referral source, and the shop's own switches for previews and tracking.
 */
export const VISIT_QUERY_PARAMS = [
  "gclid",
  "locale",
  "s",
  "disableCache",
  "barDisabled",
  "suppress_promotion",
  "_storyblok_release",
  "_storyblok",
  "tracking",
  "logging",
  "_baseUrl",
] as const;

/**
 * The query parameters that may travel from one shop page to the next (into configurator
 * links, for instance); a filtered query keeps these and drops everything else.
 */
export const WHITELISTED_QUERY_PARAMS = [...PRODUCT_QUERY_PARAMS, ...VISIT_QUERY_PARAMS] as const;

const WHITELIST: ReadonlySet<string> = new Set(WHITELISTED_QUERY_PARAMS);

/** The whitelisted parameters of a query, in their order. */
export function filterQuery(query: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [key, value] of query) if (WHITELIST.has(key)) kept.append(key, value);
  return kept;
}

/** The first value of each parameter, as the designer rules read a query. */
export function firstValues(query: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  for (const [key, value] of query) if (!Object.hasOwn(values, key)) values[key] = value;
  return values;
}

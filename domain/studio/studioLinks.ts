/**
 * Between the designer's links and the studio: which design a link asks the studio to
 * start (the product configuration the designs API takes, and the theme), and the link a
 * cart line gives back into the studio to edit its design.
 */
import {
  designerConfiguration,
  designerPath,
  type DesignerConfiguration,
} from "../designerConfiguration";
import { CART_OPTION_KEYS } from "../cart";
import { isPhotoboxQuantityOf, MAX_PHOTOBOX_QUANTITY, MIN_PHOTOBOX_QUANTITY } from "../photobox";
import { parseFormat } from "../formats";
import { DETAIL_OPTIONS } from "../productDetails";
import { PRODUCT_TYPES } from "../productFamilies";
import { FRAME_OPTION_KEYS } from "./frame";

/** The query parameter naming the studio design a link opens (and the cart line's option). */
export const STUDIO_DESIGN_PARAM = "studioDesign";

/** An unguessable design id as the designs API gives it. */
const DESIGN_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function isStudioDesignId(value: unknown): value is string {
  return typeof value === "string" && DESIGN_ID.test(value);
}

export type StudioConfiguration = { kind: string } & Record<string, string | number | boolean>;

/** The prints a prints or photo box link may ask for: the photo box page's range. */
export interface PrintQuantityProblem {
  /** The quantity the link named. */
  asked: string;
  min: number;
  max: number;
}

/**
 * Where a designer link for prints or a photo box names a quantity the studio does not
 * design: not one of the steps the product page offers (the same grid for loose prints
 * and the box), or more than the box type's own most (`maxQuantity`, its article's: the
 * small box holds 250). Such a link opens no design (the page names the type's range);
 * null for a good quantity, a link without one, and every other product.
 */
export function printQuantityProblem(
  product: string,
  query: Query,
  maxQuantity: number = MAX_PHOTOBOX_QUANTITY,
): PrintQuantityProblem | null {
  if (product !== "photoprint" && product !== "photobox") return null;
  const asked = query.quantity;
  if (asked === undefined || printQuantity(asked, maxQuantity) !== null) return null;
  return { asked, min: MIN_PHOTOBOX_QUANTITY, max: Math.min(maxQuantity, MAX_PHOTOBOX_QUANTITY) };
}

/** A link's prints as a number, or null when the studio does not design that many. */
function printQuantity(asked: string, maxQuantity: number): number | null {
  if (!/^\d{1,6}$/.test(asked)) return null;
  const n = Number(asked);
  return isPhotoboxQuantityOf(n, maxQuantity) ? n : null;
}

/**
 * The families that reach the cart only with a studio design: every product the shop prints
 * (a card, a calendar, a photo book, a collage, wall art, photo prints, a photo box) is the
 * photos and words the shopper lays out in the studio, so a line without a design would be
 * an order the shop cannot print, paid for with nothing on it. The cart refuses such a line
 * naming `studioDesign`; what is not printed (an accessory, a gift voucher, an express
 * production) goes in as it is. A designer link the studio cannot start a design from ends
 * with the way back to the product page, never in the cart.
 */
export const DESIGN_REQUIRED: readonly string[] = PRODUCT_TYPES;

export function needsDesign(product: string): boolean {
  return DESIGN_REQUIRED.includes(product);
}

type Query = Readonly<Record<string, string | undefined>>;

const VALUE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;
const value = (v: string | undefined) => (v !== undefined && VALUE.test(v) ? v : undefined);
const count = (v: string | undefined, max: number) =>
  v !== undefined && /^\d{1,6}$/.test(v) && Number(v) >= 1 ? Math.min(Number(v), max) : undefined;

/**
 * The configuration a designer link starts a studio design with, or null when the studio
 * does not design this product from what the link carries:
 *  - a card as its product page chose it (and its theme, whose template the design starts from);
 *  - wall art: the material, the frame (its colour, mat and glazing) and the format (mm)
 *    the calculator chose;
 *  - a collage: its design group, material and format as its product page chose them;
 *  - photo prints and the photo box: the print size and the link's quantity of prints,
 *    made from pictures with copies (none for a quantity the type does not sell, up to
 *    `maxQuantity`: printQuantityProblem).
 */
export function studioConfiguration(
  product: string,
  query: Query,
  maxQuantity: number = MAX_PHOTOBOX_QUANTITY,
): { configuration: StudioConfiguration; themeId: string | null } | null {
  switch (product) {
    case "card": {
      const card = designerConfiguration("card", query);
      if (card?.kind !== "card") return null;
      const { themeId, kind, cardType, size, refinement, envelope, quantity, sample } = card;
      return {
        configuration: { kind, cardType, size, refinement, envelope, quantity, sample },
        themeId: themeId ?? null,
      };
    }
    case "photoframe": {
      const size = query.formatType;
      const material = value(query.materialType);
      if (!parseFormat(size).width || !material) return null;
      const frameType = value(query.frameType);
      const configuration: StudioConfiguration = {
        kind: "photoframe",
        material,
        size: size as string,
        quantity: count(query.quantity, 100) ?? 1,
      };
      if (frameType) configuration.frameType = frameType;
      // A frame's colour, mat and glazing as the page chose them (the frame's own defaults
      // where it names none).
      for (const key of ["canvasStretcherFrame", "canvasEdge", ...FRAME_OPTION_KEYS] as const) {
        const v = value(query[key]);
        if (v) configuration[key] = v;
      }
      if (
        configuration.matSize !== undefined &&
        !["0", "30"].includes(String(configuration.matSize))
      )
        delete configuration.matSize;
      return { configuration, themeId: null };
    }
    case "collage": {
      // The product page's design group, material and format; the cart prices that choice.
      const collage = designerConfiguration("collage", query);
      if (collage?.kind !== "collage" || !/^\d{1,6}$/.test(collage.design)) return null;
      if (!parseFormat(collage.size).width) return null;
      const { kind, design, collageMaterial, size, quantity } = collage;
      return {
        configuration: { kind, design, collageMaterial, size, quantity },
        themeId: null,
      };
    }
    case "photobook": {
      // A photo book as its product page chose it: type, cover, paper, size and pages.
      const book = designerConfiguration("photobook", query);
      if (book?.kind !== "photobook") return null;
      const { kind, photobookType, cover, paper, size, pages, quantity } = book;
      return {
        configuration: { kind, photobookType, cover, paper, size, pages, quantity },
        themeId: null,
      };
    }
    case "calendar": {
      // A calendar as its product page chose it: type, format code, mounting and start month.
      const calendar = designerConfiguration("calendar", query);
      if (calendar?.kind !== "calendar") return null;
      const { kind, calendarType, size, mounting, start, quantity } = calendar;
      return {
        configuration: { kind, calendarType, size, mounting, start, quantity },
        themeId: null,
      };
    }
    case "photoprint":
    case "photobox": {
      const width = count(query.width, 2000);
      const height = count(query.height, 2000);
      const prints = query.quantity === undefined ? 1 : printQuantity(query.quantity, maxQuantity);
      if (!width || !height || prints === null) return null;
      const configuration: StudioConfiguration = {
        kind: product,
        size: `${width}x${height}`,
        prints,
      };
      const type = value(query.type);
      if (product === "photobox" && type) configuration.photoboxType = type;
      return { configuration, themeId: null };
    }
    default:
      return null;
  }
}

/**
 * What a configuration line may hold besides its choice that its edit link carries: the
 * preset of the product page the line was put in from (a photo book's design group, a
 * collage's designs). The designer's calendar links name an accessory; the cart API does
 * not keep one for a calendar today, but a line that holds one keeps it on its link.
 */
const LINE_PRESETS: Readonly<Record<DesignerConfiguration["kind"], readonly string[]>> = {
  card: [],
  calendar: ["accessoryTypes"],
  collage: ["designs"],
  photobook: ["designGroupId"],
};

/**
 * The options a line's link may carry when it goes back as the line keeps them (an article,
 * or a line with only part of a choice): the designer options the shop keeps for any line
 * (what the designer itself puts into the cart: wall art's material, frame and format,
 * prints' and the box's size, finish and type, ...), and for a card, calendar, photo book
 * or collage its choice under the cart's names and its product's preset. The cart API
 * takes an article with options of any name, so without this a line could carry a visit's
 * switch (`s=sample`, `_baseUrl`, `tracking`) onto its link.
 */
function carriedOption(product: string, name: string): boolean {
  if (name === STUDIO_DESIGN_PARAM) return false;
  if ((CART_OPTION_KEYS as readonly string[]).includes(name)) return true;
  if (!isConfigurationKind(product)) return false;
  return (
    (DETAIL_OPTIONS[product] as readonly string[]).includes(name) ||
    LINE_PRESETS[product].includes(name)
  );
}

function isConfigurationKind(product: string): product is DesignerConfiguration["kind"] {
  return Object.hasOwn(LINE_PRESETS, product);
}

/** A calendar line's first month, as the cart keeps it. */
const CALENDAR_START = /^\d{4}-\d{2}$/;

/**
 * A cart line's configuration as the designer takes it, when the line keeps a whole one
 * under the cart's names (every option of its product details; a card, a calendar, a
 * photo book or a collage put in through the cart API); null for a line that keeps its
 * designer link's own parameters (an article) or only part of a choice.
 */
function lineConfiguration(
  product: string,
  options: Readonly<Record<string, string>>,
  quantity: number,
): DesignerConfiguration | null {
  const whole = (kind: DesignerConfiguration["kind"]) =>
    DETAIL_OPTIONS[kind].every((name) => options[name]);
  switch (product) {
    case "card":
      if (!whole("card")) return null;
      return {
        kind: "card",
        cardType: options.cardType!,
        size: options.size!,
        refinement: options.refinement!,
        envelope: options.envelope!,
        quantity,
        sample: options.sample === "true",
        ...(options.themeId ? { themeId: options.themeId } : {}),
      };
    case "calendar":
      if (!whole("calendar") || !CALENDAR_START.test(options.start!)) return null;
      return {
        kind: "calendar",
        calendarType: options.calendarType!,
        size: options.size!,
        mounting: options.mounting!,
        start: options.start!,
        quantity,
      };
    case "collage":
      if (!whole("collage")) return null;
      return {
        kind: "collage",
        design: options.design!,
        collageMaterial: options.collageMaterial!,
        size: options.size!,
        quantity,
      };
    case "photobook":
      if (!whole("photobook") || !/^\d{1,4}$/.test(options.pages ?? "")) return null;
      return {
        kind: "photobook",
        photobookType: options.photobookType!,
        cover: options.cover!,
        paper: options.paper!,
        size: options.size!,
        pages: Number(options.pages),
        quantity,
      };
    default:
      return null;
  }
}

/**
 * The designer link that opens a cart line's design again, with the line's quantity and
 * the design; without a design, the link that starts a new one for the line.
 *
 * A configuration line keeps its choice under the cart's names (a photo book's
 * `photobookType` where the designer reads `printing`), so its link is written by
 * `designerPath`, the designer's own writer, and besides the choice it carries only the
 * line's preset for that product (see LINE_PRESETS), which stays on the link. Nothing
 * else the line may hold goes with it: an option under a name the choice is also read by
 * (`printing`, `pageCount`) would contradict the line, and a visit's switch (`s=sample`
 * reopening a card as a sample, `_baseUrl`, `tracking`) is no part of the line's choice.
 *
 * An article (wall art, prints, a photo box) keeps its designer link's parameters, which
 * go back as they are, and so does a line with only part of a choice, except that a
 * calendar's format code and first month are renamed to the designer's names. Of those,
 * only the options the shop keeps for such a line go back (see carriedOption).
 */
export function studioEditLink(
  product: string,
  options: Readonly<Record<string, string>>,
  quantity: number,
  designId?: string,
): string {
  const configuration = lineConfiguration(product, options, quantity);
  if (configuration) {
    const carried = new URLSearchParams();
    for (const name of LINE_PRESETS[configuration.kind])
      if (options[name]) carried.set(name, options[name]);
    if (designId) carried.set(STUDIO_DESIGN_PARAM, designId);
    return designerPath(configuration, carried);
  }
  const query = new URLSearchParams();
  for (const [key, v] of Object.entries(options)) {
    if (!carriedOption(product, key)) continue;
    // A calendar line keeps its format code as size and its start as 'YYYY-MM'; the
    // designer reads them as format, startYear and startMonth.
    if (product === "calendar" && key === "size") query.set("format", v);
    else if (product === "calendar" && key === "start" && CALENDAR_START.test(v)) {
      query.set("startYear", v.slice(0, 4));
      query.set("startMonth", String(Number(v.slice(5, 7))));
    } else query.set(key, v);
  }
  query.set("quantity", String(quantity));
  if (designId) query.set(STUDIO_DESIGN_PARAM, designId);
  return `/designer/${encodeURIComponent(product)}?${query}`;
}

/**
 * The picture of a theme in lists and on its page: its card template drawn with sample
 * photos (the studio's template preview), or, for a theme that is not a card (a collage
 * design), the catalogue's own picture.
 */
export function themePicture(
  theme: { id: string; product: string; previewImage: string },
  width = 600,
): string {
  return theme.product === "collage"
    ? theme.previewImage
    : `/web-api/studio/templates/${encodeURIComponent(theme.id)}/preview.jpg?width=${width}`;
}

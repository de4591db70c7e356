/**
 * Print profiles: what the printer needs of each product and format, as data. A profile
 * names the surfaces a shopper designs (in the editor's order), the order the print file
 * holds them in, the trim, bleed and safe inset of each, a canvas's wrap, and the
 * resolution thresholds the quality meter and the preflight use.
 */
import { parseFormat } from "../formats";
import {
  CALENDAR_MONTHS,
  CALENDAR_PPI,
  calendarBinding,
  isDesignableCalendar,
  type CalendarBinding,
} from "./calendarProfile";
import {
  picturesOf,
  type EdgeMode,
  type PpiThresholds,
  type ProductRef,
  type Surface,
} from "./document";
import { FRAME_LOOKS, isFrameType, isShadowGap } from "./frame";
import {
  BOOK_BLEED_MM,
  BOOK_PPI,
  BOOK_SAFE_MM,
  bookGeometry,
  coverTrim,
  HARD_COVER,
  type BookGeometry,
} from "./photobook";

/** Bleed unless a product says otherwise (mm). */
export const DEFAULT_BLEED_MM = 3;
/** Safe inset unless a product says otherwise (mm). */
export const DEFAULT_SAFE_MM = 5;

/** Cards, photo prints and the photo box are seen up close. */
export const CLOSE_UP_PPI: PpiThresholds = { good: 300, acceptable: 150, poor: 100 };
/** Wall art is seen from a few steps away. */
export const WALL_ART_PPI: PpiThresholds = { good: 150, acceptable: 100, poor: 100 };

/** Canvas folded around the back of the stretcher beyond its side (mm). */
export const CANVAS_FOLD_BACK_MM = 15;

export type SurfaceName = Surface["name"];

export interface SurfaceProfile {
  name: SurfaceName;
  width: number;
  height: number;
  /** This surface's own bleed and safe inset, where they differ from the profile's (a book's cover). */
  bleed?: number;
  safeInset?: number;
}

export interface PrintProfile {
  /** A stable key: family/kind/format, for caches and logs. */
  key: string;
  family: ProductRef["family"];
  surfaces: SurfaceProfile[];
  /** The surfaces' positions (indexes into `surfaces`) in the order the print file holds them. */
  printOrder: number[];
  bleed: number;
  safeInset: number;
  ppi: PpiThresholds;
  /** A canvas's stretcher depth and edge (mm), when the product is one. */
  wrap?: { depth: number; foldBack: number; edge: EdgeMode };
  /** How much of the print a frame's rebate hides on every side (mm), when framed. */
  rebate?: number;
  /** A photo book's shape: spine, hinges, gutter, page limits and how its interior is printed. */
  book?: BookGeometry;
  /** A calendar's binding: the band at one edge of every page kept clear (spiral holes …). */
  binding?: CalendarBinding;
}

/** Card types and their panels as the shopper sees them. */
const CARD_SURFACES: Readonly<Record<string, readonly SurfaceName[]>> = {
  "folded-card": ["front", "inside-left", "inside-right", "back"],
  "flat-card": ["front", "back"],
  postcard: ["front", "back"],
  "photo-card": ["front"],
};

/**
 * A folded card is printed as two sheets: the outside (back panel beside the front) and the
 * inside (left beside right). Its print file holds the panels in that order.
 */
const FOLDED_PRINT_ORDER = [3, 0, 1, 2];

/** Wall-art materials whose print is a rigid panel or paper: one surface, no wrap. */
const PANEL_MATERIALS = [
  "acrylglas",
  "aludibond",
  "backlitfolie",
  "echtglas",
  "forexplatte",
  "gallerybond",
  "hahnemuehle",
  "poster",
] as const;

/** The materials a collage is printed on. */
export const COLLAGE_MATERIALS = ["poster", "leinwand", "acrylglas", "aludibond"] as const;

/** The catalogue's canvas edge names and the document's. */
const CANVAS_EDGES: Readonly<Record<string, EdgeMode>> = {
  mirrored: "mirrored",
  coloured: "colour",
  folded: "image",
};

/** Stretcher depths the catalogue sells (mm). */
const STRETCHER_DEPTHS: Readonly<Record<string, number>> = { "25": 25, "38": 38 };

function single(
  product: ProductRef,
  kind: string,
  name: SurfaceName,
  extra: Partial<PrintProfile> & { ppi: PpiThresholds },
): PrintProfile | null {
  const { width, height } = parseFormat(product.format);
  if (width === 0) return null;
  // Prints and the photo box: a sheet a picture, however many copies of it are made.
  const count = picturesOf(product);
  const surfaces = Array.from({ length: count }, () => ({ name, width, height }));
  return {
    key: `${product.family}/${kind}/${product.format}`,
    family: product.family,
    surfaces,
    printOrder: surfaces.map((_, i) => i),
    bleed: DEFAULT_BLEED_MM,
    safeInset: DEFAULT_SAFE_MM,
    ...extra,
  };
}

/**
 * The print profile of a product, or null when the studio does not design it (an unknown
 * card type or material, a malformed format).
 */
export function printProfile(product: ProductRef): PrintProfile | null {
  const { width, height } = parseFormat(product.format);
  if (width === 0) return null;
  switch (product.family) {
    case "card": {
      const cardType = product.options.cardType ?? "";
      const names = CARD_SURFACES[cardType];
      if (!names) return null;
      const surfaces = names.map((name) => ({ name, width, height }));
      return {
        key: `card/${cardType}/${product.format}`,
        family: "card",
        surfaces,
        printOrder: cardType === "folded-card" ? FOLDED_PRINT_ORDER : surfaces.map((_, i) => i),
        bleed: DEFAULT_BLEED_MM,
        safeInset: DEFAULT_SAFE_MM,
        ppi: CLOSE_UP_PPI,
      };
    }
    case "photoprint":
    case "photobox":
      // Prints are cut at the edge of the picture: less room to keep clear than a card.
      return single(product, product.options.photoboxType ?? product.family, "print", {
        ppi: CLOSE_UP_PPI,
        safeInset: 3,
      });
    case "photoframe": {
      const frameType = product.options.frameType;
      if (frameType !== undefined && !isFrameType(frameType)) return null;
      if (frameType && !isShadowGap(frameType)) {
        // A framed print: the frame's rebate hides the outer edge, so text keeps clear of it.
        // A shadow-gap frame hides nothing: the canvas or panel is printed as unframed.
        const rebate = FRAME_LOOKS[frameType].rebate;
        return single(product, frameType, "print", {
          ppi: WALL_ART_PPI,
          safeInset: rebate + DEFAULT_SAFE_MM,
          rebate,
        });
      }
      const material = product.options.material ?? "";
      if (material === "leinwand") {
        const depth = STRETCHER_DEPTHS[product.options.canvasStretcherFrame ?? "25"];
        const edge = CANVAS_EDGES[product.options.canvasEdge ?? "mirrored"];
        if (depth === undefined || edge === undefined) return null;
        return single(product, "leinwand", "canvas", {
          ppi: WALL_ART_PPI,
          safeInset: 10,
          wrap: { depth, foldBack: CANVAS_FOLD_BACK_MM, edge },
        });
      }
      if (!(PANEL_MATERIALS as readonly string[]).includes(material)) return null;
      return single(product, material, "print", { ppi: WALL_ART_PPI, safeInset: 10 });
    }
    case "calendar": {
      // A cover and twelve month pages of the format's size, printed in that order.
      if (!isDesignableCalendar(product)) return null;
      const surfaces: SurfaceProfile[] = [
        { name: "cover", width, height },
        ...Array.from({ length: CALENDAR_MONTHS }, () => ({
          name: "month" as const,
          width,
          height,
        })),
      ];
      const binding = calendarBinding(product);
      return {
        key: `calendar/${product.options.calendarType}/${product.options.mounting}/${product.format}`,
        family: "calendar",
        surfaces,
        printOrder: surfaces.map((_, i) => i),
        bleed: DEFAULT_BLEED_MM,
        safeInset: DEFAULT_SAFE_MM,
        ppi: CALENDAR_PPI,
        ...(binding ? { binding } : {}),
      };
    }
    case "photobook":
      return photobookProfile(product);
    case "collage": {
      // One picture of many photos on the material the product page chose; on canvas the
      // sides take the background's colour (cells cut at the edge would look broken there).
      const material = product.options.collageMaterial ?? "";
      if (!(COLLAGE_MATERIALS as readonly string[]).includes(material)) return null;
      return single(product, material, "collage", {
        ppi: WALL_ART_PPI,
        safeInset: 10,
        ...(material === "leinwand"
          ? { wrap: { depth: 25, foldBack: CANVAS_FOLD_BACK_MM, edge: "colour" as const } }
          : {}),
      });
    }
    default:
      return null;
  }
}

/** The print profile of a photo book: the cover, then one spread per two inner pages. */
function photobookProfile(product: ProductRef): PrintProfile | null {
  const book = bookGeometry(product);
  if (!book) return null;
  const cover = coverTrim(book);
  const coverBleed = book.cover === "hard" ? HARD_COVER.wrap : BOOK_BLEED_MM;
  const surfaces = [
    {
      name: "book-cover" as const,
      width: cover.width,
      height: cover.height,
      bleed: coverBleed,
      safeInset: BOOK_SAFE_MM,
    },
    ...Array.from({ length: book.spreads }, () => ({
      name: "spread" as const,
      width: 2 * book.page.width,
      height: book.page.height,
    })),
  ];
  return {
    key: `photobook/${book.type}-${book.cover}-${book.paper}/${product.format}/${book.pages}`,
    family: "photobook",
    surfaces,
    printOrder: surfaces.map((_, i) => i),
    bleed: BOOK_BLEED_MM,
    safeInset: BOOK_SAFE_MM,
    ppi: BOOK_PPI,
    book,
  };
}

/** Stable ids of a product's surfaces: their name, numbered when a name repeats. */
function surfaceIds(names: readonly SurfaceName[]): string[] {
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  const counts = new Map<string, number>();
  return names.map((name) => {
    if (!repeated.includes(name)) return name;
    const n = (counts.get(name) ?? 0) + 1;
    counts.set(name, n);
    return `${name}-${n}`;
  });
}

/** The empty surfaces of a product, from its profile, in the editor's order. */
export function surfacesOf(profile: PrintProfile, background = "#ffffff"): Surface[] {
  const ids = surfaceIds(profile.surfaces.map((s) => s.name));
  return profile.surfaces.map((s, i) => ({
    id: ids[i] ?? s.name,
    name: s.name,
    trim: { width: s.width, height: s.height },
    bleed: s.bleed ?? profile.bleed,
    safeInset: s.safeInset ?? profile.safeInset,
    ...(profile.wrap ? { wrap: { ...profile.wrap } } : {}),
    background,
    elements: [],
  }));
}

/**
 * Where a document's surfaces differ from its product's profile, as path → what is wrong:
 * a shopper changes what is on a surface, never its size, bleed, safe inset, wrap or the
 * number of surfaces, so the print file always has the profile's pages. A canvas's edge
 * colour is the shopper's to choose.
 */
export function profileMismatches(
  surfaces: readonly Surface[],
  profile: PrintProfile,
): Record<string, string> {
  const expected = surfacesOf(profile);
  const errors: Record<string, string> = {};
  if (surfaces.length !== expected.length) {
    errors.surfaces = `the product has ${expected.length} surfaces`;
    return errors;
  }
  surfaces.forEach((surface, i) => {
    const want = expected[i]!;
    const at = (field: string) => `surfaces.${i}.${field}`;
    if (surface.id !== want.id) errors[at("id")] = `is ${want.id}`;
    if (surface.name !== want.name) errors[at("name")] = `is ${want.name}`;
    if (surface.trim.width !== want.trim.width || surface.trim.height !== want.trim.height)
      errors[at("trim")] = `is ${want.trim.width} x ${want.trim.height} mm`;
    if (surface.bleed !== want.bleed) errors[at("bleed")] = `is ${want.bleed} mm`;
    if (surface.safeInset !== want.safeInset) errors[at("safeInset")] = `is ${want.safeInset} mm`;
    const wrap = surface.wrap;
    const wantWrap = want.wrap;
    if (
      (wrap === undefined) !== (wantWrap === undefined) ||
      (wrap &&
        wantWrap &&
        (wrap.depth !== wantWrap.depth ||
          wrap.foldBack !== wantWrap.foldBack ||
          wrap.edge !== wantWrap.edge))
    )
      errors[at("wrap")] = wantWrap
        ? `is ${wantWrap.depth} mm deep, ${wantWrap.foldBack} mm folded back, edge ${wantWrap.edge}`
        : "the product has none";
  });
  return errors;
}

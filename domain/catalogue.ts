/**
 * The catalogue vocabulary: every product type, option and value the shop sells with.
 * These lists are the contract between the seed files, the database, the shop API and
 * the storefront; an unknown value anywhere is a validation error.
 */
import { formatLabel } from "./formats";
import type { Locale } from "./locales";
import type { OptionGroup } from "./wallArtOptionGroups";

// The product types are domain/productFamilies.ts's one list (light enough for every page).

// ---------------------------------------------------------------- calendars

export const CALENDAR_TYPES = [
  "familienplaner",
  "kuechenkalender",
  "terminkalender",
  "tischkalender",
  "wandkalender",
] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];

export const CALENDAR_MOUNTINGS = ["holzblock", "holzfuss", "ohne", "lochung", "spirale"] as const;

/** Calendar format codes and their size in mm ('WxH'). */
export const CALENDAR_FORMATS = {
  "a3-hoch": "297x420",
  "a3-quer": "420x297",
  "a4-hoch": "210x297",
  "a4-quer": "297x210",
  "a5-quer": "210x148",
  "a6-hoch": "105x148",
  "a6-quer": "148x105",
  "150-400": "150x400",
  "200-400": "200x400",
  "130-300": "130x300",
  "145-145": "145x145",
  "200-200": "200x200",
  "300-300": "300x300",
  "265-120": "265x120",
} as const;
export type CalendarFormatCode = keyof typeof CALENDAR_FORMATS;
export const CALENDAR_FORMAT_CODES = Object.keys(CALENDAR_FORMATS) as CalendarFormatCode[];

// ---------------------------------------------------------------- photo books

export const PHOTOBOOK_TYPES = ["digitalfotobuch", "echtfotobuch", "fotoheft"] as const;
export type PhotobookType = (typeof PHOTOBOOK_TYPES)[number];
export const PHOTOBOOK_COVERS = ["hard", "soft"] as const;
export const PHOTOBOOK_BINDINGS = ["heftbindung", "layflat", "pur"] as const;
export const PHOTOBOOK_COVER_LAMINATIONS = [
  "feinstweiss",
  "glaenzend",
  "matt",
  "standard",
] as const;
export const PHOTOBOOK_ORIENTATIONS = ["din-landscape", "din-portrait", "square"] as const;
export type PhotobookOrientation = (typeof PHOTOBOOK_ORIENTATIONS)[number];
/** Variant keys: cover, paper and lamination in one word. */
export const PHOTOBOOK_VARIANT_KEYS = [
  "pur",
  "standard",
  "feinstweiss",
  "softtouch",
  "glossy",
  "matt",
] as const;
export const PHOTOBOOK_PAPERS = [
  "standard-premium",
  "premium-glossy",
  "premium-matt",
  "writable-fine-white",
] as const;

/** Photo book formats: key, size in mm, orientation, and the en-US label where one exists. */
export const PHOTOBOOK_FORMATS = {
  "20x20": { format: "200x200", orientation: "square", label: "20x20 cm", us: "8x8" },
  "30x30": { format: "300x300", orientation: "square", label: "30x30 cm", us: "12x12" },
  "a3-landscape": {
    format: "420x297",
    orientation: "din-landscape",
    label: "A3 landscape",
    us: null,
  },
  "a4-portrait": {
    format: "210x297",
    orientation: "din-portrait",
    label: "A4 portrait",
    us: "8x11",
  },
  "a4-landscape": {
    format: "297x210",
    orientation: "din-landscape",
    label: "A4 landscape",
    us: null,
  },
  "a4-landscape-sendmoments": {
    format: "297x210",
    orientation: "din-landscape",
    label: "A4 landscape sendmoments",
    us: null,
  },
  "a5-portrait": {
    format: "148x210",
    orientation: "din-portrait",
    label: "A5 portrait",
    us: "6x8",
  },
  "a5-landscape": {
    format: "210x148",
    orientation: "din-landscape",
    label: "A5 landscape",
    us: null,
  },
  "a6-landscape": {
    format: "148x105",
    orientation: "din-landscape",
    label: "A6 landscape",
    us: null,
  },
} as const satisfies Record<
  string,
  { format: string; orientation: PhotobookOrientation; label: string; us: string | null }
>;
export type PhotobookFormatKey = keyof typeof PHOTOBOOK_FORMATS;

/**
 * A photo book's size as the shop names it: the US shop its own labels (8x8, 12x12, 8x11,
 * 6x8: an A4 page is sold as 8x11, not rounded to 8 x 12), every other shop the format in
 * its unit ("20 x 20 cm"). Null for a format that cannot be read.
 */
export function photobookSizeLabel(
  formatKey: string,
  format: string | null,
  locale: Locale,
): string | null {
  const us = (PHOTOBOOK_FORMATS as Record<string, { us: string | null }>)[formatKey]?.us;
  if (locale === "en-US" && us) return us;
  return format ? formatLabel(format, locale, { withUnit: true }) : null;
}
export const PHOTOBOOK_FORMAT_KEYS = Object.keys(PHOTOBOOK_FORMATS) as PhotobookFormatKey[];

/** Photo book categories by numeric id. */
export const PHOTOBOOK_CATEGORIES = {
  1: "Wedding",
  2: "Baby",
  3: "Kids",
  4: "Love",
  5: "Cooking",
  8: "Birthday",
  9: "Travel",
  10: "Family",
  12: "Lifestyle",
  15: "Everyday",
  16: "Basic",
  18: "Review of the year",
  20: "Mother's Day",
  22: "Wedding newspaper",
  41: "Disney",
  42: "Star Wars",
  43: "Mickey Mouse",
  45: "Spider-Man",
} as const;
export const PHOTOBOOK_CATEGORY_IDS = Object.keys(PHOTOBOOK_CATEGORIES).map(Number);
/** Licensed categories that the British shop does not list. */
export const PHOTOBOOK_CATEGORIES_NOT_IN_GB = [41, 42, 43, 45] as const;

/** The photo book category ids a locale lists. */
export function photobookCategoryIdsFor(locale: string): number[] {
  const hidden: readonly number[] = PHOTOBOOK_CATEGORIES_NOT_IN_GB;
  return locale === "en-GB"
    ? PHOTOBOOK_CATEGORY_IDS.filter((id) => !hidden.includes(id))
    : PHOTOBOOK_CATEGORY_IDS;
}

// ---------------------------------------------------------------- photobox and prints

export { PHOTOBOX_TYPES, type PhotoboxType } from "./photobox";
export const PAPER_FINISHES = ["glossy", "matt"] as const;

/** Print format ratios; the panoramic ones are listed by the British shop only. */
export const PRINT_RATIOS = [
  "16:9",
  "2:1",
  "3:1",
  "3:2",
  "4:1",
  "4:3",
  "5:1",
  "5:2",
  "5:4",
  "6:1",
  "din",
  "square",
  "standard",
  "hidden",
  "wall-mural",
  "panoramic-wide",
  "panoramic-ultra-wide",
] as const;
export type PrintRatio = (typeof PRINT_RATIOS)[number];
export const PRINT_RATIOS_GB_ONLY = ["panoramic-wide", "panoramic-ultra-wide"] as const;

/** The print ratios a locale lists. */
export function printRatiosFor(locale: string): PrintRatio[] {
  const gbOnly: readonly string[] = PRINT_RATIOS_GB_ONLY;
  return PRINT_RATIOS.filter((r) => locale === "en-GB" || !gbOnly.includes(r));
}

// ---------------------------------------------------------------- wall art

export const MATERIALS = [
  "acrylglas",
  "aludibond",
  "backlitfolie",
  "echtglas",
  "forexplatte",
  "fototapete",
  "gallerybond",
  "hahnemuehle",
  "klebefolie",
  "leinwand",
  "poster",
  "pvcplane",
] as const;
export type Material = (typeof MATERIALS)[number];

/** Option groups with their values. */
export const OPTION_GROUPS = {
  drilling: ["none", "corners"],
  printProcess: [
    "direct-print",
    "fine-art",
    "fine-art-glossy",
    "fine-art-matt",
    "fine-art-hahnemuehle",
  ],
  aluFinish: ["standard", "brushed"],
  backlitFrame: ["none", "led"],
  milling: ["none", "lines", "dots"],
  hahnemuehleSurface: ["standard", "matt-cotton-smooth"],
  adhesiveFilmStyle: ["normal", "transparent", "transparent-mirrored", "white"],
  canvasStretcherFrame: ["25", "38"],
  canvasEdge: ["coloured", "mirrored", "folded"],
  posterLamination: ["none", "glossy", "matt"],
  posterPaper: ["standard", "silk-matt", "eco-paper"],
  pvcEyelets: ["none", "simple"],
} as const satisfies Record<OptionGroup, readonly string[]>;
export { OPTION_GROUP_NAMES, type OptionGroup } from "./wallArtOptionGroups";

/** Which option groups a material offers. */
export const MATERIAL_OPTION_GROUPS: Readonly<Record<Material, readonly OptionGroup[]>> = {
  acrylglas: ["drilling", "printProcess"],
  aludibond: ["drilling", "aluFinish", "printProcess"],
  backlitfolie: ["backlitFrame"],
  echtglas: ["printProcess"],
  forexplatte: ["drilling", "printProcess", "milling"],
  fototapete: [],
  gallerybond: ["drilling"],
  hahnemuehle: ["hahnemuehleSurface"],
  klebefolie: ["adhesiveFilmStyle"],
  leinwand: ["canvasStretcherFrame", "canvasEdge"],
  poster: ["posterLamination", "posterPaper"],
  pvcplane: ["pvcEyelets"],
};

/** The stretcher frame depth label: cm, or whole inches for the US shop (1 and 1.5 in). */
export function stretcherFrameLabel(value: "25" | "38", lengthUnit: "cm" | "in"): string {
  if (lengthUnit === "in") return value === "25" ? "1 in" : "1.5 in";
  return value === "25" ? "2.5 cm" : "3.8 cm";
}

export const FRAME_TYPES = [
  "alurahmen",
  "artbox",
  "fotorahmen",
  "holzrahmen",
  "kunststoffrahmen",
  "schattenfuge-leinwand",
  "schattenfuge-platte",
] as const;
export type FrameType = (typeof FRAME_TYPES)[number];

/** Frame finishes per frame type; the first entry is the default, and each type has a black one. */
export const FRAME_FINISHES: Readonly<Record<FrameType, readonly string[]>> = {
  alurahmen: [
    "angular-silver",
    "angular-silver-matt",
    "angular-gold",
    "angular-copper",
    "angular-black",
    "angular-black-matt",
    "angular-white",
    "round-silver",
    "round-gold",
    "round-black",
    "round-white",
  ],
  artbox: [
    "oak",
    "natural",
    "black-lacquer",
    "black-structure",
    "white-lacquer",
    "white-structure",
  ],
  fotorahmen: [
    "aluminium",
    "baroque",
    "chrome",
    "gold",
    "wood",
    "vintage-wood",
    "plastic",
    "silver",
    "black",
  ],
  holzrahmen: ["natural", "oak", "walnut", "black", "white", "grey", "vintage"],
  kunststoffrahmen: ["black", "silver", "white"],
  "schattenfuge-leinwand": [
    "oak",
    "natural",
    "black-lacquer",
    "black-structure",
    "white-lacquer",
    "white-structure",
  ],
  "schattenfuge-platte": [
    "oak",
    "natural",
    "black-lacquer",
    "black-structure",
    "white-lacquer",
    "white-structure",
  ],
};

export const MAT_TYPES = ["mat-none", "mat-weiss"] as const;
export const MAT_SIZES = [0, 30] as const;
export const MAT_COLOURS = ["none", "cream", "black", "white"] as const;
export const GLASS_TYPES = ["museum-glass", "museum-acrylic"] as const;

/** The frame a material is shown with unless the customer picks another. */
export const DEFAULT_FRAME_FOR_MATERIAL: Readonly<Partial<Record<Material, FrameType>>> = {
  acrylglas: "schattenfuge-platte",
  aludibond: "schattenfuge-platte",
  forexplatte: "schattenfuge-platte",
  gallerybond: "schattenfuge-platte",
  hahnemuehle: "holzrahmen",
  poster: "holzrahmen",
  leinwand: "schattenfuge-leinwand",
};

// ---------------------------------------------------------------- cards

export const CARD_ACCESSORY_TYPES = [
  "bow",
  "box",
  "envelope",
  "inlay",
  "posterbar",
  "ribbon",
  "screw",
  "standard",
] as const;
export const REFINEMENTS = ["gold", "none", "relief", "rosegold", "silver"] as const;
export type Refinement = (typeof REFINEMENTS)[number];

export const CARD_FILTERS = [
  "aspectRatio",
  "category",
  "color",
  "label",
  "product",
  "punching",
  "style",
] as const;

export const OCCASIONS = [
  "einschulung",
  "firmung",
  "geburt",
  "geburtstag",
  "hochzeit",
  "kindergeburtstag",
  "kommunion",
  "konfirmation",
  "ostern",
  "taufe",
  "trauer",
  "weihnachten",
] as const;
export type Occasion = (typeof OCCASIONS)[number];

export const DESIGN_STATUSES = ["draft", "published"] as const;
export const THEME_SORTS = ["popularity", "created"] as const;
export type ThemeSort = (typeof THEME_SORTS)[number];
/** The page sizes the theme overview offers. */
export const THEME_PAGE_SIZES = [12, 48] as const;

/** Card products (the `product` filter). */
export const CARD_PRODUCTS = ["folded-card", "flat-card", "postcard", "photo-card"] as const;
export const CARD_STYLES = [
  "classic",
  "modern",
  "playful",
  "elegant",
  "minimal",
  "rustic",
] as const;
export const CARD_COLORS = [
  "white",
  "gold",
  "rose",
  "blue",
  "green",
  "black",
  "red",
  "beige",
] as const;
export const CARD_LABELS = ["new", "bestseller", "sale"] as const;
export const CARD_PUNCHINGS = ["none", "round", "heart", "scalloped"] as const;
export const CARD_ASPECT_RATIOS = ["landscape", "portrait", "square", "panorama"] as const;

/**
 * Photo books as the printer makes them: a book's shape (its cover, one sheet of back, spine
 * and front, and its inner pages as spreads), the page count on the catalogue's grid, and what
 * a shopper must keep clear of the binding. The print profiles module assembles a book's
 * profile from this shape, so this module needs nothing of it.
 *
 * The cover's spine is as thick as the book block: the inner pages' paper (each leaf is two
 * pages) plus the cover's own boards. A hard cover's boards stand a little beyond the block
 * and its printed sheet is wrapped around them (the wrap is the cover's bleed); a hinge
 * between spine and board lets it open. Inner pages meet at the gutter: a glued (PUR) book
 * opens only so far, so pictures and words keep well away from the fold; a lay-flat book
 * opens flat and needs only a narrow band; a stapled booklet lies between.
 */
import { PHOTOBOOK_FORMATS } from "../catalogue";
import {
  MIN_TEXT_PT,
  MM_PER_POINT,
  type PpiThresholds,
  type ProductRef,
  type Rect,
  type Surface,
  type TextElement,
} from "./document";

/** The catalogue's photo book types and how each is bound. */
export const PHOTOBOOK_BINDINGS = {
  digitalfotobuch: "glued",
  echtfotobuch: "layflat",
  fotoheft: "stapled",
} as const;
export type PhotobookType = keyof typeof PHOTOBOOK_BINDINGS;
export type Binding = (typeof PHOTOBOOK_BINDINGS)[PhotobookType];

/**
 * The paper of a type's variant (the product page's "paper" is the catalogue's variant key:
 * lamination and paper in one word) as the catalogue's articles name it.
 */
export const PHOTOBOOK_PAPERS: Readonly<Record<PhotobookType, Readonly<Record<string, string>>>> = {
  digitalfotobuch: {
    glossy: "standard-premium",
    standard: "standard-premium",
    matt: "premium-matt",
    feinstweiss: "writable-fine-white",
  },
  echtfotobuch: { glossy: "premium-glossy", softtouch: "premium-matt" },
  fotoheft: { pur: "standard-premium" },
};

/**
 * How much thicker the block grows per inner page (mm), by binding and paper: half a leaf.
 * Lay-flat leaves are photo paper bonded back to back on a card core, several times a
 * printed leaf.
 */
export const MM_PER_PAGE: Readonly<Record<string, number>> = {
  "glued/standard-premium": 0.06,
  "glued/premium-matt": 0.07,
  "glued/writable-fine-white": 0.065,
  "layflat/premium-glossy": 0.25,
  "layflat/premium-matt": 0.25,
  "stapled/standard-premium": 0.06,
};

/** A hard cover's board: thickness, how far it stands beyond the block, the hinge (mm). */
export const HARD_COVER = { board: 2.5, overhang: 3, hinge: 8, wrap: 15 } as const;
/** A soft cover's card (mm), glued to the block's back; its score lines are kept clear. */
export const SOFT_COVER = { card: 0.3, score: 6 } as const;

/** Keep-clear band on each side of the fold of a spread (mm), by binding. */
export const GUTTER_MM: Readonly<Record<Binding, number>> = {
  glued: 12,
  layflat: 2,
  stapled: 6,
};

/**
 * Keep a spine's words this far from each of its folds (mm): the spine's edges bend round
 * the block, and the block's thickness varies a little from book to book.
 */
export const SPINE_SAFE_MM = 1.5;
/** A spine's title: at most this size (pt), and only on a spine that fits the smallest text. */
export const SPINE_TITLE_MAX_PT = 14;

/** Bleed of inner pages and soft covers (mm). */
export const BOOK_BLEED_MM = 3;
/** Keep text this far inside the trim at the outer edges (mm). */
export const BOOK_SAFE_MM = 8;
/** Photo books are looked at up close, like prints. */
export const BOOK_PPI: PpiThresholds = { good: 300, acceptable: 150, poor: 100 };

/** A book's page size ('WxH' mm) from the catalogue's size key ("20x20", "a4-landscape"). */
export function photobookFormat(sizeKey: string): string | null {
  const format = (PHOTOBOOK_FORMATS as Readonly<Record<string, { format: string }>>)[sizeKey];
  return format ? format.format : null;
}

/** Pages a book may have: from min to max in steps. */
export interface PageLimits {
  min: number;
  max: number;
  step: number;
}

/** The catalogue's limits as a design carries them in its product options. */
export function pageLimitsOf(product: Pick<ProductRef, "options">): PageLimits | null {
  const n = (key: string) => {
    const raw = product.options[key];
    return raw !== undefined && /^\d{1,3}$/.test(raw) ? Number(raw) : null;
  };
  const min = n("pagesMin");
  const max = n("pagesMax");
  const step = n("pagesStep");
  if (min === null || max === null || step === null || step < 1 || min < 2 || max < min)
    return null;
  return { min, max, step };
}

/** The product options that carry a book's page limits. */
export function pageLimitOptions(limits: PageLimits): Record<string, string> {
  return {
    pagesMin: String(limits.min),
    pagesMax: String(limits.max),
    pagesStep: String(limits.step),
  };
}

/** Why a page count is off the grid (naming the limits), or null when it is on it. */
export function pageCountProblem(pages: number, limits: PageLimits): string | null {
  if (
    Number.isInteger(pages) &&
    pages >= limits.min &&
    pages <= limits.max &&
    (pages - limits.min) % limits.step === 0
  )
    return null;
  return `pages must be ${limits.min} to ${limits.max} in steps of ${limits.step}`;
}

/** What a book's print profile says of its shape, besides the surfaces. */
export interface BookGeometry {
  type: PhotobookType;
  binding: Binding;
  cover: "hard" | "soft";
  paper: string;
  /** One inner page's trim (mm). */
  page: { width: number; height: number };
  pages: number;
  spreads: number;
  /** The block's thickness and the spine's width on the cover (mm). */
  block: number;
  spine: number;
  /** Between spine and each board of a hard cover (0 for a soft cover). */
  hinge: number;
  /** The front (and back) panel of the cover (mm), board size for a hard cover. */
  panel: { width: number; height: number };
  /** Keep-clear band on each side of a spread's fold (mm). */
  gutter: number;
  limits: PageLimits | null;
  /**
   * How the interior is printed: lay-flat books as whole spreads (one sheet each), glued
   * and stapled books as single pages, each with its own bleed.
   */
  interior: "spreads" | "pages";
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A book's shape from its product, or null when the studio does not make it. */
export function bookGeometry(product: ProductRef): BookGeometry | null {
  if (product.family !== "photobook") return null;
  const type = product.options.photobookType as PhotobookType | undefined;
  if (!type || !(type in PHOTOBOOK_BINDINGS)) return null;
  const binding = PHOTOBOOK_BINDINGS[type];
  const paper = PHOTOBOOK_PAPERS[type][product.options.paper ?? ""];
  const perPage = paper ? MM_PER_PAGE[`${binding}/${paper}`] : undefined;
  if (!paper || perPage === undefined) return null;
  const cover = product.options.cover === "soft" ? "soft" : "hard";
  if (binding === "layflat" && cover !== "hard") return null;
  const m = /^(\d{2,4})x(\d{2,4})$/.exec(product.format);
  if (!m) return null;
  const page = { width: Number(m[1]), height: Number(m[2]) };
  const limits = pageLimitsOf(product);
  const pages = product.pages ?? limits?.min ?? 24;
  if (pages < 2 || pages % 2 !== 0) return null;
  if (limits && pageCountProblem(pages, limits) !== null) return null;
  const block = round2(pages * perPage);
  let spine: number;
  let hinge = 0;
  let panel = { ...page };
  if (binding === "stapled") {
    // A stapled booklet is folded sheets: no spine to speak of.
    spine = 0;
  } else if (cover === "hard") {
    spine = round2(block + 2 * HARD_COVER.board);
    hinge = HARD_COVER.hinge;
    panel = {
      width: page.width + HARD_COVER.overhang,
      height: page.height + 2 * HARD_COVER.overhang,
    };
  } else {
    spine = round2(block + 2 * SOFT_COVER.card);
  }
  return {
    type,
    binding,
    cover,
    paper,
    page,
    pages,
    spreads: pages / 2,
    block,
    spine,
    hinge,
    panel,
    gutter: GUTTER_MM[binding],
    limits,
    interior: binding === "layflat" ? "spreads" : "pages",
  };
}

/** The cover sheet's trim: back panel, hinge, spine, hinge, front panel side by side. */
export function coverTrim(book: BookGeometry): { width: number; height: number } {
  return {
    width: round2(2 * book.panel.width + 2 * book.hinge + book.spine),
    height: book.panel.height,
  };
}

/** Where back, spine and front lie on the cover sheet (mm, from the trim's top-left). */
export function coverPanels(book: BookGeometry): { back: Rect; spine: Rect; front: Rect } {
  const h = book.panel.height;
  const spineX = book.panel.width + book.hinge;
  return {
    back: { x: 0, y: 0, width: book.panel.width, height: h },
    spine: { x: spineX, y: 0, width: book.spine, height: h },
    front: {
      x: round2(spineX + book.spine + book.hinge),
      y: 0,
      width: book.panel.width,
      height: h,
    },
  };
}

/**
 * The band of the spine that holds words (mm, on the cover sheet): the spine less its folds'
 * margin on either side and the outer safe inset at head and foot; null on a spine too
 * thin for them (a stapled booklet has none, a thin soft cover too little).
 */
export function spineSafeArea(book: BookGeometry): Rect | null {
  const { spine } = coverPanels(book);
  const width = round2(spine.width - 2 * SPINE_SAFE_MM);
  if (width <= 0) return null;
  return {
    x: round2(spine.x + SPINE_SAFE_MM),
    y: BOOK_SAFE_MM,
    width,
    height: spine.height - 2 * BOOK_SAFE_MM,
  };
}

/**
 * The spine's title as the cover carries it: one line along the spine, read from head to
 * foot (turned a quarter clockwise), as large as the spine's band lets it be up to
 * SPINE_TITLE_MAX_PT; null when the band cannot hold the smallest printable text.
 */
export function spineTitle(book: BookGeometry, lines: string[]): TextElement | null {
  const band = spineSafeArea(book);
  if (!band) return null;
  const fontSize = Math.min(
    SPINE_TITLE_MAX_PT,
    Math.floor((band.width / (MM_PER_POINT * SPINE_LINE_SPACING)) * 10) / 10,
  );
  if (fontSize < MIN_TEXT_PT) return null;
  // Unturned, the box runs across the page; turned about its centre it fills the band.
  const length = band.height;
  const centre = { x: band.x + band.width / 2, y: band.y + band.height / 2 };
  return {
    id: SPINE_TITLE_ID,
    kind: "text",
    x: round2(centre.x - length / 2),
    y: round2(centre.y - band.width / 2),
    width: length,
    height: band.width,
    rotation: 90,
    locked: false,
    fontFamily: "Lora",
    fontWeight: "normal",
    fontSize,
    colour: "#222222",
    align: "center",
    lines,
  };
}

/** The spine title's element id on a book's cover. */
export const SPINE_TITLE_ID = "spine-title";
const SPINE_LINE_SPACING = 1.2;

/**
 * The areas of a book's surface that hold text and faces: on a spread, each page's trim
 * less the outer safe inset and the gutter band at the fold; on the cover, the back and the
 * front panel less the safe inset, and the spine's band where the spine is thick enough
 * (the hinges and the spine's folds bend).
 */
export function bookSafeAreas(surface: Pick<Surface, "name" | "trim">, book: BookGeometry): Rect[] {
  const inset = BOOK_SAFE_MM;
  if (surface.name === "book-cover") {
    const { back, front } = coverPanels(book);
    const spine = spineSafeArea(book);
    return [
      ...[back, front].map((r) => ({
        x: r.x + inset,
        y: r.y + inset,
        width: r.width - 2 * inset,
        height: r.height - 2 * inset,
      })),
      ...(spine ? [spine] : []),
    ];
  }
  const half = surface.trim.width / 2;
  const height = surface.trim.height - 2 * inset;
  return [
    { x: inset, y: inset, width: half - inset - book.gutter, height },
    { x: half + book.gutter, y: inset, width: half - inset - book.gutter, height },
  ];
}

const EPS = 1e-6;
const within = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x - EPS &&
  inner.y >= outer.y - EPS &&
  inner.x + inner.width <= outer.x + outer.width + EPS &&
  inner.y + inner.height <= outer.y + outer.height + EPS;

/**
 * The text elements of a book's surface that are not wholly inside one of its safe areas:
 * words across the fold, in the gutter, on the hinge or at the outer edge.
 */
export function bookTextOutsideSafe(surface: Surface, book: BookGeometry): string[] {
  const areas = bookSafeAreas(surface, book);
  return surface.elements
    .filter((e) => e.kind === "text" && e.lines.some((l) => l.trim() !== ""))
    .filter((e) => {
      const rad = (e.rotation * Math.PI) / 180;
      const cos = Math.abs(Math.cos(rad));
      const sin = Math.abs(Math.sin(rad));
      const w = e.width * cos + e.height * sin;
      const h = e.width * sin + e.height * cos;
      const box = {
        x: e.x + e.width / 2 - w / 2,
        y: e.y + e.height / 2 - h / 2,
        width: w,
        height: h,
      };
      return !areas.some((a) => within(box, a));
    })
    .map((e) => e.id);
}

/**
 * The inner pages (numbered from 1) that show nothing: no photo placed and no words.
 * Each spread holds pages 2i+1 (left) and 2i+2 (right); an element belongs to the pages
 * it covers.
 */
export function emptyPages(doc: { surfaces: readonly Surface[] }): number[] {
  const empty: number[] = [];
  let spread = 0;
  for (const surface of doc.surfaces) {
    if (surface.name !== "spread") continue;
    const half = surface.trim.width / 2;
    const filled = [false, false];
    for (const e of surface.elements) {
      const shows =
        (e.kind === "photo" && e.photo !== undefined) ||
        (e.kind === "text" && e.lines.some((l) => l.trim() !== ""));
      if (!shows) continue;
      if (e.x < half) filled[0] = true;
      if (e.x + e.width > half) filled[1] = true;
    }
    if (!filled[0]) empty.push(2 * spread + 1);
    if (!filled[1]) empty.push(2 * spread + 2);
    spread += 1;
  }
  return empty;
}

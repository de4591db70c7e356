/**
 * Page layouts of a photo book and auto-fill.
 *
 * A spread is laid out either page by page (each page: blank, one to six photos, or a text
 * page) or as one picture across both pages. A spread's layout is kept in its surface's
 * `layout` as "left_right" (e.g. "p2_p3") or "full". One photo on a page runs to the edges
 * (into the bleed) but stops at the fold; two to six sit inside the page's margins and keep
 * the binding's gutter clear; a text page has one text box in the page's safe area.
 *
 * Auto-fill lays a set of photos out in the order they were taken (the camera's date, else
 * the upload's), as evenly over the book's pages as they go: every page gets about the same
 * number of photos and each page the layout for its number. It is one pass over photos and
 * pages, so a book of 500 photos is laid out at once.
 */
import type { Language } from "../locales";
import {
  DOCUMENT_SCHEMA_VERSION,
  fillCrop,
  type DesignDocument,
  type Element,
  type ProductRef,
  type Surface,
} from "./document";
import {
  BOOK_BLEED_MM,
  BOOK_SAFE_MM,
  coverPanels,
  coverTrim,
  HARD_COVER,
  SPINE_TITLE_ID,
  spineTitle,
  type BookGeometry,
} from "./photobook";

export const PAGE_LAYOUTS = ["blank", "p1", "p2", "p3", "p4", "p5", "p6", "text"] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

export type SpreadLayout =
  { kind: "pages"; left: PageLayout; right: PageLayout } | { kind: "full" };

/** Most photos a page layout holds. */
export const MAX_PHOTOS_PER_PAGE = 6;

/** Photos each page layout holds. */
export function photosIn(layout: PageLayout): number {
  return /^p\d$/.test(layout) ? Number(layout.slice(1)) : 0;
}

/** The page layout for a number of photos. */
export function layoutFor(photos: number): PageLayout {
  if (photos <= 0) return "blank";
  return `p${Math.min(photos, MAX_PHOTOS_PER_PAGE)}` as PageLayout;
}

export function spreadLayoutId(layout: SpreadLayout): string {
  return layout.kind === "full" ? "full" : `${layout.left}_${layout.right}`;
}

/** A spread's layout from its surface's `layout`; unknown or missing reads as both pages blank. */
export function parseSpreadLayout(id: string | undefined): SpreadLayout {
  if (id === "full") return { kind: "full" };
  const [left, right] = (id ?? "").split("_");
  const known = (v: string | undefined): PageLayout =>
    (PAGE_LAYOUTS as readonly string[]).includes(v ?? "") ? (v as PageLayout) : "blank";
  return { kind: "pages", left: known(left), right: known(right) };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Space between photos on a page (mm). */
const GAP_MM = 4;

/**
 * The photo cells of a page with `count` photos inside `area` (the page less margins and
 * gutter), as rows of columns chosen by the page's shape.
 */
function grid(area: Box, count: number): Box[] {
  const landscape = area.width >= area.height;
  // Photos per row, top to bottom.
  const rows: number[] = (() => {
    switch (count) {
      case 2:
        return landscape ? [2] : [1, 1];
      case 3:
        return [1, 2];
      case 4:
        return [2, 2];
      case 5:
        return [2, 3];
      case 6:
        return landscape ? [3, 3] : [2, 2, 2];
      default:
        return [1];
    }
  })();
  const cells: Box[] = [];
  const rowHeight = (area.height - GAP_MM * (rows.length - 1)) / rows.length;
  rows.forEach((columns, r) => {
    const width = (area.width - GAP_MM * (columns - 1)) / columns;
    for (let c = 0; c < columns; c++)
      cells.push({
        x: area.x + c * (width + GAP_MM),
        y: area.y + r * (rowHeight + GAP_MM),
        width,
        height: rowHeight,
      });
  });
  return cells;
}

/** A page's frames and text for a layout; `side` 0 is the left page, 1 the right. */
function pageElements(
  surface: Pick<Surface, "id" | "trim">,
  book: BookGeometry,
  side: 0 | 1,
  layout: PageLayout,
): Element[] {
  const pageW = surface.trim.width / 2;
  const h = surface.trim.height;
  const left = side * pageW;
  const prefix = `${surface.id}-${side === 0 ? "l" : "r"}`;
  const frame = (box: Box, n: number): Element => ({
    id: `${prefix}${n}`,
    kind: "photo",
    ...box,
    rotation: 0,
    locked: false,
  });
  if (layout === "blank") return [];
  if (layout === "p1") {
    // To the outer edges and into the bleed; the fold side stops at the fold.
    const b = BOOK_BLEED_MM;
    return [
      frame(
        side === 0
          ? { x: -b, y: -b, width: pageW + b, height: h + 2 * b }
          : { x: pageW, y: -b, width: pageW + b, height: h + 2 * b },
        1,
      ),
    ];
  }
  const margin = BOOK_SAFE_MM + 4;
  const inner = Math.max(book.gutter + 4, margin);
  const area: Box = {
    x: side === 0 ? left + margin : left + inner,
    y: margin,
    width: pageW - margin - inner,
    height: h - 2 * margin,
  };
  if (layout === "text") {
    return [
      {
        id: `${prefix}t`,
        kind: "text",
        x: area.x,
        y: area.y + area.height / 2 - 20,
        width: area.width,
        height: 40,
        rotation: 0,
        locked: false,
        fontFamily: "Lora",
        fontWeight: "normal",
        fontSize: 18,
        colour: "#222222",
        align: "center",
        lines: [""],
      },
    ];
  }
  return grid(area, photosIn(layout)).map((box, i) => frame(box, i + 1));
}

/** The elements of a spread laid out as `layout` (empty frames, an empty text box). */
export function spreadElements(
  surface: Pick<Surface, "id" | "trim">,
  book: BookGeometry,
  layout: SpreadLayout,
): Element[] {
  if (layout.kind === "full") {
    const b = BOOK_BLEED_MM;
    return [
      {
        id: `${surface.id}-f1`,
        kind: "photo",
        x: -b,
        y: -b,
        width: surface.trim.width + 2 * b,
        height: surface.trim.height + 2 * b,
        rotation: 0,
        locked: false,
      },
    ];
  }
  return [
    ...pageElements(surface, book, 0, layout.left),
    ...pageElements(surface, book, 1, layout.right),
  ];
}

/**
 * A spread with a new layout. The photos it held move into the new frames in reading order
 * (those beyond the new layout's frames are left out); a text page keeps its words.
 */
export function applySpreadLayout(
  surface: Surface,
  book: BookGeometry,
  layout: SpreadLayout,
): Surface {
  const photos = surface.elements.flatMap((e) => (e.kind === "photo" && e.photo ? [e.photo] : []));
  const texts = surface.elements.filter((e) => e.kind === "text");
  let p = 0;
  let t = 0;
  const elements = spreadElements(surface, book, layout).map((e): Element => {
    if (e.kind === "photo") {
      const photo = photos[p++];
      return photo ? { ...e, photo } : e;
    }
    if (e.kind === "text") {
      const before = texts[t++];
      return before && before.kind === "text" ? { ...e, lines: before.lines } : e;
    }
    return e;
  });
  return { ...surface, layout: spreadLayoutId(layout), elements };
}

/** A new empty spread of a book: one photo on each page. */
export function newSpread(book: BookGeometry, index: number, background = "#ffffff"): Surface {
  const surface = {
    id: `spread-${index + 1}`,
    name: "spread" as const,
    trim: { width: 2 * book.page.width, height: book.page.height },
    bleed: BOOK_BLEED_MM,
    safeInset: BOOK_SAFE_MM,
    background,
    elements: [],
  };
  const layout: SpreadLayout = { kind: "pages", left: "p1", right: "p1" };
  return {
    ...surface,
    layout: spreadLayoutId(layout),
    elements: spreadElements(surface, book, layout),
  };
}

// ------------------------------------------------------------------ auto-fill

/** A photo to lay out: its id, and when it was taken and handed in (ISO dates). */
export interface BookPhoto {
  id: string;
  capturedAt?: string | Date | null;
  createdAt?: string | Date | null;
}

const time = (v: string | Date | null | undefined): number => {
  if (v === null || v === undefined) return Number.NaN;
  return typeof v === "string" ? Date.parse(v) : v.getTime();
};

/**
 * Photos in the order they were taken: by capture date, a photo without one by its upload
 * time; equal times keep the order given. O(n log n).
 */
export function captureOrder<T extends BookPhoto>(photos: readonly T[]): T[] {
  return photos
    .map((photo, index) => {
      const taken = time(photo.capturedAt);
      const uploaded = time(photo.createdAt);
      return { photo, index, key: Number.isNaN(taken) ? uploaded : taken };
    })
    .sort((a, b) => {
      const ka = Number.isNaN(a.key) ? Number.POSITIVE_INFINITY : a.key;
      const kb = Number.isNaN(b.key) ? Number.POSITIVE_INFINITY : b.key;
      return ka - kb || a.index - b.index;
    })
    .map((x) => x.photo);
}

export interface BookAutofill {
  document: DesignDocument;
  /** Photos placed (the cover's included). */
  placed: number;
  /** Photos that did not fit: more than six a page. */
  leftOver: string[];
}

/**
 * Lays `photos` out over the book in capture order: the first on the cover's front when its
 * frame is empty, the rest over the inner pages, page i taking its share (the photos between
 * i·n/P and (i+1)·n/P), at most six a page. With fewer photos than spreads each photo gets a
 * spread of its own, across both pages, from the first spread on. Words on text pages and the cover stay; photos
 * already on the inner pages are replaced. O(photos + pages).
 */
export function autofillBook(
  doc: DesignDocument,
  book: BookGeometry,
  photos: readonly BookPhoto[],
): BookAutofill {
  const ordered = captureOrder(photos).map((p) => p.id);
  let next = 0;
  let placed = 0;
  const surfaces = doc.surfaces.slice();
  const coverIndex = surfaces.findIndex((s) => s.name === "book-cover");
  const cover = surfaces[coverIndex];
  if (cover && ordered.length > 0) {
    const front = coverPanels(book).front;
    const frame = cover.elements.find(
      (e) => e.kind === "photo" && !e.photo && !e.locked && e.x + e.width / 2 > front.x,
    );
    if (frame) {
      const photoId = ordered[next++]!;
      placed += 1;
      surfaces[coverIndex] = {
        ...cover,
        elements: cover.elements.map((e) =>
          e === frame && e.kind === "photo" ? { ...e, photo: { photoId, crop: fillCrop() } } : e,
        ),
      };
    }
  }
  const spreadIndexes: number[] = [];
  surfaces.forEach((s, i) => {
    if (s.name === "spread") spreadIndexes.push(i);
  });
  const rest = ordered.length - next;
  const spreads = spreadIndexes.length;
  const pages = 2 * spreads;
  const share = (total: number, parts: number, i: number) =>
    Math.floor(((i + 1) * total) / parts) - Math.floor((i * total) / parts);
  const place = (e: Element): Element => {
    if (e.kind !== "photo" || next >= ordered.length) return e;
    placed += 1;
    return { ...e, photo: { photoId: ordered[next++]!, crop: fillCrop() } };
  };
  // Fewer photos than spreads: each photo across a spread of its own.
  const acrossSpreads = rest > 0 && rest <= spreads;
  const capped = Math.min(rest, pages * MAX_PHOTOS_PER_PAGE);
  spreadIndexes.forEach((surfaceIndex, s) => {
    const before = surfaces[surfaceIndex]!;
    const half = before.trim.width / 2;
    // Words typed on a text page stay on that page.
    const keepsText = (side: 0 | 1) =>
      before.elements.some(
        (e) =>
          e.kind === "text" &&
          e.lines.some((l) => l.trim() !== "") &&
          (side === 0 ? e.x < half : e.x >= half),
      );
    const textLeft = keepsText(0);
    const textRight = keepsText(1);
    let layout: SpreadLayout;
    if (acrossSpreads) {
      // The first spreads, in order: the pages after them are left for the shopper.
      const one = s < rest;
      layout =
        textLeft || textRight
          ? {
              kind: "pages",
              left: textLeft ? "text" : one ? "p1" : "blank",
              right: textRight ? "text" : one && textLeft ? "p1" : "blank",
            }
          : one
            ? { kind: "full" }
            : { kind: "pages", left: "blank", right: "blank" };
    } else {
      const page = (side: 0 | 1, text: boolean): PageLayout =>
        text ? "text" : layoutFor(share(capped, pages, 2 * s + side));
      layout = { kind: "pages", left: page(0, textLeft), right: page(1, textRight) };
    }
    const texts = before.elements.filter((e) => e.kind === "text");
    let t = 0;
    const elements = spreadElements(before, book, layout).map((e) => {
      if (e.kind === "text") {
        const typed = texts[t++];
        return typed && typed.kind === "text" ? { ...e, lines: typed.lines } : e;
      }
      return place(e);
    });
    surfaces[surfaceIndex] = { ...before, layout: spreadLayoutId(layout), elements };
  });
  return {
    document: { ...doc, surfaces },
    placed,
    leftOver: ordered.slice(next),
  };
}

/**
 * A book with `pages` inner pages: spreads added at the end (one photo a page) or taken
 * from the end, with what was on them. The cover follows the new spine: it grows or
 * shrinks at the spine, what lies on the front moving with the front panel. `book` is the
 * geometry for the new count; the caller checks the count against the grid.
 */
export function withPageCount(
  doc: DesignDocument,
  book: BookGeometry,
  pages: number,
): DesignDocument {
  const spreads = doc.surfaces.filter((s) => s.name === "spread");
  const wanted = Math.max(1, Math.floor(pages / 2));
  const background = spreads[0]?.background ?? "#ffffff";
  const kept = spreads.slice(0, wanted);
  for (let i = kept.length; i < wanted; i++) kept.push(newSpread(book, i, background));
  const others = doc.surfaces
    .filter((s) => s.name !== "spread")
    .map((s) => {
      if (s.name !== "book-cover") return s;
      const trim = coverTrim(book);
      const grow = trim.width - s.trim.width;
      if (grow === 0) return s;
      // The old spine's middle: what lies beyond it is on the front.
      const middle = s.trim.width / 2;
      const spine = coverPanels(book).spine;
      return {
        ...s,
        trim,
        elements: s.elements.map((e) => {
          // The spine's title, while it runs along the spine, takes the new spine's band:
          // its box, and a smaller size where the band narrowed (its words and look kept).
          const along = e.kind === "text" && Math.abs(e.rotation) % 180 === 90;
          const fitted = e.id === SPINE_TITLE_ID && along ? spineTitle(book, []) : null;
          if (fitted && e.kind === "text") {
            const { x, y, width, height } = fitted;
            return { ...e, x, y, width, height, fontSize: Math.min(e.fontSize, fitted.fontSize) };
          }
          const centre = e.x + e.width / 2;
          const onSpine = Math.abs(centre - middle) < spine.width / 2 + book.hinge;
          const shift = onSpine ? grow / 2 : centre > middle ? grow : 0;
          return shift === 0 ? e : { ...e, x: Math.round((e.x + shift) * 1000) / 1000 };
        }),
      };
    });
  return {
    ...doc,
    product: { ...doc.product, pages: wanted * 2 },
    surfaces: [...others, ...kept],
  };
}

/**
 * A book's spreads named by their place (spread-1, spread-2 …), as its profile names them:
 * after spreads were put in another order, each takes the name of its new place.
 */
export function numberSpreads(doc: DesignDocument): DesignDocument {
  let n = 0;
  let renamed = false;
  const surfaces = doc.surfaces.map((s) => {
    if (s.name !== "spread") return s;
    const id = `spread-${++n}`;
    if (s.id === id) return s;
    renamed = true;
    return { ...s, id };
  });
  return renamed ? { ...doc, surfaces } : doc;
}

// ------------------------------------------------------------------ the template

/** The cover's title a new book starts with, in the shop's languages. */
const COVER_TITLES: Readonly<Record<Language, string>> = {
  de: "Unser Fotobuch",
  en: "Our photo book",
  fr: "Notre livre photo",
  it: "Il nostro fotolibro",
  es: "Nuestro fotolibro",
  nl: "Ons fotoboek",
};

/**
 * The cover a book starts with: a photo over the upper part of the front panel (to its
 * outer edges, into the wrap) and the title below it, the same title along the spine where
 * the spine is thick enough for words, the back plain.
 */
export function bookCover(book: BookGeometry, language: Language, background = "#ffffff"): Surface {
  const trim = coverTrim(book);
  const bleed = book.cover === "hard" ? HARD_COVER.wrap : BOOK_BLEED_MM;
  const front = coverPanels(book).front;
  const photoHeight = Math.round(front.height * 0.72);
  const inset = BOOK_SAFE_MM + 4;
  const spine = spineTitle(book, [COVER_TITLES[language]]);
  return {
    id: "book-cover",
    name: "book-cover",
    trim,
    bleed,
    safeInset: BOOK_SAFE_MM,
    background,
    elements: [
      {
        id: "cover-photo",
        kind: "photo",
        x: front.x,
        y: -bleed,
        width: front.width + bleed,
        height: photoHeight + bleed,
        rotation: 0,
        locked: false,
      },
      {
        id: "cover-title",
        kind: "text",
        x: front.x + inset,
        y: photoHeight + (front.height - photoHeight) / 2 - 9,
        width: front.width - 2 * inset,
        height: 18,
        rotation: 0,
        locked: false,
        fontFamily: "Lora",
        fontWeight: "normal",
        fontSize: Math.max(14, Math.min(36, Math.round(front.width / 8))),
        colour: "#222222",
        align: "center",
        lines: [COVER_TITLES[language]],
      },
      ...(spine ? [spine] : []),
    ],
  };
}

/** A new book: its cover, then its spreads with one photo a page. */
export function bookTemplate(
  product: ProductRef,
  book: BookGeometry,
  language: Language,
): DesignDocument {
  return {
    schemaVersion: DOCUMENT_SCHEMA_VERSION,
    product: { ...product, pages: book.pages },
    surfaces: [
      bookCover(book, language),
      ...Array.from({ length: book.spreads }, (_, i) => newSpread(book, i)),
    ],
  };
}

/**
 * The design document: what a shopper made in the studio, as data in millimetres and
 * independent of any drawing library. The editor draws it, the server prints it, and the
 * proof a shopper approves is drawn from that print, so this is the one truth of a design.
 *
 * Coordinates: each surface has its own origin at the top-left corner of its trim (the
 * finished, cut size). Negative values and values beyond the trim reach into the bleed (and,
 * on a canvas, into the wrap around the stretcher). Rotation is in degrees, clockwise,
 * around the element's centre.
 */
import { z } from "zod";
import { MAX_PHOTOBOX_QUANTITY } from "../photobox";

/** The version of the document's shape; a later shape migrates older ones up. */
export const DOCUMENT_SCHEMA_VERSION = 1;

/**
 * Most different pictures one prints or photo box design holds: each is a page of its own
 * in the editor and the print file, so a box of more prints repeats pictures as copies.
 */
export const MAX_PICTURES = 250;

/** Most prints one design makes (its pictures' copies together): the photo box's largest. */
export const MAX_PRINTS = MAX_PHOTOBOX_QUANTITY;

/** Largest length anywhere in a document (mm): wall art goes up to 1.8 m, with room to move. */
const MAX_MM = 5000;
const mm = z.number().finite().min(-MAX_MM).max(MAX_MM);
const positiveMm = z.number().finite().positive().max(MAX_MM);
const degrees = z.number().finite().min(-360).max(360);
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour is #rrggbb");
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The fonts a text can be set in: the shop's own files, the same the print file embeds. */
export const FONT_FAMILIES = ["Inter", "Lora"] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
export const FONT_WEIGHTS = ["normal", "bold"] as const;

/** Where a photo sits in its frame: moved from the centre (mm), zoomed and turned. */
export const cropSchema = z.object({
  /** Shift of the photo's centre from the frame's centre, in mm on the surface. */
  offsetX: mm,
  offsetY: mm,
  /** 1 fills the frame (the photo covers it, no gap); larger zooms in. */
  scale: z.number().finite().min(0.05).max(50),
  /** Turn of the photo inside the frame, degrees. */
  rotation: degrees,
});
export type Crop = z.infer<typeof cropSchema>;

const placement = {
  id,
  x: mm,
  y: mm,
  width: positiveMm,
  height: positiveMm,
  rotation: degrees,
  locked: z.boolean(),
};

export const photoElementSchema = z.object({
  ...placement,
  kind: z.literal("photo"),
  /**
   * The frame's shape when it is not its box: a polygon of points in the box's own terms
   * (0..1 across, 0..1 down, before the rotation). The photo shows only inside it, in the
   * editor and in print alike; a heart collage's cells on its outline follow the curve.
   */
  clip: z
    .array(z.tuple([z.number().finite().min(0).max(1), z.number().finite().min(0).max(1)]))
    .min(3)
    .max(96)
    .optional(),
  /** The photo in this frame; an empty frame has none. */
  photo: z
    .object({
      photoId: id,
      crop: cropSchema,
    })
    .optional(),
});
export type PhotoElement = z.infer<typeof photoElementSchema>;

export const textElementSchema = z.object({
  ...placement,
  kind: z.literal("text"),
  fontFamily: z.enum(FONT_FAMILIES),
  fontWeight: z.enum(FONT_WEIGHTS),
  /** Size in points (1 pt = 25.4/72 mm). */
  fontSize: z.number().finite().min(1).max(500),
  colour,
  align: z.enum(["left", "center", "right"]),
  /** The lines as typed; the renderer does not wrap them. */
  lines: z.array(z.string().max(500)).max(50),
});
export type TextElement = z.infer<typeof textElementSchema>;

export const shapeElementSchema = z.object({
  ...placement,
  kind: z.literal("shape"),
  shape: z.enum(["rectangle", "ellipse"]),
  fill: colour.optional(),
  stroke: colour.optional(),
  /** Stroke width in mm. */
  strokeWidth: z.number().finite().min(0).max(100),
});
export type ShapeElement = z.infer<typeof shapeElementSchema>;

export const elementSchema = z.discriminatedUnion("kind", [
  photoElementSchema,
  textElementSchema,
  shapeElementSchema,
]);
export type Element = z.infer<typeof elementSchema>;

/** Ids of the elements a calendar draws itself (grid, names, year): remade on every change. */
export const CALENDAR_ELEMENT_PREFIX = "cal-";

/**
 * Whether an element belongs in the shopper's element list. A calendar's own grid (day
 * numbers, weekday names, holidays, the cover's year) is the shop's drawing, locked and made
 * anew on every setting change: a hundred such entries would bury the frames and texts the
 * shopper places and edits. Should one be unlocked, it is listed again.
 */
export function isListedElement(e: Element): boolean {
  return !(e.locked && e.id.startsWith(CALENDAR_ELEMENT_PREFIX));
}

/** What covers a canvas's sides: the photo mirrored, a plain colour, or the photo itself. */
export const EDGE_MODES = ["mirrored", "colour", "image"] as const;
export type EdgeMode = (typeof EDGE_MODES)[number];

export const surfaceSchema = z.object({
  id,
  /** What the surface is: front, inside-left, inside-right, back, canvas, print. */
  name: z.enum([
    "front",
    "inside-left",
    "inside-right",
    "back",
    "canvas",
    "print",
    // A calendar's cover and month pages; a photo book's cover (back, spine and front as
    // one sheet) and its inner spreads; a collage's one picture.
    "cover",
    "month",
    "book-cover",
    "spread",
    "collage",
  ]),
  /** The layout the surface's frames were laid out from (a calendar's, book's or collage's). */
  layout: id.optional(),
  trim: z.object({ width: positiveMm, height: positiveMm }),
  /** Printed beyond the trim on every side and cut off (mm). */
  bleed: z.number().finite().min(0).max(50),
  /** Keep text and faces this far inside the trim (mm). */
  safeInset: z.number().finite().min(0).max(200),
  /** A canvas's wrap: the sides around the stretcher frame and how they are covered. */
  wrap: z
    .object({
      /** Stretcher depth (mm): the side seen from the wall. */
      depth: positiveMm,
      /** Canvas folded to the back of the frame beyond the side (mm). */
      foldBack: z.number().finite().min(0).max(100),
      edge: z.enum(EDGE_MODES),
      /** The side's colour when the edge is a colour. */
      edgeColour: colour.optional(),
    })
    .optional(),
  background: colour,
  elements: z.array(elementSchema).max(200),
  /** How many prints of this picture (prints and the photo box); 1 when not given. */
  copies: z.number().int().min(1).max(MAX_PRINTS).optional(),
});
export type Surface = z.infer<typeof surfaceSchema>;

/** The product a document is made for: its family, format ('WxH' mm) and chosen options. */
export const productRefSchema = z.object({
  family: z.enum([
    "card",
    "photoframe",
    "photoprint",
    "photobox",
    "calendar",
    "photobook",
    "collage",
  ]),
  format: z.string().regex(/^\d{2,4}x\d{2,4}$/),
  /** The catalogue's option codes: cardType, material, frameType, canvasStretcherFrame … */
  options: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), z.string().max(80)),
  /**
   * Photo prints and the photo box: how many prints were ordered (what the cart sells), and
   * how many different pictures make them (one surface each; when not given, as many as
   * the prints up to MAX_PICTURES). The pictures' copies add up to the prints.
   */
  prints: z.number().int().min(1).max(MAX_PRINTS).optional(),
  pictures: z.number().int().min(1).max(MAX_PICTURES).optional(),
  /** A photo book's inner page count (the catalogue's steps, between its minimum and maximum). */
  pages: z.number().int().min(1).max(500).optional(),
});
export type ProductRef = z.infer<typeof productRefSchema>;

/**
 * How many different pictures (surfaces) a prints or photo box design has: as its product
 * names them, else one a print up to MAX_PICTURES; 1 for every other family.
 */
export function picturesOf(product: Pick<ProductRef, "family" | "prints" | "pictures">): number {
  if (product.family !== "photoprint" && product.family !== "photobox") return 1;
  return product.pictures ?? Math.min(product.prints ?? 1, MAX_PICTURES);
}

export const designDocumentSchema = z.object({
  schemaVersion: z.literal(DOCUMENT_SCHEMA_VERSION),
  product: productRefSchema,
  surfaces: z.array(surfaceSchema).min(1).max(260),
  /**
   * A calendar's settings: the year and month it starts with, the language its month and
   * weekday names are in, the country (and region) whose holidays it marks, and the
   * shopper's own dates (birthdays …) printed in the grid.
   */
  calendar: z
    .object({
      year: z.number().int().min(2000).max(2100),
      startMonth: z.number().int().min(1).max(12),
      locale: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/),
      country: z.string().regex(/^[A-Z]{2}$/),
      region: z
        .string()
        .regex(/^[A-Za-z0-9]{1,8}$/)
        .optional(),
      dates: z
        .array(
          z.object({
            month: z.number().int().min(1).max(12),
            day: z.number().int().min(1).max(31),
            label: z.string().trim().min(1).max(40),
          }),
        )
        .max(200),
      /**
       * The catalogue's design group the calendar was made in and the photo layouts it
       * offers (ids of the calendar's layouts; its first of a page's kind is that page's
       * default). A calendar without one offers every layout.
       */
      designGroup: z
        .object({
          id: z.number().int().positive(),
          layouts: z
            .array(z.string().regex(/^[a-z0-9-]{1,40}$/))
            .min(1)
            .max(40),
        })
        .optional(),
    })
    .optional(),
});
export type DesignDocument = z.infer<typeof designDocumentSchema>;

// ------------------------------------------------------------------ geometry

export const MM_PER_INCH = 25.4;
export const MM_PER_POINT = MM_PER_INCH / 72;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The axis-aligned box an element covers once turned around its centre. */
export function boundingBox(e: Rect & { rotation: number }): Rect {
  const rad = (e.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const width = e.width * cos + e.height * sin;
  const height = e.width * sin + e.height * cos;
  const cx = e.x + e.width / 2;
  const cy = e.y + e.height / 2;
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

/** The area that must hold text and faces: the trim less the safe inset on every side. */
export function safeArea(surface: Pick<Surface, "trim" | "safeInset">): Rect {
  const inset = surface.safeInset;
  return {
    x: inset,
    y: inset,
    width: Math.max(0, surface.trim.width - 2 * inset),
    height: Math.max(0, surface.trim.height - 2 * inset),
  };
}

/** How far the printed sheet reaches beyond the trim: the wrap (canvas) and the bleed. */
export function printMargin(surface: Pick<Surface, "bleed" | "wrap">): number {
  const wrap = surface.wrap ? surface.wrap.depth + surface.wrap.foldBack : 0;
  return wrap + surface.bleed;
}

const EPS = 1e-6;

function inside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x - EPS &&
    inner.y >= outer.y - EPS &&
    inner.x + inner.width <= outer.x + outer.width + EPS &&
    inner.y + inner.height <= outer.y + outer.height + EPS
  );
}

/**
 * The elements that reach outside the safe area. Photos and shapes may run into the bleed
 * on purpose (a full-bleed picture, a coloured band), so only text is asked about unless
 * `all` is set: words cut off at the trim are the mistake to catch.
 */
export function outsideSafeArea(surface: Surface, all = false): Element[] {
  const safe = safeArea(surface);
  return surface.elements.filter(
    (e) => (all || e.kind === "text") && !inside(boundingBox(e), safe),
  );
}

/** Smallest text size that prints legibly (pt). */
export const MIN_TEXT_PT = 6;

/** The text elements set smaller than prints legibly. */
export function textTooSmall(surface: Surface, minPt = MIN_TEXT_PT): TextElement[] {
  return surface.elements.filter(
    (e): e is TextElement =>
      e.kind === "text" && e.lines.some((l) => l.trim() !== "") && e.fontSize < minPt,
  );
}

// ------------------------------------------------------------------ photos in frames

/** Pixel size of a photo (as the original is stored: turned upright already). */
export interface PixelSize {
  width: number;
  height: number;
}

/**
 * How the photo, turned by `rotation`, would be sized to cover a frame: the mm per pixel
 * at scale 1 ("fill": the photo covers the whole frame, the smallest such size).
 */
function coverMmPerPixel(photo: PixelSize, frame: Rect, rotation: number): number {
  const rad = (rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  // The photo must contain the frame turned back by -rotation: the frame's box in the
  // photo's own axes.
  const needW = frame.width * cos + frame.height * sin;
  const needH = frame.width * sin + frame.height * cos;
  return Math.max(needW / photo.width, needH / photo.height);
}

/** The crop that fills a frame with the photo, centred: nothing of the frame left empty. */
export function fillCrop(): Crop {
  return { offsetX: 0, offsetY: 0, scale: 1, rotation: 0 };
}

/**
 * The crop that fits the whole photo into the frame, centred (empty bands on two sides
 * when the shapes differ): the scale below 1 that shows the photo's long side entire.
 */
export function fitCrop(photo: PixelSize, frame: Rect): Crop {
  const cover = coverMmPerPixel(photo, frame, 0);
  const contain = Math.min(frame.width / photo.width, frame.height / photo.height);
  return { offsetX: 0, offsetY: 0, scale: contain / cover, rotation: 0 };
}

/**
 * Where the photo lies on the surface for a crop: its size in mm (before its own turn),
 * its centre, and its turn (frame's plus crop's).
 */
export function placedPhoto(
  photo: PixelSize,
  frame: Rect & { rotation: number },
  crop: Crop,
): { width: number; height: number; centerX: number; centerY: number; rotation: number } {
  const mmPerPixel = coverMmPerPixel(photo, frame, crop.rotation) * crop.scale;
  return {
    width: photo.width * mmPerPixel,
    height: photo.height * mmPerPixel,
    centerX: frame.x + frame.width / 2 + crop.offsetX,
    centerY: frame.y + frame.height / 2 + crop.offsetY,
    rotation: frame.rotation + crop.rotation,
  };
}

/** The effective resolution of a placed photo: its pixels per inch as printed. */
export function effectivePpi(photo: PixelSize, frame: Rect, crop: Crop): number {
  const mmPerPixel = coverMmPerPixel(photo, frame, crop.rotation) * crop.scale;
  return MM_PER_INCH / mmPerPixel;
}

/** Quality thresholds of a product (ppi): at least `good`, at least `acceptable`, else poor. */
export interface PpiThresholds {
  good: number;
  acceptable: number;
  /** Below this the print shows pixels: the preflight asks the shopper to confirm. */
  poor: number;
}

export type Quality = "good" | "acceptable" | "poor";

export function qualityOf(ppi: number, t: PpiThresholds): Quality {
  if (ppi >= t.good) return "good";
  if (ppi >= t.acceptable) return "acceptable";
  return "poor";
}

/**
 * A photo frame with no photo in it. Every frame of a design is meant to be filled: an
 * empty one would print as a blank hole, so it stops the order (the studio before adding to
 * the cart, the cart itself on the server), unlike the warnings a shopper may confirm.
 */
export function isEmptyFrame(e: Element): boolean {
  return e.kind === "photo" && !e.photo;
}

/** The photo frames of a document with no photo in them. */
export function emptyFrames(doc: DesignDocument): { surface: string; element: string }[] {
  return doc.surfaces.flatMap((s) =>
    s.elements.filter(isEmptyFrame).map((e) => ({ surface: s.id, element: e.id })),
  );
}

/** The empty frames as paths into the document (`surfaces.0.elements.2`), as a 422 names them. */
export function emptyFramePaths(doc: DesignDocument): string[] {
  return doc.surfaces.flatMap((s, si) =>
    s.elements.flatMap((e, ei) => (isEmptyFrame(e) ? [`surfaces.${si}.elements.${ei}`] : [])),
  );
}

/**
 * Places photos in the empty frames, surface by surface in order, each filling its frame;
 * frames that already hold a photo keep it. Photos left over once every frame is full are
 * not placed. Returns a new document.
 */
export function autofill(doc: DesignDocument, photoIds: readonly string[]): DesignDocument {
  const queue = [...photoIds];
  return {
    ...doc,
    surfaces: doc.surfaces.map((s) => ({
      ...s,
      elements: s.elements.map((e) => {
        if (e.kind !== "photo" || e.photo || e.locked) return e;
        const photoId = queue.shift();
        return photoId === undefined ? e : { ...e, photo: { photoId, crop: fillCrop() } };
      }),
    })),
  };
}

/** Every photo a document places, once each. */
export function photoIdsOf(doc: DesignDocument): string[] {
  const ids = new Set<string>();
  for (const s of doc.surfaces)
    for (const e of s.elements) if (e.kind === "photo" && e.photo) ids.add(e.photo.photoId);
  return [...ids];
}

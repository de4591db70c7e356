/**
 * The product a studio design is for, read from its configuration: the fields the cart
 * takes (a card's cardType and size …) or, for wall art and prints, the material or frame,
 * the format and the canvas's stretcher and edge. The cart prices the configuration; the
 * studio needs only what decides the print.
 */
import { z } from "zod";
import { CALENDAR_FORMAT_CODES } from "../catalogue";
import { calendarFormat } from "./calendarProfile";
import { hasCopies, printCount } from "./copies";
import { isPhotoboxQuantityOf } from "../photobox";
import { type DesignDocument, type ProductRef } from "./document";
import { FRAME_OPTION_KEYS, withFrameOptions } from "./frame";
import { photobookFormat } from "./photobook";
import { studioConfiguration } from "./studioLinks";

const value = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, "a catalogue value");
const format = z.string().regex(/^\d{2,4}x\d{2,4}$/, "a format 'WxH' in mm");
const quantity = z.number().int().min(1).max(100_000).optional();

export const studioConfigurationSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("card"),
    cardType: value,
    size: format,
    refinement: value,
    envelope: value,
    sample: z.boolean().optional(),
    quantity,
  }),
  z.object({
    kind: z.literal("photoframe"),
    material: value.optional(),
    frameType: value.optional(),
    size: format,
    canvasStretcherFrame: z.enum(["25", "38"]).optional(),
    canvasEdge: z.enum(["coloured", "mirrored", "folded"]).optional(),
    /** A frame's colour (the catalogue's finish), mat and glazing, where the frame has them. */
    frameColour: value.optional(),
    matType: value.optional(),
    matSize: z.enum(["0", "30"]).optional(),
    matColour: value.optional(),
    glass: value.optional(),
    quantity,
  }),
  // A collage as its product page chose it: the catalogue's design group (its id), the
  // material and the format.
  z.object({
    kind: z.literal("collage"),
    design: z.string().regex(/^\d{1,6}$/, "a design group id"),
    collageMaterial: value,
    size: format,
    quantity,
  }),
  z.object({
    kind: z.enum(["photoprint", "photobox"]),
    photoboxType: value.optional(),
    size: format,
    /**
     * The prints ordered, one of the product page's steps (the type's own most is the
     * catalogue's, checked when the design is made): made from at most MAX_PICTURES
     * pictures, each with its copies.
     */
    prints: z
      .number()
      .int()
      .refine((n) => isPhotoboxQuantityOf(n), "one of the photo box's quantity steps"),
    quantity,
  }),
  z.object({
    kind: z.literal("calendar"),
    calendarType: value,
    /** The catalogue's format code ("a3-hoch"), as the cart takes it. */
    size: z.enum(CALENDAR_FORMAT_CODES as [string, ...string[]]),
    mounting: value,
    /** The first month: 'YYYY-MM'. */
    start: z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, "a month 'YYYY-MM'"),
    quantity,
  }),
  // A photo book as its product page chose it: the paper is the catalogue's variant, the
  // size its size key; the pages are checked against the book's limits when it is made.
  z.object({
    kind: z.literal("photobook"),
    photobookType: value,
    cover: value,
    paper: value,
    size: value,
    pages: z.number().int().min(2).max(500),
    quantity,
  }),
]);
export type StudioConfiguration = z.infer<typeof studioConfigurationSchema>;

/** What a framed picture's product names: the material, the frame and how it is made. */
const PHOTOFRAME_OPTION_KEYS = [
  "material",
  "frameType",
  "canvasStretcherFrame",
  "canvasEdge",
  ...FRAME_OPTION_KEYS,
] as const;

/**
 * The options each family's product names (as `productRefOf` sets them): what decides the
 * print and the price. A design may keep more (a photo book's page limits), which are not
 * the line's to name.
 */
const PRODUCT_OPTION_KEYS: Readonly<Record<StudioConfiguration["kind"], readonly string[]>> = {
  card: ["cardType"],
  photoframe: PHOTOFRAME_OPTION_KEYS,
  collage: ["design", "collageMaterial"],
  calendar: ["calendarType", "mounting"],
  photobook: ["photobookType", "cover", "paper", "size"],
  photoprint: ["photoboxType"],
  photobox: ["photoboxType"],
};

/** The product reference of a configuration: its family, format and print-deciding options. */
export function productRefOf(config: StudioConfiguration): ProductRef {
  switch (config.kind) {
    case "card":
      return { family: "card", format: config.size, options: { cardType: config.cardType } };
    case "photoframe": {
      const options: Record<string, string> = {};
      for (const key of PHOTOFRAME_OPTION_KEYS) {
        const v = config[key];
        if (v !== undefined) options[key] = v;
      }
      return { family: "photoframe", format: config.size, options };
    }
    case "collage":
      return {
        family: "collage",
        format: config.size,
        options: { design: config.design, collageMaterial: config.collageMaterial },
      };
    case "calendar":
      return {
        family: "calendar",
        // The schema takes only the catalogue's codes, each of which has a size.
        format: calendarFormat(config.size) ?? config.size,
        options: { calendarType: config.calendarType, mounting: config.mounting },
      };
    case "photobook":
      return {
        family: "photobook",
        format: photobookFormat(config.size) ?? "0x0",
        options: {
          photobookType: config.photobookType,
          cover: config.cover,
          paper: config.paper,
          size: config.size,
        },
        pages: config.pages,
      };
    default:
      return {
        family: config.kind,
        format: config.size,
        options: config.photoboxType ? { photoboxType: config.photoboxType } : {},
        prints: config.prints,
      };
  }
}

/**
 * The configuration the cart prices for a finished design: the one the studio opened with,
 * except what the shopper changed in the studio itself. A photo book's page count is the
 * design's (pages added or removed there), so the line costs what that book costs.
 */
export function cartConfigurationOf<C extends { kind?: unknown }>(
  configuration: C,
  document: Pick<DesignDocument, "product">,
): C {
  if (configuration.kind === "photobook" && document.product.pages !== undefined)
    return { ...configuration, pages: document.product.pages };
  return configuration;
}

/**
 * The options a finished design goes into the cart with as an article: its designer link's,
 * except a frame's colour, mat and glazing, which are the design's (the shopper may have
 * changed them in the studio), so the line names the frame that is made.
 */
export function cartArticleOptionsOf(
  options: Readonly<Record<string, string>>,
  document: Pick<DesignDocument, "product">,
): Record<string, string> {
  if (document.product.family !== "photoframe") return { ...options };
  const chosen: Record<string, string> = {};
  for (const key of FRAME_OPTION_KEYS) {
    const v = document.product.options[key];
    if (v !== undefined) chosen[key] = v;
  }
  return withFrameOptions(options, chosen);
}

/**
 * A cart line's options following what the shopper may still change in its design after
 * the line went into the cart, as the studio would put the design into the cart now: a
 * photo book's pages, a frame's colour, mat and glazing. Everything else stays the line's.
 */
export function lineOptionsFollowing(
  product: string,
  options: Readonly<Record<string, string>>,
  document: Pick<DesignDocument, "product">,
): Record<string, string> {
  const { family, pages } = document.product;
  if (product === "photobook" && family === "photobook" && options.pages && pages !== undefined)
    return { ...options, pages: String(pages) };
  if (product === "photoframe") return cartArticleOptionsOf(options, document);
  return { ...options };
}

/**
 * A cart line's configuration as the studio reads it (its kind and stored options, the
 * pages and the sample flag as numbers and flags again): null when the line is no product
 * the studio designs.
 */
export function lineStudioConfiguration(
  product: string,
  options: Readonly<Record<string, string>>,
): StudioConfiguration | null {
  const parsed = studioConfigurationSchema.safeParse({
    ...options,
    kind: product,
    ...(options.pages === undefined ? {} : { pages: Number(options.pages) }),
    ...(options.prints === undefined ? {} : { prints: Number(options.prints) }),
    ...(options.sample === undefined ? {} : { sample: options.sample === "true" }),
  });
  return parsed.success ? parsed.data : null;
}

/**
 * A cart article's configuration as the studio reads it: its designer link's options (and
 * its quantity, which for prints is how many pictures) read as the link that starts a
 * design, so a line is compared with its design as the design was started from such a
 * link; null when the studio starts no design from them. A prints line's prints are its
 * whole quantity, which its design's pictures must make with their copies.
 */
export function articleStudioConfiguration(
  product: string,
  options: Readonly<Record<string, string>>,
  quantity: number,
): StudioConfiguration | null {
  const started = studioConfiguration(product, { ...options, quantity: String(quantity) });
  const parsed = started && studioConfigurationSchema.safeParse(started.configuration);
  if (!parsed?.success) return null;
  const configuration = parsed.data;
  if (configuration.kind === "photoprint" || configuration.kind === "photobox")
    return { ...configuration, prints: quantity };
  return configuration;
}

/** One way a line's configuration and its design disagree: the field, and each one's value. */
export interface DesignDifference {
  field: string;
  line: string;
  design: string;
}

/** A calendar design's first month as a line names it ('YYYY-MM'). */
function designStart(calendar: DesignDocument["calendar"]): string | undefined {
  return calendar && `${calendar.year}-${String(calendar.startMonth).padStart(2, "0")}`;
}

/**
 * Where a line's configuration (what the cart prices) and the design it prints disagree:
 * the product, its format, each option that is priced (one the line leaves out while the
 * design names it too: a frame the line does not have), a calendar's first month, the
 * pages and the prints (a prints design's copies together). A line is only honest when this is empty, or it would be priced as
 * one product and printed as another (a 100-page book sold as 24 pages, a framed 30 x 40
 * picture as an unframed 20 x 30, three prints as one, a calendar from March as one from
 * January).
 */
export function designDifferences(
  configuration: StudioConfiguration,
  document: Pick<DesignDocument, "product"> &
    Partial<Pick<DesignDocument, "calendar" | "surfaces">>,
): DesignDifference[] {
  const line = productRefOf(configuration);
  const design = document.product;
  const shown = (v: string | number | undefined) => (v === undefined ? "none" : String(v));
  if (line.family !== design.family)
    return [{ field: "kind", line: line.family, design: design.family }];
  const differences: DesignDifference[] = [];
  const differ = (field: string, ours: string | number | undefined, theirs: typeof ours) => {
    if (ours !== theirs) differences.push({ field, line: shown(ours), design: shown(theirs) });
  };
  differ("size", line.format, design.format);
  for (const key of PRODUCT_OPTION_KEYS[configuration.kind])
    differ(key, line.options[key], design.options[key]);
  if (configuration.kind === "calendar")
    differ("start", configuration.start, designStart(document.calendar));
  differ("pages", line.pages, design.pages);
  // Prints and the photo box: the line's prints against what the pictures' copies make.
  differ("prints", line.prints, hasCopies(design) ? printCount(document) : design.prints);
  return differences;
}

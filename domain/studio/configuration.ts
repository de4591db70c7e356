/**
 * The product a studio design is for, read from its configuration: the fields the cart
 * takes (a card's cardType and size …) or, for wall art and prints, the material or frame,
 * the format and the canvas's stretcher and edge. The cart prices the configuration; the
 * studio needs only what decides the print.
 */
import { z } from "zod";
import { CALENDAR_FORMAT_CODES } from "../catalogue";
import { calendarFormat } from "./calendarProfile";
import type { DesignDocument, ProductRef } from "./document";
import { FRAME_OPTION_KEYS, withFrameOptions } from "./frame";
import { photobookFormat } from "./photobook";

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
    /** Different pictures: one surface each. */
    prints: z.number().int().min(1).max(250),
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

/** The product reference of a configuration: its family, format and print-deciding options. */
export function productRefOf(config: StudioConfiguration): ProductRef {
  switch (config.kind) {
    case "card":
      return { family: "card", format: config.size, options: { cardType: config.cardType } };
    case "photoframe": {
      const options: Record<string, string> = {};
      for (const key of [
        "material",
        "frameType",
        "canvasStretcherFrame",
        "canvasEdge",
        ...FRAME_OPTION_KEYS,
      ] as const) {
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

/** One way a line's configuration and its design disagree: the field, and each one's value. */
export interface DesignDifference {
  field: string;
  line: string;
  design: string;
}

/**
 * Where a line's configuration (what the cart prices) and the design it prints disagree:
 * the product, its format, each option that is priced, the pages and the prints. A line
 * is only honest when this is empty, or it would be priced as one product and printed as
 * another (a 100-page book sold as 24 pages).
 */
export function designDifferences(
  configuration: StudioConfiguration,
  document: Pick<DesignDocument, "product">,
): DesignDifference[] {
  const line = productRefOf(configuration);
  const design = document.product;
  const shown = (v: string | number | undefined) => (v === undefined ? "none" : String(v));
  if (line.family !== design.family)
    return [{ field: "kind", line: line.family, design: design.family }];
  const differences: DesignDifference[] = [];
  if (line.format !== design.format)
    differences.push({ field: "size", line: line.format, design: design.format });
  for (const [key, v] of Object.entries(line.options))
    if (design.options[key] !== v)
      differences.push({ field: key, line: v, design: shown(design.options[key]) });
  for (const key of ["pages", "prints"] as const)
    if (line[key] !== design[key])
      differences.push({ field: key, line: shown(line[key]), design: shown(design[key]) });
  return differences;
}

/**
 * The product a studio design is for, read from its configuration: the fields the cart
 * takes (a card's cardType and size …) or, for wall art and prints, the material or frame,
 * the format and the canvas's stretcher and edge. The cart prices the configuration; the
 * studio needs only what decides the print.
 */
import { z } from "zod";
import type { ProductRef } from "./document";

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
]);
export type StudioConfiguration = z.infer<typeof studioConfigurationSchema>;

/** The product reference of a configuration: its family, format and print-deciding options. */
export function productRefOf(config: StudioConfiguration): ProductRef {
  switch (config.kind) {
    case "card":
      return { family: "card", format: config.size, options: { cardType: config.cardType } };
    case "photoframe": {
      const options: Record<string, string> = {};
      for (const key of ["material", "frameType", "canvasStretcherFrame", "canvasEdge"] as const) {
        const v = config[key];
        if (v !== undefined) options[key] = v;
      }
      return { family: "photoframe", format: config.size, options };
    }
    default:
      return {
        family: config.kind,
        format: config.size,
        options: config.photoboxType ? { photoboxType: config.photoboxType } : {},
        prints: config.prints,
      };
  }
}

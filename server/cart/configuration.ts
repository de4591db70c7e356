/**
 * A product configuration as the cart takes it: the fields GET /web-api/product-details
 * reads (the product kind, every option, the amounts, the sample flag and the editor's
 * presets), so a line is priced by the very call that priced the product page.
 */
import { z } from "@hono/zod-openapi";
import {
  DETAIL_KINDS,
  DETAIL_OPTIONS,
  detailPreset,
  type DetailKind,
} from "../../domain/productDetails";

const value = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/, "a catalogue value (letters, digits, - and _)");
const names = z
  .string()
  .regex(/^[a-z0-9-]{1,40}(,[a-z0-9-]{1,40}){0,19}$/, "names separated by commas");
const amount = z.number().int().min(1).max(100_000);

/** The amounts and presets every kind may carry; each kind adds its options. */
const common = {
  quantity: amount.optional().openapi({ description: "Copies; kept on the product's grid" }),
  studioDesign: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "a design id of the studio")
    .optional()
    .openapi({
      description:
        "The studio design this line prints (POST /web-api/studio/designs); the line shows its proof",
    }),
};

export const cartItemBody = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("accessory"),
      accessoryType: value,
      accessory: value,
      accessoryTypes: names.optional(),
      ...common,
    }),
    z.object({
      kind: z.literal("calendar"),
      calendarType: value,
      size: value,
      mounting: value,
      start: z.string().regex(/^\d{4}-\d{2}$/, "'YYYY-MM'"),
      ...common,
    }),
    z.object({
      kind: z.literal("card"),
      cardType: value,
      size: value,
      refinement: value,
      envelope: value,
      sample: z.boolean().optional(),
      themeId: value.optional(),
      ...common,
    }),
    z.object({
      kind: z.literal("collage"),
      design: value,
      collageMaterial: value,
      size: value,
      designs: names.optional(),
      ...common,
    }),
    z.object({
      kind: z.literal("photobook"),
      photobookType: value,
      cover: value,
      paper: value,
      size: value,
      pages: amount.optional().openapi({ description: "Pages; kept on the book's grid" }),
      designGroupId: value.optional(),
      ...common,
    }),
  ])
  .openapi("CartItemInput", {
    description:
      "A product configuration with the fields of GET /web-api/product-details; every option of the kind is required",
  });
export type CartItemBody = z.infer<typeof cartItemBody>;

/** The presets a line keeps besides its options and amounts. */
const PRESET_KEYS = [
  "themeId",
  "designGroupId",
  "designs",
  "accessoryTypes",
  "studioDesign",
] as const;

/** The question product-details answers for a configuration (all values as the query has them). */
export function askedOf(body: CartItemBody): Record<string, string | undefined> {
  const asked: Record<string, string | undefined> = {};
  for (const [key, v] of Object.entries(body))
    if (v !== undefined && v !== null) asked[key] = String(v);
  return asked;
}

/** What a cart line keeps of a configuration priced for `amounts`. */
export function storedOptions(
  kind: DetailKind,
  asked: Readonly<Record<string, string | undefined>>,
  amounts: { pages: number | null; sample: boolean },
): Record<string, string> {
  const options: Record<string, string> = {};
  for (const name of DETAIL_OPTIONS[kind]) options[name] = asked[name]!;
  if (amounts.pages !== null) options.pages = String(amounts.pages);
  if (amounts.sample) options.sample = "true";
  for (const key of PRESET_KEYS) if (asked[key]) options[key] = asked[key];
  return options;
}

/**
 * Whether a line holds a product configuration (every option of a detail kind) rather
 * than a designer's parameters, which name other options.
 */
export function isConfigurationLine(
  product: string,
  options: Readonly<Record<string, string>>,
): product is DetailKind {
  return (
    (DETAIL_KINDS as readonly string[]).includes(product) &&
    DETAIL_OPTIONS[product as DetailKind].every((name) => options[name] !== undefined)
  );
}

/** A stored line as product-details' question again. */
export function askedOfLine(
  options: Readonly<Record<string, string>>,
  quantity: number,
): Record<string, string | undefined> {
  return { ...options, quantity: String(quantity) };
}

/** The editor's presets of a configuration, as product-details reads them. */
export const presetOf = (asked: Readonly<Record<string, string | undefined>>) =>
  detailPreset(asked);

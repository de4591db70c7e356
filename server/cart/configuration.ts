/**
 * A product configuration as the cart takes it: the fields GET /web-api/product-details
 * reads (the product kind, every option, the amounts, the sample flag and the editor's
 * presets), so a line is priced by the very call that priced the product page.
 */
import { z } from "@hono/zod-openapi";
import { MAX_OPTION_LENGTH, MAX_OPTIONS } from "../../domain/cart";
import { CART_PRODUCTS } from "../../domain/cartInput";
import { MAX_CARD_QUANTITY } from "../../domain/designerLinks";
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

/**
 * An article as its product page or the designer names it (wall art, prints, the photo box,
 * a gift voucher, an express production ...): the product and the options its designer link
 * carries, priced by the catalogue's offer for exactly those options. The same the cart
 * page's add form posts.
 */
export const cartArticleBody = z
  .object({
    kind: z.literal("article"),
    product: z.enum(CART_PRODUCTS),
    options: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), z.string().max(MAX_OPTION_LENGTH))
      .refine((o) => Object.keys(o).length <= MAX_OPTIONS, "too many options")
      .openapi({
        description:
          "The designer link's options (e.g. materialType, formatType, canvasEdge), with studioDesign for a design",
      }),
    quantity: z.number().int().min(1).max(MAX_CARD_QUANTITY),
  })
  .openapi("CartArticleInput");
export type CartArticleBody = z.infer<typeof cartArticleBody>;

/**
 * What POST /web-api/cart/items takes: a product configuration or an article, told apart
 * by their kind, so a refusal names the field of the kind asked for.
 */
export const cartAddBody = z.discriminatedUnion("kind", [...cartItemBody.options, cartArticleBody]);
export type CartAddBody = z.infer<typeof cartAddBody>;

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

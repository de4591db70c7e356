/**
 * The calculator's fields (content/BLOCKS.md): a product kind, how many formats are
 * listed, the editor's grouping of the materials and the material shown first; its
 * materials, formats and prices come from the catalogue for the request's shop.
 */
import { z } from "zod";
import { CALCULATOR_PRODUCTS } from "../../../domain/calculator";
import { colourField, optionField } from "../../lib/fields.server";
import { defineBlock } from "../parts/block.server";
import { items, requiredText, text, uid } from "../parts/schema.server";
import type { CalculatorData, PackedCalculatorData } from "../types";
import { packCalculatorData } from "./calculatorData";
import { calculatorMaterials, type CalculatorDataSource } from "./materials.server";

/** The calculator's catalogue data and the page's `?sku=`, which preselects a material and format. */
export interface CalculatorSource {
  calculator: CalculatorDataSource;
  sku: string | null;
}

const calculatorGroup = z.object({
  _uid: uid,
  name: requiredText.max(80),
  /** The materials (or kinds) listed under this heading, comma-separated. */
  materials: z.string().max(500),
});

const calculator = z.object({
  _uid: uid,
  component: z.literal("Calculator"),
  headline: text,
  text,
  product: optionField(CALCULATOR_PRODUCTS, "wallart"),
  listedFormats: z.coerce.number().int().min(2).max(12).catch(6).default(6),
  groups: items(calculatorGroup, 8, 0),
  /** The material (or kind) shown first; one the catalogue does not sell is ignored. */
  material: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .nullable()
    .catch(null)
    .default(null),
  ctaText: text,
  ctaBackgroundColor: colourField,
  ctaTextColor: colourField,
});

export const CALCULATOR = defineBlock(
  "Calculator",
  calculator,
  (raw) => ({
    _uid: raw._uid,
    component: "Calculator",
    headline: raw.headline,
    text: raw.text,
    product: raw.product,
    listedFormats: raw.listedFormats,
    material: raw.material,
    ctaText: raw.ctaText,
    // Both colours or neither: one alone could lose the contrast the pair was chosen for.
    ctaColors:
      raw.ctaBackgroundColor && raw.ctaTextColor
        ? { background: raw.ctaBackgroundColor, text: raw.ctaTextColor }
        : null,
    groups: raw.groups.map((g) => ({
      name: g.name,
      materials: g.materials
        .split(",")
        .map((m) => m.trim())
        .filter(Boolean),
    })),
    data: null,
  }),
  async (block, { calculator, sku }: CalculatorSource, request) => {
    const view = await calculatorMaterials(block.product, block._uid, calculator, sku, request);
    if (!view) return block;
    const data = packed(view);
    // The editor's material comes first, unless a SKU chose (or the shop sells no such material).
    const own = block.material && view.materials.some((m) => m.value === block.material);
    return own && !sku
      ? { ...block, data: { ...data, selected: block.material! } }
      : { ...block, data };
  },
);

/** Each view packed once (a view is kept per catalogue version, see calculatorMaterials). */
const packedViews = new WeakMap<CalculatorData, PackedCalculatorData>();

function packed(view: CalculatorData): PackedCalculatorData {
  let data = packedViews.get(view);
  if (!data) {
    data = packCalculatorData(view);
    packedViews.set(view, data);
  }
  return data;
}

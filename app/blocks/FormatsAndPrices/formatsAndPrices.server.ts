/**
 * The formats-and-prices block's fields (content/BLOCKS.md): a product kind and the
 * materials whose formats it lists, from the same catalogue data as the calculator.
 */
import { z } from "zod";
import { CALCULATOR_PRODUCTS } from "../../../domain/calculator";
import { optionField } from "../../lib/fields.server";
import { calculatorMaterials, type CalculatorDataSource } from "../Calculator/materials.server";
import { defineBlock } from "../parts/block.server";
import { text, uid } from "../parts/schema.server";

const formatsAndPrices = z.object({
  _uid: uid,
  component: z.literal("FormatsAndPrices"),
  headline: text,
  text,
  product: optionField(CALCULATOR_PRODUCTS, "wallart"),
  /** The materials shown, in the catalogue's order; none named: all of them. */
  materials: z
    .array(z.string().regex(/^[a-z0-9-]{1,40}$/))
    .max(20)
    .catch([])
    .default([]),
});

export const FORMATS_AND_PRICES = defineBlock(
  "FormatsAndPrices",
  formatsAndPrices,
  (raw) => ({ ...raw, data: null }),
  // The tables: the editor's materials (all when none is named), never a SKU's choice.
  async (block, calculator: CalculatorDataSource, request) => {
    const data = await calculatorMaterials(block.product, block._uid, calculator, null, request);
    if (!data) return block;
    const wanted = new Set(block.materials);
    return {
      ...block,
      data: data.materials.filter((m) => wanted.size === 0 || wanted.has(m.value)),
    };
  },
);

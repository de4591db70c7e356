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
import type { CalculatorData, FormatsAndPricesTable } from "../types";

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
    const view = await calculatorMaterials(block.product, block._uid, calculator, null, request);
    if (!view) return block;
    return { ...block, data: tablesOf(view, block.materials) };
  },
);

/** The tables made of each calculator view (kept per catalogue version), by materials asked. */
const tablesByView = new WeakMap<CalculatorData, Map<string, FormatsAndPricesTable[]>>();

/** The asked materials' tables (all when none is named), with only what a table shows. */
function tablesOf(view: CalculatorData, materials: readonly string[]): FormatsAndPricesTable[] {
  const key = materials.join(",");
  const byMaterials = tablesByView.get(view) ?? new Map<string, FormatsAndPricesTable[]>();
  tablesByView.set(view, byMaterials);
  let tables = byMaterials.get(key);
  if (!tables) {
    const wanted = new Set(materials);
    tables = view.materials
      .filter((m) => wanted.size === 0 || wanted.has(m.value))
      .map((m) => ({
        value: m.value,
        label: m.label,
        formats: m.formats.map((f) => ({ value: f.value, label: f.label, price: f.price })),
      }));
    byMaterials.set(key, tables);
  }
  return tables;
}

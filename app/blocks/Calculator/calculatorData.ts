/**
 * The calculator's catalogue data as the page carries it, and back. A wall-art calculator
 * lists hundreds of formats; as one object per format (its price, minor units and link
 * parameters each an object of their own) they were most of a product page's loader data,
 * encoded into every page and decoded again in the browser. Here each material's formats
 * are columns (one list per field, a row's fields at the same index) and the link
 * parameters are kept once per block, named by their index: the same data in a fraction of
 * the values. The component reads the unpacked form, made once per packed data (so a page
 * the server renders from the catalogue memo's answer unpacks it once per catalogue
 * version, the browser once per visit).
 */
import type { QuantityTier } from "../../../domain/cataloguePrices";
import type {
  CalculatorData,
  CalculatorFormat,
  CalculatorMaterial,
  PackedCalculatorData,
  PackedCalculatorMaterial,
} from "../types";

/** The materials with their formats as the page carries them. */
export function packCalculatorData(data: CalculatorData): PackedCalculatorData {
  const choices: Record<string, string>[] = [];
  const choiceIndex = new Map<string, number>();
  const choiceOf = (choice: Record<string, string>) => {
    const key = JSON.stringify(choice);
    let index = choiceIndex.get(key);
    if (index === undefined) {
      index = choices.push(choice) - 1;
      choiceIndex.set(key, index);
    }
    return index;
  };
  // Materials mostly come in the same sizes: a column the same as an earlier one is that
  // one, which the page's encoding then writes once.
  const columns = new Map<string, unknown[]>();
  const column = <T>(list: T[]): T[] => {
    const key = JSON.stringify(list);
    const known = columns.get(key) as T[] | undefined;
    if (known) return known;
    columns.set(key, list);
    return list;
  };
  const materials = data.materials.map(({ formats, ...material }): PackedCalculatorMaterial => {
    const hasTiers = formats.some((f) => f.tiers);
    const hasMost = formats.some((f) => f.maxQuantity !== undefined);
    return {
      ...material,
      formats: {
        value: column(formats.map((f) => f.value)),
        label: column(formats.map((f) => f.label)),
        current: column(formats.map((f) => f.price?.current ?? null)),
        original: column(formats.map((f) => f.price?.original ?? null)),
        ratio: column(formats.map((f) => f.ratio ?? null)),
        minor: column(formats.map((f) => f.minor?.current ?? null)),
        minorOriginal: column(formats.map((f) => f.minor?.original ?? null)),
        choice: column(formats.map((f) => choiceOf(f.choice))),
        ...(hasTiers ? { tiers: column(formats.map((f) => f.tiers ?? null)) } : {}),
        ...(hasMost ? { maxQuantity: column(formats.map((f) => f.maxQuantity ?? null)) } : {}),
      },
    };
  });
  return { selected: data.selected, locale: data.locale, choices, materials };
}

const unpacked = new WeakMap<object, CalculatorMaterial[]>();

/**
 * The materials with one object per format, as the calculator reads them: made once per
 * packed list of materials and kept with it.
 */
export function unpackCalculatorMaterials(data: PackedCalculatorData): CalculatorMaterial[] {
  const kept = unpacked.get(data.materials);
  if (kept) return kept;
  const materials = data.materials.map(({ formats: f, ...material }): CalculatorMaterial => ({
    ...material,
    formats: f.value.map((value, i): CalculatorFormat => {
      const current = f.current[i] ?? null;
      const minor = f.minor[i] ?? null;
      const tiers: readonly QuantityTier[] | null = f.tiers?.[i] ?? null;
      const most = f.maxQuantity?.[i] ?? null;
      return {
        value,
        label: f.label[i]!,
        price: current === null ? null : { current, original: f.original[i] ?? null, from: false },
        choice: data.choices[f.choice[i]!] ?? {},
        ratio: f.ratio[i] ?? null,
        ...(tiers ? { tiers } : {}),
        ...(most === null ? {} : { maxQuantity: most }),
        minor: minor === null ? null : { current: minor, original: f.minorOriginal[i] ?? null },
      };
    }),
  }));
  unpacked.set(data.materials, materials);
  return materials;
}

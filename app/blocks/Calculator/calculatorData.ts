/**
 * The calculator's catalogue data as the page carries it, and back. A wall-art calculator
 * lists hundreds of formats; as one object per format (its price, minor units and link
 * parameters each an object of their own) they were most of a product page's loader data,
 * encoded into every page and decoded again in the browser. Here each material's formats
 * are columns (one list per field, a row's fields at the same index) and the link
 * parameters are kept once per block, named by their index: the same data in a fraction of
 * the values. A column of texts or numbers goes as one text, its entries joined by "|":
 * React Router encodes every value of the loader data on its own for every render (for the
 * wall-art calculator some 1,200 of them, a fifth of a product page's render), and one text
 * a column is one value to encode and no longer than the list. The component reads the
 * unpacked form, made once per packed data (so a page the server renders from the
 * catalogue memo's answer unpacks it once per catalogue version, the browser once per visit).
 */
import type { QuantityTier } from "../../../domain/cataloguePrices";
import type {
  CalculatorData,
  CalculatorFormat,
  CalculatorMaterial,
  PackedCalculatorData,
  PackedCalculatorMaterial,
  PackedColumn,
} from "../types";

/** What joins a column's entries into one text. */
const SEPARATOR = "|";

/**
 * A column as one text where each entry can be read back from it: no text holds the
 * separator or is empty (an empty entry stands for null) and every number is finite; else
 * the list as it is. An empty list stays a list ("" would read back as one entry).
 */
function joined<T extends string | number | null>(list: T[]): PackedColumn<T> {
  if (list.length === 0) return list;
  const texts: string[] = [];
  for (const entry of list) {
    if (entry === null) texts.push("");
    else if (typeof entry === "number") {
      if (!Number.isFinite(entry)) return list;
      texts.push(String(entry));
    } else {
      if (entry === "" || entry.includes(SEPARATOR)) return list;
      texts.push(entry);
    }
  }
  return texts.join(SEPARATOR);
}

/** A column of texts back as its list (null for an empty entry). */
function texts<T extends string | null>(column: PackedColumn<T>): T[] {
  if (typeof column !== "string") return column;
  return column.split(SEPARATOR).map((text) => (text === "" ? null : text) as T);
}

/** A column of numbers back as its list (null for an empty entry). */
function numbers<T extends number | null>(column: PackedColumn<T>): T[] {
  if (typeof column !== "string") return column;
  return column.split(SEPARATOR).map((text) => (text === "" ? null : Number(text)) as T);
}

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
  // (A joined column is a text, and the same text is one value of the encoding anyway.)
  const columns = new Map<string, unknown>();
  const column = <T>(list: T): T => {
    const key = JSON.stringify(list);
    const known = columns.get(key) as T | undefined;
    if (known !== undefined) return known;
    columns.set(key, list);
    return list;
  };
  const materials = data.materials.map(({ formats, ...material }): PackedCalculatorMaterial => {
    const hasTiers = formats.some((f) => f.tiers);
    const hasMost = formats.some((f) => f.maxQuantity !== undefined);
    return {
      ...material,
      formats: {
        value: column(joined(formats.map((f) => f.value))),
        label: column(joined(formats.map((f) => f.label))),
        current: column(joined(formats.map((f) => f.price?.current ?? null))),
        original: column(joined(formats.map((f) => f.price?.original ?? null))),
        ratio: column(joined(formats.map((f) => f.ratio ?? null))),
        minor: column(joined(formats.map((f) => f.minor?.current ?? null))),
        minorOriginal: column(joined(formats.map((f) => f.minor?.original ?? null))),
        choice: column(joined(formats.map((f) => choiceOf(f.choice)))),
        ...(hasTiers ? { tiers: column(formats.map((f) => f.tiers ?? null)) } : {}),
        ...(hasMost
          ? { maxQuantity: column(joined(formats.map((f) => f.maxQuantity ?? null))) }
          : {}),
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
  const materials = data.materials.map(({ formats: f, ...material }): CalculatorMaterial => {
    const labels = texts(f.label);
    const currents = texts(f.current);
    const originals = texts(f.original);
    const ratios = texts(f.ratio);
    const minors = numbers(f.minor);
    const minorOriginals = numbers(f.minorOriginal);
    const choices = numbers(f.choice);
    const most = f.maxQuantity === undefined ? undefined : numbers(f.maxQuantity);
    return {
      ...material,
      formats: texts(f.value).map((value, i): CalculatorFormat => {
        const current = currents[i] ?? null;
        const minor = minors[i] ?? null;
        const tiers: readonly QuantityTier[] | null = f.tiers?.[i] ?? null;
        const maxQuantity = most?.[i] ?? null;
        return {
          value,
          label: labels[i]!,
          price: current === null ? null : { current, original: originals[i] ?? null, from: false },
          choice: data.choices[choices[i]!] ?? {},
          ratio: ratios[i] ?? null,
          ...(tiers ? { tiers } : {}),
          ...(maxQuantity === null ? {} : { maxQuantity }),
          minor: minor === null ? null : { current: minor, original: minorOriginals[i] ?? null },
        };
      }),
    };
  });
  unpacked.set(data.materials, materials);
  return materials;
}

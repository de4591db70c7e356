/**
 * The format price calculator's rules: which material and format a visit shows (the
 * URL's choice, a SKU's preselection, else the material's initial format), which formats
 * are listed and which chosen one joins them as an extra option, and where the
 * calculator's call to action leads.
 */

/** The product kinds a calculator can show. */
export const CALCULATOR_PRODUCTS = [
  "wallart",
  "photoframe",
  "collage",
  "photobox",
  "photoprint",
  "photobook",
] as const;
export type CalculatorProduct = (typeof CALCULATOR_PRODUCTS)[number];

export interface CalculatorMaterialChoice {
  value: string;
  initiallySelectedFormat: string | null;
  formats: readonly { value: string }[];
}

export interface CalculatorChoice {
  material: string;
  format: string | null;
  /** The chosen format when it is not among the listed ones: it shows as an extra option. */
  extra: string | null;
}

/**
 * What the calculator shows: the asked material if it has one, else the preselected one;
 * the asked format if the material has it, else the material's initial format, else its
 * first. A format beyond the first `listed` of the material is the extra option.
 */
export function calculatorChoice(
  materials: readonly CalculatorMaterialChoice[],
  selected: string,
  asked: { material?: string | null; format?: string | null },
  listed: number,
): CalculatorChoice | null {
  const material =
    materials.find((m) => m.value === asked.material) ??
    materials.find((m) => m.value === selected) ??
    materials[0];
  if (!material) return null;
  const has = (value: string | null | undefined) =>
    value ? material.formats.some((f) => f.value === value) : false;
  const format = has(asked.format)
    ? asked.format!
    : has(material.initiallySelectedFormat)
      ? material.initiallySelectedFormat
      : (material.formats[0]?.value ?? null);
  const shown = listedFormats(material, listed).map((f) => f.value);
  const extra = format !== null && !shown.includes(format) ? format : null;
  return { material: material.value, format, extra };
}

/**
 * The formats listed before "format not included?": the first `count`, with the material's
 * initial format always among them.
 */
export function listedFormats<F extends { value: string }>(
  material: { initiallySelectedFormat: string | null; formats: readonly F[] },
  count: number,
): F[] {
  const first = material.formats.slice(0, count);
  const initial = material.formats.find((f) => f.value === material.initiallySelectedFormat);
  if (!initial || first.includes(initial)) return first;
  return [...first.slice(0, Math.max(0, count - 1)), initial];
}

/**
 * The configurator path the calculator's choice leads to (sizes as 'WxH' in mm). `choice`
 * holds the rest of what the shown price is for (a print's paper finish and number, a
 * frame and the picture in it), so the designer prices exactly that; its names win over
 * the material's.
 */
export function calculatorLink(
  product: CalculatorProduct,
  material: string,
  format: string | null,
  choice: Readonly<Record<string, string>> = {},
): string {
  const query = new URLSearchParams();
  const path = {
    wallart: "/configurator-photo-frame",
    photoframe: "/configurator-photo-frame",
    collage: "/configurator-collage",
    photobox: "/configurator-photobox",
    photoprint: "/configurator-photobox",
    photobook: "/configurator-photobook",
  }[product];
  switch (product) {
    case "photobox":
    case "photoprint":
      query.set("photoboxType", product === "photoprint" ? "photoprint" : material);
      if (format) query.set("formatType", format);
      break;
    case "photobook":
      query.set("printing", material);
      if (format) query.set("photobookFormat", format);
      break;
    default:
      query.set("materialType", material);
      if (format) query.set("formatType", format);
  }
  for (const [name, value] of Object.entries(choice)) query.set(name, value);
  return `${path}?${query}`;
}

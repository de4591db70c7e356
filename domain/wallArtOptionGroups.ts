/**
 * The wall-art option groups and their values (edge, stretcher depth, drilling …): which
 * query parameters a designer link or a cart line may carry as a material's options.
 * Kept apart from the catalogue, so the links in every page's first script stay small.
 */
/** Option groups with their values. */
export const OPTION_GROUPS = {
  drilling: ["none", "corners"],
  printProcess: [
    "direct-print",
    "fine-art",
    "fine-art-glossy",
    "fine-art-matt",
    "fine-art-hahnemuehle",
  ],
  aluFinish: ["standard", "brushed"],
  backlitFrame: ["none", "led"],
  milling: ["none", "lines", "dots"],
  hahnemuehleSurface: ["standard", "matt-cotton-smooth"],
  adhesiveFilmStyle: ["normal", "transparent", "transparent-mirrored", "white"],
  canvasStretcherFrame: ["25", "38"],
  canvasEdge: ["coloured", "mirrored", "folded"],
  posterLamination: ["none", "glossy", "matt"],
  posterPaper: ["standard", "silk-matt", "eco-paper"],
  pvcEyelets: ["none", "simple"],
} as const;
export type OptionGroup = keyof typeof OPTION_GROUPS;
export const OPTION_GROUP_NAMES = Object.keys(OPTION_GROUPS) as OptionGroup[];

/** Whether `value` is one of the group's values. */
export function isOptionValue(group: OptionGroup, value: unknown): value is string {
  return typeof value === "string" && (OPTION_GROUPS[group] as readonly string[]).includes(value);
}

/**
 * The option groups named in a query (a designer link, a cart line's options), each with
 * a valid value; anything else in the query is left out. Groups of other materials stay
 * in, so the price rules can refuse them rather than price something else.
 */
export function optionsInQuery(
  query: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const options: Record<string, string> = {};
  for (const group of OPTION_GROUP_NAMES) {
    const value = query[group];
    if (isOptionValue(group, value)) options[group] = value;
  }
  return options;
}

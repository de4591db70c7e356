/**
 * The names of the wall-art option groups (edge, stretcher depth, drilling …): the query
 * parameters a designer link carries as a material's options. Only the names live here, so
 * the links in every page's first script stay small; the values and what they cost are the
 * catalogue's (OPTION_GROUPS there lists the same groups, which the compiler holds to this).
 */
export const OPTION_GROUP_NAMES = [
  "drilling",
  "printProcess",
  "aluFinish",
  "backlitFrame",
  "milling",
  "hahnemuehleSurface",
  "adhesiveFilmStyle",
  "canvasStretcherFrame",
  "canvasEdge",
  "posterLamination",
  "posterPaper",
  "pvcEyelets",
] as const;
export type OptionGroup = (typeof OPTION_GROUP_NAMES)[number];

const VALUE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;

/**
 * The option parameters of a query as a link passes them on: each group's value when it
 * reads like a catalogue value. Whether the material sells it is decided where the choice
 * is priced (the designer and the cart drop or refuse what is not sold).
 */
export function optionParamsInQuery(
  query: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const options: Record<string, string> = {};
  for (const group of OPTION_GROUP_NAMES) {
    const value = query[group];
    if (value !== undefined && VALUE.test(value)) options[group] = value;
  }
  return options;
}

/**
 * The options a wall-art material sells (edge, stretcher depth, drilling, print process …)
 * as a shopper chooses them: which groups a material has, which values are valid, which
 * catalogue article carries a value's surcharge, and which values need a sentence saying
 * what they look like. The price of a choice is added by the one price rule set
 * (configurationPrice), never here.
 */
import { localeSettings, type Locale } from "./locales";
import {
  stretcherFrameLabel,
  MATERIAL_OPTION_GROUPS,
  MATERIALS,
  OPTION_GROUP_NAMES,
  OPTION_GROUPS,
  type Material,
  type OptionGroup,
} from "./catalogue";

/**
 * The article that carries what an option value adds per piece. A value without such an
 * article (every group's first, its default, and the free ones) adds nothing.
 */
export function optionArticle(group: OptionGroup, value: string): string {
  return `wallart-option-${group.toLowerCase()}-${value}`;
}

export function isOptionGroup(name: string): name is OptionGroup {
  return (OPTION_GROUP_NAMES as readonly string[]).includes(name);
}

export function isMaterial(value: unknown): value is Material {
  return typeof value === "string" && (MATERIALS as readonly string[]).includes(value);
}

/** The groups a material offers (none for a value that is no material). */
export function optionGroupsOf(material: string): readonly OptionGroup[] {
  return isMaterial(material) ? MATERIAL_OPTION_GROUPS[material] : [];
}

/** A group's default value: its first. */
export function defaultOption(group: OptionGroup): string {
  return OPTION_GROUPS[group][0];
}

/**
 * What is wrong with a material's options, or null: a group the material does not offer,
 * or a value the group does not have.
 */
export function optionProblem(
  material: string,
  options: Readonly<Record<string, string>>,
): string | null {
  const groups = optionGroupsOf(material);
  for (const [group, value] of Object.entries(options)) {
    if (!isOptionGroup(group) || !groups.includes(group))
      return `${material} has no option ${group}`;
    if (!isOptionValue(group, value)) return `${group} has no value ${value}`;
  }
  return null;
}

/**
 * The option values whose look a shopper cannot guess from the name: the product page
 * shows a sentence for each (what a mirrored edge or a deep stretcher frame looks like).
 */
export const EXPLAINED_OPTIONS: Readonly<Partial<Record<OptionGroup, readonly string[]>>> = {
  canvasEdge: ["coloured", "mirrored", "folded"],
  canvasStretcherFrame: ["25", "38"],
  drilling: ["corners"],
  aluFinish: ["brushed"],
  milling: ["lines", "dots"],
  adhesiveFilmStyle: ["transparent-mirrored"],
  backlitFrame: ["led"],
};

export function isExplained(group: OptionGroup, value: string): boolean {
  return EXPLAINED_OPTIONS[group]?.includes(value) ?? false;
}

/**
 * A value as the shop names it: its words, and for a stretcher frame its depth in the
 * shop's unit ("Deep frame (3.8 cm)", "Deep frame (1.5 in)").
 */
export function optionLabel(
  group: OptionGroup,
  value: string,
  locale: Locale,
  t: (key: string) => string,
): string {
  const words = t(`catalogue.option.${group}.${value}`);
  if (group !== "canvasStretcherFrame" || (value !== "25" && value !== "38")) return words;
  return `${words} (${stretcherFrameLabel(value, localeSettings(locale).lengthUnit)})`;
}

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

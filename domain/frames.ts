/**
 * Which pictures go into which frame, and how a frame's finish reads. A shadow-gap frame
 * holds a canvas or a panel; the frames with glass hold paper prints (poster and
 * Hahnemühle), the standing photo frame a poster print only. A material's default frame
 * is the catalogue's pairing.
 */
import {
  DEFAULT_FRAME_FOR_MATERIAL,
  FRAME_FINISHES,
  FRAME_TYPES,
  GLASS_TYPES,
  MAT_COLOURS,
  MAT_SIZES,
  MAT_TYPES,
  type FrameType,
  type Material,
} from "./catalogue";

/** The materials each frame type holds. */
export const FRAME_MATERIALS: Readonly<Record<FrameType, readonly Material[]>> = {
  alurahmen: ["poster", "hahnemuehle"],
  artbox: ["poster", "hahnemuehle"],
  fotorahmen: ["poster"],
  holzrahmen: ["poster", "hahnemuehle"],
  kunststoffrahmen: ["poster", "hahnemuehle"],
  "schattenfuge-leinwand": ["leinwand"],
  "schattenfuge-platte": ["acrylglas", "aludibond", "forexplatte", "gallerybond"],
};

export function isFrameType(value: string): value is FrameType {
  return (FRAME_TYPES as readonly string[]).includes(value);
}

/**
 * Whether a frame holds a paper print (behind glass, with a mat if wanted) rather than a
 * canvas or a panel in a shadow gap.
 */
export function holdsPaper(frameType: FrameType): boolean {
  return FRAME_MATERIALS[frameType].includes("poster");
}

/** The glazing a frame type is sold with: none for the standing photo frame and shadow gaps. */
export function frameGlass(frameType: FrameType): readonly string[] {
  return frameType === "fotorahmen" || !holdsPaper(frameType) ? [] : GLASS_TYPES;
}

/** Mats go only into the frames that hold paper prints. */
export function frameTakesMat(frameType: FrameType): boolean {
  return holdsPaper(frameType);
}

/** A frame's own options as a designer link and a cart line name them. */
export const FRAME_OPTION_KEYS = [
  "frameColour",
  "matType",
  "matSize",
  "matColour",
  "glass",
] as const;
export type FrameOptions = Partial<Record<(typeof FRAME_OPTION_KEYS)[number], string>>;

/** The frame options named in a query (anything else in it left out). */
export function frameOptionsIn(query: Readonly<Record<string, string | undefined>>): FrameOptions {
  const options: FrameOptions = {};
  for (const key of FRAME_OPTION_KEYS) {
    const value = query[key];
    if (value !== undefined && value !== "") options[key] = value;
  }
  return options;
}

/**
 * What is wrong with a frame's options, or null: a colour the frame type does not come in,
 * a mat in a frame without one (or of a size, type or colour the shop does not make), a
 * glazing the frame is not sold with. Options left out take the frame's defaults.
 */
export function frameOptionProblem(frameType: FrameType, options: FrameOptions): string | null {
  const { frameColour, matType, matSize, matColour, glass } = options;
  if (frameColour !== undefined && !FRAME_FINISHES[frameType].includes(frameColour))
    return `${frameType} does not come in ${frameColour}`;
  if (matType !== undefined && !(MAT_TYPES as readonly string[]).includes(matType))
    return `no mat type ${matType}`;
  if (matSize !== undefined && !MAT_SIZES.map(String).includes(matSize))
    return `no mat of ${matSize} mm`;
  if (matColour !== undefined && !(MAT_COLOURS as readonly string[]).includes(matColour))
    return `no mat colour ${matColour}`;
  const wantsMat =
    (matType !== undefined && matType !== "mat-none") ||
    (matSize !== undefined && matSize !== "0") ||
    (matColour !== undefined && matColour !== "none");
  if (wantsMat && !frameTakesMat(frameType)) return `${frameType} takes no mat`;
  if (glass !== undefined && !frameGlass(frameType).includes(glass))
    return `${frameType} is not sold with ${glass}`;
  return null;
}

/** The materials of `sold` a frame type holds, in the frame's order. */
export function framedMaterials(frameType: FrameType, sold: readonly string[]): Material[] {
  return FRAME_MATERIALS[frameType].filter((m) => sold.includes(m));
}

/** The frame a material is shown with unless the shopper picks another; null if it has none. */
export function defaultFrameFor(material: string): FrameType | null {
  return DEFAULT_FRAME_FOR_MATERIAL[material as Material] ?? null;
}

/** The words of a finish name ("angular-silver-matt" → shape, colour, surface). */
const FINISH_WORDS = [
  "angular",
  "round",
  "silver",
  "gold",
  "copper",
  "black",
  "white",
  "grey",
  "oak",
  "natural",
  "walnut",
  "vintage",
  "baroque",
  "chrome",
  "wood",
  "plastic",
  "aluminium",
  "matt",
  "lacquer",
  "structure",
] as const;
export type FinishWord = (typeof FINISH_WORDS)[number];

/** A finish's words in their order, unknown parts left out. */
export function finishWords(finish: string): FinishWord[] {
  return finish
    .split("-")
    .filter((part): part is FinishWord => (FINISH_WORDS as readonly string[]).includes(part));
}

/** The colour a finish's swatch shows: that of its first colour word. */
const SWATCHES: Partial<Record<FinishWord, string>> = {
  silver: "#c0c4c8",
  gold: "#c9a227",
  copper: "#b87333",
  black: "#1a1a1a",
  white: "#ffffff",
  grey: "#8a8d91",
  oak: "#c19a6b",
  natural: "#dcc29a",
  walnut: "#5c4033",
  vintage: "#a68a64",
  baroque: "#b08d57",
  chrome: "#dfe3e6",
  wood: "#9a5b32",
  plastic: "#3c3c3c",
  aluminium: "#a8a9ad",
};

export function finishSwatch(finish: string): string {
  for (const word of finishWords(finish)) {
    const colour = SWATCHES[word];
    if (colour) return colour;
  }
  return "#cccccc";
}

/**
 * The frames a colour filter (the sub-navigation's `?colour=black`) leaves: those with a
 * finish of that colour, each showing only its finishes of that colour. A word that is no
 * finish colour (a shape like "angular", anything else) filters nothing.
 */
export function framesInColour<T extends { finishes: readonly string[] }>(
  frames: readonly T[],
  colour: string | null | undefined,
): T[] {
  if (!colour || !Object.hasOwn(SWATCHES, colour)) return [...frames];
  return frames.flatMap((frame) => {
    const finishes = frame.finishes.filter((f) => (finishWords(f) as string[]).includes(colour));
    return finishes.length > 0 ? [{ ...frame, finishes }] : [];
  });
}

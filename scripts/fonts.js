// The brand fonts as the shop serves them, cut down from Fontsource's Latin files (Inter
// for Wallora, Lora for Cardelia, regular and bold): the characters of the shop's Latin
// languages, and only the layout features the pages use, so the font a phone downloads
// with the first screen is as small as it can be. Deterministic; run with
// `node scripts/fonts.js` after changing the fonts or the rules below. A unit test checks
// that the files in app/styles/fonts are what this makes.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const FONTS_DIR = path.join(root, "app", "styles", "fonts");

/** The brand fonts and their weights, as Fontsource names them. */
export const FONTS = [
  { family: "inter", weights: [400, 700] },
  { family: "lora", weights: [400, 700] },
];

/**
 * The characters kept, as in Fontsource's Latin subset: Basic Latin and Latin-1 (every
 * letter of German, French, Italian, Spanish, Dutch and English), Œ/œ and the dotless i,
 * a few modifier letters, the general punctuation block (dashes, quotes, ellipsis,
 * spaces), the euro and trade mark signs, two arrows, the minus and the division slash.
 * Other characters fall back to the brand's system stand-in, as before.
 */
const RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2bb, 0x2bc],
  [0x2c6, 0x2c6],
  [0x2da, 0x2da],
  [0x2dc, 0x2dc],
  [0x304, 0x304],
  [0x308, 0x308],
  [0x329, 0x329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
];
export const CHARACTERS = RANGES.map(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join(""),
).join("");

/**
 * The layout features kept: kerning, ligatures, glyph composition and marks, local forms,
 * and tabular figures (the countdowns). Stylistic sets, contextual and character variants
 * and the rest are left out; they were most of Inter's size.
 */
export const FEATURES = ["kern", "liga", "ccmp", "locl", "mark", "mkmk", "tnum"];

export const fileName = (family, weight) => `${family}-latin-${weight}-normal.woff2`;

/** One font file as this script makes it. */
export async function subset(family, weight) {
  const source = await readFile(
    path.join(root, "node_modules", "@fontsource", family, "files", fileName(family, weight)),
  );
  return subsetFont(source, CHARACTERS, { targetFormat: "woff2", keepFeatures: FEATURES });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { family, weights } of FONTS) {
    for (const weight of weights) {
      const font = await subset(family, weight);
      await writeFile(path.join(FONTS_DIR, fileName(family, weight)), font);
      console.log(`${fileName(family, weight)}: ${(font.length / 1024).toFixed(1)} KB`);
    }
  }
}

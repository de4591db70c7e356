// The print file's fonts: the shop's own font files (app/styles/fonts, made by
// scripts/fonts.js) rewritten as plain TrueType, the form the PDF writer can cut its
// subsets from (it cannot take them apart from WOFF2). Same glyphs, same characters, same
// features. Run `node scripts/studio-fonts.js` after `node scripts/fonts.js`; a unit test
// checks that both sets hold the same glyphs.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import { CHARACTERS, FEATURES, FONTS, FONTS_DIR, fileName } from "./fonts.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const PRINT_FONTS_DIR = path.join(root, "server", "studio", "fonts");
export const printFileName = (family, weight) => `${family}-latin-${weight}-normal.ttf`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { family, weights } of FONTS) {
    for (const weight of weights) {
      const source = await readFile(path.join(FONTS_DIR, fileName(family, weight)));
      const font = await subsetFont(source, CHARACTERS, {
        targetFormat: "sfnt",
        keepFeatures: FEATURES,
      });
      await writeFile(path.join(PRINT_FONTS_DIR, printFileName(family, weight)), font);
      console.log(`${printFileName(family, weight)}: ${(font.length / 1024).toFixed(1)} KB`);
    }
  }
}

import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FONTS, FONTS_DIR, fileName, subset } from "./fonts.js";

const files = FONTS.flatMap(({ family, weights }) => weights.map((weight) => ({ family, weight })));

describe("the brand fonts the shop serves", () => {
  it.each(files)(
    "$family $weight is what scripts/fonts.js makes from Fontsource's file",
    async ({ family, weight }) => {
      const served = await readFile(path.join(FONTS_DIR, fileName(family, weight)));
      expect(Buffer.compare(served, await subset(family, weight))).toBe(0);
    },
  );

  it.each(files)(
    "$family $weight is smaller than Fontsource's Latin file",
    async ({ family, weight }) => {
      const served = await readFile(path.join(FONTS_DIR, fileName(family, weight)));
      const original = await readFile(
        path.join("node_modules", "@fontsource", family, "files", fileName(family, weight)),
      );
      expect(served.length).toBeLessThan(original.length);
    },
  );
});

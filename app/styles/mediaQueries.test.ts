/**
 * The style sheets switch layouts at the layout constants' widths only: every `@media`
 * rule of the app's CSS names its query (`(--above-md)`, domain/customMedia.ts) instead of
 * writing a width, and every name it uses is one the build knows. Run through Vite's own
 * CSS pipeline with the project's PostCSS step, each sheet comes out with the constants'
 * widths and no name left.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { preprocessCSS, resolveConfig } from "vite";
import { describe, expect, it } from "vitest";
import {
  BREAKPOINTS,
  BURGER_CLOSE_MIN_WIDTH,
  FOOTER_COLLAPSE_MAX_WIDTH,
} from "../../domain/constants";
import { customMediaPostcss, mediaWidths, resolveCustomMedia } from "../../domain/customMedia";

function sheets(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sheets(full);
    return entry.endsWith(".css") ? [full] : [];
  });
}

const SHEETS = sheets(path.resolve("app"));
const MEDIA = /@media\s+([^{]+)\{/g;

/** The widths the constants give: each class's first pixel and the last one below it. */
const CONSTANT_WIDTHS = new Set(
  [
    ...Object.values(BREAKPOINTS).map((widest) => widest + 1),
    BURGER_CLOSE_MIN_WIDTH,
    FOOTER_COLLAPSE_MAX_WIDTH,
  ].flatMap((w) => [w, w - 0.02]),
);

describe("the app's media queries", () => {
  it("finds the style sheets", () => {
    expect(SHEETS.length).toBeGreaterThan(10);
  });

  it.each(SHEETS.map((file) => [path.relative(process.cwd(), file), file]))(
    "%s names its widths through the layout constants",
    (_, file) => {
      const css = readFileSync(file, "utf8");
      for (const [, query = ""] of css.matchAll(MEDIA)) {
        expect(mediaWidths(query), `@media ${query}: a width of its own`).toEqual([]);
        expect(() => resolveCustomMedia(query), `@media ${query}`).not.toThrow();
      }
    },
  );

  it("come out of the build's CSS pipeline as the constants' widths", async () => {
    const config = await resolveConfig(
      {
        configFile: false,
        logLevel: "silent",
        css: { postcss: { plugins: [customMediaPostcss] } },
      },
      "build",
    );
    let queries = 0;
    for (const file of SHEETS) {
      const { code } = await preprocessCSS(readFileSync(file, "utf8"), file, config);
      expect(code, file).not.toMatch(/@media[^{]*\(--/);
      for (const [, query = ""] of code.matchAll(MEDIA)) {
        for (const width of mediaWidths(query)) {
          queries++;
          expect(CONSTANT_WIDTHS.has(width), `${file}: @media ${query}`).toBe(true);
        }
      }
    }
    expect(queries).toBeGreaterThan(20);
  });

  it("fails a sheet that writes a width of its own", () => {
    expect(mediaWidths("(min-width: 640px)")).toEqual([640]);
    expect(() => resolveCustomMedia("(--above-tablet)")).toThrow();
  });
});

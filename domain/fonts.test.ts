import { describe, expect, it } from "vitest";
import { fallbackFontFace, fallbackOverrides } from "./fonts";

// Inter and Arial as the font files give them.
const inter = { ascent: 1984, descent: -494, lineGap: 0, unitsPerEm: 2048, xWidthAvg: 978 };
const arial = { ascent: 1854, descent: -434, lineGap: 67, unitsPerEm: 2048, xWidthAvg: 904 };

describe("fallback font metrics", () => {
  it("widens the fallback until its average letter is as wide as the web font's", () => {
    const o = fallbackOverrides(inter, arial);
    expect(o.sizeAdjust).toBeCloseTo((978 / 904) * 100, 1);
    // Scaled, Arial's average letter takes the room Inter's does.
    expect(((904 / 2048) * o.sizeAdjust) / 100).toBeCloseTo(978 / 2048, 3);
  });

  it("gives the fallback the web font's ascent, descent and line gap at the scaled size", () => {
    const o = fallbackOverrides(inter, arial);
    expect(o.ascentOverride).toBeCloseTo((1984 / (2048 * (978 / 904))) * 100, 1);
    expect(o.descentOverride).toBeCloseTo((494 / (2048 * (978 / 904))) * 100, 1);
    expect(o.lineGapOverride).toBe(0);
  });

  it("changes nothing for a fallback with the same measures", () => {
    expect(fallbackOverrides(inter, inter)).toEqual({
      sizeAdjust: 100,
      ascentOverride: 96.88,
      descentOverride: 24.12,
      lineGapOverride: 0,
    });
  });

  it("writes the fallback's @font-face with every system font that shares its metrics", () => {
    expect(
      fallbackFontFace("Inter Fallback", ["Arial", "Liberation Sans"], {
        sizeAdjust: 108.19,
        ascentOverride: 89.54,
        descentOverride: 22.3,
        lineGapOverride: 0,
      }),
    ).toBe(
      '@font-face{font-family:"Inter Fallback";src:local("Arial"), local("Liberation Sans");size-adjust:108.19%;ascent-override:89.54%;descent-override:22.3%;line-gap-override:0%}',
    );
  });
});

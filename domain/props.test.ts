import { describe, expect, it, vi } from "vitest";
import {
  DEFAULT_ASPECT_RATIO,
  assertDensities,
  isValidThemeId,
  parseAspectRatio,
  parseImageDimension,
  parseViewBox,
} from "./props";

describe("parseAspectRatio", () => {
  it("reads number/number as a ratio", () => {
    const warn = vi.fn();
    expect(parseAspectRatio("16/9", warn)).toBeCloseTo(16 / 9);
    expect(parseAspectRatio("1.5/1", warn)).toBe(1.5);
    expect(warn).not.toHaveBeenCalled();
  });

  it("logs a warning and uses 1/1 for anything else", () => {
    for (const s of ["16:9", "16/", "a/b", "16/0", "0/9", "-1/2", 1.5]) {
      const warn = vi.fn();
      expect(parseAspectRatio(s, warn)).toBe(DEFAULT_ASPECT_RATIO);
      expect(warn).toHaveBeenCalledTimes(1);
    }
  });

  it("uses 1/1 silently when no ratio is given", () => {
    const warn = vi.fn();
    expect(parseAspectRatio(undefined, warn)).toBe(1);
    expect(parseAspectRatio("", warn)).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("assertDensities", () => {
  it("throws for empty densities", () => {
    expect(() => assertDensities([])).toThrow(Error);
    expect(() => assertDensities(undefined)).toThrow(/must not be empty/);
  });

  it("accepts non-empty densities", () => {
    expect(() => assertDensities([1, 2])).not.toThrow();
  });
});

describe("isValidThemeId", () => {
  it("requires a non-empty id", () => {
    expect(isValidThemeId("abc")).toBe(true);
    expect(isValidThemeId("")).toBe(false);
    expect(isValidThemeId("  ")).toBe(false);
    expect(isValidThemeId(undefined)).toBe(false);
  });
});

describe("parseImageDimension", () => {
  it("accepts a whole number, or its digits with an optional px", () => {
    expect(parseImageDimension(300)).toBe(300);
    expect(parseImageDimension(0)).toBe(0);
    expect(parseImageDimension("300")).toBe(300);
    expect(parseImageDimension(" 300px ")).toBe(300);
  });

  it("refuses anything else", () => {
    for (const v of ["300em", "px", "3.5px", "-3", "", "30 0", null, undefined, NaN, -1, 2.5, {}])
      expect(parseImageDimension(v), String(v)).toBeNull();
  });
});

describe("parseViewBox", () => {
  it("reads four whole numbers separated by single spaces", () => {
    expect(parseViewBox("0 0 24 24")).toEqual([0, 0, 24, 24]);
    expect(parseViewBox("-1 -1 26 26")).toEqual([-1, -1, 26, 26]);
  });

  it("refuses other shapes and an empty box", () => {
    for (const s of [
      "0 0 24",
      "0 0 24 24 1",
      "0  0 24 24",
      "0,0,24,24",
      "0 0 24.5 24",
      " 0 0 24 24",
      "0 0 0 24",
      "0 0 24 -24",
      null,
      24,
    ])
      expect(parseViewBox(s), String(s)).toBeNull();
  });
});

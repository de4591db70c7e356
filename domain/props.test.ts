import { describe, expect, it, vi } from "vitest";
import { DEFAULT_ASPECT_RATIO, assertDensities, isValidThemeId, parseAspectRatio } from "./props";

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

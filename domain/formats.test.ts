import { describe, expect, it } from "vitest";
import {
  DIN_SIZES,
  ENVELOPE_SIZES,
  PHOTOBOX_PRINT_FORMATS,
  formatLabel,
  formatToString,
  isSquareWithinTolerance,
  isValidFormat,
  parseFormat,
} from "./formats";

describe("parseFormat", () => {
  it("reads width and height in mm from 'WxH'", () => {
    expect(parseFormat("300x200")).toEqual({ width: 300, height: 200 });
  });

  it("gives 0x0 for anything that is not two positive integers around 'x'", () => {
    for (const s of [
      "0x10",
      "10x0",
      "10X10",
      "10 x 10",
      "10x",
      "x10",
      "-1x10",
      "1.5x10",
      "10x10x10",
      "",
      null,
      1010,
    ]) {
      expect(parseFormat(s)).toEqual({ width: 0, height: 0 });
    }
    expect(isValidFormat("abc")).toBe(false);
  });

  it("round-trips through formatToString", () => {
    expect(formatToString(parseFormat("148x210"))).toBe("148x210");
  });
});

describe("formatLabel", () => {
  it("shows centimetres for cm locales", () => {
    expect(formatLabel("100x100", "de-DE")).toBe("10 x 10");
    expect(formatLabel("300x200", "en-GB")).toBe("30 x 20");
  });

  it("shows whole inches for en-US", () => {
    expect(formatLabel("100x100", "en-US")).toBe("4 x 4");
    expect(formatLabel("300x200", "en-US")).toBe("12 x 8");
  });

  it("keeps one decimal of a centimetre with the locale's decimal mark", () => {
    expect(formatLabel("105x148", "de-DE")).toBe("10,5 x 14,8");
    expect(formatLabel("105x148", "en-GB")).toBe("10.5 x 14.8");
  });

  it("appends the unit on request", () => {
    expect(formatLabel("100x100", "de-DE", { withUnit: true })).toBe("10 x 10 cm");
    expect(formatLabel("100x100", "en-US", { withUnit: true })).toBe("4 x 4 in");
  });

  it("returns null for an invalid format", () => {
    expect(formatLabel("oops", "de-DE")).toBeNull();
  });

  it("labels the photobox print formats with their cm names", () => {
    for (const f of PHOTOBOX_PRINT_FORMATS) {
      expect(formatLabel(f.mm, "de-DE")?.replaceAll(" ", "")).toBe(f.cm);
    }
    expect(PHOTOBOX_PRINT_FORMATS.map((f) => f.cm)).toEqual([
      "10x10",
      "10x12",
      "13x9",
      "15x10",
      "18x13",
      "30x20",
    ]);
  });
});

describe("DIN sizes", () => {
  it("knows A0 to A8 in mm", () => {
    expect(DIN_SIZES.A0).toEqual({ width: 841, height: 1189 });
    expect(DIN_SIZES.A4).toEqual({ width: 210, height: 297 });
    expect(DIN_SIZES.A8).toEqual({ width: 52, height: 74 });
  });

  it("halves each size into the next", () => {
    const names = ["A0", "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"] as const;
    for (let i = 1; i < names.length; i++) {
      const bigger = DIN_SIZES[names[i - 1] as (typeof names)[number]];
      const smaller = DIN_SIZES[names[i] as (typeof names)[number]];
      expect(smaller.height).toBe(bigger.width);
      expect(Math.abs(smaller.width - Math.floor(bigger.height / 2))).toBeLessThanOrEqual(1);
    }
  });
});

describe("square tolerance", () => {
  it("treats a difference under 3 mm as square", () => {
    expect(isSquareWithinTolerance(145, 145)).toBe(true);
    expect(isSquareWithinTolerance(145, 147)).toBe(true);
    expect(isSquareWithinTolerance(147, 145)).toBe(true);
  });

  it("treats a difference of 3 mm or more as not square", () => {
    expect(isSquareWithinTolerance(145, 148)).toBe(false);
    expect(isSquareWithinTolerance(162, 114)).toBe(false);
  });
});

describe("envelope sizes", () => {
  it("lists C6, B6 and DIN long", () => {
    expect(ENVELOPE_SIZES["162x114"].name).toBe("C6");
    expect(ENVELOPE_SIZES["176x125"].name).toBe("B6");
    expect(ENVELOPE_SIZES["220x110"].name).toBe("DIN long");
    for (const [key, size] of Object.entries(ENVELOPE_SIZES)) {
      expect(formatToString(size)).toBe(key);
    }
  });
});

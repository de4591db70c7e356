import { describe, expect, it } from "vitest";
import {
  ENVELOPE_SIZES,
  formatLabel,
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
      expect(`${size.width}x${size.height}`).toBe(key);
    }
  });
});

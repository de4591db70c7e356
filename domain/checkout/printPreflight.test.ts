import { describe, expect, it } from "vitest";
import { preflightSummary } from "./printPreflight";

describe("a print file's preflight as the order page shows it", () => {
  it("says a clean report is ready, with its pages, colour space and profile", () => {
    expect(
      preflightSummary({
        ok: true,
        pages: 13,
        missingPhotos: [],
        emptyFrames: [],
        profile: "calendar-a3",
        colour: "cmyk",
        designVersion: 4,
      }),
    ).toBe("Ready (13 pages, CMYK, profile calendar-a3)");
  });

  it("names what stops it: missing photos, empty frames and the check's own problems", () => {
    expect(
      preflightSummary({
        ok: false,
        pages: 1,
        missingPhotos: ["p1", "p2"],
        emptyFrames: [{ surface: "front", element: "frame-1" }],
        colour: "srgb",
      }),
    ).toBe("Problems: 2 photos missing; 1 frame empty (1 page, sRGB)");
    expect(
      preflightSummary({
        ok: false,
        problems: ["photo below 150 dpi", { code: "in-binding", surface: "month-3" }],
      }),
    ).toBe("Problems: photo below 150 dpi; in-binding month-3");
  });

  it("never calls a report ready that says it is not", () => {
    expect(preflightSummary({ ok: false })).toBe("Problems: not ready");
    expect(preflightSummary({})).toBe("Problems: not ready");
  });
});

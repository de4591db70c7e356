import { describe, expect, it } from "vitest";
import { PHOTOBOOK_FORMATS, photobookSizeLabel } from "./catalogue";

describe("a photo book's size label", () => {
  it("is the US shop's own label: 8x8, 12x12, 8x11, 6x8", () => {
    const us = (key: keyof typeof PHOTOBOOK_FORMATS) =>
      photobookSizeLabel(key, PHOTOBOOK_FORMATS[key].format, "en-US");
    expect([us("20x20"), us("30x30"), us("a4-portrait"), us("a5-portrait")]).toEqual([
      "8x8",
      "12x12",
      "8x11",
      "6x8",
    ]);
  });

  it("is the format in the shop's unit elsewhere", () => {
    expect(photobookSizeLabel("a4-portrait", "210x297", "de-DE")).toBe("21 x 29,7 cm");
    expect(photobookSizeLabel("20x20", "200x200", "en-GB")).toBe("20 x 20 cm");
    // A format without a US label is measured in inches there.
    expect(photobookSizeLabel("a3-landscape", "420x297", "en-US")).toBe("17 x 12 in");
  });
});

import { describe, expect, it } from "vitest";
import { sheetOf } from "./print";

describe("the sheet a surface is printed on", () => {
  it("a card's sheet is its trim plus 3 mm bleed on every side", () => {
    const sheet = sheetOf({ trim: { width: 148, height: 105 }, bleed: 3 });
    expect([sheet.width, sheet.height]).toEqual([154, 111]);
    expect(sheet.trim).toEqual({ x: 3, y: 3, width: 148, height: 105 });
    expect(sheet.bleed).toEqual({ x: 0, y: 0, width: 154, height: 111 });
    expect(sheet.art).toEqual(sheet.trim);
  });

  it("a canvas is cut with its wrap: the front is what hangs on the wall", () => {
    const sheet = sheetOf({
      trim: { width: 600, height: 400 },
      bleed: 3,
      wrap: { depth: 25, foldBack: 15, edge: "mirrored" },
    });
    expect([sheet.width, sheet.height]).toEqual([686, 486]);
    expect(sheet.trim).toEqual({ x: 3, y: 3, width: 680, height: 480 });
    expect(sheet.art).toEqual({ x: 43, y: 43, width: 600, height: 400 });
    expect([sheet.originX, sheet.originY]).toEqual([43, 43]);
  });

  it("a framed print shows what the frame's rebate leaves", () => {
    const sheet = sheetOf({ trim: { width: 400, height: 300 }, bleed: 3 }, 5);
    expect(sheet.art).toEqual({ x: 8, y: 8, width: 390, height: 290 });
  });
});

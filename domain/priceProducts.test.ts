import { describe, expect, it } from "vitest";
import { parsePriceProduct, priceProductReference } from "./priceProducts";

describe("the product a from-price names", () => {
  it("reads a family, a family's kind and an article number", () => {
    expect(parsePriceProduct("photobox")).toEqual({ family: "photobox", kind: null });
    expect(parsePriceProduct(" Photobook:Echtfotobuch ")).toEqual({
      family: "photobook",
      kind: "echtfotobuch",
    });
    expect(parsePriceProduct("frame:schattenfuge-leinwand")).toEqual({
      family: "frame",
      kind: "schattenfuge-leinwand",
    });
    expect(parsePriceProduct("wallart-leinwand-600x400")).toEqual({
      article: "wallart-leinwand-600x400",
    });
  });

  it("refuses what names no product", () => {
    for (const text of ["", "ab 24,99 €", "photobox:", "gift-voucher-15:big", "a:b:c", "<b>"])
      expect(parsePriceProduct(text), text).toBeNull();
  });

  it("writes a product back as content names it", () => {
    for (const reference of [
      "card",
      "calendar:wandkalender",
      "calendar-wandkalender-a4-hoch-spirale",
    ])
      expect(priceProductReference(parsePriceProduct(reference)!)).toBe(reference);
  });
});

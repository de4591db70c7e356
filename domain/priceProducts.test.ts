import { describe, expect, it } from "vitest";
import {
  articlesOfProduct,
  fillPriceTokens,
  parsePriceProduct,
  priceTokenReferences,
} from "./priceProducts";

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
});

describe("a from-price token in copy", () => {
  const story = {
    body: [
      { component: "Text", text: "Fotobox {{fromPrice:photobox}}, Karten ab {{ fromPrice:card }}" },
      { title: "unchanged", items: ["{{freeShippingFrom}}", "{{fromPrice:nothing-sold}} each"] },
    ],
  };

  it("names each product once", () => {
    expect(priceTokenReferences(story)).toEqual(["photobox", "card", "nothing-sold"]);
  });

  it("fills in the prices, leaves out a product without one and keeps other tokens", () => {
    const filled = fillPriceTokens(story, { photobox: "0,27 €", card: "0,99 €" });
    expect(filled.body[0]).toEqual({ component: "Text", text: "Fotobox 0,27 €, Karten ab 0,99 €" });
    expect(filled.body[1]!.items).toEqual(["{{freeShippingFrom}}", " each"]);
    expect(fillPriceTokens(story.body[1]!.title, {})).toBe("unchanged");
    const untouched = { text: "no token" };
    expect(fillPriceTokens(untouched, { card: "1 €" })).toBe(untouched);
  });
});

describe("the articles a product covers", () => {
  const article = (id: string, kind: string, attributes: Record<string, unknown> = {}) => ({
    article: id,
    kind,
    formatGroup: null,
    attributes,
  });
  const catalogue = [
    article("calendar-wall-a4", "calendar", { calendarType: "wandkalender" }),
    article("calendar-desk-a5", "calendar", { calendarType: "tischkalender" }),
    article("calendar-wall-a4-extra", "calendar-extra"),
    article("frame-oak-30x20", "frame", { frameType: "holzrahmen" }),
    article("wallart-option-edge-mirrored", "wallart-option"),
  ];
  const ids = (reference: string) =>
    articlesOfProduct(catalogue, parsePriceProduct(reference)!).map((a) => a.article);

  it("takes a family's articles, a kind's, or one article a shopper buys on its own", () => {
    expect(ids("calendar")).toEqual(["calendar-wall-a4", "calendar-desk-a5"]);
    expect(ids("calendar:tischkalender")).toEqual(["calendar-desk-a5"]);
    expect(ids("frame:holzrahmen")).toEqual(["frame-oak-30x20"]);
    expect(ids("calendar-desk-a5")).toEqual(["calendar-desk-a5"]);
  });

  it("covers nothing the catalogue does not sell as a product", () => {
    expect(ids("calendar:familienplaner")).toEqual([]);
    expect(ids("photobox")).toEqual([]);
    expect(ids("wallart-option-edge-mirrored")).toEqual([]);
    expect(ids("no-such-article")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { cartArticleOptionsOf, cartConfigurationOf } from "./configuration";

describe("the cart's configuration of a design", () => {
  it("prices a photo book for the pages the design has", () => {
    const configuration = {
      kind: "photobook",
      photobookType: "printing",
      size: "a4",
      pages: 24,
      quantity: 1,
    };
    expect(
      cartConfigurationOf(configuration, {
        product: { family: "photobook", format: "297x210", options: {}, pages: 40 },
      }),
    ).toEqual({ ...configuration, pages: 40 });
  });

  it("keeps every other configuration as the studio opened it", () => {
    const card = { kind: "card", cardType: "folded-card", size: "148x105", quantity: 10 };
    expect(
      cartConfigurationOf(card, {
        product: { family: "card", format: "148x105", options: {}, pages: 40 },
      }),
    ).toBe(card);
    const book = { kind: "photobook", pages: 24 };
    expect(
      cartConfigurationOf(book, {
        product: { family: "photobook", format: "297x210", options: {} },
      }),
    ).toBe(book);
  });

  it("puts a frame into the cart in the colour, mat and glazing the design has", () => {
    const link = {
      materialType: "poster",
      frameType: "holzrahmen",
      formatType: "400x300",
      frameColour: "natural",
      matType: "mat-weiss",
      matSize: "30",
      studioDesign: "abcdefgh1",
    };
    const product = {
      family: "photoframe" as const,
      format: "300x400",
      options: {
        material: "poster",
        frameType: "holzrahmen",
        frameColour: "black",
        matType: "mat-none",
        glass: "museum-acrylic",
      },
    };
    expect(cartArticleOptionsOf(link, { product })).toEqual({
      materialType: "poster",
      frameType: "holzrahmen",
      formatType: "400x300",
      frameColour: "black",
      matType: "mat-none",
      glass: "museum-acrylic",
      studioDesign: "abcdefgh1",
    });
    // Another family's link goes in as it is.
    const prints = { width: "150", height: "100", quantity: "10" };
    expect(
      cartArticleOptionsOf(prints, {
        product: { family: "photoprint", format: "150x100", options: {} },
      }),
    ).toEqual(prints);
  });
});

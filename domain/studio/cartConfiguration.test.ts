import { describe, expect, it } from "vitest";
import {
  cartArticleOptionsOf,
  cartConfigurationOf,
  designDifferences,
  lineStudioConfiguration,
} from "./configuration";

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

describe("a cart line against the design it prints", () => {
  const bookLine = {
    photobookType: "printing",
    cover: "hardcover",
    paper: "matt",
    size: "20x20",
    pages: "24",
    studioDesign: "design-0001",
  };
  const book = (pages: number) => ({
    product: {
      family: "photobook" as const,
      format: "200x200",
      options: {
        photobookType: "printing",
        cover: "hardcover",
        paper: "matt",
        size: "20x20",
        minPages: "24",
      },
      pages,
    },
  });

  it("reads a stored line as the studio's configuration", () => {
    expect(lineStudioConfiguration("photobook", bookLine)).toEqual({
      kind: "photobook",
      photobookType: "printing",
      cover: "hardcover",
      paper: "matt",
      size: "20x20",
      pages: 24,
    });
    expect(lineStudioConfiguration("accessory", { accessoryType: "x", accessory: "y" })).toBe(null);
  });

  it("finds nothing between a line and the design it was made from", () => {
    expect(designDifferences(lineStudioConfiguration("photobook", bookLine)!, book(24))).toEqual(
      [],
    );
  });

  it("names the pages of a 100-page design sold as 24 pages", () => {
    expect(designDifferences(lineStudioConfiguration("photobook", bookLine)!, book(100))).toEqual([
      { field: "pages", line: "24", design: "100" },
    ]);
  });

  it("names a calendar's other format and mounting", () => {
    const line = lineStudioConfiguration("calendar", {
      calendarType: "wall",
      size: "a3-hoch",
      mounting: "spiral",
      start: "2027-01",
    })!;
    expect(
      designDifferences(line, {
        product: {
          family: "calendar",
          format: "210x297",
          options: { calendarType: "wall", mounting: "hanger" },
        },
      }).map((d) => d.field),
    ).toEqual(["size", "mounting"]);
  });

  it("names the product when the design is another one", () => {
    expect(
      designDifferences(lineStudioConfiguration("photobook", bookLine)!, {
        product: { family: "card", format: "148x105", options: {} },
      }),
    ).toEqual([{ field: "kind", line: "photobook", design: "card" }]);
  });
});

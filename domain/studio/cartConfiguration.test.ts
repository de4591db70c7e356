import { describe, expect, it } from "vitest";
import {
  articleStudioConfiguration,
  cartArticleOptionsOf,
  cartConfigurationOf,
  designDifferences,
  lineOptionsFollowing,
  lineStudioConfiguration,
  productRefOf,
  studioConfigurationSchema,
} from "./configuration";
import { withoutFrameOptions } from "./frame";
import { printsFromPhotos, setCopies } from "./copies";
import { MAX_PICTURES } from "./document";
import { printProfile } from "./profiles";
import { studioConfiguration } from "./studioLinks";
import { emptyTemplate } from "./templates";

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
        calendar: { year: 2027, startMonth: 1, locale: "de-DE", country: "DE", dates: [] },
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

/**
 * A design as the designs API starts it from a designer link: the link read as the studio
 * reads it, its product as the design keeps it.
 */
function startedDesign(product: string, link: Record<string, string>) {
  const started = studioConfiguration(product, link)!;
  return { product: productRefOf(studioConfigurationSchema.parse(started.configuration)) };
}

/** The fields where an article line (options and quantity) and a design disagree. */
function articleDifferences(
  product: string,
  options: Record<string, string>,
  quantity: number,
  design: Parameters<typeof designDifferences>[1],
) {
  const configuration = articleStudioConfiguration(product, options, quantity);
  expect(configuration).not.toBeNull();
  return designDifferences(configuration!, design);
}

describe("a wall-art line against the design it prints", () => {
  const LINK = {
    materialType: "poster",
    frameType: "holzrahmen",
    formatType: "300x400",
    frameColour: "walnut",
    matType: "mat-weiss",
    matSize: "30",
    matColour: "white",
    glass: "museum-glass",
  };
  const design = startedDesign("photoframe", LINK);

  it("finds nothing between the studio's line and its design, with the frame changed in the studio", () => {
    expect(
      articleDifferences("photoframe", { ...LINK, studioDesign: "design-0001" }, 1, design),
    ).toEqual([]);
    // Copies of the same framed picture are the same design.
    expect(articleDifferences("photoframe", LINK, 3, design)).toEqual([]);
    // The shopper takes another colour, no mat and acrylic glazing in the studio's frame panel;
    // the studio puts the line in with the design's frame (cartArticleOptionsOf).
    const changed = {
      product: {
        ...design.product,
        options: {
          ...withoutFrameOptions(design.product).options,
          frameColour: "black",
          matType: "mat-none",
          glass: "museum-acrylic",
        },
      },
    };
    expect(
      articleDifferences("photoframe", cartArticleOptionsOf(LINK, changed), 1, changed),
    ).toEqual([]);
    // A canvas without a frame, with its edge and stretcher.
    const canvas = {
      materialType: "leinwand",
      formatType: "600x400",
      canvasEdge: "mirrored",
      canvasStretcherFrame: "38",
    };
    expect(
      articleDifferences("photoframe", canvas, 1, startedDesign("photoframe", canvas)),
    ).toEqual([]);
  });

  it.each([
    ["size", { formatType: "200x300" }, "200x300", "300x400"],
    ["material", { materialType: "hahnemuehle" }, "hahnemuehle", "poster"],
    ["frameType", { frameType: "alurahmen" }, "alurahmen", "holzrahmen"],
    ["frameColour", { frameColour: "oak" }, "oak", "walnut"],
    ["matType", { matType: "mat-none" }, "mat-none", "mat-weiss"],
    ["matSize", { matSize: "0" }, "0", "30"],
    ["matColour", { matColour: "cream" }, "cream", "white"],
    ["glass", { glass: "museum-acrylic" }, "museum-acrylic", "museum-glass"],
  ])("names the %s of a line that differs from its design", (field, change, line, designed) => {
    expect(articleDifferences("photoframe", { ...LINK, ...change }, 1, design)).toEqual([
      { field, line, design: designed },
    ]);
  });

  it("names a frame, mat or glazing the design has and the line leaves out", () => {
    const { frameType: _frame, glass: _glass, ...unframed } = LINK;
    expect(
      articleDifferences("photoframe", unframed, 1, design).map((d) => [d.field, d.line]),
    ).toEqual([
      ["frameType", "none"],
      ["glass", "none"],
    ]);
  });

  it("names a canvas's other edge and stretcher", () => {
    const canvas = {
      materialType: "leinwand",
      formatType: "600x400",
      canvasEdge: "mirrored",
      canvasStretcherFrame: "38",
    };
    const canvasDesign = startedDesign("photoframe", canvas);
    expect(
      articleDifferences(
        "photoframe",
        { ...canvas, canvasEdge: "coloured", canvasStretcherFrame: "25" },
        1,
        canvasDesign,
      ),
    ).toEqual([
      { field: "canvasStretcherFrame", line: "25", design: "38" },
      { field: "canvasEdge", line: "coloured", design: "mirrored" },
    ]);
    const { canvasEdge: _edge, ...plain } = canvas;
    expect(articleDifferences("photoframe", plain, 1, canvasDesign)).toEqual([
      { field: "canvasEdge", line: "none", design: "mirrored" },
    ]);
  });

  it("names the product when a wall-art design goes in as prints", () => {
    expect(
      articleDifferences(
        "photoprint",
        { type: "photoprint", width: "300", height: "400" },
        1,
        design,
      ),
    ).toEqual([{ field: "kind", line: "photoprint", design: "photoframe" }]);
  });
});

describe("a prints line against the design it prints", () => {
  const PRINTS = { type: "photoprint", width: "150", height: "100", finish: "glossy" };
  const design = startedDesign("photoprint", { ...PRINTS, quantity: "10" });
  const BOX = { type: "small", width: "130", height: "90", finish: "matt" };
  const box = startedDesign("photobox", { ...BOX, quantity: "25" });

  it("finds nothing between ten designed prints and a line of ten", () => {
    expect(design.product.prints).toBe(10);
    expect(articleDifferences("photoprint", PRINTS, 10, design)).toEqual([]);
    expect(articleDifferences("photobox", BOX, 25, box)).toEqual([]);
  });

  it("names the prints of ten designed pictures sold as one or as twenty", () => {
    expect(articleDifferences("photoprint", PRINTS, 1, design)).toEqual([
      { field: "prints", line: "1", design: "10" },
    ]);
    expect(articleDifferences("photoprint", PRINTS, 20, design)).toEqual([
      { field: "prints", line: "20", design: "10" },
    ]);
  });

  it("compares a line of 900 prints with what its 120 pictures' copies make", () => {
    // A link for 900 prints starts a design ordering 900; 120 photos keep 120 pictures.
    const product = startedDesign("photoprint", { ...PRINTS, quantity: "900" }).product;
    expect(product.prints).toBe(900);
    const started = emptyTemplate(product, printProfile(product)!);
    expect(started.surfaces).toHaveLength(MAX_PICTURES);
    const photos = Array.from({ length: 120 }, (_, i) => `photo-${i}`);
    const filled = printsFromPhotos(started, photos);
    expect(filled.surfaces).toHaveLength(120);
    expect(articleDifferences("photoprint", PRINTS, 900, filled)).toEqual([]);
    expect(articleDifferences("photoprint", PRINTS, 1000, filled)).toEqual([
      { field: "prints", line: "1000", design: "900" },
    ]);
    // One picture a copy more: the design makes 901, no longer the line's 900.
    const more = setCopies(filled, 0, filled.surfaces[0]!.copies! + 1);
    expect(articleDifferences("photoprint", PRINTS, 900, more)).toEqual([
      { field: "prints", line: "900", design: "901" },
    ]);
    const bigBox = startedDesign("photobox", { ...BOX, type: "large", quantity: "1000" });
    expect(bigBox.product.prints).toBe(1000);
    expect(articleDifferences("photobox", { ...BOX, type: "large" }, 1000, bigBox)).toEqual([]);
  });

  it("takes prints only on the photo box's steps, for loose prints as for the box", () => {
    for (const kind of ["photoprint", "photobox"]) {
      const prints = (n: number) =>
        studioConfigurationSchema.safeParse({ kind, size: "130x90", prints: n }).success;
      expect(prints(900), kind).toBe(true);
      expect(prints(7), kind).toBe(false);
      expect(prints(5250), kind).toBe(false);
    }
  });

  it("names another print size and another photo box", () => {
    expect(
      articleDifferences("photoprint", { ...PRINTS, width: "100", height: "100" }, 10, design),
    ).toEqual([{ field: "size", line: "100x100", design: "150x100" }]);
    expect(articleDifferences("photobox", { ...BOX, type: "large" }, 25, box)).toEqual([
      { field: "photoboxType", line: "large", design: "small" },
    ]);
  });

  it("reads no configuration from an article the studio does not design", () => {
    expect(articleStudioConfiguration("photoprint", { type: "photoprint" }, 1)).toBeNull();
    expect(articleStudioConfiguration("accessory", { article: "x" }, 1)).toBeNull();
  });
});

describe("a calendar line's first month against its design", () => {
  const line = lineStudioConfiguration("calendar", {
    calendarType: "wandkalender",
    size: "a3-hoch",
    mounting: "spirale",
    start: "2027-03",
  })!;
  const calendar = (year: number, startMonth: number) => ({
    product: {
      family: "calendar" as const,
      format: "297x420",
      options: { calendarType: "wandkalender", mounting: "spirale" },
    },
    calendar: { year, startMonth, locale: "fr-CH", country: "CH", dates: [] },
  });

  it("finds nothing when the line starts in the design's month", () => {
    expect(designDifferences(line, calendar(2027, 3))).toEqual([]);
  });

  it("names the start of a calendar designed from March sold as one from January", () => {
    expect(designDifferences(line, calendar(2027, 1))).toEqual([
      { field: "start", line: "2027-03", design: "2027-01" },
    ]);
    expect(designDifferences(line, calendar(2028, 3))).toEqual([
      { field: "start", line: "2027-03", design: "2028-03" },
    ]);
    // A calendar design without its settings has no first month a line could be.
    expect(designDifferences(line, { product: calendar(2027, 3).product })).toEqual([
      { field: "start", line: "2027-03", design: "none" },
    ]);
  });

  it("reads a calendar's designer link as its configuration, its start month too", () => {
    const link = {
      calendarType: "wandkalender",
      format: "a3-hoch",
      mounting: "spirale",
      startYear: "2027",
      startMonth: "1",
    };
    expect(articleDifferences("calendar", link, 1, calendar(2027, 3))).toEqual([
      { field: "start", line: "2027-01", design: "2027-03" },
    ]);
  });
});

describe("a cart line following its design changed in the studio", () => {
  it("takes a book's pages and a frame's colour, mat and glazing, and nothing else", () => {
    const book = { photobookType: "printing", size: "20x20", pages: "24", studioDesign: "d1" };
    expect(
      lineOptionsFollowing("photobook", book, {
        product: { family: "photobook", format: "200x200", options: {}, pages: 40 },
      }),
    ).toEqual({ ...book, pages: "40" });
    const frame = {
      materialType: "poster",
      frameType: "holzrahmen",
      formatType: "400x300",
      frameColour: "black",
    };
    const product = {
      family: "photoframe" as const,
      format: "300x300",
      options: { material: "hahnemuehle", frameType: "alurahmen", frameColour: "oak" },
    };
    // Only the frame's own options follow: the material, frame type and size stay the line's.
    expect(lineOptionsFollowing("photoframe", frame, { product })).toEqual({
      ...frame,
      frameColour: "oak",
    });
    const prints = { type: "photoprint", width: "150", height: "100" };
    expect(
      lineOptionsFollowing("photoprint", prints, {
        product: { family: "photoprint", format: "100x100", options: {}, prints: 10 },
      }),
    ).toEqual(prints);
  });
});

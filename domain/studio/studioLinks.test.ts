import { describe, expect, it } from "vitest";
import { designerConfiguration } from "../designerConfiguration";
import { firstValues } from "../designerLinks";
import { articleStudioConfiguration, lineStudioConfiguration } from "./configuration";
import {
  isStudioDesignId,
  needsDesign,
  printQuantityProblem,
  STUDIO_DESIGN_PARAM,
  studioConfiguration,
  studioEditLink,
  themePicture,
} from "./studioLinks";

describe("studio links", () => {
  it("starts a card from its product page's choice and theme", () => {
    expect(
      studioConfiguration("card", {
        themeId: "t1",
        cardType: "folded-card",
        size: "148x105",
        refinement: "none",
        envelope: "white",
        quantity: "20",
        sample: "false",
      }),
    ).toEqual({
      configuration: {
        kind: "card",
        cardType: "folded-card",
        size: "148x105",
        refinement: "none",
        envelope: "white",
        quantity: 20,
        sample: false,
      },
      themeId: "t1",
    });
  });

  it("starts wall art from the calculator's material, frame and format", () => {
    expect(
      studioConfiguration("photoframe", {
        materialType: "leinwand",
        formatType: "600x400",
        quantity: "2",
      }),
    ).toEqual({
      configuration: { kind: "photoframe", material: "leinwand", size: "600x400", quantity: 2 },
      themeId: null,
    });
    expect(studioConfiguration("photoframe", { materialType: "leinwand" })).toBeNull();
  });

  it("gives photo prints as many prints as the link's quantity", () => {
    expect(
      studioConfiguration("photoprint", {
        type: "photoprint",
        width: "130",
        height: "90",
        quantity: "10",
      }),
    ).toEqual({ configuration: { kind: "photoprint", size: "130x90", prints: 10 }, themeId: null });
    expect(
      studioConfiguration("photobox", {
        type: "small",
        width: "130",
        height: "90",
        quantity: "900",
      })?.configuration.prints,
    ).toBe(900);
  });

  it("does not start what the studio does not design", () => {
    expect(studioConfiguration("photobook", { photobookType: "x" })).toBeNull();
    expect(studioConfiguration("card", { themeId: "t1" })).toBeNull();
  });

  it("links a cart line back to its design with its options and quantity", () => {
    const link = studioEditLink(
      "card",
      { cardType: "flat-card", size: "148x105", studioDesign: "old" },
      25,
      "AbCdEfGh12345678",
    );
    const url = new URL(link, "http://x");
    expect(url.pathname).toBe("/designer/card");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cardType: "flat-card",
      size: "148x105",
      quantity: "25",
      studioDesign: "AbCdEfGh12345678",
    });
  });

  it("links a line without a design to a new one for its options, its old design id dropped", () => {
    const link = studioEditLink("card", { cardType: "flat-card", studioDesign: "old" }, 5);
    expect(link).toBe("/designer/card?cardType=flat-card&quantity=5");
  });

  /** A saved design's id, as a cart line keeps it. */
  const DESIGN = "AbCdEfGh12345678";
  /** An edit link's path and its parameters (the first value of each). */
  const opened = (link: string) => {
    const url = new URL(link, "http://shop.invalid");
    return { path: url.pathname, query: firstValues(url.searchParams) };
  };

  /** A cart line as the cart keeps it: its product, options and quantity. */
  interface Line {
    product: string;
    options: Record<string, string>;
    quantity: number;
  }

  // The options a configuration line keeps are the cart's names (a photo book's type and
  // pages, a collage's design group, material and format), not the designer's.
  it.each<Line & { choice: object }>([
    {
      product: "card",
      options: {
        cardType: "folded-card",
        size: "148x105",
        refinement: "none",
        envelope: "none",
        themeId: "einschulung-001",
      },
      quantity: 20,
      choice: {
        kind: "card",
        cardType: "folded-card",
        size: "148x105",
        refinement: "none",
        envelope: "none",
        quantity: 20,
        sample: false,
        themeId: "einschulung-001",
      },
    },
    {
      product: "card",
      options: {
        cardType: "flat-card",
        size: "148x105",
        refinement: "none",
        envelope: "none",
        sample: "true",
      },
      quantity: 1,
      choice: {
        kind: "card",
        cardType: "flat-card",
        size: "148x105",
        refinement: "none",
        envelope: "none",
        quantity: 1,
        sample: true,
      },
    },
    {
      product: "calendar",
      options: {
        calendarType: "wandkalender",
        size: "a3-hoch",
        mounting: "spirale",
        start: "2027-03",
      },
      quantity: 2,
      choice: {
        kind: "calendar",
        calendarType: "wandkalender",
        size: "a3-hoch",
        mounting: "spirale",
        start: "2027-03",
        quantity: 2,
      },
    },
    {
      product: "photobook",
      options: {
        photobookType: "digitalfotobuch",
        cover: "hard",
        paper: "glossy",
        size: "20x20",
        pages: "40",
      },
      quantity: 2,
      choice: {
        kind: "photobook",
        photobookType: "digitalfotobuch",
        cover: "hard",
        paper: "glossy",
        size: "20x20",
        pages: 40,
        quantity: 2,
      },
    },
    {
      product: "collage",
      options: { design: "3", collageMaterial: "poster", size: "600x400" },
      quantity: 3,
      choice: {
        kind: "collage",
        design: "3",
        collageMaterial: "poster",
        size: "600x400",
        quantity: 3,
      },
    },
  ])(
    "reopens a $product line's design with the choice the line was priced for",
    ({ product, options, quantity, choice }) => {
      const { path, query } = opened(
        studioEditLink(product, { ...options, [STUDIO_DESIGN_PARAM]: DESIGN }, quantity, DESIGN),
      );
      expect(path).toBe(`/designer/${product}`);
      expect(query[STUDIO_DESIGN_PARAM]).toBe(DESIGN);
      // The designer prices the same configuration, and the studio starts the line's product.
      expect(designerConfiguration(product, query)).toEqual(choice);
      const line = lineStudioConfiguration(product, options);
      expect(line).not.toBeNull();
      expect(studioConfiguration(product, query)?.configuration).toMatchObject(line!);
    },
  );

  /** A photo book and a collage line as the cart keeps them. */
  const PHOTOBOOK = {
    photobookType: "digitalfotobuch",
    cover: "hard",
    paper: "glossy",
    size: "20x20",
    pages: "24",
  };
  const COLLAGE = { design: "3", collageMaterial: "poster", size: "600x400" };
  const CALENDAR = {
    calendarType: "wandkalender",
    size: "a3-hoch",
    mounting: "spirale",
    start: "2027-01",
  };

  it("keeps the preset a line was put in with on its edit link", () => {
    const photobook = opened(
      studioEditLink("photobook", { ...PHOTOBOOK, designGroupId: "500" }, 1, DESIGN),
    );
    expect(photobook.query).toEqual({
      printing: "digitalfotobuch",
      cover: "hard",
      paper: "glossy",
      size: "20x20",
      pageCount: "24",
      amount: "1",
      designGroupId: "500",
      [STUDIO_DESIGN_PARAM]: DESIGN,
    });
    const collage = opened(studioEditLink("collage", { ...COLLAGE, designs: "3,4" }, 1, DESIGN));
    expect(collage.query.designs).toBe("3,4");
    const calendar = opened(
      studioEditLink("calendar", { ...CALENDAR, accessoryTypes: "calendar-hanger" }, 1),
    );
    expect(calendar.query.accessoryTypes).toBe("calendar-hanger");
  });

  it("drops what a configuration line holds besides its choice and its product's preset", () => {
    // Names the designer reads the choice by, a visit's switches and another product's
    // preset: none of them is the line's, so none may change or follow its choice.
    const foreign = {
      printing: "x",
      pageCount: "99",
      amount: "7",
      s: "sample",
      _baseUrl: "//evil.example",
      disableCache: "true",
      tracking: "off",
      accessoryTypes: "calendar-hanger",
    };
    const photobook = opened(studioEditLink("photobook", { ...PHOTOBOOK, ...foreign }, 2, DESIGN));
    expect(photobook.query).toEqual({
      printing: "digitalfotobuch",
      cover: "hard",
      paper: "glossy",
      size: "20x20",
      pageCount: "24",
      amount: "2",
      [STUDIO_DESIGN_PARAM]: DESIGN,
    });
    // A card line is not reopened as a sample by an `s=sample` it holds.
    const card = opened(
      studioEditLink(
        "card",
        {
          cardType: "folded-card",
          size: "148x105",
          refinement: "none",
          envelope: "none",
          ...foreign,
        },
        20,
        DESIGN,
      ),
    );
    expect(designerConfiguration("card", card.query)).toMatchObject({
      quantity: 20,
      sample: false,
    });
    expect(Object.keys(card.query).sort()).toEqual(
      ["cardType", "size", "refinement", "envelope", "quantity", STUDIO_DESIGN_PARAM].sort(),
    );
  });

  it.each([
    { product: "photobook", options: PHOTOBOOK },
    { product: "collage", options: COLLAGE },
  ])(
    "starts a new design for a $product line kept without one, its stale design id dropped",
    ({ product, options }) => {
      for (const kept of [options, { ...options, [STUDIO_DESIGN_PARAM]: DESIGN }]) {
        const { path, query } = opened(studioEditLink(product, kept, 1));
        expect(path).toBe(`/designer/${product}`);
        expect(query).not.toHaveProperty(STUDIO_DESIGN_PARAM);
        // The designer prices the line's choice and the studio starts a design for it.
        expect(designerConfiguration(product, query)).toMatchObject({ kind: product, quantity: 1 });
        expect(studioConfiguration(product, query)?.configuration).toMatchObject(
          lineStudioConfiguration(product, options)!,
        );
      }
    },
  );

  it("names a calendar line's partial choice as the designer does", () => {
    const { size, start, calendarType } = CALENDAR;
    expect(studioEditLink("calendar", { calendarType, size, start }, 2)).toBe(
      "/designer/calendar?calendarType=wandkalender&format=a3-hoch&startYear=2027&startMonth=1&quantity=2",
    );
  });

  it.each<Line>([
    {
      product: "photoframe",
      options: {
        materialType: "leinwand",
        formatType: "600x400",
        canvasStretcherFrame: "38",
        canvasEdge: "mirrored",
      },
      quantity: 2,
    },
    {
      product: "photoframe",
      options: {
        materialType: "poster",
        frameType: "holzrahmen",
        formatType: "400x300",
        frameColour: "black",
        matType: "mat-weiss",
        matSize: "30",
        glass: "museum-acrylic",
      },
      quantity: 1,
    },
    {
      product: "photoprint",
      options: { width: "130", height: "90", finish: "matt" },
      quantity: 10,
    },
    {
      product: "photobox",
      options: { type: "small", width: "130", height: "90", finish: "matt" },
      quantity: 100,
    },
  ])(
    "reopens a $product article's design with its designer link's options and prints",
    ({ product, options, quantity }) => {
      const { path, query } = opened(
        studioEditLink(product, { ...options, [STUDIO_DESIGN_PARAM]: DESIGN }, quantity, DESIGN),
      );
      expect(path).toBe(`/designer/${product}`);
      // Every option the article is priced by, its quantity and its design.
      expect(query).toEqual({
        ...options,
        quantity: String(quantity),
        [STUDIO_DESIGN_PARAM]: DESIGN,
      });
      const line = articleStudioConfiguration(product, options, quantity);
      expect(line).not.toBeNull();
      expect(studioConfiguration(product, query)?.configuration).toEqual(line);
    },
  );

  it("drops from an article's or a partial line's link every option the shop does not keep for it", () => {
    // The cart API takes an article with options of any name: a visit's switches and names
    // the shop never keeps for a line must not travel to the designer with it.
    const foreign = {
      s: "sample",
      _baseUrl: "//evil.example",
      tracking: "0",
      disableCache: "true",
      designs: "3,4",
    };
    const wallArt = {
      materialType: "poster",
      frameType: "holzrahmen",
      formatType: "400x300",
      frameColour: "black",
      matSize: "30",
    };
    expect(
      opened(studioEditLink("photoframe", { ...wallArt, ...foreign }, 1, DESIGN)).query,
    ).toEqual({ ...wallArt, quantity: "1", [STUDIO_DESIGN_PARAM]: DESIGN });
    const box = { type: "small", width: "130", height: "90", finish: "matt" };
    expect(opened(studioEditLink("photobox", { ...box, ...foreign }, 100)).query).toEqual({
      ...box,
      quantity: "100",
    });
    // A card line with only part of its choice keeps that part (and is no sample), and a
    // collage's partial line its own preset.
    const card = opened(studioEditLink("card", { cardType: "flat-card", ...foreign }, 5));
    expect(card.query).toEqual({ cardType: "flat-card", quantity: "5" });
    expect(
      opened(studioEditLink("collage", { design: "12", designs: "3,4", s: "sample" }, 1)).query,
    ).toEqual({ design: "12", designs: "3,4", quantity: "1" });
  });

  it("takes only unguessable-looking design ids", () => {
    expect(isStudioDesignId("AbCdEfGh12345678")).toBe(true);
    expect(isStudioDesignId("1")).toBe(false);
    expect(isStudioDesignId("../x")).toBe(false);
  });

  it("pictures a card theme by its template with sample photos, a collage design by its own picture", () => {
    expect(themePicture({ id: "hochzeit-001", product: "card", previewImage: "/x.svg" })).toBe(
      "/web-api/studio/templates/hochzeit-001/preview.jpg?width=600",
    );
    expect(themePicture({ id: "c1", product: "collage", previewImage: "/x.svg" })).toBe("/x.svg");
  });

  it("starts a prints or photo box design on the page's steps, and refuses a quantity out of range or off them", () => {
    const box = { type: "small", width: "130", height: "90" };
    for (const quantity of ["900", "5000", "1"]) {
      expect(printQuantityProblem("photobox", { ...box, quantity }), quantity).toBeNull();
      expect(studioConfiguration("photobox", { ...box, quantity })?.configuration.prints).toBe(
        Number(quantity),
      );
    }
    // Loose prints are priced as a photo box: the same steps, never any whole number.
    for (const product of ["photoprint", "photobox"]) {
      expect(printQuantityProblem(product, { ...box, quantity: "903" }), product).toEqual({
        asked: "903",
        min: 1,
        max: 5000,
      });
      expect(studioConfiguration(product, { ...box, quantity: "7" }), product).toBeNull();
    }
    for (const quantity of ["5001", "0", "lots", "-900"]) {
      const problem = { asked: quantity, min: 1, max: 5000 };
      expect(printQuantityProblem("photoprint", { ...box, quantity }), quantity).toEqual(problem);
      expect(studioConfiguration("photoprint", { ...box, quantity }), quantity).toBeNull();
    }
    expect(printQuantityProblem("photobox", box)).toBeNull();
    expect(printQuantityProblem("card", { quantity: "9000" })).toBeNull();
  });

  it("keeps a box type's link within the type's own most, naming that range", () => {
    const small = { type: "small", width: "130", height: "90" };
    expect(printQuantityProblem("photobox", { ...small, quantity: "250" }, 250)).toBeNull();
    expect(studioConfiguration("photobox", { ...small, quantity: "250" }, 250)).not.toBeNull();
    expect(printQuantityProblem("photobox", { ...small, quantity: "900" }, 250)).toEqual({
      asked: "900",
      min: 1,
      max: 250,
    });
    expect(studioConfiguration("photobox", { ...small, quantity: "900" }, 250)).toBeNull();
  });

  it("names the families that go into the cart only with a design", () => {
    const designed = ["card", "calendar", "photobook", "photobox", "photoprint", "photoframe"];
    for (const family of [...designed, "collage"]) expect(needsDesign(family)).toBe(true);
    for (const other of ["accessory", "gift-voucher", "express"])
      expect(needsDesign(other)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  isStudioDesignId,
  needsDesign,
  printQuantityProblem,
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

import { describe, expect, it } from "vitest";
import {
  isStudioDesignId,
  MAX_PRINTS,
  needsDesign,
  printLimitOf,
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

  it("gives photo prints one picture per print, as many as the link's quantity", () => {
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
    ).toBe(250);
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

  it("says where a prints or photo box link asks for more prints than a design holds, and how many it holds", () => {
    const box = { type: "small", width: "130", height: "90" };
    expect(printLimitOf("photobox", { ...box, quantity: "900" })).toEqual({
      asked: 900,
      designed: MAX_PRINTS,
    });
    expect(printLimitOf("photoprint", { ...box, quantity: "5000" })).toEqual({
      asked: 5000,
      designed: MAX_PRINTS,
    });
    // The design started from such a link holds as many as the limit names.
    expect(studioConfiguration("photobox", { ...box, quantity: "900" })?.configuration.prints).toBe(
      printLimitOf("photobox", { ...box, quantity: "900" })?.designed,
    );
    for (const quantity of [String(MAX_PRINTS), "50", "1", undefined, "lots", "-900"])
      expect(printLimitOf("photobox", { ...box, quantity }), String(quantity)).toBeNull();
    expect(printLimitOf("card", { quantity: "900" })).toBeNull();
  });

  it("names the families that go into the cart only with a design", () => {
    for (const family of ["calendar", "photobook", "collage"])
      expect(needsDesign(family)).toBe(true);
    for (const other of ["card", "photoframe", "photobox", "photoprint", "accessory"])
      expect(needsDesign(other)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { designerProductFor, firstValues } from "./designerLinks";
import { articleEntry, familyEntry, PRODUCT_FAMILIES } from "./productFamilies";

describe("where a product family starts", () => {
  it("browses cards and calendars on their pre-configurator pages", () => {
    expect(familyEntry("card")).toBe("/vorkonfigurator-karten");
    expect(familyEntry("calendar")).toBe("/vorkonfigurator-kalender");
  });

  it("starts every other family in the configurator with a kind the designer understands", () => {
    for (const family of PRODUCT_FAMILIES.filter((f) => f !== "card" && f !== "calendar")) {
      const entry = new URL(familyEntry(family), "http://shop");
      expect(entry.pathname).toMatch(/^\/configurator-/);
      // The collage path itself says "collage" (the same material on the frame path is a frame).
      const hint = { collage: entry.pathname === "/configurator-collage" };
      expect(designerProductFor(firstValues(entry.searchParams), hint)).toBe(family);
    }
  });

  it("starts a calendar type in the calendar configurator", () => {
    const entry = new URL(familyEntry("calendar", "tischkalender"), "http://shop");
    expect(entry.pathname).toBe("/configurator-calendar");
    expect(designerProductFor(firstValues(entry.searchParams))).toBe("calendar");
  });
});

describe("where an express article's product is designed", () => {
  it.each([
    [
      "calendar",
      { calendarType: "wandkalender", formatCode: "a4-hoch", mounting: "spirale" },
      "210x297",
      "/configurator-calendar?calendarType=wandkalender&formatType=a4-hoch&mounting=spirale",
    ],
    [
      "photobook",
      { photobookType: "digitalfotobuch" },
      "200x200",
      "/configurator-photobook?printing=digitalfotobuch&photobookFormat=200x200",
    ],
    [
      "photobox",
      { photoboxType: "small" },
      "150x100",
      "/configurator-photobox?photoboxType=small&formatType=150x100",
    ],
    [
      "photoprint",
      { photoboxType: "photoprint" },
      "150x100",
      "/configurator-photobox?photoboxType=photoprint&formatType=150x100",
    ],
    [
      "photoframe",
      { material: "leinwand" },
      "600x400",
      "/configurator-photo-frame?materialType=leinwand&formatType=600x400",
    ],
  ] as const)(
    "opens the %s configurator with the product's kind and format",
    (type, attributes, format, href) => {
      const entry = articleEntry(type, attributes, format);
      expect(entry).toBe(href);
      const url = new URL(entry!, "http://shop");
      expect(designerProductFor(firstValues(url.searchParams))).toBe(type);
    },
  );

  it("opens a frame in the photo-frame configurator and a collage in its own, with the SKU", () => {
    expect(articleEntry("photoframe", { frameType: "alurahmen" }, "600x400", "frames")).toBe(
      "/configurator-photo-frame?frameType=alurahmen&formatType=600x400&sku=frames",
    );
    expect(articleEntry("collage", { material: "poster" }, "600x400")).toBe(
      "/configurator-collage?materialType=poster&formatType=600x400",
    );
  });

  it("browses a card product's designs, and knows no other product", () => {
    expect(articleEntry("card", { product: "folded-card" }, "148x105")).toBe(
      "/vorkonfigurator-karten?product=folded-card",
    );
    expect(articleEntry("voucher", {}, null)).toBeNull();
  });
});

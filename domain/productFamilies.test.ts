import { describe, expect, it } from "vitest";
import { designerProductFor, firstValues } from "./designerLinks";
import { familyEntry, PRODUCT_FAMILIES } from "./productFamilies";

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

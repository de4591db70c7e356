import { describe, expect, it } from "vitest";
import {
  amountWithin,
  calendarStartLabel,
  calendarStarts,
  defaultCalendarStart,
  detailLink,
  detailSelection,
  type DetailVariant,
} from "./productDetails";

const variant = (values: Record<string, string>, article = ""): DetailVariant => ({
  article,
  values,
});
const CALENDARS = [
  variant({ type: "wand", size: "a3", mounting: "spirale" }, "w-a3-s"),
  variant({ type: "wand", size: "a3", mounting: "ohne" }, "w-a3-o"),
  variant({ type: "wand", size: "a4", mounting: "spirale" }, "w-a4-s"),
  variant({ type: "tisch", size: "a5", mounting: "holzfuss" }, "t-a5-h"),
  variant({ type: "tisch", size: "a5", mounting: "spirale" }, "t-a5-s"),
];
const NAMES = ["type", "size", "mounting"];

describe("detailSelection", () => {
  it("takes the asked values when a variant has them together", () => {
    const s = detailSelection(NAMES, CALENDARS, { type: "tisch", size: "a5", mounting: "spirale" });
    expect(s.values).toEqual({ type: "tisch", size: "a5", mounting: "spirale" });
    expect(s.variant?.article).toBe("t-a5-s");
  });

  it("offers each option only the values sold with the choices before it", () => {
    const s = detailSelection(NAMES, CALENDARS, { type: "wand", size: "a4" });
    expect(s.offered).toEqual({
      type: ["wand", "tisch"],
      size: ["a3", "a4"],
      mounting: ["spirale"],
    });
  });

  it("replaces an asked value that does not go with the earlier choices by the first that does", () => {
    const s = detailSelection(NAMES, CALENDARS, { type: "wand", mounting: "holzfuss" });
    expect(s.values.mounting).toBe("spirale");
    expect(s.variant?.article).toBe("w-a3-s");
  });

  it("prefers the shop's default over the first value, and the asked value over both", () => {
    expect(detailSelection(NAMES, CALENDARS, {}, { mounting: "ohne" }).values.mounting).toBe(
      "ohne",
    );
    expect(
      detailSelection(NAMES, CALENDARS, { mounting: "spirale" }, { mounting: "ohne" }).values
        .mounting,
    ).toBe("spirale");
  });

  it("takes the first preferred value the choice offers", () => {
    const s = detailSelection(
      NAMES,
      CALENDARS,
      { type: "tisch" },
      { mounting: ["ohne", "holzfuss"] },
    );
    expect(s.values.mounting).toBe("holzfuss");
  });

  it("ignores unknown values and has no variant when nothing is sold", () => {
    expect(detailSelection(NAMES, CALENDARS, { type: "<b>" }).values.type).toBe("wand");
    expect(detailSelection(NAMES, [], {})).toEqual({
      values: {},
      offered: { type: [] },
      variant: null,
    });
  });
});

describe("amountWithin", () => {
  const pages = { min: 24, max: 200, step: 2 };

  it("keeps an amount on the grid", () => {
    expect(amountWithin("30", pages, 24)).toBe(30);
  });

  it("rounds an amount between two steps up to the next one", () => {
    expect(amountWithin("25", pages, 24)).toBe(26);
  });

  it("brings an amount outside the limits to the nearest limit", () => {
    expect(amountWithin("3", pages, 24)).toBe(24);
    expect(amountWithin("5000", pages, 24)).toBe(200);
    expect(amountWithin("201", { min: 16, max: 48, step: 4 }, 16)).toBe(48);
  });

  it("takes the fallback for no amount or one that is not a whole number", () => {
    expect(amountWithin(undefined, pages, 24)).toBe(24);
    expect(amountWithin("2.5", pages, 24)).toBe(24);
    expect(amountWithin("-4", pages, 24)).toBe(24);
  });
});

describe("calendar starts", () => {
  it("lists the next twelve months from today's, of those the designs allow", () => {
    const starts = calendarStarts(new Date("2026-11-25T10:00:00Z"), [1, 2, 3, 11, 12]);
    expect(starts).toEqual(["2026-11", "2026-12", "2027-01", "2027-02", "2027-03"]);
  });

  it("starts next January from October on, else this month", () => {
    expect(defaultCalendarStart(new Date("2026-10-01T00:00:00Z"))).toBe("2027-01");
    expect(defaultCalendarStart(new Date("2026-12-31T23:00:00Z"))).toBe("2027-01");
    expect(defaultCalendarStart(new Date("2027-04-15T00:00:00Z"))).toBe("2027-04");
  });
});

describe("detailLink", () => {
  const base = { quantity: 1, pages: null, sample: false };

  it("leads a calendar to its configurator with type, format, mounting and start", () => {
    expect(
      detailLink("calendar", {
        ...base,
        values: {
          calendarType: "wandkalender",
          size: "a3-hoch",
          mounting: "spirale",
          start: "2027-01",
        },
      }),
    ).toBe(
      "/configurator-calendar?calendarType=wandkalender&formatType=a3-hoch&mounting=spirale&startDate=2027-01&quantity=1",
    );
  });

  it("leads a card to its design with every option and the quantity, a sample to one card marked as sample", () => {
    const values = {
      cardType: "folded-card",
      size: "210x100",
      refinement: "none",
      envelope: "accessory-envelope-220x110",
    };
    const options =
      "cardType=folded-card&size=210x100&refinement=none&envelope=accessory-envelope-220x110";
    expect(detailLink("card", { ...base, values, quantity: 25, themeId: "hochzeit-001" })).toBe(
      `/configurator-card?themeId=hochzeit-001&${options}&quantity=25`,
    );
    expect(
      detailLink("card", { ...base, values, quantity: 25, sample: true, themeId: "hochzeit-001" }),
    ).toBe(`/configurator-card?themeId=hochzeit-001&${options}&quantity=1&s=sample`);
    expect(detailLink("card", { ...base, values })).toBeNull();
  });

  it("leads a photo book to its configurator with type and cover in one, size, pages and copies", () => {
    expect(
      detailLink("photobook", {
        ...base,
        values: {
          photobookType: "digitalfotobuch",
          cover: "soft",
          paper: "standard",
          size: "20x20",
        },
        pages: 28,
        quantity: 2,
        size: "200x200",
        designGroupId: "1002",
      }),
    ).toBe(
      "/configurator-photobook?photobookType=digitalfotobuch-soft&paper=standard&photobookFormat=200x200&size=20x20&pageCount=28&amount=2&designGroupId=1002",
    );
  });

  it("leads a collage to its configurator with the design, material and format", () => {
    expect(
      detailLink("collage", {
        ...base,
        values: { design: "13", collageMaterial: "poster", size: "600x400" },
      }),
    ).toBe("/configurator-collage?designId=13&materialType=poster&formatType=600x400&quantity=1");
  });

  it("has no configurator link for accessories", () => {
    expect(detailLink("accessory", { ...base, values: { accessoryType: "bow" } })).toBeNull();
  });
});

describe("calendarStartLabel", () => {
  it("names the month and year in the shop's language", () => {
    expect(calendarStartLabel("2027-03", "de-DE")).toBe("März 2027");
    expect(calendarStartLabel("2027-03", "en-US")).toBe("March 2027");
  });
});

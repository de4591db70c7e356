import { describe, expect, it } from "vitest";
import { calendarTemplate, type CalendarSettings } from "../../domain/studio/calendar";
import type { TextElement } from "../../domain/studio/document";
import { printProfile } from "../../domain/studio/profiles";
import { calendarHolidays, holidayRegions, publicHolidays } from "./calendarHolidays";

const settings = (over: Partial<CalendarSettings> = {}): CalendarSettings => ({
  year: 2027,
  startMonth: 3,
  locale: "fr-CH",
  country: "CH",
  dates: [],
  ...over,
});

describe("holidays", () => {
  it("Swiss public holidays in French, not observances", () => {
    const days = publicHolidays("CH", undefined, [2027], "fr");
    expect(days.get("2027-08-01")).toBe("Fête nationale");
    expect(days.get("2027-03-26")).toBe("Vendredi saint");
    expect(days.has("2027-05-09")).toBe(false); // Mother's Day is an observance
  });

  it("regions differ: Vaud has 2 January, Zurich Labour Day", () => {
    const vaud = publicHolidays("CH", "VD", [2027], "fr");
    const zurich = publicHolidays("CH", "ZH", [2027], "fr");
    expect(vaud.has("2027-01-02")).toBe(true);
    expect(zurich.has("2027-01-02")).toBe(false);
    expect(zurich.has("2027-05-01")).toBe(true);
    expect(vaud.has("2027-05-01")).toBe(false);
  });

  it("an unknown region counts as the whole country", () => {
    expect(publicHolidays("CH", "XX", [2027], "fr")).toEqual(
      publicHolidays("CH", undefined, [2027], "fr"),
    );
  });

  it("the regions of a country for the picker; none for Liechtenstein", () => {
    const cantons = holidayRegions("CH", "fr");
    expect(cantons).toHaveLength(26);
    expect(cantons.find((c) => c.code === "VD")?.name).toBe("Canton de Vaud");
    expect(holidayRegions("LI", "de")).toEqual([]);
  });

  it("a calendar crossing the year's end has both years' holidays", () => {
    const days = calendarHolidays(settings({ year: 2027, startMonth: 11 }));
    expect(days.has("2027-12-25")).toBe(true);
    expect(days.has("2028-01-01")).toBe(true);
  });
});

describe("a calendar with the library's holidays", () => {
  it("a wall calendar from March 2027 in fr-CH names Good Friday and, in Vaud, 2 January", () => {
    const product = {
      family: "calendar" as const,
      format: "297x420",
      options: { calendarType: "wandkalender", mounting: "spirale" },
    };
    const label = (over: Partial<CalendarSettings>, page: number, id: string) => {
      const s = settings(over);
      const doc = calendarTemplate(product, printProfile(product)!, s, calendarHolidays(s));
      const e = doc.surfaces[page]!.elements.find((x): x is TextElement => x.id === id);
      return e?.lines.join(" ");
    };
    expect(label({}, 1, "cal-h-26")).toBe("Vendredi saint");
    expect(label({}, 11, "cal-h-2")).toBeUndefined();
    expect(label({ region: "VD" }, 11, "cal-h-2")).toBe("2 Janvier");
    expect(label({ locale: "de-CH" }, 1, "cal-h-26")).toBe("Karfreitag");
  });
});

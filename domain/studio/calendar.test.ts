import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  applyCalendarLayout,
  calendarMonths,
  calendarTemplate,
  CALENDAR_ELEMENT_PREFIX,
  coverTitle,
  fitName,
  groupLayouts,
  layoutProblems,
  layoutsFor,
  monthGrid,
  ownDateProblem,
  regenerateCalendar,
  withOwnDate,
  withoutOwnDate,
  type CalendarGroup,
  type CalendarSettings,
} from "./calendar";
import { inBinding } from "./binding";
import { calendarFormat } from "./calendarProfile";
import { productRefOf, studioConfigurationSchema } from "./configuration";
import {
  designDocumentSchema,
  isListedElement,
  outsideSafeArea,
  textTooSmall,
  type DesignDocument,
  type ProductRef,
  type TextElement,
} from "./document";
import { printProfile, profileMismatches } from "./profiles";
import { studioConfiguration, studioEditLink } from "./studioLinks";
import { CALENDAR_FORMATS, CALENDAR_MOUNTINGS, CALENDAR_TYPES } from "../catalogue";

const settings = (over: Partial<CalendarSettings> = {}): CalendarSettings => ({
  year: 2027,
  startMonth: 3,
  locale: "fr-CH",
  country: "CH",
  dates: [],
  ...over,
});

const wall: ProductRef = {
  family: "calendar",
  format: "297x420",
  options: { calendarType: "wandkalender", mounting: "spirale" },
};

/** A few Swiss public holidays as the holiday service names them in French. */
const SWISS = new Map([
  ["2027-03-26", "Vendredi saint"],
  ["2027-08-01", "Fête nationale"],
  ["2028-01-01", "Nouvel An"],
]);
/** Vaud adds 2 January. */
const VAUD = new Map([...SWISS, ["2028-01-02", "2 Janvier"]]);
const holidaysOf = (s: CalendarSettings) => (s.region === "VD" ? VAUD : SWISS);

function template(over: Partial<CalendarSettings> = {}, product = wall): DesignDocument {
  const s = settings(over);
  return calendarTemplate(product, printProfile(product)!, s, holidaysOf(s));
}

const texts = (doc: DesignDocument, page: number) =>
  doc.surfaces[page]!.elements.filter((e): e is TextElement => e.kind === "text");
const textOf = (doc: DesignDocument, page: number, id: string) =>
  texts(doc, page)
    .find((e) => e.id === id)
    ?.lines.join(" ");

describe("month grids", () => {
  it("March 2027 in fr-CH: French names, weeks from Monday", () => {
    const grid = monthGrid(2027, 3, "fr-CH");
    expect(grid.title).toBe("Mars 2027");
    expect(grid.weekdays[0]).toMatch(/^Lun/);
    expect(grid.weekdays[6]).toMatch(/^Dim/);
    // 1 March 2027 is a Monday: the first row starts with it.
    expect(grid.weeks[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(grid.weeks.flat().filter((d) => d !== null)).toHaveLength(31);
    expect(grid.weeks.at(-1)).toEqual([29, 30, 31, null, null, null, null]);
  });

  it("en-US weeks start on Sunday", () => {
    const grid = monthGrid(2027, 3, "en-US");
    expect(grid.title).toBe("March 2027");
    expect(grid.weekdays[0]).toBe("Sun");
    expect(grid.weeks[0]).toEqual([null, 1, 2, 3, 4, 5, 6]);
    expect(grid.columns[0]).toBe(0);
  });

  it("German and Dutch names", () => {
    expect(monthGrid(2027, 12, "de-DE").title).toBe("Dezember 2027");
    expect(monthGrid(2028, 2, "nl-NL").weeks.flat().filter(Boolean)).toHaveLength(29);
  });

  it("twelve months from the start, crossing the year's end", () => {
    const months = calendarMonths(2027, 11);
    expect(months[0]).toEqual({ year: 2027, month: 11 });
    expect(months[2]).toEqual({ year: 2028, month: 1 });
    expect(months[11]).toEqual({ year: 2028, month: 10 });
    expect(coverTitle({ year: 2027, startMonth: 11 })).toBe("2027 – 2028");
    expect(coverTitle({ year: 2027, startMonth: 1 })).toBe("2027");
  });
});

describe("own dates", () => {
  it("are validated: a day the month has, a label", () => {
    const s = settings();
    expect(ownDateProblem(s, { month: 2, day: 29, label: "Léa" })).toBeNull();
    expect(ownDateProblem(s, { month: 2, day: 30, label: "Léa" })).toBe("day");
    expect(ownDateProblem(s, { month: 13, day: 1, label: "Léa" })).toBe("day");
    expect(ownDateProblem(s, { month: 4, day: 31, label: "Léa" })).toBe("day");
    expect(ownDateProblem(s, { month: 4, day: 3, label: "  " })).toBe("label");
    expect(ownDateProblem(s, { month: 4, day: 3, label: "x".repeat(41) })).toBe("label");
    const added = withOwnDate(s, { month: 4, day: 3, label: " Léa " });
    expect(added.dates).toEqual([{ month: 4, day: 3, label: "Léa" }]);
    expect(ownDateProblem(added, { month: 4, day: 3, label: "Léa" })).toBe("duplicate");
    expect(withoutOwnDate(added, 0).dates).toEqual([]);
  });
});

describe("a calendar document", () => {
  it("has a cover and twelve months from the start month, valid for its profile", () => {
    const doc = template();
    expect(designDocumentSchema.safeParse(doc).success).toBe(true);
    expect(doc.surfaces.map((s) => s.name)).toEqual(["cover", ...Array(12).fill("month")]);
    expect(profileMismatches(doc.surfaces, printProfile(wall)!)).toEqual({});
    expect(textOf(doc, 0, "cal-year")).toBe("2027 – 2028");
    expect(textOf(doc, 1, "cal-title")).toBe("Mars 2027");
    expect(textOf(doc, 12, "cal-title")).toBe("Février 2028");
    expect(textOf(doc, 1, "cal-wd-0")).toMatch(/^Lun/);
  });

  it("marks holidays by colour and name, and prints own dates in the cell", () => {
    const doc = template({ dates: [{ month: 3, day: 14, label: "Anniversaire Léa" }] });
    // Good Friday 26 March 2027 is on the March page.
    const friday = texts(doc, 1).find((e) => e.id === "cal-d-26")!;
    expect(friday.colour).toBe("#c62828");
    expect(textOf(doc, 1, "cal-h-26")).toBe("Vendredi saint");
    expect(textOf(doc, 1, "cal-o-14-0")).toBe("Anniversaire Léa");
    const plain = texts(doc, 1).find((e) => e.id === "cal-d-10")!;
    expect(plain.colour).toBe("#212121");
    // August: the national day.
    expect(textOf(doc, 6, "cal-h-1")).toBe("Fête nationale");
  });

  it("keeps every word and frame in the safe area, legible, and clear of every binding's band", () => {
    // Every calendar type in the formats its design group sells, in every mounting, with
    // every photo layout its group offers on the cover and the month pages.
    const groups = calendarGroups("cards");
    let checked = 0;
    for (const calendarType of CALENDAR_TYPES) {
      const group = groups.get(calendarType)!;
      const designGroup = groupLayouts(group)!;
      for (const code of group.attributes.formats as string[]) {
        const format = calendarFormat(code)!;
        for (const mounting of CALENDAR_MOUNTINGS) {
          const product: ProductRef = {
            family: "calendar",
            format,
            options: { calendarType, mounting },
          };
          const base = template(
            { dates: [{ month: 3, day: 26, label: "Anniversaire de Léa" }], designGroup },
            product,
          );
          const profile = printProfile(product)!;
          const label = `${calendarType} ${code} ${mounting}`;
          const docs = designGroup.layouts.map((id) =>
            applyCalendarLayout(applyCalendarLayout(base, 0, id), 1, id),
          );
          for (const doc of [base, ...docs])
            for (const surface of doc.surfaces.slice(0, 2)) {
              expect(outsideSafeArea(surface), label).toEqual([]);
              expect(textTooSmall(surface), label).toEqual([]);
              expect(inBinding(surface, { binding: profile.binding }), label).toEqual([]);
              expect(surface.elements.length).toBeLessThanOrEqual(200);
              checked++;
            }
          for (const surface of base.surfaces.slice(2))
            expect(inBinding(surface, { binding: profile.binding }), label).toEqual([]);
          // A binding at all: its band is one the page has.
          if (mounting !== "ohne") expect(profile.binding, label).toBeTruthy();
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("regenerating after a change replaces only the calendar's own elements", () => {
    const doc = template();
    const photo = doc.surfaces[1]!.elements.find((e) => e.kind === "photo")!;
    const withPhoto: DesignDocument = {
      ...doc,
      surfaces: doc.surfaces.map((s, i) =>
        i === 1
          ? {
              ...s,
              elements: [
                ...s.elements.map((e) =>
                  e.id === photo.id
                    ? {
                        ...e,
                        photo: {
                          photoId: "p1",
                          crop: { offsetX: 0, offsetY: 0, scale: 1, rotation: 0 },
                        },
                      }
                    : e,
                ),
                { ...texts(doc, 1)[0]!, id: "mine", locked: false, lines: ["Hello"] },
              ],
            }
          : s,
      ),
    };
    const vaud = { ...withPhoto, calendar: settings({ region: "VD" }) };
    const next = regenerateCalendar(vaud, holidaysOf(vaud.calendar));
    // January 2028 (page 11) in Vaud has 2 January.
    expect(textOf(next, 11, "cal-h-2")).toBe("2 Janvier");
    expect(textOf(template(), 11, "cal-h-2")).toBeUndefined();
    const page = next.surfaces[1]!.elements;
    expect(page.find((e) => e.id === photo.id)).toMatchObject({ photo: { photoId: "p1" } });
    expect(page.find((e) => e.id === "mine")).toBeDefined();
    expect(page.filter((e) => e.id.startsWith(CALENDAR_ELEMENT_PREFIX)).length).toBe(
      withPhoto.surfaces[1]!.elements.filter((e) => e.id.startsWith(CALENDAR_ELEMENT_PREFIX))
        .length,
    );
  });

  it("the element list leaves out the calendar's locked grid, not the shopper's elements", () => {
    const doc = template();
    const month = doc.surfaces[1]!.elements;
    // A month's grid: at least its 28 day numbers and 7 weekday names.
    expect(month.filter((e) => e.id.startsWith(CALENDAR_ELEMENT_PREFIX)).length).toBeGreaterThan(
      35,
    );
    const listed = month.filter(isListedElement);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((e) => e.kind === "photo")).toBe(true);
    // The cover's year is the calendar's too.
    expect(doc.surfaces[0]!.elements.filter(isListedElement).map((e) => e.kind)).not.toContain(
      "text",
    );
    // The shopper's own text stays listed, and so would a grid element once unlocked.
    const mine = { ...(month.find((e) => e.id === "cal-title") as TextElement), id: "mine" };
    expect(isListedElement(mine)).toBe(true);
    expect(isListedElement({ ...mine, id: "cal-title", locked: false })).toBe(true);
  });

  it("a page's layout gives its frames; photos move along", () => {
    const doc = template();
    const first = doc.surfaces[1]!.elements.find((e) => e.kind === "photo")!;
    const filled: DesignDocument = {
      ...doc,
      surfaces: doc.surfaces.map((s, i) =>
        i === 1
          ? {
              ...s,
              elements: s.elements.map((e) =>
                e.id === first.id
                  ? {
                      ...e,
                      photo: {
                        photoId: "p1",
                        crop: { offsetX: 0, offsetY: 0, scale: 1, rotation: 0 },
                      },
                    }
                  : e,
              ),
            }
          : s,
      ),
    };
    const quad = applyCalendarLayout(filled, 1, "month-quad");
    const frames = quad.surfaces[1]!.elements.filter((e) => e.kind === "photo");
    expect(quad.surfaces[1]!.layout).toBe("month-quad");
    expect(frames).toHaveLength(4);
    expect(frames[0]).toMatchObject({ photo: { photoId: "p1" } });
    expect(inBinding(quad.surfaces[1]!, { binding: printProfile(wall)!.binding })).toEqual([]);
    expect(quad.surfaces[1]!.elements.filter((e) => e.kind === "text").length).toBe(
      texts(filled, 1).length,
    );
    // A cover layout on a month page changes nothing.
    expect(applyCalendarLayout(filled, 1, "cover-duo")).toBe(filled);
  });

  it("names that do not fit are cut with an ellipsis", () => {
    expect(fitName("Lundi de Pentecôte", 8, 2)).toEqual(["Lundi de", "Pentecô…"]);
    expect(fitName("Noël", 8, 1)).toEqual(["Noël"]);
    expect(fitName("Noël", 2, 1)).toEqual([]);
  });
});

/** The calendar design groups of a shop's catalogue, by calendar type. */
function calendarGroups(brand: "cards" | "wallart"): Map<string, CalendarGroup> {
  const { designGroups } = JSON.parse(
    readFileSync(`catalogue/${brand}/design-groups.json`, "utf8"),
  ) as { designGroups: (CalendarGroup & { kind: string })[] };
  return new Map(
    designGroups
      .filter((g) => g.kind === "calendar")
      .map((g) => [String(g.attributes.calendarType), g]),
  );
}

const ids = (layouts: { id: string }[]) => layouts.map((l) => l.id);

describe("photo layouts of the calendar's design group", () => {
  const cards = calendarGroups("cards");
  const desk = groupLayouts(cards.get("tischkalender")!)!;
  const wallGroup = groupLayouts(cards.get("wandkalender")!)!;

  it("every calendar design group of both shops offers known layouts for its cover and months", () => {
    for (const brand of ["cards", "wallart"] as const)
      for (const [type, group] of calendarGroups(brand)) {
        const offered = groupLayouts(group);
        expect(offered, `${brand} ${type}`).not.toBeNull();
        expect(layoutsFor("cover", offered!).length, `${brand} ${type}`).toBeGreaterThan(0);
        expect(layoutsFor("month", offered!).length, `${brand} ${type}`).toBeGreaterThan(0);
      }
    expect(cards.size).toBe(5);
    // The groups differ: a desk calendar's small pages take at most two photos a month.
    expect(ids(layoutsFor("month", desk))).toEqual(["month-single", "month-framed", "month-duo"]);
    expect(ids(layoutsFor("cover", desk))).toEqual(["cover-full", "cover-framed"]);
    expect(ids(layoutsFor("month", wallGroup))).toContain("month-quad");
    expect(ids(layoutsFor("cover", wallGroup))).toContain("cover-duo");
  });

  it("a calendar offers its group's layouts only: another group's is neither applied nor saved", () => {
    const doc = template({ designGroup: desk });
    expect(doc.calendar!.designGroup).toEqual({ id: 101, layouts: desk.layouts });
    expect(designDocumentSchema.safeParse(doc).success).toBe(true);
    expect(doc.surfaces[1]!.layout).toBe("month-single");

    const duo = applyCalendarLayout(doc, 1, "month-duo");
    expect(duo.surfaces[1]!.layout).toBe("month-duo");
    expect(duo.surfaces[1]!.elements.filter((e) => e.kind === "photo")).toHaveLength(2);
    // The wall calendar's four-photo page is not the desk calendar's.
    expect(applyCalendarLayout(doc, 1, "month-quad")).toBe(doc);
    expect(applyCalendarLayout(doc, 0, "cover-duo")).toBe(doc);
    expect(layoutProblems(duo)).toEqual({});
    const smuggled: DesignDocument = {
      ...duo,
      surfaces: duo.surfaces.map((s, i) => (i === 2 ? { ...s, layout: "month-quad" } : s)),
    };
    expect(layoutProblems(smuggled)).toEqual({
      "document.surfaces.2.layout": "not a layout of design group 101",
    });

    // A calendar made in the wall calendar's group takes it; one made before groups, any.
    expect(
      applyCalendarLayout(template({ designGroup: wallGroup }), 1, "month-quad").surfaces[1]!
        .layout,
    ).toBe("month-quad");
    expect(layoutProblems({ ...smuggled, calendar: settings() })).toEqual({});
  });

  it("a page starts in its group's first layout of the page's kind", () => {
    const group = groupLayouts({
      id: 7,
      attributes: { layouts: ["month-framed", "cover-framed", "month-single", "cover-full"] },
    })!;
    const doc = template({ designGroup: group });
    expect(doc.surfaces[0]!.layout).toBe("cover-framed");
    expect(doc.surfaces.slice(1).map((s) => s.layout)).toEqual(Array(12).fill("month-framed"));
  });

  it("a group naming no layouts, an unknown one, one twice or none for the months offers nothing", () => {
    const of = (layouts: unknown) => groupLayouts({ id: 1, attributes: { layouts } });
    expect(groupLayouts({ id: 1, attributes: {} })).toBeNull();
    expect(of(["cover-full", "month-hexa"])).toBeNull();
    expect(of(["cover-full", "month-single", "month-single"])).toBeNull();
    expect(of(["cover-full", "cover-framed"])).toBeNull();
    expect(of("cover-full,month-single")).toBeNull();
    expect(of(["cover-full", "month-single"])).toEqual({
      id: 1,
      layouts: ["cover-full", "month-single"],
    });
  });
});

describe("calendar profiles", () => {
  it("every type, format and mounting the catalogue names has one of 13 pages", () => {
    for (const calendarType of CALENDAR_TYPES)
      for (const mounting of CALENDAR_MOUNTINGS)
        for (const format of Object.values(CALENDAR_FORMATS)) {
          const profile = printProfile({
            family: "calendar",
            format,
            options: { calendarType, mounting },
          });
          expect(profile?.surfaces).toHaveLength(13);
        }
  });

  it("a spiral keeps a band at the top, a wooden foot at the bottom, loose sheets none", () => {
    const at = (mounting: string) =>
      printProfile({ ...wall, options: { calendarType: "tischkalender", mounting } })!.binding;
    expect(at("spirale")).toEqual({ edge: "top", depth: 12 });
    expect(at("holzfuss")).toEqual({ edge: "bottom", depth: 15 });
    expect(at("ohne")).toBeUndefined();
    expect(
      printProfile({ ...wall, options: { calendarType: "x", mounting: "spirale" } }),
    ).toBeNull();
  });

  it("a cart's calendar configuration is its product: the format code's size in mm", () => {
    const config = studioConfigurationSchema.parse({
      kind: "calendar",
      calendarType: "wandkalender",
      size: "a3-quer",
      mounting: "spirale",
      start: "2027-03",
      quantity: 1,
    });
    expect(productRefOf(config)).toEqual({
      family: "calendar",
      format: "420x297",
      options: { calendarType: "wandkalender", mounting: "spirale" },
    });
    expect(calendarFormat("a3-quer")).toBe("420x297");
    expect(calendarFormat("a9")).toBeNull();
    expect(studioConfigurationSchema.safeParse({ ...config, size: "a9" }).success).toBe(false);
    expect(studioConfigurationSchema.safeParse({ ...config, start: "2027-13" }).success).toBe(
      false,
    );
  });
});

describe("calendar links", () => {
  it("a product page's designer link opens the studio with the cart's calendar fields, and a cart line's edit link opens it again", () => {
    const query = {
      calendarType: "wandkalender",
      format: "a3-hoch",
      mounting: "spirale",
      startMonth: "3",
      startYear: "2027",
      quantity: "2",
    };
    const start = studioConfiguration("calendar", query);
    expect(start).toEqual({
      configuration: {
        kind: "calendar",
        calendarType: "wandkalender",
        size: "a3-hoch",
        mounting: "spirale",
        start: "2027-03",
        quantity: 2,
      },
      themeId: null,
    });
    expect(studioConfigurationSchema.safeParse(start!.configuration).success).toBe(true);
    expect(studioConfiguration("calendar", { ...query, startMonth: undefined })).toBeNull();

    const link = studioEditLink(
      "calendar",
      { calendarType: "wandkalender", size: "a3-hoch", mounting: "spirale", start: "2027-03" },
      2,
      "abcdefghijklmnopqrstuvwx",
    );
    const back = Object.fromEntries(new URL(link, "http://shop").searchParams);
    expect(studioConfiguration("calendar", back)).toEqual(start);
    expect(back.studioDesign).toBe("abcdefghijklmnopqrstuvwx");
  });
});

import { describe, expect, it } from "vitest";
import { bindingBands, bindingProblemsOf, inBinding } from "./binding";
import type { Element, ProductRef, Surface } from "./document";
import { bookTemplate, PAGE_LAYOUTS, spreadElements } from "./layouts";
import { bookGeometry, pageLimitOptions } from "./photobook";
import { printProfile } from "./profiles";

const photo = (id: string, x: number, y: number, width: number, height: number): Element => ({
  id,
  kind: "photo",
  x,
  y,
  width,
  height,
  rotation: 0,
  locked: false,
});

const text = (id: string, y: number, lines: string[]): Element => ({
  id,
  kind: "text",
  x: 20,
  y,
  width: 100,
  height: 10,
  rotation: 0,
  locked: false,
  fontFamily: "Inter",
  fontWeight: "normal",
  fontSize: 12,
  colour: "#000000",
  align: "left",
  lines,
});

const page = (elements: Element[], trim = { width: 297, height: 420 }): Surface => ({
  id: "m1",
  name: "month",
  trim,
  bleed: 3,
  safeInset: 5,
  background: "#ffffff",
  elements,
});

const calendar = (mounting: string): ProductRef => ({
  family: "calendar",
  format: "297x420",
  options: { calendarType: "wandkalender", mounting },
});

describe("a calendar's binding band", () => {
  it("a spiral takes 12 mm along the top of every page, a wooden foot 15 mm along the bottom, loose sheets nothing", () => {
    const surface = page([]);
    expect(bindingBands(surface, printProfile(calendar("spirale")))).toEqual([
      { x: 0, y: 0, width: 297, height: 12 },
    ]);
    expect(bindingBands(surface, printProfile(calendar("holzfuss")))).toEqual([
      { x: 0, y: 405, width: 297, height: 15 },
    ]);
    expect(bindingBands(surface, printProfile(calendar("ohne")))).toEqual([]);
  });

  it("photos and words reaching into the holes are named; an empty text box and what stays clear are not", () => {
    const profile = printProfile(calendar("spirale"));
    const surface = page([
      photo("into-holes", 10, 8, 100, 80),
      photo("clear", 10, 12, 100, 80),
      text("words", 4, ["Mai"]),
      text("nothing", 4, [""]),
      text("below", 30, ["Juni"]),
    ]);
    expect(inBinding(surface, profile).map((e) => e.id)).toEqual(["into-holes", "words"]);
    // A photo turned a quarter: its drawn height (its width) reaches up into the band.
    const turned = page([{ ...photo("turned", 60, 40, 100, 20), rotation: 90 }]);
    expect(inBinding(turned, profile).map((e) => e.id)).toEqual(["turned"]);
    expect(bindingProblemsOf([surface], profile)).toEqual([
      { surface: "m1", element: "into-holes" },
      { surface: "m1", element: "words" },
    ]);
  });
});

describe("a photo book's gutter", () => {
  const product = (photobookType: string) =>
    ({
      family: "photobook",
      format: "200x200",
      options: {
        photobookType,
        cover: "hard",
        paper: "glossy",
        size: "20x20",
        ...pageLimitOptions({ min: 24, max: 200, step: 2 }),
      },
      pages: 24,
    }) satisfies ProductRef;

  it("the band is the gutter either side of the fold of every spread, none on the cover", () => {
    const glued = product("digitalfotobuch");
    const profile = printProfile(glued)!;
    const doc = bookTemplate(glued, bookGeometry(glued)!, "en");
    const spread = doc.surfaces.find((s) => s.name === "spread")!;
    const gutter = profile.book!.gutter;
    expect(gutter).toBeGreaterThan(0);
    expect(bindingBands(spread, profile)).toEqual([
      { x: 200 - gutter, y: 0, width: 2 * gutter, height: 200 },
    ]);
    const cover = doc.surfaces.find((s) => s.name === "book-cover")!;
    expect(bindingBands(cover, profile)).toEqual([]);
  });

  it("no layout of the picker puts a photo in the gutter: one photo laid to the fold or across the spread is meant to run into it", () => {
    const glued = product("digitalfotobuch");
    const profile = printProfile(glued)!;
    const book = bookGeometry(glued)!;
    const doc = bookTemplate(glued, book, "en");
    const spread = doc.surfaces.find((s) => s.name === "spread")!;
    for (const left of PAGE_LAYOUTS)
      for (const right of PAGE_LAYOUTS) {
        const elements = spreadElements(spread, book, { kind: "pages", left, right });
        expect(inBinding({ ...spread, elements }, profile), `${left}_${right}`).toEqual([]);
      }
    const full = spreadElements(spread, book, { kind: "full" });
    expect(inBinding({ ...spread, elements: full }, profile)).toEqual([]);
  });

  it("a photo ending inside the gutter, or across the fold without filling the spread, is named; words are left to the safe areas", () => {
    const glued = product("digitalfotobuch");
    const profile = printProfile(glued)!;
    const doc = bookTemplate(glued, bookGeometry(glued)!, "en");
    const spread = doc.surfaces.find((s) => s.name === "spread")!;
    const surface: Surface = {
      ...spread,
      elements: [
        photo("ends-in-gutter", 100, 20, 95, 80),
        photo("across-fold", 150, 20, 100, 80),
        photo("clear", 20, 20, 100, 80),
        { ...text("words", 20, ["Hello"]), x: 195 },
      ],
    };
    expect(inBinding(surface, profile).map((e) => e.id)).toEqual(["ends-in-gutter", "across-fold"]);
  });
});

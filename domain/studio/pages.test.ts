import { describe, expect, it } from "vitest";
import type { DesignDocument, Surface } from "./document";
import { isReorderable, movePage, spreadsOf } from "./pages";

function surface(id: string, name: Surface["name"]): Surface {
  return {
    id,
    name,
    trim: { width: 200, height: 200 },
    bleed: 3,
    safeInset: 5,
    background: "#ffffff",
    elements: [],
  };
}

function doc(family: DesignDocument["product"]["family"], names: Surface["name"][]) {
  return {
    schemaVersion: 1,
    product: { family, format: "200x200", options: {} },
    surfaces: names.map((name, i) => surface(`s${i}`, name)),
  } satisfies DesignDocument;
}

const book = doc("photobook", ["book-cover", "spread", "spread", "spread", "spread"]);

describe("page order", () => {
  it("lets a photo book's inner spreads move among themselves", () => {
    const moved = movePage(book, 1, 3);
    expect(moved.surfaces.map((s) => s.id)).toEqual(["s0", "s2", "s3", "s1", "s4"]);
    expect(movePage(moved, 3, 1).surfaces.map((s) => s.id)).toEqual(book.surfaces.map((s) => s.id));
    expect(movePage(book, 4, 1).surfaces.map((s) => s.id)).toEqual(["s0", "s4", "s1", "s2", "s3"]);
  });

  it("never moves the cover, nor a page onto it or beyond the book", () => {
    expect(isReorderable(book, 0)).toBe(false);
    expect(movePage(book, 0, 2)).toBe(book);
    expect(movePage(book, 2, 0)).toBe(book);
    expect(movePage(book, 4, 5)).toBe(book);
    expect(movePage(book, 2, 2)).toBe(book);
  });

  it("keeps a calendar's months, a card's panels and prints in their order", () => {
    const calendar = doc("calendar", ["cover", "month", "month", "month"]);
    expect(movePage(calendar, 1, 2)).toBe(calendar);
    const card = doc("card", ["front", "inside-left", "inside-right", "back"]);
    expect(movePage(card, 1, 2)).toBe(card);
    const prints = doc("photoprint", ["print", "print", "print"]);
    expect(movePage(prints, 1, 2)).toBe(prints);
  });
});

describe("spreads", () => {
  it("shows a folded card as front, the opened inside, back", () => {
    expect(
      spreadsOf(doc("card", ["front", "inside-left", "inside-right", "back"]).surfaces),
    ).toEqual([[0], [1, 2], [3]]);
  });

  it("shows a book's cover and spreads each alone (they are two pages already)", () => {
    expect(spreadsOf(book.surfaces)).toEqual([[0], [1], [2], [3], [4]]);
  });

  it("pairs a calendar's months after its cover, an odd one alone at the end", () => {
    const names: Surface["name"][] = ["cover", ...Array<Surface["name"]>(12).fill("month")];
    const groups = spreadsOf(names.map((name) => ({ name })));
    expect(groups[0]).toEqual([0]);
    expect(groups[1]).toEqual([1, 2]);
    expect(groups.at(-1)).toEqual([11, 12]);
    expect(groups.flat()).toEqual(names.map((_, i) => i));
    expect(spreadsOf([{ name: "cover" }, { name: "month" }])).toEqual([[0], [1]]);
    expect(spreadsOf([{ name: "canvas" }])).toEqual([[0]]);
  });
});

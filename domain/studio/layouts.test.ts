import { describe, expect, it } from "vitest";
import { designDocumentSchema, type DesignDocument } from "./document";
import {
  applySpreadLayout,
  autofillBook,
  bookTemplate,
  captureOrder,
  layoutFor,
  parseSpreadLayout,
  spreadElements,
  spreadLayoutId,
  numberSpreads,
  withPageCount,
} from "./layouts";
import { bookGeometry, bookSafeAreas, emptyPages } from "./photobook";
import { testPhotobook, testPhotobookDocument } from "./photobook.testing";
import { printProfile, profileMismatches } from "./profiles";

const product = testPhotobook;

const setup = (pages: number) => {
  const book = bookGeometry(product(pages))!;
  return { book, doc: testPhotobookDocument(product(pages), "en") };
};

/** `n` photos taken a minute apart, handed in in reverse order. */
const photos = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `photo${String(i).padStart(4, "0")}`,
    capturedAt: new Date(Date.UTC(2024, 5, 1, 8, i)).toISOString(),
  })).reverse();

const placedIds = (doc: DesignDocument) =>
  doc.surfaces.flatMap((s) =>
    s.elements.flatMap((e) => (e.kind === "photo" && e.photo ? [e.photo.photoId] : [])),
  );

describe("page layouts", () => {
  it("hold one to six photos a page, one across a spread, or words", () => {
    const { book, doc } = setup(24);
    const spread = doc.surfaces[1]!;
    for (let n = 1; n <= 6; n++) {
      const layout = parseSpreadLayout(`${layoutFor(n)}_text`);
      const elements = spreadElements(spread, book, layout);
      expect(elements.filter((e) => e.kind === "photo")).toHaveLength(n);
      expect(elements.filter((e) => e.kind === "text")).toHaveLength(1);
    }
    const full = spreadElements(spread, book, { kind: "full" });
    expect(full).toHaveLength(1);
    // Across both pages and into the bleed on every side.
    expect(full[0]).toMatchObject({ x: -3, y: -3, width: 600, height: 216 });
    expect(spreadLayoutId(parseSpreadLayout("p3_blank"))).toBe("p3_blank");
    expect(parseSpreadLayout("nonsense")).toEqual({ kind: "pages", left: "blank", right: "blank" });
  });

  it("keep several photos and a text page inside the page's safe area, clear of the gutter", () => {
    const { book, doc } = setup(24);
    const spread = doc.surfaces[1]!;
    const [left, right] = bookSafeAreas(spread, book);
    for (const layout of ["p2_p6", "p5_p3", "p4_text", "text_p2"]) {
      for (const e of spreadElements(spread, book, parseSpreadLayout(layout))) {
        const area = e.x < spread.trim.width / 2 ? left! : right!;
        expect(e.x).toBeGreaterThanOrEqual(area.x);
        expect(e.x + e.width).toBeLessThanOrEqual(area.x + area.width + 1e-6);
        expect(e.y).toBeGreaterThanOrEqual(area.y);
        expect(e.y + e.height).toBeLessThanOrEqual(area.y + area.height + 1e-6);
      }
    }
  });

  it("move a spread's photos into the new layout's frames in order", () => {
    const { book, doc } = setup(24);
    const filled = autofillBook(doc, book, photos(49)).document;
    const spread = filled.surfaces[1]!;
    expect(spread.layout).toBe("p2_p2");
    const before = placedIds({ ...filled, surfaces: [spread] });
    const changed = applySpreadLayout(spread, book, parseSpreadLayout("p3_p1"));
    expect(changed.layout).toBe("p3_p1");
    expect(placedIds({ ...filled, surfaces: [changed] })).toEqual(before);
    const fewer = applySpreadLayout(spread, book, { kind: "full" });
    expect(placedIds({ ...filled, surfaces: [fewer] })).toEqual(before.slice(0, 1));
  });
});

describe("auto-fill", () => {
  it("lays photos out in the order they were taken, the upload time for those without a date", () => {
    const ordered = captureOrder([
      { id: "c", capturedAt: "2024-01-03T00:00:00Z" },
      { id: "none", capturedAt: null, createdAt: "2024-01-02T12:00:00Z" },
      { id: "a", capturedAt: "2024-01-01T00:00:00Z" },
      { id: "b", capturedAt: "2024-01-02T00:00:00Z" },
      { id: "unknown" },
    ]);
    expect(ordered.map((p) => p.id)).toEqual(["a", "b", "none", "c", "unknown"]);
  });

  it("fits every photo of a set, about as many on every page, each page's layout for its number", () => {
    const { book, doc } = setup(40);
    const set = photos(101);
    const { document, placed, leftOver } = autofillBook(doc, book, set);
    expect(placed).toBe(101);
    expect(leftOver).toEqual([]);
    const ids = placedIds(document);
    // Cover first, then the pages in capture order.
    expect(ids).toEqual(captureOrder(set).map((p) => p.id));
    expect(document.surfaces[0]!.elements.find((e) => e.kind === "photo")).toMatchObject({
      photo: { photoId: "photo0000" },
    });
    const counts = document.surfaces
      .slice(1)
      .flatMap((s) => (s.layout ?? "").split("_").map((p) => Number(p.slice(1))));
    expect(counts).toHaveLength(40);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(emptyPages(document)).toEqual([]);
    expect(designDocumentSchema.safeParse(document).success).toBe(true);
    expect(profileMismatches(document.surfaces, printProfile(document.product)!)).toEqual({});
  });

  it("gives each photo a spread of its own when there are fewer photos than spreads", () => {
    const { book, doc } = setup(40);
    const { document } = autofillBook(doc, book, photos(6));
    const spreads = document.surfaces.slice(1);
    expect(spreads.filter((s) => s.layout === "full")).toHaveLength(5);
    // The rest are blank pages the preflight warns about.
    expect(emptyPages(document)).toHaveLength(30);
  });

  it("leaves out what does not fit at six a page", () => {
    const { book, doc } = setup(24);
    const { placed, leftOver } = autofillBook(doc, book, photos(200));
    expect(placed).toBe(1 + 24 * 6);
    expect(leftOver).toHaveLength(200 - placed);
  });

  it("keeps the words of a text page", () => {
    const { book, doc } = setup(24);
    const withText = {
      ...doc,
      surfaces: doc.surfaces.map((s, i) =>
        i === 2
          ? {
              ...applySpreadLayout(s, book, parseSpreadLayout("text_p1")),
            }
          : s,
      ),
    };
    const typed = {
      ...withText,
      surfaces: withText.surfaces.map((s, i) =>
        i === 2
          ? {
              ...s,
              elements: s.elements.map((e) =>
                e.kind === "text" ? { ...e, lines: ["Our summer"] } : e,
              ),
            }
          : s,
      ),
    };
    const { document } = autofillBook(typed, book, photos(60));
    expect(document.surfaces[2]!.layout).toMatch(/^text_p\d$/);
    expect(document.surfaces[2]!.elements.find((e) => e.kind === "text")).toMatchObject({
      lines: ["Our summer"],
    });
  });

  it("lays 500 photos over a 200-page book at once", () => {
    const big = product(200);
    const book = bookGeometry(big)!;
    const doc = bookTemplate(big, book, "en");
    const set = photos(500);
    const started = performance.now();
    const { placed } = autofillBook(doc, book, set);
    const took = performance.now() - started;
    expect(placed).toBe(500);
    // Linear work: far below the time a browser frame or a shopper would notice.
    expect(took).toBeLessThan(500);
  });

  it("grows and shrinks a book by spreads at the end", () => {
    const { book, doc } = setup(24);
    const grown = withPageCount(doc, book, 28);
    expect(
      grown.surfaces
        .filter((s) => s.name === "spread")
        .map((s) => s.id)
        .slice(-2),
    ).toEqual(["spread-13", "spread-14"]);
  });

  it("names reordered spreads by their new places, so the book still matches its profile", () => {
    const { doc } = setup(24);
    const surfaces = [...doc.surfaces];
    const [moved] = surfaces.splice(3, 1);
    surfaces.splice(1, 0, moved!);
    const reordered = numberSpreads({ ...doc, surfaces });
    expect(reordered.surfaces.slice(1, 4).map((s) => s.id)).toEqual([
      "spread-1",
      "spread-2",
      "spread-3",
    ]);
    expect(reordered.surfaces[1]!.elements).toBe(moved!.elements);
    expect(profileMismatches(reordered.surfaces, printProfile(reordered.product)!)).toEqual({});
    expect(numberSpreads(doc)).toBe(doc);
  });
});

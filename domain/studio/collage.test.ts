import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  applyLayout,
  autoPlace,
  cellCount,
  COLLAGE_DESIGNS,
  collageLayout,
  collageTemplate,
  collageVariants,
  collageWord,
  heartCells,
  isCollageDesign,
  lettersLayoutId,
  shuffled,
  shufflePlaced,
  variantFor,
  type Cell,
} from "./collage";
import {
  boundingBox,
  designDocumentSchema,
  outsideSafeArea,
  textTooSmall,
  type DesignDocument,
} from "./document";
import { swapPhotos } from "./edits";
import { printProfile } from "./profiles";

const FORMATS: [number, number][] = [
  [600, 400],
  [500, 500],
  [900, 600],
  [400, 600],
];

function overlaps(a: Cell, b: Cell): boolean {
  const eps = 0.01;
  return (
    a.x + a.width > b.x + eps &&
    b.x + b.width > a.x + eps &&
    a.y + a.height > b.y + eps &&
    b.y + b.height > a.y + eps
  );
}

function collage(design = "3", images = 9, name = "heart"): DesignDocument {
  const product = {
    family: "collage" as const,
    format: "600x400",
    options: { design, collageMaterial: "poster" },
  };
  return collageTemplate(product, printProfile(product)!, { name, attributes: { images } });
}

describe("collage layouts", () => {
  it("every variant of every design lies inside the trim, in every format", () => {
    for (const [w, h] of FORMATS)
      for (const design of COLLAGE_DESIGNS)
        for (const id of collageVariants(design, w, h)) {
          const layout = collageLayout(design, id, w, h)!;
          expect(layout.cells.length, `${design} ${id}`).toBeGreaterThan(0);
          for (const c of layout.cells) {
            const box = boundingBox(c);
            expect(box.x, `${id} ${w}x${h}`).toBeGreaterThanOrEqual(0);
            expect(box.y).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(w + 0.01);
            expect(box.y + box.height).toBeLessThanOrEqual(h + 0.01);
          }
        }
  });

  it("a variant's id names its cell count, and unturned cells never overlap", () => {
    for (const [w, h] of FORMATS)
      for (const design of COLLAGE_DESIGNS) {
        if (design === "letters") continue;
        for (const id of collageVariants(design, w, h)) {
          const cells = collageLayout(design, id, w, h)!.cells;
          expect(cells.length).toBe(Number(id.slice(design.length + 1)));
          const flat = cells.filter((c) => c.rotation === 0);
          for (let i = 0; i < flat.length; i++)
            for (let j = i + 1; j < flat.length; j++)
              expect(overlaps(flat[i]!, flat[j]!), `${id} cells ${i} ${j}`).toBe(false);
        }
      }
  });

  it("a heart comes with exactly 20 cells (and 16 to 60), symmetric about its middle", () => {
    expect(collageVariants("heart", 600, 400)).toEqual([
      "heart-16",
      "heart-20",
      "heart-30",
      "heart-36",
      "heart-48",
      "heart-60",
    ]);
    const cells = heartCells(600, 400, 20)!;
    expect(cells).toHaveLength(20);
    const centres = cells.map((c) => c.x + c.width / 2);
    const middle = 300;
    for (const x of centres)
      expect(centres.some((y) => Math.abs(2 * middle - x - y) < 0.05)).toBe(true);
    // Wider at the top than at the bottom tip: a heart, not a block.
    const rows = new Map<number, number>();
    for (const c of cells) rows.set(c.y, (rows.get(c.y) ?? 0) + 1);
    const ys = [...rows.keys()].sort((a, b) => a - b);
    expect(rows.get(ys[ys.length - 1]!)!).toBeLessThan(Math.max(...rows.values()));
  });

  it("every heart shows its two lobes with a notch between them, not a shield's flat top", () => {
    for (const [width, height] of [
      [600, 400],
      [500, 500],
      [900, 600],
    ] as const)
      for (const n of [16, 20, 30, 36, 48, 60]) {
        const cells = heartCells(width, height, n)!;
        expect(cells, `${n} in ${width}x${height}`).toHaveLength(n);
        const top = Math.min(...cells.map((c) => c.y));
        const row = cells.filter((c) => c.y === top);
        const middle = width / 2;
        const lefts = row.filter((c) => c.x + c.width < middle);
        const rights = row.filter((c) => c.x > middle);
        // Cells on both lobes, none at the middle, a cell's room free between them.
        expect(lefts.length, `${n} in ${width}x${height}`).toBeGreaterThan(0);
        expect(lefts.length + rights.length).toBe(row.length);
        const gap =
          Math.min(...rights.map((c) => c.x)) - Math.max(...lefts.map((c) => c.x + c.width));
        expect(gap, `${n} in ${width}x${height}`).toBeGreaterThanOrEqual(row[0]!.width);
      }
  });

  it("a year collage names each photo's month under it, in the storefront's language", () => {
    const product = {
      family: "collage" as const,
      format: "600x400",
      options: { design: "10", collageMaterial: "poster" },
    };
    const doc = collageTemplate(
      product,
      printProfile(product)!,
      { name: "year", attributes: { images: 12 } },
      "fr-CH",
    );
    const surface = doc.surfaces[0]!;
    const labels = surface.elements.filter((e) => e.kind === "text");
    expect(labels.map((e) => e.kind === "text" && e.lines[0])).toEqual([
      "Janvier",
      "Février",
      "Mars",
      "Avril",
      "Mai",
      "Juin",
      "Juillet",
      "Août",
      "Septembre",
      "Octobre",
      "Novembre",
      "Décembre",
    ]);
    const frames = surface.elements.filter((e) => e.kind === "photo");
    expect(frames).toHaveLength(12);
    // Each name on the band right under its photo, as wide as it, locked, legible, in the safe area.
    labels.forEach((label, i) => {
      const frame = frames[i]!;
      expect(label.locked).toBe(true);
      expect(label.x).toBeCloseTo(frame.x, 1);
      expect(label.width).toBeCloseTo(frame.width, 1);
      expect(label.y).toBeCloseTo(frame.y + frame.height, 1);
      expect(overlaps(label, frame)).toBe(false);
    });
    expect(textTooSmall(surface)).toEqual([]);
    expect(outsideSafeArea(surface)).toEqual([]);
    expect(designDocumentSchema.safeParse(doc).success).toBe(true);
    // German where no locale is given.
    const de = collageLayout("year", "year-12", 600, 400)!;
    expect(de.decorations[2]).toMatchObject({ lines: ["März"] });
  });

  it("letters are cells in the shapes of the word's letters", () => {
    expect(collageWord("Léa 2")).toBe("LEA2");
    expect(collageWord("ÆØ")).toBeNull();
    expect(lettersLayoutId("love")).toBe("letters-LOVE");
    const layout = collageLayout("letters", "letters-LOVE", 600, 400)!;
    // One photo per lit dot: L 7, O 8, V 9, E 10.
    expect(layout.cells).toHaveLength(34);
    // An L: its first column is lit top to bottom, its bottom row three wide.
    const pitch = layout.cells[0]!.width;
    const lCells = layout.cells.slice(0, 7);
    expect(new Set(lCells.slice(0, 5).map((c) => c.x)).size).toBe(1);
    expect(lCells[6]!.x - lCells[4]!.x).toBeGreaterThan(pitch * 1.5);
    expect(collageLayout("letters", "letters-love", 600, 400)).toBeNull();
    expect(collageLayout("heart", "heart-21", 600, 400)).toBeNull();
    expect(collageLayout("grid", "heart-20", 600, 400)).toBeNull();
  });

  it("chooses the variant with the fewest cells that holds the photos", () => {
    expect(variantFor("heart", 600, 400, 20)).toBe("heart-20");
    expect(variantFor("heart", 600, 400, 21)).toBe("heart-30");
    expect(variantFor("grid", 600, 400, 500)).toBe("grid-48");
  });
});

describe("a collage design", () => {
  it("starts in its design group's layout with empty cells, and is a valid document", () => {
    const doc = collage();
    expect(designDocumentSchema.safeParse(doc).success).toBe(true);
    const surface = doc.surfaces[0]!;
    expect(surface.name).toBe("collage");
    expect(surface.layout).toBe("heart-16");
    expect(cellCount(surface)).toBe(16);
    const unknown = collage("99", 4, "something-new");
    expect(unknown.surfaces[0]!.layout).toBe("grid-4");
  });

  it("auto-places photos shuffled by a seed: the same seed the same order, up to the cell count", () => {
    const base = collage();
    const layout = collageLayout("heart", "heart-20", 600, 400)!;
    const doc = { ...base, surfaces: [applyLayout(base.surfaces[0]!, layout)] };
    const photos = Array.from({ length: 25 }, (_, i) => `p${i + 1}`);
    const placed = (d: DesignDocument) =>
      d.surfaces[0]!.elements.map((e) => (e.kind === "photo" ? e.photo?.photoId : null));
    const a = placed(autoPlace(doc, 0, photos, 7));
    expect(a).toEqual(placed(autoPlace(doc, 0, photos, 7)));
    expect(a).not.toEqual(placed(autoPlace(doc, 0, photos, 8)));
    expect(a).toHaveLength(20);
    expect(new Set(a).size).toBe(20);
    // Without a seed the order given.
    expect(placed(autoPlace(doc, 0, photos))).toEqual(photos.slice(0, 20));
    // Fewer photos than cells: each is used again, no cell stays empty.
    const few = placed(autoPlace(doc, 0, ["x", "y", "z"], 1));
    expect(few.every((p) => p !== undefined && p !== null)).toBe(true);
    expect(new Set(few)).toEqual(new Set(["x", "y", "z"]));
  });

  it("shuffles placed photos and swaps two cells", () => {
    const base = collage();
    const doc = autoPlace(base, 0, "abcdefghijklmnop".split(""));
    const ids = (d: DesignDocument) =>
      d.surfaces[0]!.elements.map((e) => (e.kind === "photo" ? e.photo?.photoId : null));
    const mixed = shufflePlaced(doc, 0, 3);
    expect([...ids(mixed)].sort()).toEqual([...ids(doc)].sort());
    expect(ids(mixed)).not.toEqual(ids(doc));
    const swapped = swapPhotos(
      doc,
      { surface: "collage", element: "cell-1" },
      { surface: "collage", element: "cell-2" },
    );
    expect(ids(swapped).slice(0, 3)).toEqual(["b", "a", "c"]);
  });

  it("a new layout keeps the placed photos in order", () => {
    const doc = autoPlace(collage(), 0, ["a", "b", "c"]);
    const grid = collageLayout("heart", "heart-20", 600, 400)!;
    const next = applyLayout(doc.surfaces[0]!, grid);
    expect(next.layout).toBe("heart-20");
    const photos = next.elements.flatMap((e) =>
      e.kind === "photo" && e.photo ? [e.photo.photoId] : [],
    );
    expect(photos.slice(0, 3)).toEqual(["a", "b", "c"]);
    expect(photos).toHaveLength(16);
  });

  it("shuffled keeps every item", () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    expect([...shuffled(items, 42)].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("the many-photos collage", () => {
  const groups = (brand: string) =>
    (
      JSON.parse(readFileSync(`catalogue/${brand}/design-groups.json`, "utf8")) as {
        designGroups: {
          kind: string;
          id: number;
          name: string;
          attributes: Record<string, unknown>;
        }[];
      }
    ).designGroups.filter((g) => g.kind === "collage");

  it("every collage design group of both catalogues is a design the studio lays out", () => {
    for (const brand of ["cards", "wallart"]) {
      const names = groups(brand).map((g) => g.name);
      expect(names.length, brand).toBeGreaterThan(0);
      for (const name of names) expect(isCollageDesign(name), `${brand} ${name}`).toBe(true);
      // The many-photos page finds its group by its name.
      expect(names, brand).toContain("many-photos");
    }
  });

  it("is a grid of up to 100 cells in every format the catalogue sells it in", () => {
    for (const brand of ["cards", "wallart"]) {
      const group = groups(brand).find((g) => g.name === "many-photos")!;
      for (const format of group.attributes.formats as string[]) {
        const [w, h] = format.split("x").map(Number) as [number, number];
        const variants = collageVariants("many-photos", w, h);
        const counts = variants.map((id) => collageLayout("many-photos", id, w, h)!.cells.length);
        expect(Math.max(...counts), format).toBe(100);
        expect(Math.min(...counts), format).toBeGreaterThan(36);
        // Each variant holds exactly the photos its id names, in cells of one size.
        variants.forEach((id, i) => expect(`many-photos-${counts[i]}`).toBe(id));
        const cells = collageLayout("many-photos", "many-photos-100", w, h)!.cells;
        expect(new Set(cells.map((c) => `${c.width}x${c.height}`)).size, format).toBe(1);
        // Near-square cells, so no photo is cropped to a sliver.
        expect(cells[0]!.width / cells[0]!.height).toBeGreaterThan(0.5);
        expect(cells[0]!.width / cells[0]!.height).toBeLessThan(2);
      }
      expect(variantFor("many-photos", 600, 400, 100)).toBe("many-photos-100");
      expect(variantFor("many-photos", 600, 400, 500)).toBe("many-photos-100");
      expect(variantFor("many-photos", 600, 400, 61)).toBe("many-photos-70");
    }
  });

  it("starts from its group, auto-places 100 photos without repeats and shuffles them", () => {
    const doc = collage("14", 50, "many-photos");
    expect(designDocumentSchema.safeParse(doc).success).toBe(true);
    expect(doc.surfaces[0]!.layout).toBe("many-photos-50");
    const big = {
      ...doc,
      surfaces: [
        applyLayout(doc.surfaces[0]!, collageLayout("many-photos", "many-photos-100", 600, 400)!),
      ],
    };
    const photos = Array.from({ length: 120 }, (_, i) => `p${i + 1}`);
    const ids = (d: DesignDocument) =>
      d.surfaces[0]!.elements.map((e) => (e.kind === "photo" ? e.photo?.photoId : null));
    const placed = autoPlace(big, 0, photos, 5);
    expect(new Set(ids(placed)).size).toBe(100);
    const mixed = shufflePlaced(placed, 0, 9);
    expect([...ids(mixed)].sort()).toEqual([...ids(placed)].sort());
    expect(ids(mixed)).not.toEqual(ids(placed));
  });
});

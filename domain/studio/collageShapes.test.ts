import { describe, expect, it } from "vitest";
import {
  applyLayout,
  clipToBox,
  collageLayout,
  collageTemplate,
  heartCells,
  heartOutline,
  letterDotShape,
  polygonArea,
} from "./collage";
import { designDocumentSchema } from "./document";
import { printProfile } from "./profiles";

/** Whether a point lies inside a polygon (even-odd rule), or within `tolerance` mm of its edge. */
function inside(point: [number, number], polygon: readonly [number, number][], tolerance = 0.05) {
  const [px, py] = point;
  let odd = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) odd = !odd;
    // Near the edge counts as inside (points the clip put on the outline).
    const len = Math.hypot(xj - xi, yj - yi);
    const t = len === 0 ? 0 : ((px - xi) * (xj - xi) + (py - yi) * (yj - yi)) / (len * len);
    const k = Math.min(1, Math.max(0, t));
    if (Math.hypot(px - (xi + k * (xj - xi)), py - (yi + k * (yj - yi))) <= tolerance) return true;
  }
  return odd;
}

describe("shaped collage cells", () => {
  it("clips a polygon to a box and measures areas", () => {
    const triangle: [number, number][] = [
      [0, 0],
      [10, 0],
      [0, 10],
    ];
    expect(polygonArea(triangle)).toBe(50);
    // The box's lower-left quarter of the triangle: a 5 × 5 square less nothing … and the rest.
    const cut = clipToBox(triangle, { x: 0, y: 0, width: 5, height: 5 });
    expect(polygonArea(cut)).toBeCloseTo(25, 6);
    expect(polygonArea(clipToBox(triangle, { x: 6, y: 6, width: 3, height: 3 }))).toBe(0);
    expect(polygonArea(clipToBox(triangle, { x: 5, y: 0, width: 5, height: 5 }))).toBeCloseTo(
      12.5,
      6,
    );
  });

  it("the heart's outline is symmetric about its middle and has two lobes above a point", () => {
    const box = { x: 0, y: 0, width: 100, height: 100 };
    const outline = heartOutline(box, 0.05, 1.2);
    expect(outline).toHaveLength(96);
    const xs = outline.map((p) => p[0]);
    const middle = (Math.min(...xs) + Math.max(...xs)) / 2;
    expect(middle).toBeCloseTo(50, 1);
    // The point at the bottom in the middle; the lobes' tops higher than the dip between them.
    const bottom = outline.reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(bottom[0]).toBeCloseTo(50, 1);
    const dip = outline.filter((p) => Math.abs(p[0] - 50) < 1 && p[1] < 50);
    const lobeTop = Math.min(...outline.map((p) => p[1]));
    expect(dip.length).toBeGreaterThan(0);
    expect(Math.min(...dip.map((p) => p[1]))).toBeGreaterThan(lobeTop + 2);
  });

  it("a heart's cells on its outline follow the curve; cells inside stay whole; every clip lies in its cell and in the heart", () => {
    for (const [w, h, n] of [
      [600, 400, 20],
      [500, 500, 36],
      [400, 600, 16],
    ] as const) {
      const cells = heartCells(w, h, n)!;
      expect(cells).toHaveLength(n);
      const shaped = cells.filter((c) => c.clip);
      expect(shaped.length, `${w}x${h} ${n}`).toBeGreaterThan(0);
      expect(shaped.length).toBeLessThan(cells.length);
      // The heart as laid out: the outline the clips were cut from, recovered from any cell's points.
      for (const c of shaped) {
        const clip = c.clip!;
        expect(clip.length).toBeGreaterThanOrEqual(3);
        expect(clip.length).toBeLessThanOrEqual(96);
        for (const [u, v] of clip) {
          expect(u).toBeGreaterThanOrEqual(0);
          expect(u).toBeLessThanOrEqual(1);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
        const share = polygonArea(clip);
        expect(share).toBeGreaterThan(0.05);
        expect(share).toBeLessThan(0.995);
      }
      // Mirror cells are cut alike: the heart is symmetric.
      const middle =
        (Math.min(...cells.map((c) => c.x)) + Math.max(...cells.map((c) => c.x + c.width))) / 2;
      for (const c of shaped) {
        const mirror = cells.find(
          (d) => Math.abs(d.y - c.y) < 0.02 && Math.abs(d.x + d.width - (2 * middle - c.x)) < 0.05,
        );
        expect(mirror, `mirror of ${c.x},${c.y}`).toBeDefined();
        expect(
          polygonArea(
            mirror!.clip ?? [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 1],
            ],
          ),
        ).toBeCloseTo(polygonArea(c.clip!), 2);
      }
    }
  });

  it("the clip of an outline cell keeps the part inside the heart: its points are on or inside the outline", () => {
    const cells = heartCells(600, 400, 20)!;
    const a = { x: 16, y: 16, width: 568, height: 368 };
    const side = Math.min(a.width, a.height);
    const box = {
      x: a.x + (a.width - side) / 2,
      y: a.y + (a.height - side) / 2,
      width: side,
      height: side,
    };
    // The outline heartCells chose is one of its first-row settings; the cells' clips lie in one of them.
    const outlines = [1.2, 1.15, 1.1].flatMap((lobes) =>
      Array.from({ length: 13 }, (_, i) => heartOutline(box, 0.5 / (i + 4), lobes)),
    );
    const shaped = cells.filter((c) => c.clip);
    const fits = outlines.some((outline) =>
      shaped.every((c) =>
        c.clip!.every(([u, v]) => inside([c.x + u * c.width, c.y + v * c.height], outline, 0.1)),
      ),
    );
    expect(fits).toBe(true);
  });

  it("the document keeps a cell's shape: a heart collage's template validates with its clips, a grid has none", () => {
    const product = {
      family: "collage" as const,
      format: "600x400",
      options: { design: "3", collageMaterial: "poster" },
    };
    const doc = collageTemplate(product, printProfile(product)!, {
      name: "heart",
      attributes: { images: 20 },
    });
    const parsed = designDocumentSchema.parse(doc);
    const clipped = parsed.surfaces[0]!.elements.filter((e) => e.kind === "photo" && e.clip);
    expect(clipped.length).toBeGreaterThan(0);
    const grid = applyLayout(parsed.surfaces[0]!, collageLayout("grid", "grid-12", 600, 400)!);
    expect(grid.elements.some((e) => e.kind === "photo" && e.clip)).toBe(false);
    expect(
      designDocumentSchema.safeParse({
        ...doc,
        surfaces: [
          {
            ...doc.surfaces[0],
            elements: [
              {
                ...clipped[0],
                clip: [
                  [0, 0],
                  [2, 0],
                  [0, 1],
                ],
              },
            ],
          },
        ],
      }).success,
    ).toBe(false);
  });

  it("a letter's dots are rounded where its stroke ends or turns outwards, square inside a stroke", () => {
    const I = ["###", ".#.", ".#.", ".#.", "###"];
    // The top bar's left end: rounded on the left only (top-left and bottom-left corners).
    const end = letterDotShape(I, 0, 0)!;
    expect(polygonArea(end)).toBeCloseTo(1 - 2 * 0.25 * (1 - Math.PI / 4), 2);
    expect(end.some(([u, v]) => u === 1 && v === 0)).toBe(true);
    expect(end.some(([u, v]) => u === 0 && v === 0)).toBe(false);
    // Inside the stem: square.
    expect(letterDotShape(I, 2, 1)).toBeUndefined();
    // The top of an O stands alone (nothing above, below or beside it): a circle.
    const O = [".#.", "#.#", "#.#", "#.#", ".#."];
    const dot = letterDotShape(O, 0, 1)!;
    expect(polygonArea(dot)).toBeCloseTo(Math.PI / 4, 1);
    expect(polygonArea(dot)).toBeLessThan(Math.PI / 4);
    for (const [u, v] of dot) expect(Math.hypot(u - 0.5, v - 0.5)).toBeCloseTo(0.5, 3);
  });

  it("a letters collage's cells carry their dots' shapes in the document", () => {
    const layout = collageLayout("letters", "letters-LOVE", 600, 400)!;
    const shaped = layout.cells.filter((c) => c.clip);
    expect(shaped.length).toBeGreaterThan(0);
    expect(shaped.length).toBeLessThan(layout.cells.length);
    const product = {
      family: "collage" as const,
      format: "600x400",
      options: { design: "7", collageMaterial: "poster" },
    };
    const template = collageTemplate(product, printProfile(product)!, {
      name: "letters",
      attributes: { images: 20 },
    });
    const surface = applyLayout(template.surfaces[0]!, layout);
    const parsed = designDocumentSchema.parse({ ...template, surfaces: [surface] });
    expect(parsed.surfaces[0]!.elements.filter((e) => e.kind === "photo" && e.clip)).toHaveLength(
      shaped.length,
    );
  });
});

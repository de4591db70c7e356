import { describe, expect, it } from "vitest";
import {
  autofill,
  boundingBox,
  designDocumentSchema,
  effectivePpi,
  emptyFramePaths,
  emptyFrames,
  fillCrop,
  fitCrop,
  outsideSafeArea,
  placedPhoto,
  qualityOf,
  textTooSmall,
  type DesignDocument,
  type Surface,
  type TextElement,
} from "./document";
import { CLOSE_UP_PPI, WALL_ART_PPI } from "./profiles";

const frame = { x: 10, y: 10, width: 100, height: 50, rotation: 0 };

function surface(elements: Surface["elements"]): Surface {
  return {
    id: "front",
    name: "front",
    trim: { width: 148, height: 105 },
    bleed: 3,
    safeInset: 5,
    background: "#ffffff",
    elements,
  };
}

function text(over: Partial<TextElement> = {}): TextElement {
  return {
    id: "t",
    kind: "text",
    x: 20,
    y: 20,
    width: 60,
    height: 10,
    rotation: 0,
    locked: false,
    fontFamily: "Inter",
    fontWeight: "normal",
    fontSize: 12,
    colour: "#000000",
    align: "left",
    lines: ["Hello"],
    ...over,
  };
}

describe("filling and fitting a photo into a frame", () => {
  it("fill covers the whole frame: a 3:2 photo in a 2:1 frame is as wide as the frame and taller", () => {
    const placed = placedPhoto({ width: 3000, height: 2000 }, frame, fillCrop());
    expect(placed.width).toBeCloseTo(100);
    expect(placed.height).toBeCloseTo(66.667, 2);
    expect(placed.centerX).toBe(60);
    expect(placed.centerY).toBe(35);
  });

  it("fit shows the whole photo: the long side fits and the other leaves bands", () => {
    const photo = { width: 3000, height: 2000 };
    const placed = placedPhoto(photo, frame, fitCrop(photo, frame));
    expect(placed.height).toBeCloseTo(50);
    expect(placed.width).toBeCloseTo(75);
  });

  it("a photo turned inside its frame still covers the frame when filled", () => {
    const placed = placedPhoto({ width: 1000, height: 1000 }, frame, {
      ...fillCrop(),
      rotation: 45,
    });
    // The frame turned by 45° needs (100+50)/√2 mm on each side.
    expect(placed.width).toBeCloseTo(150 / Math.SQRT2, 3);
  });
});

describe("effective resolution of a placed photo", () => {
  it("is the photo's pixels over the printed inches", () => {
    // 1181 px across 100 mm (3.937 in) is 300 ppi.
    const ppi = effectivePpi({ width: 1181, height: 1181 }, { ...frame, height: 100 }, fillCrop());
    expect(ppi).toBeCloseTo(300, 0);
  });

  it("zooming in halves the resolution at twice the scale", () => {
    const photo = { width: 2000, height: 1000 };
    const base = effectivePpi(photo, frame, fillCrop());
    expect(effectivePpi(photo, frame, { ...fillCrop(), scale: 2 })).toBeCloseTo(base / 2);
  });

  it("rates against the product's thresholds: cards 300/150, wall art 150/100", () => {
    expect(qualityOf(320, CLOSE_UP_PPI)).toBe("good");
    expect(qualityOf(200, CLOSE_UP_PPI)).toBe("acceptable");
    expect(qualityOf(120, CLOSE_UP_PPI)).toBe("poor");
    expect(qualityOf(160, WALL_ART_PPI)).toBe("good");
    expect(qualityOf(120, WALL_ART_PPI)).toBe("acceptable");
    expect(qualityOf(90, WALL_ART_PPI)).toBe("poor");
  });
});

describe("safe area and text size", () => {
  it("names text reaching past the safe inset, not text inside it", () => {
    const s = surface([text({ id: "in" }), text({ id: "out", x: 2 })]);
    expect(outsideSafeArea(s).map((e) => e.id)).toEqual(["out"]);
  });

  it("counts a turned element by the box it covers once turned", () => {
    const long = text({ id: "turned", x: 20, y: 40, width: 100, height: 10, rotation: 90 });
    expect(boundingBox(long).height).toBeCloseTo(100);
    expect(outsideSafeArea(surface([long])).map((e) => e.id)).toEqual(["turned"]);
  });

  it("lets photos run into the bleed without a warning", () => {
    const photo = {
      id: "p",
      kind: "photo" as const,
      x: -3,
      y: -3,
      width: 154,
      height: 111,
      rotation: 0,
      locked: false,
    };
    expect(outsideSafeArea(surface([photo]))).toEqual([]);
    expect(outsideSafeArea(surface([photo]), true)).toHaveLength(1);
  });

  it("flags text under 6 pt but not an empty text box", () => {
    const s = surface([
      text({ id: "tiny", fontSize: 5 }),
      text({ id: "ok", fontSize: 6 }),
      text({ id: "blank", fontSize: 4, lines: [" "] }),
    ]);
    expect(textTooSmall(s).map((e) => e.id)).toEqual(["tiny"]);
  });
});

describe("autofill", () => {
  const doc: DesignDocument = {
    schemaVersion: 1,
    product: { family: "card", format: "148x105", options: { cardType: "flat-card" } },
    surfaces: [
      surface([
        { id: "a", kind: "photo", x: 0, y: 0, width: 50, height: 50, rotation: 0, locked: false },
        {
          id: "b",
          kind: "photo",
          x: 50,
          y: 0,
          width: 50,
          height: 50,
          rotation: 0,
          locked: false,
          photo: { photoId: "kept", crop: fillCrop() },
        },
        { id: "c", kind: "photo", x: 0, y: 50, width: 50, height: 50, rotation: 0, locked: false },
      ]),
    ],
  };

  it("places photos in the empty frames in order and keeps the filled ones", () => {
    const filled = autofill(doc, ["p1", "p2", "p3"]);
    const ids = filled.surfaces[0]!.elements.map((e) =>
      e.kind === "photo" ? e.photo?.photoId : null,
    );
    expect(ids).toEqual(["p1", "kept", "p2"]);
    expect(emptyFrames(filled)).toEqual([]);
    expect(emptyFrames(doc)).toEqual([
      { surface: "front", element: "a" },
      { surface: "front", element: "c" },
    ]);
    expect(emptyFramePaths(doc)).toEqual(["surfaces.0.elements.0", "surfaces.0.elements.2"]);
    expect(emptyFramePaths(filled)).toEqual([]);
  });
});

describe("the document schema", () => {
  it("names the path of a wrong value", () => {
    const bad = {
      schemaVersion: 1,
      product: { family: "card", format: "148x105", options: {} },
      surfaces: [surface([text({ colour: "red" })])],
    };
    const result = designDocumentSchema.safeParse(bad);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["surfaces", 0, "elements", 0, "colour"]);
  });
});

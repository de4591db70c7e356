import { describe, expect, it } from "vitest";
import type { DesignDocument, PhotoElement, TextElement } from "./document";
import {
  clearPhoto,
  findElement,
  moveBy,
  patchElement,
  placePhoto,
  resizeBy,
  setBackground,
  setCrop,
  snapPosition,
  swapPhotos,
} from "./edits";

const frame = (id: string, x: number, photoId?: string): PhotoElement => ({
  id,
  kind: "photo",
  x,
  y: 10,
  width: 40,
  height: 30,
  rotation: 0,
  locked: false,
  ...(photoId
    ? { photo: { photoId, crop: { offsetX: 3, offsetY: 0, scale: 1.5, rotation: 0 } } }
    : {}),
});

const greeting: TextElement = {
  id: "t1",
  kind: "text",
  x: 10,
  y: 60,
  width: 80,
  height: 20,
  rotation: 0,
  locked: false,
  fontFamily: "Lora",
  fontWeight: "normal",
  fontSize: 14,
  colour: "#222222",
  align: "center",
  lines: ["Alles Gute"],
};

const doc: DesignDocument = {
  schemaVersion: 1,
  product: { family: "card", format: "105x148", options: {} },
  surfaces: [
    {
      id: "front",
      name: "front",
      trim: { width: 105, height: 148 },
      bleed: 3,
      safeInset: 5,
      background: "#ffffff",
      elements: [frame("a", 5, "p1"), frame("b", 55), greeting],
    },
    {
      id: "back",
      name: "back",
      trim: { width: 105, height: 148 },
      bleed: 3,
      safeInset: 5,
      background: "#ffffff",
      elements: [frame("c", 5, "p2")],
    },
  ],
};

describe("studio edits", () => {
  it("moves an element and leaves the other surfaces as they were", () => {
    const next = moveBy(doc, "front", "t1", 10, -5);
    expect(findElement(next, "front", "t1")).toMatchObject({ x: 20, y: 55 });
    expect(next.surfaces[1]).toBe(doc.surfaces[1]);
    expect(doc.surfaces[0]!.elements[2]).toMatchObject({ x: 10, y: 60 });
  });

  it("does not move or fill a locked element", () => {
    const locked = patchElement(doc, "front", "b", { locked: true });
    expect(moveBy(locked, "front", "b", 1, 1)).toBe(locked);
    expect(placePhoto(locked, "front", "b", "p9")).toBe(locked);
  });

  it("resizes around the centre in proportion and never below 5 mm", () => {
    const bigger = findElement(resizeBy(doc, "front", "a", 8), "front", "a")!;
    expect(bigger.width).toBeCloseTo(48);
    expect(bigger.height).toBeCloseTo(36);
    expect(bigger.x + bigger.width / 2).toBeCloseTo(25);
    const tiny = findElement(resizeBy(doc, "front", "a", -100), "front", "a")!;
    expect(Math.min(tiny.width, tiny.height)).toBeCloseTo(5);
  });

  it("places a photo filling an empty frame and takes it out again", () => {
    const placed = placePhoto(doc, "front", "b", "p3");
    expect(findElement(placed, "front", "b")).toMatchObject({
      photo: { photoId: "p3", crop: { offsetX: 0, offsetY: 0, scale: 1, rotation: 0 } },
    });
    expect(findElement(clearPhoto(placed, "front", "b"), "front", "b")).not.toHaveProperty("photo");
  });

  it("swaps the photos of two frames, across surfaces too, each filling its new frame", () => {
    const swapped = swapPhotos(
      doc,
      { surface: "front", element: "a" },
      { surface: "back", element: "c" },
    );
    expect((findElement(swapped, "front", "a") as PhotoElement).photo).toEqual({
      photoId: "p2",
      crop: { offsetX: 0, offsetY: 0, scale: 1, rotation: 0 },
    });
    expect((findElement(swapped, "back", "c") as PhotoElement).photo?.photoId).toBe("p1");
    const intoEmpty = swapPhotos(
      doc,
      { surface: "front", element: "a" },
      { surface: "front", element: "b" },
    );
    expect(findElement(intoEmpty, "front", "a")).not.toHaveProperty("photo");
    expect((findElement(intoEmpty, "front", "b") as PhotoElement).photo?.photoId).toBe("p1");
  });

  it("keeps a crop's zoom within bounds and its turn within one revolution", () => {
    const next = setCrop(doc, "front", "a", (c) => ({
      ...c,
      scale: 0,
      rotation: c.rotation + 270,
    }));
    expect((findElement(next, "front", "a") as PhotoElement).photo?.crop).toMatchObject({
      scale: 0.05,
      rotation: -90,
    });
  });

  it("changes the background of one surface", () => {
    const next = setBackground(doc, "back", "#ffeedd");
    expect(next.surfaces[1]!.background).toBe("#ffeedd");
    expect(next.surfaces[0]).toBe(doc.surfaces[0]);
  });

  it("snaps an element's edge or centre to the trim, the safe area and the middle", () => {
    const surface = doc.surfaces[0]!;
    // The centre 1 mm off the middle line snaps onto it.
    expect(snapPosition(surface, { x: 33.5, y: 40, width: 40, height: 30 })).toMatchObject({
      x: 32.5,
      guideX: 52.5,
    });
    // The left edge 1.5 mm from the safe line snaps to it; far from every guide nothing snaps.
    expect(snapPosition(surface, { x: 6.5, y: 40, width: 20, height: 20 })).toMatchObject({
      x: 5,
      guideX: 5,
    });
    expect(snapPosition(surface, { x: 20, y: 40, width: 20, height: 20 })).toMatchObject({
      x: 20,
      y: 40,
      guideX: null,
      guideY: null,
    });
  });
});

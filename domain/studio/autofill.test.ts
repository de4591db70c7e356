import { describe, expect, it } from "vitest";
import { autofillDesign } from "./autofill";
import { cellCount, collageTemplate, shuffled } from "./collage";
import { emptyFrames, type DesignDocument, type ProductRef } from "./document";
import { bookTemplate } from "./layouts";
import { bookGeometry, pageLimitOptions } from "./photobook";
import { printProfile } from "./profiles";
import { emptyTemplate } from "./templates";

/** The photo ids a document shows, surface by surface, frame by frame (null for an empty frame). */
function placed(doc: DesignDocument): (string | null)[] {
  return doc.surfaces.flatMap((s) =>
    s.elements.flatMap((e) => (e.kind === "photo" ? [e.photo?.photoId ?? null] : [])),
  );
}

const ids = (n: number, prefix = "p") => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

function heart(images: number): DesignDocument {
  const product = {
    family: "collage" as const,
    format: "600x400",
    options: { design: "3", collageMaterial: "poster" },
  };
  return collageTemplate(product, printProfile(product)!, {
    name: "heart",
    attributes: { images },
  });
}

describe("auto-fill of a collage: shuffled, up to the cell count", () => {
  it("more photos than cells: as many as there are cells, each once, in the seed's shuffled order", () => {
    const doc = heart(20);
    const cells = cellCount(doc.surfaces[0]!);
    expect(cells).toBe(20);
    const photos = ids(30).map((id) => ({ id }));
    const { document, rule, leftOver } = autofillDesign(doc, photos, { seed: 7 });
    expect(rule).toBe("shuffle");
    const shown = placed(document);
    expect(shown).toEqual(shuffled(ids(30), 7).slice(0, 20));
    expect(new Set(shown).size).toBe(20);
    expect(leftOver).toHaveLength(10);
    expect(leftOver.every((id) => !shown.includes(id))).toBe(true);
  });

  it("the same seed gives the same collage, another seed another order", () => {
    const photos = ids(20).map((id) => ({ id }));
    const a = placed(autofillDesign(heart(20), photos, { seed: 1 }).document);
    const b = placed(autofillDesign(heart(20), photos, { seed: 1 }).document);
    const c = placed(autofillDesign(heart(20), photos, { seed: 2 }).document);
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
    expect([...c].sort()).toEqual([...a].sort());
    expect(a).not.toEqual(ids(20));
  });

  it("fewer photos than cells: the photos are used again so no cell stays empty", () => {
    const { document, leftOver } = autofillDesign(
      heart(20),
      ids(6).map((id) => ({ id })),
      {
        seed: 3,
      },
    );
    const shown = placed(document);
    expect(shown.every((id) => id !== null)).toBe(true);
    expect(emptyFrames(document)).toEqual([]);
    expect(new Set(shown)).toEqual(new Set(ids(6)));
    expect(leftOver).toEqual([]);
  });

  it("a locked cell keeps its photo", () => {
    const doc = heart(20);
    const surface = doc.surfaces[0]!;
    const lockedDoc: DesignDocument = {
      ...doc,
      surfaces: [
        {
          ...surface,
          elements: surface.elements.map((e, i) =>
            i === 0 && e.kind === "photo"
              ? {
                  ...e,
                  locked: true,
                  photo: {
                    photoId: "mine",
                    crop: { offsetX: 0, offsetY: 0, scale: 1, rotation: 0 },
                  },
                }
              : e,
          ),
        },
      ],
    };
    const shown = placed(
      autofillDesign(
        lockedDoc,
        ids(25).map((id) => ({ id })),
        { seed: 4 },
      ).document,
    );
    expect(shown[0]).toBe("mine");
    expect(shown.slice(1)).toEqual(shuffled(ids(25), 4).slice(0, 19));
  });
});

describe("auto-fill of a photo book: capture order", () => {
  it("the photos in the order taken (capture date, else upload date), whatever order they are given in", () => {
    const product = {
      family: "photobook",
      format: "200x200",
      options: {
        photobookType: "digitalfotobuch",
        cover: "hard",
        paper: "glossy",
        size: "20x20",
        ...pageLimitOptions({ min: 24, max: 200, step: 2 }),
      },
      pages: 24,
    } satisfies ProductRef;
    const doc = bookTemplate(product, bookGeometry(product)!, "en");
    const photos = [
      { id: "late", capturedAt: "2026-08-03T10:00:00Z" },
      { id: "undated", capturedAt: null, createdAt: "2026-09-01T00:00:00Z" },
      { id: "early", capturedAt: "2026-01-05T10:00:00Z" },
      { id: "middle", capturedAt: "2026-05-01T10:00:00Z" },
      { id: "early", capturedAt: "2026-01-05T10:00:00Z" },
    ];
    const { document, rule } = autofillDesign(doc, photos, { seed: 1 });
    expect(rule).toBe("capture-order");
    const shown = placed(document).filter((id) => id !== null);
    expect(shown).toEqual(["early", "middle", "late", "undated"]);
  });
});

describe("auto-fill of single surfaces: in the order given, each photo once", () => {
  const prints = { family: "photoprint" as const, format: "150x100", options: {}, prints: 5 };

  it("five photo prints from three photos: three pictures filled in order, the five prints shared as copies (no picture repeated, none left empty)", () => {
    const doc = emptyTemplate(prints, printProfile(prints)!);
    const { document, rule, leftOver } = autofillDesign(
      doc,
      ["a", "b", "a", "c"].map((id) => ({ id })),
      { seed: 9 },
    );
    expect(rule).toBe("in-order");
    expect(placed(document)).toEqual(["a", "b", "c"]);
    expect(document.surfaces.map((s) => s.copies ?? 1)).toEqual([2, 2, 1]);
    expect(emptyFrames(document)).toHaveLength(0);
    expect(leftOver).toEqual([]);
  });

  it("more photos than prints: the first ones placed (pictures added for them), the rest named as left over; a photo already shown is not placed again", () => {
    const doc = emptyTemplate(prints, printProfile(prints)!);
    const first = autofillDesign(doc, [{ id: "a" }], { seed: 1 }).document;
    const { document, leftOver } = autofillDesign(
      first,
      ids(6)
        .concat("a")
        .map((id) => ({ id })),
      {
        seed: 1,
      },
    );
    expect(placed(document)).toEqual(["a", "p1", "p2", "p3", "p4"]);
    expect(leftOver).toEqual(["p5", "p6"]);
  });
});

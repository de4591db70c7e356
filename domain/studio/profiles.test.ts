import { describe, expect, it } from "vitest";
import { designDocumentSchema } from "./document";
import {
  CLOSE_UP_PPI,
  printProfile,
  profileMismatches,
  surfacesOf,
  WALL_ART_PPI,
} from "./profiles";

describe("print profiles", () => {
  it("a folded card has four panels, printed outside sheet first (back, front) then inside", () => {
    const p = printProfile({
      family: "card",
      format: "148x105",
      options: { cardType: "folded-card" },
    })!;
    expect(p.surfaces.map((s) => s.name)).toEqual(["front", "inside-left", "inside-right", "back"]);
    expect(p.printOrder.map((i) => p.surfaces[i]!.name)).toEqual([
      "back",
      "front",
      "inside-left",
      "inside-right",
    ]);
    expect(p.bleed).toBe(3);
    expect(p.ppi).toEqual(CLOSE_UP_PPI);
    expect(p.surfaces[0]).toMatchObject({ width: 148, height: 105 });
  });

  it("a flat card has a front and a back, a photo card a front only", () => {
    const flat = printProfile({
      family: "card",
      format: "148x148",
      options: { cardType: "flat-card" },
    });
    expect(flat?.surfaces.map((s) => s.name)).toEqual(["front", "back"]);
    const photo = printProfile({
      family: "card",
      format: "210x100",
      options: { cardType: "photo-card" },
    });
    expect(photo?.surfaces.map((s) => s.name)).toEqual(["front"]);
  });

  it("a canvas wraps its stretcher: depth from the frame chosen, the catalogue's edge as the document's", () => {
    const p = printProfile({
      family: "photoframe",
      format: "600x400",
      options: { material: "leinwand", canvasStretcherFrame: "38", canvasEdge: "coloured" },
    })!;
    expect(p.wrap).toEqual({ depth: 38, foldBack: 15, edge: "colour" });
    expect(p.ppi).toEqual(WALL_ART_PPI);
    const folded = printProfile({
      family: "photoframe",
      format: "600x400",
      options: { material: "leinwand", canvasEdge: "folded" },
    })!;
    expect(folded.wrap).toEqual({ depth: 25, foldBack: 15, edge: "image" });
  });

  it("a framed print keeps text clear of the frame's rebate", () => {
    const p = printProfile({
      family: "photoframe",
      format: "400x300",
      options: { frameType: "alurahmen" },
    })!;
    expect(p.safeInset).toBeGreaterThan(5);
    expect(p.wrap).toBeUndefined();
  });

  it("photo prints have one surface per different picture", () => {
    const p = printProfile({ family: "photoprint", format: "150x100", options: {}, prints: 10 })!;
    expect(p.surfaces).toHaveLength(10);
    expect(
      surfacesOf(p)
        .map((s) => s.id)
        .slice(0, 2),
    ).toEqual(["print-1", "print-2"]);
  });

  it("knows nothing of an unknown card type, material or a malformed format", () => {
    expect(
      printProfile({ family: "card", format: "148x105", options: { cardType: "x" } }),
    ).toBeNull();
    expect(
      printProfile({ family: "photoframe", format: "600x400", options: { material: "x" } }),
    ).toBeNull();
    expect(
      printProfile({ family: "photoframe", format: "0x400", options: { material: "poster" } }),
    ).toBeNull();
  });

  it("the surfaces of a product make a valid document", () => {
    const product = {
      family: "card" as const,
      format: "148x105",
      options: { cardType: "folded-card" },
    };
    const doc = { schemaVersion: 1, product, surfaces: surfacesOf(printProfile(product)!) };
    expect(designDocumentSchema.safeParse(doc).success).toBe(true);
    expect(doc.surfaces.map((s) => s.id)).toEqual(["front", "inside-left", "inside-right", "back"]);
  });
});

describe("a document keeps its product's surfaces", () => {
  const product = {
    family: "photoframe" as const,
    format: "600x400",
    options: { material: "leinwand", canvasEdge: "mirrored" },
  };
  const profile = printProfile(product)!;

  it("accepts the profile's surfaces with any content and edge colour", () => {
    const surfaces = surfacesOf(profile).map((s) => ({
      ...s,
      background: "#123456",
      wrap: { ...s.wrap!, edgeColour: "#ff0000" },
    }));
    expect(profileMismatches(surfaces, profile)).toEqual({});
  });

  it("names a changed size, bleed, wrap or number of surfaces", () => {
    const [surface] = surfacesOf(profile);
    const changed = [
      {
        ...surface!,
        trim: { width: 900, height: 600 },
        bleed: 0,
        wrap: { ...surface!.wrap!, edge: "image" as const },
      },
    ];
    expect(Object.keys(profileMismatches(changed, profile))).toEqual([
      "surfaces.0.trim",
      "surfaces.0.bleed",
      "surfaces.0.wrap",
    ]);
    expect(profileMismatches([surface!, surface!], profile)).toEqual({
      surfaces: "the product has 1 surfaces",
    });
  });
});

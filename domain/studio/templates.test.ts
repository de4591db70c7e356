import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { designDocumentSchema, emptyFrames, outsideSafeArea, textTooSmall } from "./document";
import { printProfile } from "./profiles";
import { cardTemplate, emptyTemplate, greetingOf, textColourOn } from "./templates";

interface Theme {
  id: string;
  occasion: string;
  style: string;
  product: string;
  format: string;
  palette: string[];
  status: string;
}
const themes = (
  JSON.parse(readFileSync("catalogue/cards/themes.json", "utf8")) as { themes: Theme[] }
).themes;

/** The formats each card type is sold in (the catalogue's card articles). */
const FORMATS: Record<string, string[]> = {
  "folded-card": ["148x105", "148x148", "210x100"],
  "flat-card": ["148x105", "148x148"],
  "photo-card": ["148x105", "210x100"],
  postcard: ["148x105"],
};

describe("card themes become templates", () => {
  it("every theme gives a valid document in every format of its card type, with photo frames and its greeting inside the safe area", () => {
    let checked = 0;
    for (const theme of themes) {
      for (const format of [theme.format, ...(FORMATS[theme.product] ?? [])]) {
        const product = { family: "card" as const, format, options: { cardType: theme.product } };
        const profile = printProfile(product)!;
        const doc = cardTemplate(theme, product, profile, "de");
        const parsed = designDocumentSchema.safeParse(doc);
        expect(parsed.error?.issues ?? [], `${theme.id} ${format}`).toEqual([]);
        expect(emptyFrames(doc).length, theme.id).toBeGreaterThan(0);
        for (const surface of doc.surfaces) {
          expect(outsideSafeArea(surface), `${theme.id} ${format} ${surface.id}`).toEqual([]);
          expect(textTooSmall(surface)).toEqual([]);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(themes.length);
  });

  it("the greeting is the occasion's in the shop's language and the background the theme's first colour", () => {
    const theme = themes.find((t) => t.occasion === "weihnachten" && t.product === "folded-card")!;
    const product = {
      family: "card" as const,
      format: "148x105",
      options: { cardType: "folded-card" },
    };
    const profile = printProfile(product)!;
    for (const [language, greeting] of [
      ["de", "Frohe Weihnachten"],
      ["fr", "Joyeux Noël"],
      ["en", "Merry Christmas"],
    ] as const) {
      const doc = cardTemplate(theme, product, profile, language);
      const front = doc.surfaces[0]!;
      expect(front.background).toBe(theme.palette[0]);
      const lines = front.elements.flatMap((e) => (e.kind === "text" ? e.lines : []));
      expect(lines).toContain(greeting);
    }
    expect(greetingOf("trauer", "nl")).toBe("In liefdevolle herinnering");
  });

  it("styles lay the front out differently", () => {
    const product = {
      family: "card" as const,
      format: "148x105",
      options: { cardType: "flat-card" },
    };
    const profile = printProfile(product)!;
    const shapes = new Set(
      ["classic", "modern", "playful", "elegant", "minimal", "rustic"].map((style) => {
        const doc = cardTemplate(
          { id: "t", occasion: "geburtstag", style, palette: ["#f4f1ec", "#3d6fa8", "#ffffff"] },
          product,
          profile,
          "en",
        );
        return JSON.stringify(
          doc.surfaces[0]!.elements.map((e) => [e.kind, Math.round(e.x), Math.round(e.width)]),
        );
      }),
    );
    expect(shapes.size).toBe(6);
  });

  it("text keeps a readable contrast: the accent where it reads, else near black or white", () => {
    expect(textColourOn("#ffffff", "#3d6fa8")).toBe("#3d6fa8");
    expect(textColourOn("#f4e9c8", "#f0d060")).toBe("#202020");
    expect(textColourOn("#101010", "#202020")).toBe("#ffffff");
  });
});

describe("wall art and prints start empty", () => {
  it("one frame over the whole print: to the bleed, or round the stretcher when the picture wraps", () => {
    const poster = {
      family: "photoframe" as const,
      format: "600x400",
      options: { material: "poster" },
    };
    const doc = emptyTemplate(poster, printProfile(poster)!);
    expect(doc.surfaces[0]!.elements).toMatchObject([
      { kind: "photo", x: -3, y: -3, width: 606, height: 406 },
    ]);
    const canvas = {
      family: "photoframe" as const,
      format: "600x400",
      options: { material: "leinwand", canvasEdge: "folded" },
    };
    const wrapped = emptyTemplate(canvas, printProfile(canvas)!);
    expect(wrapped.surfaces[0]!.elements[0]).toMatchObject({ x: -43, width: 686 });
    const prints = { family: "photoprint" as const, format: "150x100", options: {}, prints: 10 };
    expect(emptyFrames(emptyTemplate(prints, printProfile(prints)!))).toHaveLength(10);
  });
});

/**
 * A calendar's binding band in print: whatever the shopper lays over the spiral's or the
 * punching's holes, the wooden block's clamp or the foot's slot does not print there. Each
 * binding's cover is rendered to the print PDF with a photo over the whole page and a word
 * in the band, rasterised from it and read pixel by pixel.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { calendarTemplate } from "../../domain/studio/calendar";
import { CALENDAR_BINDINGS } from "../../domain/studio/calendarProfile";
import type { DesignDocument, Element, ProductRef } from "../../domain/studio/document";
import { sheetOf } from "../../domain/studio/print";
import { printProfile } from "../../domain/studio/profiles";
import { renderPrintPdf } from "./pdf";
import { rasterisePdf } from "./proof";

const CASES: [string, string, string][] = [
  ["spirale", "wandkalender", "210x297"],
  ["lochung", "familienplaner", "297x420"],
  ["holzblock", "kuechenkalender", "150x400"],
  ["holzfuss", "tischkalender", "210x148"],
];

describe("the binding band in a calendar's print file", () => {
  it("stays clear of the shopper's photos and words for every binding", async () => {
    const red = await sharp({
      create: { width: 600, height: 600, channels: 3, background: "#d01010" },
    })
      .jpeg()
      .toBuffer();
    for (const [mounting, calendarType, format] of CASES) {
      const product: ProductRef = {
        family: "calendar",
        format,
        options: { calendarType, mounting },
      };
      const profile = printProfile(product)!;
      const binding = CALENDAR_BINDINGS[mounting]!;
      expect(profile.binding, mounting).toEqual(binding);
      const base = calendarTemplate(
        product,
        profile,
        { year: 2027, startMonth: 1, locale: "de-DE", country: "DE", dates: [] },
        new Map(),
      );
      const cover = base.surfaces[0]!;
      const { width: w, height: h } = cover.trim;
      const bandTop = binding.edge === "top" ? 0 : h - binding.depth;
      const word = cover.elements.find((e) => e.kind === "text")!;
      const over: Element[] = [
        {
          id: "over-holes",
          kind: "photo",
          x: -5,
          y: -5,
          width: w + 10,
          height: h + 10,
          rotation: 0,
          locked: false,
          photo: { photoId: "red", crop: { offsetX: 0, offsetY: 0, scale: 1, rotation: 0 } },
        },
        {
          ...word,
          id: "word-in-band",
          x: 5,
          y: bandTop + 1,
          width: w - 10,
          height: binding.depth - 2,
          lines: ["HOLES"],
          // Letters 7 mm high: inside the band, well clear of the check past it.
          fontSize: 20,
          colour: "#000000",
        } as Element,
      ];
      const doc: DesignDocument = {
        ...base,
        surfaces: [{ ...cover, elements: [...cover.elements, ...over] }, ...base.surfaces.slice(1)],
      };
      const pdf = await renderPrintPdf(doc, profile, new Map([["red", red]]), { surfaces: [0] });
      const jpeg = await rasterisePdf(pdf, 1, sheetOf(cover).trim, 800);
      const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
      const pxPerMm = info.width / w;
      const at = (x: number, y: number) => {
        const i = (Math.round(y * pxPerMm) * info.width + Math.round(x * pxPerMm)) * info.channels;
        return [data[i]!, data[i + 1]!, data[i + 2]!];
      };
      const isRed = ([r, g]: number[]) => r! > 150 && g! < 90;
      const isBackground = ([r, g, b]: number[]) => r! > 220 && g! > 220 && b! > 220;
      expect(cover.background.toLowerCase(), mounting).toBe("#ffffff");
      // Inside the band (half a millimetre from its edge): the page's background only.
      for (let y = bandTop + 0.5; y <= bandTop + binding.depth - 0.5; y += 1)
        for (let x = 1; x < w - 1; x += 3)
          expect(isBackground(at(x, y)), `${mounting} band ${x},${y}`).toBe(true);
      // Just past the band the photo prints.
      const past = binding.edge === "top" ? binding.depth + 1 : h - binding.depth - 1;
      expect(isRed(at(w / 2, past)), `${mounting} past the band ${at(w / 2, past)}`).toBe(true);
    }
  }, 120_000);
});

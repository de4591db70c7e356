/**
 * A photo book's spine title in print: the cover page of the print file carries the words
 * along the spine, inside the spine's band, and nothing on the hinges beside it. Rendered
 * to the print PDF, rasterised from it, and read pixel by pixel.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bookTemplate } from "../../domain/studio/layouts";
import {
  bookGeometry,
  coverPanels,
  pageLimitOptions,
  SPINE_TITLE_ID,
  spineSafeArea,
} from "../../domain/studio/photobook";
import { sheetOf } from "../../domain/studio/print";
import { printProfile } from "../../domain/studio/profiles";
import { renderPrintPdf } from "./pdf";
import { rasterisePdf } from "./proof";

describe("a photo book's spine in the print file", () => {
  it("prints the title along the spine, inside its band, the hinges beside it clear", async () => {
    // 100 pages of standard paper in a hard cover: an 11 mm spine.
    const product = {
      family: "photobook" as const,
      format: "200x200",
      options: {
        photobookType: "digitalfotobuch",
        cover: "hard",
        paper: "glossy",
        size: "20x20",
        ...pageLimitOptions({ min: 24, max: 200, step: 2 }),
      },
      pages: 100,
    };
    const book = bookGeometry(product)!;
    const profile = printProfile(product)!;
    const template = bookTemplate(product, book, "en");
    const cover = template.surfaces[0]!;
    // Only the spine's words on the cover: what is dark on the sheet is theirs.
    const doc = {
      ...template,
      surfaces: [
        {
          ...cover,
          elements: cover.elements
            .filter((e) => e.id === SPINE_TITLE_ID)
            .map((e) => (e.kind === "text" ? { ...e, lines: ["MMMMMMMMMMMMMMMMMMMM"] } : e)),
        },
      ],
    };
    expect(doc.surfaces[0]!.elements).toHaveLength(1);
    const pdf = await renderPrintPdf(doc, profile, new Map(), { surfaces: [0] });
    const trim = sheetOf(cover).trim;
    const jpeg = await rasterisePdf(pdf, 1, trim, 1600);
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const pxPerMm = info.width / cover.trim.width;
    /** Dark pixels in a strip of the cover (mm). */
    const darkIn = (x0: number, x1: number, y0: number, y1: number) => {
      let dark = 0;
      for (let y = Math.ceil(y0 * pxPerMm); y < y1 * pxPerMm; y++)
        for (let x = Math.ceil(x0 * pxPerMm); x < x1 * pxPerMm; x++) {
          const i = (y * info.width + x) * info.channels;
          if (data[i]! < 110 && data[i + 1]! < 110 && data[i + 2]! < 110) dark++;
        }
      return dark;
    };
    const spine = coverPanels(book).spine;
    const band = spineSafeArea(book)!;
    const h = cover.trim.height;
    // The words fill the band along the spine's middle.
    expect(darkIn(band.x, band.x + band.width, band.y, band.y + band.height)).toBeGreaterThan(500);
    // Centred on the spine's length: dark half-way down, none at head and foot.
    expect(darkIn(band.x, band.x + band.width, h / 2 - 5, h / 2 + 5)).toBeGreaterThan(20);
    expect(darkIn(spine.x, spine.x + spine.width, 0, band.y)).toBe(0);
    expect(darkIn(spine.x, spine.x + spine.width, h - band.y, h)).toBe(0);
    // Nothing beyond the spine's folds: the hinges, back and front stay clear.
    expect(darkIn(0, spine.x - 0.3, 0, h)).toBe(0);
    expect(darkIn(spine.x + spine.width + 0.3, cover.trim.width, 0, h)).toBe(0);
  }, 60_000);
});

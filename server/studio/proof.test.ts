import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type OutputInfo } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autofill, type DesignDocument, type ShapeElement } from "../../domain/studio/document";
import { bookTemplate } from "../../domain/studio/layouts";
import { pageLimitOptions } from "../../domain/studio/photobook";
import { sheetOf } from "../../domain/studio/print";
import { printProfile } from "../../domain/studio/profiles";
import { emptyTemplate } from "../../domain/studio/templates";
import { renderPrintPdf } from "./pdf";
import { bookPdfFile } from "./photobookPdf";
import { pagesOfSurface, rasterisePdf, rasteriseSurface } from "./proof";

const canvas = {
  family: "photoframe" as const,
  format: "600x400",
  options: { material: "leinwand", canvasEdge: "mirrored" },
};
const canvasProfile = printProfile(canvas)!;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "proof-test-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const pixel = (data: Buffer, info: OutputInfo, x: number, y: number) => {
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
};

describe("proofs", () => {
  it("draw a page of the print file at the trim, the photo's original in the middle and mirrored on the sides", async () => {
    const original = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: "#c03020" },
    })
      .jpeg()
      .toBuffer();
    const doc: DesignDocument = autofill(emptyTemplate(canvas, canvasProfile), ["p"]);
    const trim = sheetOf(doc.surfaces[0]!).trim;
    const pdf = await renderPrintPdf(doc, canvasProfile, new Map([["p", original]]));
    const jpeg = await rasterisePdf(pdf, 1, trim, 400);
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(400);
    expect(info.height).toBe(Math.round((400 * trim.height) / trim.width));
    for (const x of [200, 5, 395]) {
      const [r, g] = pixel(data, info, x, Math.round(info.height / 2));
      expect(r, `x ${x}`).toBeGreaterThan(150);
      expect(g, `x ${x}`).toBeLessThan(90);
    }
    // Never longer than the longest proof side, whatever is asked.
    const large = await sharp(await rasterisePdf(pdf, 1, trim, 5000)).metadata();
    expect(large.width).toBe(1600);
  });

  it("find a folded card's panels where its print file has them: the outside sheet (back, front) first", () => {
    const card = {
      family: "card" as const,
      format: "148x105",
      options: { cardType: "folded-card" },
    };
    const profile = printProfile(card)!;
    const doc = emptyTemplate(card, profile);
    expect([0, 1, 2, 3].map((i) => pagesOfSurface(doc, profile, i).map((p) => p.page))).toEqual([
      [2],
      [3],
      [4],
      [1],
    ]);
    expect(pagesOfSurface(doc, profile, 4)).toEqual([]);
  });

  it("put a book's spread printed as two pages back together side by side", async () => {
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
      pages: 24,
    };
    const profile = printProfile(product)!;
    const book = profile.book!;
    expect(book.interior).toBe("pages");
    const doc = bookTemplate(product, book, "de");
    // The first spread: red on its left page, blue on its right.
    const index = doc.surfaces.findIndex((s) => s.name === "spread");
    const spread = doc.surfaces[index]!;
    const half = spread.trim.width / 2;
    const block = (id: string, x: number, fill: string): ShapeElement => ({
      kind: "shape",
      id,
      shape: "rectangle",
      x,
      y: -10,
      width: half + 10,
      height: spread.trim.height + 20,
      rotation: 0,
      locked: false,
      fill,
      strokeWidth: 0,
    });
    spread.elements = [block("l", -10, "#d02020"), block("r", half, "#2020d0")];
    const file = path.join(dir, "book.pdf");
    await bookPdfFile(doc, { ...profile, book }, async () => null, file);
    const pages = pagesOfSurface(doc, profile, index);
    expect(pages.map((p) => p.page)).toEqual([2, 3]);
    const jpeg = await rasteriseSurface(file, pages, 400);
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(400);
    expect(info.height).toBe(200);
    const [lr, , lb] = pixel(data, info, 100, 100);
    const [rr, , rb] = pixel(data, info, 300, 100);
    expect(lr).toBeGreaterThan(150);
    expect(lb).toBeLessThan(90);
    expect(rb).toBeGreaterThan(150);
    expect(rr).toBeLessThan(90);
  });

  it("name the rasteriser's failure", async () => {
    const file = path.join(dir, "broken.pdf");
    await writeFile(file, "not a pdf");
    await expect(
      rasteriseSurface(
        file,
        [{ page: 1, sheet: sheetOf({ trim: { width: 10, height: 10 }, bleed: 0 }) }],
        100,
      ),
    ).rejects.toThrow(/Could not rasterise page 1/);
  });
});

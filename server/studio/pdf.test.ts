import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fillCrop, type DesignDocument, type Surface } from "../../domain/studio/document";
import { printProfile, surfacesOf } from "../../domain/studio/profiles";
import { renderPrintPdf } from "./pdf";

const PT_PER_MM = 72 / 25.4;
const dir = mkdtempSync(path.join(tmpdir(), "studio-pdf-"));

/** Runs a poppler tool on the PDF: `args`, the file, then `after` (an output name). */
function poppler(tool: string, pdf: Buffer, args: string[], after: string[] = []): string {
  const file = path.join(dir, `${tool}-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync(tool, [...args, file, ...after], { encoding: "utf8" });
}

/** The images a PDF holds (each once, however often drawn): page, width, height. */
function embeddedImages(pdf: Buffer): string[][] {
  const lines = poppler("pdfimages", pdf, ["-list"]).split("\n").slice(2).filter(Boolean);
  const seen = new Map<string, string[]>();
  for (const line of lines) {
    const cols = line.trim().split(/\s+/);
    seen.set(`${cols[10]} ${cols[11]}`, [cols[0]!, cols[3]!, cols[4]!]);
  }
  return [...seen.values()];
}

/** Each page's boxes as pdfinfo reads them, in mm rounded to 0.1. */
function boxes(pdf: Buffer): Record<string, number[]>[] {
  const out = poppler("pdfinfo", pdf, ["-box", "-f", "1", "-l", "99"]);
  const pages: Record<string, number[]>[] = [];
  for (const line of out.split("\n")) {
    const m = /^Page\s+(\d+)\s+(MediaBox|TrimBox|BleedBox|ArtBox):\s+(.*)$/.exec(line);
    if (!m) continue;
    const n = Number(m[1]) - 1;
    pages[n] ??= {};
    pages[n][m[2]!] = m[3]!
      .trim()
      .split(/\s+/)
      .map((v) => Math.round((Number(v) / PT_PER_MM) * 10) / 10);
  }
  return pages;
}

async function jpeg(width: number, height: number, colour = "#3070b0"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

function withPhoto(surface: Surface, photoId: string): Surface {
  return {
    ...surface,
    elements: [
      {
        id: "photo",
        kind: "photo",
        x: -3,
        y: -3,
        width: surface.trim.width + 6,
        height: surface.trim.height + 6,
        rotation: 0,
        locked: false,
        photo: { photoId, crop: fillCrop() },
      },
    ],
  };
}

describe("the print file", () => {
  it("a folded card: four panels in print order, each trim + bleed with TrimBox and BleedBox, text embedded, photo at its own pixels", async () => {
    const product = {
      family: "card" as const,
      format: "148x105",
      options: { cardType: "folded-card" },
    };
    const profile = printProfile(product)!;
    const surfaces = surfacesOf(profile);
    surfaces[0] = withPhoto(surfaces[0]!, "p1");
    surfaces[2] = {
      ...surfaces[2]!,
      elements: [
        {
          id: "greeting",
          kind: "text",
          x: 20,
          y: 40,
          width: 108,
          height: 20,
          rotation: 0,
          locked: false,
          fontFamily: "Lora",
          fontWeight: "bold",
          fontSize: 18,
          colour: "#202020",
          align: "center",
          lines: ["Frohe Weihnachten", "Ärger? Nö!"],
        },
      ],
    };
    const doc: DesignDocument = { schemaVersion: 1, product, surfaces };
    const pdf = await renderPrintPdf(doc, profile, new Map([["p1", await jpeg(1900, 1400)]]));

    const pages = boxes(pdf);
    expect(pages).toHaveLength(4);
    for (const page of pages) {
      expect(page.MediaBox).toEqual([0, 0, 154, 111]);
      expect(page.BleedBox).toEqual([0, 0, 154, 111]);
      expect(page.TrimBox).toEqual([3, 3, 151, 108]);
    }
    // The print order is back, front, inside left, inside right: the photo is on page 2.
    expect(embeddedImages(pdf)).toEqual([["2", "1900", "1400"]]);
    const fonts = poppler("pdffonts", pdf, []);
    expect(fonts).toMatch(/Lora-Bold\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(poppler("pdftotext", pdf, ["-f", "4", "-l", "4"], ["-"])).toContain("Frohe Weihnachten");
    // The colours are declared sRGB for the printer.
    expect(pdf.includes("/OutputIntents")).toBe(true);
    expect(pdf.includes("sRGB IEC61966-2.1")).toBe(true);
  });

  it("a 60x40 canvas with a mirrored edge: the sheet holds the wrap, the sides repeat the photo mirrored", async () => {
    const product = {
      family: "photoframe" as const,
      format: "600x400",
      options: { material: "leinwand", canvasStretcherFrame: "25", canvasEdge: "mirrored" },
    };
    const profile = printProfile(product)!;
    // A photo whose left half is red and right half blue.
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: "#0000ff" },
    })
      .composite([
        {
          input: { create: { width: 600, height: 800, channels: 3, background: "#ff0000" } },
          left: 0,
          top: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    const [surface] = surfacesOf(profile);
    const doc: DesignDocument = {
      schemaVersion: 1,
      product,
      surfaces: [
        {
          ...surface!,
          elements: [
            {
              id: "photo",
              kind: "photo",
              x: 0,
              y: 0,
              width: 600,
              height: 400,
              rotation: 0,
              locked: false,
              photo: { photoId: "p", crop: fillCrop() },
            },
          ],
        },
      ],
    };
    const pdf = await renderPrintPdf(doc, profile, new Map([["p", photo]]));
    const [page] = boxes(pdf);
    // 25 mm side + 15 mm folded back + 3 mm bleed on every side of 600 x 400.
    expect(page!.MediaBox).toEqual([0, 0, 686, 486]);
    expect(page!.TrimBox).toEqual([3, 3, 683, 483]);
    expect(page!.ArtBox).toEqual([43, 43, 643, 443]);
    // The photo is embedded once at its own size, however often the sides draw it.
    expect(embeddedImages(pdf)).toEqual([["1", "1200", "800"]]);
    // Rendered: the left side mirrors the photo's left edge (red), the right side its right (blue).
    const png = path.join(dir, "canvas");
    poppler("pdftoppm", pdf, ["-r", "10", "-png", "-singlefile"], [png]);
    const { data, info } = await sharp(`${png}.png`).raw().toBuffer({ resolveWithObject: true });
    const at = (xMm: number, yMm: number) => {
      const x = Math.round((xMm / 686) * info.width);
      const y = Math.round((yMm / 486) * info.height);
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    const left = at(20, 243);
    expect(left[0]).toBeGreaterThan(200); // left side red, not the white background
    expect(left[1]).toBeLessThan(60);
    expect(at(666, 243)[2]).toBeGreaterThan(200); // right side blue
    expect(at(666, 243)[0]).toBeLessThan(60);
  });

  it("ten photo prints: ten pages of 150 x 100 plus bleed, each with its own photo", async () => {
    const product = { family: "photoprint" as const, format: "150x100", options: {}, prints: 10 };
    const profile = printProfile(product)!;
    const photos = new Map<string, Buffer>();
    for (let i = 0; i < 10; i++) photos.set(`p${i}`, await jpeg(1800 + i, 1200));
    const doc: DesignDocument = {
      schemaVersion: 1,
      product,
      surfaces: surfacesOf(profile).map((s, i) => withPhoto(s, `p${i}`)),
    };
    const pdf = await renderPrintPdf(doc, profile, photos);
    const pages = boxes(pdf);
    expect(pages).toHaveLength(10);
    for (const page of pages) expect(page.TrimBox).toEqual([3, 3, 153, 103]);
    expect(embeddedImages(pdf).map(([page, width]) => `${page}:${width}`)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${i + 1}:${1800 + i}`),
    );
  });

  it("a coloured edge paints the sides", async () => {
    const product = {
      family: "photoframe" as const,
      format: "300x200",
      options: { material: "leinwand", canvasEdge: "coloured" },
    };
    const profile = printProfile(product)!;
    const [surface] = surfacesOf(profile);
    const doc: DesignDocument = {
      schemaVersion: 1,
      product,
      surfaces: [
        { ...withPhoto(surface!, "p"), wrap: { ...surface!.wrap!, edgeColour: "#00ff00" } },
      ],
    };
    const pdf = await renderPrintPdf(
      doc,
      profile,
      new Map([["p", await jpeg(600, 400, "#ff0000")]]),
    );
    const png = path.join(dir, "coloured");
    poppler("pdftoppm", pdf, ["-r", "10", "-png", "-singlefile"], [png]);
    const { data, info } = await sharp(`${png}.png`).raw().toBuffer({ resolveWithObject: true });
    const i = (Math.round(info.height / 2) * info.width + 3) * info.channels;
    expect([data[i], data[i + 1], data[i + 2]]).toEqual([0, 255, 0]);
  });
});

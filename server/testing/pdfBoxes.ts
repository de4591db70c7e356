/**
 * A print file's page boxes as poppler's pdfinfo reads them, and the sheets a product's
 * print profile says its file has: for the API tests (Vitest) and the browser tests
 * (Playwright) alike, so nothing here imports either runner.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ProductRef } from "../../domain/studio/document";
import { sheetOf, type Sheet } from "../../domain/studio/print";
import { printProfile, surfacesOf, type PrintProfile } from "../../domain/studio/profiles";

export const PT_PER_MM = 72 / 25.4;

/** The boxes a print file names on each page. */
export const PRINT_BOXES = ["MediaBox", "BleedBox", "TrimBox", "ArtBox"] as const;
export type BoxName = (typeof PRINT_BOXES)[number];

let dir: string | null = null;

/** Writes a PDF where poppler's tools can read it; answers its path. */
export function pdfFile(pdf: Buffer): string {
  dir ??= mkdtempSync(path.join(tmpdir(), "studio-pdf-"));
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  return file;
}

/**
 * One pdfinfo call on a PDF file: how many pages it has, and the boxes of its pages from
 * the first up to `last` (pdfinfo stops at the file's last page), in points as pdfinfo
 * prints them (x1 y1 x2 y2 from the page's lower left corner, two decimals).
 */
export function readPdfBoxes(
  file: string,
  last = 1_000_000,
): { pages: number; boxes: Record<string, number[]>[] } {
  const out = execFileSync("pdfinfo", ["-box", "-f", "1", "-l", String(last), file], {
    encoding: "utf8",
  });
  const pages = Number(/^Pages:\s+(\d+)/m.exec(out)?.[1] ?? Number.NaN);
  const boxes: Record<string, number[]>[] = [];
  for (const m of out.matchAll(/^Page\s+(\d+)\s+(\w+Box):\s+(.*)$/gm)) {
    const page = Number(m[1]) - 1;
    boxes[page] ??= {};
    boxes[page][m[2]!] = m[3]!.trim().split(/\s+/).map(Number);
  }
  return { pages, boxes };
}

/** Every page's boxes as pdfinfo reads them, in mm rounded to 0.1 (the named boxes only). */
export function pdfPageBoxes(
  pdf: Buffer,
  names: readonly string[] = ["MediaBox", "TrimBox", "BleedBox"],
): Record<string, number[]>[] {
  return readPdfBoxes(pdfFile(pdf)).boxes.map((page) =>
    Object.fromEntries(
      Object.entries(page)
        .filter(([name]) => names.includes(name))
        .map(([name, box]) => [name, box.map((v) => Math.round((v / PT_PER_MM) * 10) / 10)]),
    ),
  );
}

/**
 * The sheets of a product's print file in the order the file holds them, as its print
 * profile says: each surface on its sheet (trim plus bleed and wrap, the art inside a
 * frame's rebate), except a book whose interior is printed as single pages, where each
 * spread is its left and its right page, each the book's page plus the bleed all round.
 */
export function profileSheets(profile: PrintProfile): Sheet[] {
  const surfaces = surfacesOf(profile);
  return profile.printOrder.flatMap((i) => {
    const surface = surfaces[i]!;
    if (surface.name === "spread" && profile.book?.interior === "pages") {
      const page = sheetOf({ trim: profile.book.page, bleed: surface.bleed });
      return [page, page];
    }
    return [sheetOf(surface, profile.rebate ?? 0)];
  });
}

/** The print profile of a product, or an error naming the product the studio does not print. */
export function profileOf(product: ProductRef): PrintProfile {
  const profile = printProfile(product);
  if (!profile) throw new Error(`no print profile for ${JSON.stringify(product)}`);
  return profile;
}

/** A sheet's boxes as a PDF names them: points, x1 y1 x2 y2 from the lower left corner. */
export function sheetBoxes(sheet: Sheet): Record<BoxName, number[]> {
  const pt = (r: { x: number; y: number; width: number; height: number }) => [
    r.x * PT_PER_MM,
    (sheet.height - r.y - r.height) * PT_PER_MM,
    (r.x + r.width) * PT_PER_MM,
    (sheet.height - r.y) * PT_PER_MM,
  ];
  return {
    MediaBox: pt({ x: 0, y: 0, width: sheet.width, height: sheet.height }),
    BleedBox: pt(sheet.bleed),
    TrimBox: pt(sheet.trim),
    ArtBox: pt(sheet.art),
  };
}

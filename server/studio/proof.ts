/**
 * Proof images: a page of the print file rasterised as the shopper will hold it, cut at the
 * trim (a canvas's with its wrap, so the sides show; a framed print at what the frame leaves
 * visible). Drawn from the very PDF the printer gets, photos at their original resolution,
 * so what a shopper approves is what is printed.
 *
 * The rasteriser is pdf.js with its prebuilt canvas, both from npm, so a fresh machine needs
 * nothing but `npm ci` (docs/decisions/0017-proofs-rasterised-from-the-print-file.md). It
 * reads the file by ranges, so a photo book's file of hundreds of MB is never loaded whole
 * for the one page a proof shows.
 */
import { mkdtemp, open, rm, writeFile, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PDFDataRangeTransport } from "pdfjs-dist/legacy/build/pdf.mjs";
import sharp from "sharp";
import { MM_PER_INCH, type DesignDocument, type Rect } from "../../domain/studio/document";
import { sheetOf, type Sheet } from "../../domain/studio/print";
import type { PrintProfile } from "../../domain/studio/profiles";
import { printSequence } from "./pdf";
import { loadPdfJs } from "./pdfjs";
import { pageSheets } from "./photobookPdf";

/** Longest side of a proof, in pixels. */
export const MAX_PROOF_SIDE = 1600;

const PT_PER_MM = 72 / MM_PER_INCH;
/** How much of the file pdf.js asks for at a time. */
const RANGE_BYTES = 256 * 1024;

/** The pixel size a proof of `box` (mm) is drawn at: `width`, at most MAX_PROOF_SIDE long. */
export function proofSize(box: Pick<Rect, "width" | "height">, width: number) {
  const longSide = Math.max(box.width, box.height);
  const pixels = Math.min(width, (MAX_PROOF_SIDE * box.width) / longSide);
  const w = Math.max(1, Math.round(pixels));
  return { width: w, height: Math.max(1, Math.round((w * box.height) / box.width)) };
}

interface CanvasAndContext {
  canvas: { encode(format: "jpeg", quality: number): Promise<Buffer> };
  context: unknown;
}

/** The PDF file behind `handle` for pdf.js, read by ranges as it asks for them. */
async function rangesOf(handle: FileHandle): Promise<PDFDataRangeTransport> {
  const { PDFDataRangeTransport } = await loadPdfJs();
  const { size } = await handle.stat();
  const read = async (begin: number, end: number) => {
    const chunk = Buffer.alloc(Math.max(0, Math.min(end, size) - begin));
    await handle.read(chunk, 0, chunk.length, begin);
    return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
  };
  const transport = new PDFDataRangeTransport(size, await read(0, RANGE_BYTES));
  transport.requestDataRange = (begin, end) => {
    read(begin, end).then(
      (chunk) => transport.onDataRange(begin, chunk),
      () => transport.abort(),
    );
  };
  return transport;
}

/**
 * Page `page` (from 1) of the PDF file `file` as a JPEG `width` px wide (at most
 * MAX_PROOF_SIDE on its long side), showing `box` (mm from the page's top-left corner).
 */
export async function rasterisePage(
  file: string,
  page: number,
  box: Rect,
  width: number,
  quality = 85,
): Promise<Buffer> {
  const { getDocument } = await loadPdfJs();
  const handle = await open(file, "r");
  const task = getDocument({
    range: await rangesOf(handle),
    rangeChunkSize: RANGE_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (page < 1 || page > doc.numPages)
      throw new Error(`The print file has no page ${page} (it has ${doc.numPages})`);
    const pdfPage = await doc.getPage(page);
    const size = proofSize(box, width);
    const scale = size.width / (box.width * PT_PER_MM);
    const viewport = pdfPage.getViewport({
      scale,
      offsetX: -box.x * PT_PER_MM * scale,
      offsetY: -box.y * PT_PER_MM * scale,
    });
    const factory = (
      doc as unknown as { canvasFactory: { create(w: number, h: number): CanvasAndContext } }
    ).canvasFactory;
    const target = factory.create(size.width, size.height);
    await pdfPage.render({
      canvasContext: target.context as never,
      canvas: target.canvas as never,
      viewport,
      background: "#ffffff",
    }).promise;
    pdfPage.cleanup();
    return await target.canvas.encode("jpeg", quality);
  } catch (error) {
    throw new Error(`Could not rasterise page ${page} of the print file`, { cause: error });
  } finally {
    await task.destroy();
    await handle.close();
  }
}

/**
 * The same as rasterisePage for a PDF held in memory (written to a temporary file first) or
 * already on disk (its path: read from there, a book's file is never loaded whole).
 */
export async function rasterisePdf(
  pdf: Buffer | string,
  page: number,
  box: Rect,
  width: number,
  quality = 85,
): Promise<Buffer> {
  if (typeof pdf === "string") return rasterisePage(pdf, page, box, width, quality);
  const dir = await mkdtemp(path.join(tmpdir(), "shop-proof-"));
  try {
    const file = path.join(dir, "print.pdf");
    await writeFile(file, pdf);
    return await rasterisePage(file, page, box, width, quality);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Where a surface lies in the print file: its page (from 1) and that page's sheet. */
export interface PrintPage {
  page: number;
  sheet: Sheet;
}

/**
 * The pages of the print file that show surface `index`, in the order the file has them:
 * one for most surfaces; a photo book printed as single pages has each spread on two
 * (left, right). Empty when the file has no such surface.
 */
export function pagesOfSurface(
  doc: DesignDocument,
  profile: PrintProfile,
  index: number,
): PrintPage[] {
  let page = 0;
  for (const i of printSequence(doc, profile)) {
    const surface = doc.surfaces[i];
    if (!surface) continue;
    const sheets =
      profile.book && profile.book.interior === "pages" && surface.name === "spread"
        ? pageSheets(surface)
        : [sheetOf(surface, profile.rebate ?? 0)];
    if (i === index) return sheets.map((sheet, k) => ({ page: page + k + 1, sheet }));
    page += sheets.length;
  }
  return [];
}

/**
 * A surface's proof from its print file: each of its pages cut at `boxOf(sheet)`, and a
 * spread printed as two pages put back side by side, `width` px wide in all.
 */
export async function rasteriseSurface(
  file: string,
  pages: PrintPage[],
  width: number,
  boxOf: (sheet: Sheet) => Rect = (sheet) => sheet.trim,
): Promise<Buffer> {
  const [first, ...rest] = pages;
  if (!first) throw new Error("A proof needs a page");
  if (rest.length === 0) return rasterisePage(file, first.page, boxOf(first.sheet), width);
  const boxes = pages.map((p) => boxOf(p.sheet));
  const total = boxes.reduce((sum, b) => sum + b.width, 0);
  const whole = proofSize({ width: total, height: boxes[0]!.height }, width);
  const parts: { input: Buffer; left: number; top: number }[] = [];
  let left = 0;
  for (const [k, p] of pages.entries()) {
    const share =
      k === pages.length - 1
        ? whole.width - left
        : Math.round((whole.width * boxes[k]!.width) / total);
    const part = await rasterisePage(file, p.page, boxes[k]!, share, 95);
    const fitted = await sharp(part).resize(share, whole.height, { fit: "fill" }).toBuffer();
    parts.push({ input: fitted, left, top: 0 });
    left += share;
  }
  return sharp({
    create: { width: whole.width, height: whole.height, channels: 3, background: "#ffffff" },
  })
    .composite(parts)
    .jpeg({ quality: 85 })
    .toBuffer();
}

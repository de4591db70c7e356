/**
 * Proof images: a print file's page rasterised as the shopper will hold it, cut at the
 * trim (a canvas's with its wrap, so the sides show). Drawn from the very PDF the printer
 * gets, so what a shopper approves is what is printed.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Rect } from "../../domain/studio/document";

const PT_PER_MM = 72 / 25.4;

/** Longest side of a proof, in pixels. */
export const MAX_PROOF_SIDE = 1600;

interface CanvasAndContext {
  canvas: { encode(format: "jpeg", quality: number): Promise<Buffer> };
  context: unknown;
}

/**
 * The first page of `pdf` as a JPEG `width` pixels wide (at most MAX_PROOF_SIDE on its long
 * side), showing `trim` (mm from the page's top-left corner).
 */
export async function rasterisePage(
  pdf: Buffer,
  trim: Rect,
  width: number,
  quality = 85,
): Promise<Buffer> {
  const task = getDocument({
    data: new Uint8Array(pdf),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const longSide = Math.max(trim.width, trim.height);
    const pixels = Math.min(width, (MAX_PROOF_SIDE * trim.width) / longSide);
    const scale = pixels / (trim.width * PT_PER_MM);
    const viewport = page.getViewport({
      scale,
      offsetX: -trim.x * PT_PER_MM * scale,
      offsetY: -trim.y * PT_PER_MM * scale,
    });
    const w = Math.max(1, Math.round(trim.width * PT_PER_MM * scale));
    const h = Math.max(1, Math.round(trim.height * PT_PER_MM * scale));
    const factory = (
      doc as unknown as { canvasFactory: { create(w: number, h: number): CanvasAndContext } }
    ).canvasFactory;
    const target = factory.create(w, h);
    await page.render({
      canvasContext: target.context as never,
      canvas: target.canvas as never,
      viewport,
      background: "#ffffff",
    }).promise;
    page.cleanup();
    return await target.canvas.encode("jpeg", quality);
  } finally {
    await task.destroy();
  }
}

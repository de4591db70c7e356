/**
 * Proof images: a print file's page rasterised as the shopper will hold it, cut at the
 * trim (a canvas's with its wrap, so the sides show). Drawn from the very PDF the printer
 * gets, so what a shopper approves is what is printed.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { placedPhoto, type DesignDocument, type Rect } from "../../domain/studio/document";
import { imageGate, STUDIO_POLICY } from "../images/gate";

const PT_PER_MM = 72 / 25.4;

/**
 * The photos of a proof at the size the proof shows them (with room to spare), each
 * placed exactly where the original would be: only the photo's shape decides its place,
 * and a smaller copy keeps the shape. The print file itself always holds the originals;
 * a proof needs no 24 megapixels to show a page 800 pixels wide, and rasterising them
 * would take seconds.
 */
export async function proofPhotos(
  doc: DesignDocument,
  originals: ReadonlyMap<string, Buffer>,
  pxPerMm: number,
): Promise<Map<string, Buffer>> {
  const needed = new Map<string, number>();
  for (const surface of doc.surfaces)
    for (const e of surface.elements) {
      if (e.kind !== "photo" || !e.photo) continue;
      const original = originals.get(e.photo.photoId);
      if (!original) continue;
      const header = await imageGate.inspect(original, STUDIO_POLICY);
      const placed = placedPhoto(header, e, e.photo.crop);
      // Twice the proof's own pixels: sharp enough however the rasteriser samples.
      const width = Math.ceil(placed.width * pxPerMm * 2);
      needed.set(e.photo.photoId, Math.max(needed.get(e.photo.photoId) ?? 0, width));
    }
  const reduced = new Map<string, Buffer>();
  for (const [id, width] of needed) {
    const original = originals.get(id)!;
    reduced.set(
      id,
      await imageGate.decode(original, STUDIO_POLICY, async (image, header) =>
        width >= header.width
          ? original
          : header.hasAlpha
            ? image
                .resize({ width: Math.max(1, width) })
                .png()
                .toBuffer()
            : image
                .resize({ width: Math.max(1, width) })
                .jpeg({ quality: 90 })
                .toBuffer(),
      ),
    );
  }
  return reduced;
}

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

/**
 * A photo book's print file, written page by page: the cover first (back, spine and front
 * as one sheet), then the interior as the profile orders it: a lay-flat book's spreads as
 * whole sheets, a glued or stapled book's as single pages, each page with its own bleed
 * (the bleed at the fold shows what continues on the facing page).
 *
 * Memory stays bounded whatever the book's size: each photo's original is read only for
 * the first page that shows it and let go once it is in the file, and the file's bytes go
 * to the output as pages are done (the writer waits while the output is behind).
 */
import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { DesignDocument, Surface } from "../../domain/studio/document";
import type { BookGeometry } from "../../domain/studio/photobook";
import type { Sheet } from "../../domain/studio/print";
import type { PrintProfile } from "../../domain/studio/profiles";
import { printSequence, printWriter } from "./pdf";

/** Bytes the writer lets wait for the output before it draws the next page. */
export const BEHIND_BYTES = 16 * 1024 * 1024;

/**
 * The sheets a spread is printed on when its book prints single pages: the left and the
 * right page, each its trim plus bleed all round, in the spread's coordinates.
 */
export function pageSheets(surface: Pick<Surface, "trim" | "bleed">): Sheet[] {
  const page = surface.trim.width / 2;
  const b = surface.bleed;
  const h = surface.trim.height;
  const sheet = (left: number): Sheet => ({
    width: page + 2 * b,
    height: h + 2 * b,
    originX: b - left,
    originY: b,
    trim: { x: b, y: b, width: page, height: h },
    bleed: { x: 0, y: 0, width: page + 2 * b, height: h + 2 * b },
    art: { x: b, y: b, width: page, height: h },
  });
  return [sheet(0), sheet(page)];
}

/** How many pages the print file of a book has. */
export function bookPrintPages(doc: DesignDocument, book: BookGeometry): number {
  const spreads = doc.surfaces.filter((s) => s.name === "spread").length;
  return doc.surfaces.length - spreads + spreads * (book.interior === "pages" ? 2 : 1);
}

/** Waits while more than `limit` bytes of the file wait for the output (until half is left). */
function behind(stream: Readable, limit: number): Promise<void> {
  if (stream.readableLength <= limit) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (stream.readableLength <= limit / 2) resolve();
      else setTimeout(check, 2);
    };
    check();
  });
}

/**
 * Writes a book's print file to `out`. `original` reads a photo's original (null when it
 * is gone: its frame prints empty, the preflight names it). Resolves when `out` has it all.
 * `behindBytes` is how much of the file may wait for a slow output (BEHIND_BYTES).
 */
export async function writeBookPdf(
  doc: DesignDocument,
  profile: PrintProfile & { book: BookGeometry },
  original: (photoId: string) => Promise<Buffer | null>,
  out: Writable,
  options: { title?: string; behindBytes?: number } = {},
): Promise<{ pages: number }> {
  const limit = options.behindBytes ?? BEHIND_BYTES;
  const writer = printWriter(options.title);
  const stream = writer.stream as unknown as Readable;
  const written = pipeline(stream, out);
  let pages = 0;
  try {
    for (const index of printSequence(doc, profile)) {
      const surface = doc.surfaces[index];
      if (!surface) continue;
      for (const e of surface.elements) {
        if (e.kind !== "photo" || !e.photo || writer.has(e.photo.photoId)) continue;
        const data = await original(e.photo.photoId);
        if (data) writer.add(e.photo.photoId, data);
      }
      if (surface.name === "spread" && profile.book.interior === "pages") {
        for (const sheet of pageSheets(surface)) {
          writer.page(surface, profile, sheet);
          pages += 1;
        }
      } else {
        writer.page(surface, profile);
        pages += 1;
      }
      await behind(stream, limit);
    }
  } finally {
    writer.end();
  }
  await written;
  return { pages };
}

/** A book's print file written to `file`; its size in bytes. */
export async function bookPdfFile(
  doc: DesignDocument,
  profile: PrintProfile & { book: BookGeometry },
  original: (photoId: string) => Promise<Buffer | null>,
  file: string,
  options: { title?: string } = {},
): Promise<number> {
  await writeBookPdf(doc, profile, original, createWriteStream(file), options);
  return (await stat(file)).size;
}

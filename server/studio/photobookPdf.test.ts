/**
 * A photo book's print file is written as its pages are drawn, so its memory does not grow
 * with the book: each photo's original is asked for once, for the first page that shows
 * it, and by then every photo of the pages before is already in the output; the photos go
 * into the file byte for byte (never decoded).
 */
import { Writable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { autofillBook, bookTemplate } from "../../domain/studio/layouts";
import { pageLimitOptions } from "../../domain/studio/photobook";
import { printProfile } from "../../domain/studio/profiles";
import { pdfPageBoxes } from "../testing/studioApi";
import { printSequence } from "./pdf";
import { bookPrintPages, writeBookPdf } from "./photobookPdf";

const PAGES = 24;
const PHOTOS = 30;

/** A JPEG of its own bytes: a comment segment with `tag` after the start marker. */
function tagged(jpeg: Buffer, tag: number): Buffer {
  const text = Buffer.from(`photo ${String(tag).padStart(3, "0")}`);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + text.length, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

describe("a photo book's print file", () => {
  it("reads each photo once, for its first page, after the pages before it went out", async () => {
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
      pages: PAGES,
    };
    const profile = printProfile(product)!;
    const book = profile.book!;
    const set = Array.from({ length: PHOTOS }, (_, i) => ({
      id: `p${i}`,
      capturedAt: new Date(Date.UTC(2026, 6, 1, 0, i)).toISOString(),
    }));
    const { document: doc, placed } = autofillBook(bookTemplate(product, book, "de"), book, set);
    expect(placed).toBe(PHOTOS);

    const base = await sharp({
      create: {
        width: 640,
        height: 480,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const originals = new Map(set.map((p, i) => [p.id, tagged(base, i)]));
    const size = originals.get("p0")!.length;

    // The surface (in print order) that first shows each photo.
    const firstShown = new Map<string, number>();
    printSequence(doc, profile).forEach((index, order) => {
      for (const e of doc.surfaces[index]!.elements)
        if (e.kind === "photo" && e.photo && !firstShown.has(e.photo.photoId))
          firstShown.set(e.photo.photoId, order);
    });
    expect(firstShown.size).toBe(PHOTOS);

    const chunks: Buffer[] = [];
    let received = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        received += chunk.length;
        done();
      },
    });
    const asked: { id: string; received: number }[] = [];
    const { pages } = await writeBookPdf(
      doc,
      { ...profile, book },
      async (id) => {
        asked.push({ id, received });
        // Read as storage reads it: the answer comes after other I/O had its turn.
        await new Promise((resolve) => setImmediate(resolve));
        return originals.get(id) ?? null;
      },
      out,
    );

    expect(asked.map((a) => a.id).sort()).toEqual([...originals.keys()].sort());
    for (const { id, received: then } of asked) {
      const earlier = [...firstShown].filter(([, order]) => order < firstShown.get(id)!).length;
      // Every photo of the pages before is in the file already; none is held back.
      expect(then, `when ${id} was read`).toBeGreaterThanOrEqual(earlier * size);
    }
    const file = Buffer.concat(chunks);
    for (const [id, jpeg] of originals) expect(file.indexOf(jpeg), id).toBeGreaterThan(0);
    expect(pages).toBe(bookPrintPages(doc, book));
    expect(pdfPageBoxes(file)).toHaveLength(pages);
  });
});

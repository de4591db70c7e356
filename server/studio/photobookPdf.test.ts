/**
 * A photo book's print file is written as its pages are drawn, so its memory does not grow
 * with the book: each photo's original is asked for once, for the first page that shows
 * it, and by then every photo of the pages before is already in the output; the photos go
 * into the file byte for byte (never decoded); and an output slower than the writer makes
 * the writer wait, so only a bounded part of the file is ever waiting in memory.
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

/** A 24-page book auto-filled with 30 photos, each a JPEG of its own, and where each first shows. */
async function filledBook() {
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
  /** How many photos first show on pages before the one that first shows `id`. */
  const earlier = (id: string) =>
    [...firstShown].filter(([, order]) => order < firstShown.get(id)!).length;
  return { doc, profile: { ...profile, book }, book, originals, size, earlier };
}

describe("a photo book's print file", () => {
  it("reads each photo once, for its first page, after the pages before it went out", async () => {
    const { doc, profile, book, originals, size, earlier } = await filledBook();
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
      profile,
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
      // Every photo of the pages before is in the file already; none is held back.
      expect(then, `when ${id} was read`).toBeGreaterThanOrEqual(earlier(id) * size);
    }
    const file = Buffer.concat(chunks);
    for (const [id, jpeg] of originals) expect(file.indexOf(jpeg), id).toBeGreaterThan(0);
    expect(pages).toBe(bookPrintPages(doc, book));
    expect(pdfPageBoxes(file)).toHaveLength(pages);
  });

  it("waits for a slow output: no more than its allowance of the file is ever waiting to be written", async () => {
    const { doc, profile, originals, size, earlier } = await filledBook();
    // An output that takes each piece only after a pause (a slow disk or bucket), and a
    // writer allowed to run ahead of it by two photos' worth.
    const allowance = 2 * size;
    let received = 0;
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        setTimeout(() => {
          received += chunk.length;
          done();
        }, 3);
      },
    });
    let largestLag = 0;
    await writeBookPdf(
      doc,
      profile,
      async (id) => {
        // What the file holds by now (the photos of the pages before) less what the output
        // has taken: what waits in memory.
        largestLag = Math.max(largestLag, earlier(id) * size - received);
        return originals.get(id) ?? null;
      },
      out,
      { behindBytes: allowance },
    );
    // The allowance, plus the piece the output is writing and the one page drawn since.
    expect(largestLag).toBeGreaterThan(0);
    expect(largestLag).toBeLessThanOrEqual(allowance + 2 * size);
    expect(received).toBeGreaterThan(PHOTOS * size);
  });
});

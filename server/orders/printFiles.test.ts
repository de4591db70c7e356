import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { printsFromPhotos, setCopies } from "../../domain/studio/copies";
import type { ProductRef } from "../../domain/studio/document";
import { bookTemplate } from "../../domain/studio/layouts";
import { bookGeometry, pageLimitOptions } from "../../domain/studio/photobook";
import { printProfile } from "../../domain/studio/profiles";
import { emptyTemplate } from "../../domain/studio/templates";
import { rasterisePdf } from "../studio/proof";
import { createDiskStorage } from "../studio/storage";
import { pdfPageBoxes } from "../testing/studioApi";
import { pageCopies } from "../admin/production";
import { studioRenderer } from "./printFiles";

const dir = mkdtempSync(path.join(os.tmpdir(), "shop-print-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the print file of an ordered design", () => {
  it("is the studio's PDF of the frozen document with a JPEG proof and a preflight naming empty frames", async () => {
    const product = {
      family: "card" as const,
      format: "148x105",
      options: { cardType: "flat-card" },
    };
    const profile = printProfile(product)!;
    expect(profile).not.toBeNull();
    const document = emptyTemplate(product, profile);
    const render = studioRenderer(createDiskStorage(dir), rasterisePdf);
    const made = await render({ id: "d1", version: 2, document }, "C-2026-000001 / 1");
    if (!Buffer.isBuffer(made.print)) throw new Error("a card's print file is kept in memory");
    expect(made.print.subarray(0, 5).toString()).toBe("%PDF-");
    expect(made.proof?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(made.preflight).toMatchObject({
      ok: false,
      pages: document.surfaces.length,
      missingPhotos: [],
      designVersion: 2,
    });
    expect((made.preflight.emptyFrames as unknown[]).length).toBe(document.surfaces.length);
  });

  it("prints each picture of a photo box once, its copies recorded page by page for production", async () => {
    const product: ProductRef = { family: "photobox", format: "130x90", options: {}, prints: 900 };
    // Three photos in storage, their pictures sharing the 900 prints.
    const storage = createDiskStorage(path.join(dir, "box"));
    for (const [i, id] of ["p1", "p2", "p3"].entries()) {
      const photo = await sharp({
        create: {
          width: 1800,
          height: 1200,
          channels: 3,
          background: { r: 80 * i, g: 120, b: 60 },
        },
      })
        .jpeg()
        .toBuffer();
      await storage.put(`photos/${id}/original`, photo, "image/jpeg");
    }
    const document = printsFromPhotos(emptyTemplate(product, printProfile(product)!), [
      "p1",
      "p2",
      "p3",
    ]);
    const render = studioRenderer(storage);
    const made = await render({ id: "d3", version: 1, document }, "C-2026-000003 / 1");
    if (!Buffer.isBuffer(made.print)) throw new Error("a box's print file is kept in memory");
    expect(pdfPageBoxes(made.print)).toHaveLength(3);
    expect(made.preflight).toMatchObject({
      ok: true,
      pages: 3,
      prints: 900,
      copies: [300, 300, 300],
      missingPhotos: [],
      emptyFrames: [],
    });
    expect(pageCopies(made.preflight)).toBe("1:300 2:300 3:300");
    // The same photos, copies that no longer make the prints ordered: not ready.
    const off = await render(
      { id: "d3", version: 2, document: setCopies(document, 0, 301) },
      "C-2026-000003 / 1",
    );
    expect(off.preflight).toMatchObject({
      ok: false,
      prints: 901,
      copies: [301, 300, 300],
      missingPhotos: [],
      emptyFrames: [],
    });
    expect(pageCopies({ pages: 1 })).toBe("");
  });

  it("writes a photo book's print file to disk, proofs its cover from there and is streamed into storage, then gone", async () => {
    const product = {
      family: "photobook",
      format: "200x200",
      options: {
        photobookType: "digitalfotobuch",
        cover: "hard",
        paper: "glossy",
        size: "20x20",
        ...pageLimitOptions({ min: 24, max: 200, step: 2 }),
      },
      pages: 24,
    } satisfies ProductRef;
    const document = bookTemplate(product, bookGeometry(product)!, "en");
    const storage = createDiskStorage(path.join(dir, "book"));
    const render = studioRenderer(storage, rasterisePdf);
    const made = await render({ id: "d3", version: 1, document }, "C-2026-000002 / 1");
    if (Buffer.isBuffer(made.print)) throw new Error("a book's print file should be on disk");
    const onDisk = made.print;
    expect(statSync(onDisk.path).size).toBe(onDisk.size);
    expect(readFileSync(onDisk.path).subarray(0, 5).toString()).toBe("%PDF-");
    // The cover and the 24 inner pages one by one (a glued book).
    expect(pdfPageBoxes(readFileSync(onDisk.path))).toHaveLength(1 + 24);
    expect(made.proof?.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    await storage.putFile("orders/B/1-print.pdf", onDisk.path, "application/pdf");
    expect((await storage.get("orders/B/1-print.pdf"))?.length).toBe(onDisk.size);
    await onDisk.discard();
    expect(existsSync(onDisk.path)).toBe(false);
  }, 60_000);

  it("refuses a document the studio cannot print", async () => {
    const render = studioRenderer(createDiskStorage(dir));
    await expect(
      render({ id: "d2", version: 1, document: { surfaces: [] } }, "x"),
    ).rejects.toThrow();
  });
});

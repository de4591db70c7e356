import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { printProfile } from "../../domain/studio/profiles";
import { emptyTemplate } from "../../domain/studio/templates";
import { rasterisePdf } from "../studio/proof";
import { createDiskStorage } from "../studio/storage";
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

  it("refuses a document the studio cannot print", async () => {
    const render = studioRenderer(createDiskStorage(dir));
    await expect(
      render({ id: "d2", version: 1, document: { surfaces: [] } }, "x"),
    ).rejects.toThrow();
  });
});

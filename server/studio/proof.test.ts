import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { autofill, placedPhoto, type DesignDocument } from "../../domain/studio/document";
import { sheetOf } from "../../domain/studio/print";
import { printProfile } from "../../domain/studio/profiles";
import { emptyTemplate } from "../../domain/studio/templates";
import { renderPrintPdf } from "./pdf";
import { proofPhotos, rasterisePage } from "./proof";

const product = {
  family: "photoframe" as const,
  format: "600x400",
  options: { material: "leinwand", canvasEdge: "mirrored" },
};
const profile = printProfile(product)!;

describe("proofs", () => {
  it("draw each photo from a copy as large as the proof shows it, placed exactly where the original is", async () => {
    const original = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: "#c03020" },
    })
      .jpeg()
      .toBuffer();
    const doc: DesignDocument = autofill(emptyTemplate(product, profile), ["p"]);
    const trim = sheetOf(doc.surfaces[0]!).trim;
    const reduced = await proofPhotos(doc, new Map([["p", original]]), 400 / trim.width);
    const copy = await sharp(reduced.get("p")!).metadata();
    // The frame spans 606 mm of a 686 mm proof 400 px wide: about 353 px, twice that kept.
    expect(copy.width).toBeLessThan(800);
    expect(copy.width).toBeGreaterThan(600);
    const frame = doc.surfaces[0]!.elements[0]!;
    const crop = frame.kind === "photo" ? frame.photo!.crop : null;
    const asPrinted = placedPhoto({ width: 3000, height: 2000 }, frame, crop!);
    const asProofed = placedPhoto({ width: copy.width!, height: copy.height! }, frame, crop!);
    expect(asProofed.width).toBeCloseTo(asPrinted.width, 0);
    expect(asProofed.height).toBeCloseTo(asPrinted.height, 0);

    const pdf = await renderPrintPdf(doc, profile, reduced);
    const jpeg = await rasterisePage(pdf, trim, 400);
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(400);
    expect(info.height).toBe(Math.round((400 * trim.height) / trim.width));
    // The middle is the photo's red; the mirrored sides are too.
    for (const x of [200, 5, 395]) {
      const i = (Math.round(info.height / 2) * info.width + x) * info.channels;
      expect(data[i]!, `x ${x}`).toBeGreaterThan(150);
      expect(data[i + 1]!, `x ${x}`).toBeLessThan(90);
    }
  });
});

/**
 * A shaped collage cell in print: the heart's outline cells show their photo inside their
 * clip polygon only. Rendered to the print PDF, rasterised from it, and read pixel by pixel.
 */
import sharp, { type OutputInfo } from "sharp";
import { describe, expect, it } from "vitest";
import { autoPlace, collageTemplate, polygonArea } from "../../domain/studio/collage";
import { sheetOf } from "../../domain/studio/print";
import { printProfile } from "../../domain/studio/profiles";
import { renderPrintPdf } from "./pdf";
import { rasterisePdf } from "./proof";

const pixel = (data: Buffer, info: OutputInfo, x: number, y: number) => {
  const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
};

/** Whether a point lies inside a polygon (even-odd rule). */
function inside([px, py]: [number, number], polygon: readonly [number, number][]) {
  let odd = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

describe("shaped cells in the print file", () => {
  it("a heart collage's outline cell prints its photo inside the curve and the background outside it", async () => {
    const product = {
      family: "collage" as const,
      format: "600x400",
      options: { design: "3", collageMaterial: "poster" },
    };
    const profile = printProfile(product)!;
    const template = collageTemplate(product, profile, {
      name: "heart",
      attributes: { images: 20 },
    });
    const doc = autoPlace(template, 0, ["red"]);
    const red = await sharp({
      create: { width: 800, height: 800, channels: 3, background: "#d01010" },
    })
      .jpeg()
      .toBuffer();
    const pdf = await renderPrintPdf(doc, profile, new Map([["red", red]]));
    const surface = doc.surfaces[0]!;
    expect(surface.background.toLowerCase()).toBe("#ffffff");
    const trim = sheetOf(surface).trim;
    const jpeg = await rasterisePdf(pdf, 1, trim, 1200);
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const pxPerMm = info.width / 600;
    const at = (x: number, y: number) => pixel(data, info, x * pxPerMm, y * pxPerMm);
    const isRed = ([r, g]: readonly number[]) => r! > 150 && g! < 90;
    const isWhite = ([r, g, b]: readonly number[]) => r! > 220 && g! > 220 && b! > 220;

    const shaped = surface.elements.filter(
      (e) => e.kind === "photo" && e.clip && polygonArea(e.clip) < 0.8,
    );
    expect(shaped.length).toBeGreaterThan(0);
    let checkedOut = 0;
    for (const e of shaped) {
      if (e.kind !== "photo" || !e.clip) continue;
      // Points of the cell well inside and well outside its shape (1.5 mm from the edges).
      for (let u = 0.1; u < 0.95; u += 0.2)
        for (let v = 0.1; v < 0.95; v += 0.2) {
          const near = [-0.06, 0, 0.06].flatMap((du) =>
            [-0.06, 0, 0.06].map((dv) => inside([u + du, v + dv], e.clip!)),
          );
          const x = e.x + u * e.width;
          const y = e.y + v * e.height;
          if (near.every(Boolean)) expect(isRed(at(x, y)), `${e.id} ${u},${v} in`).toBe(true);
          if (near.every((n) => !n)) {
            expect(isWhite(at(x, y)), `${e.id} ${u},${v} out`).toBe(true);
            checkedOut++;
          }
        }
    }
    expect(checkedOut).toBeGreaterThan(0);
    // A whole cell prints its photo to its corners.
    const whole = surface.elements.find((e) => e.kind === "photo" && !e.clip)!;
    expect(isRed(at(whole.x + 1, whole.y + 1))).toBe(true);
  }, 60_000);
});

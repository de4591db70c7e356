import { describe, expect, it } from "vitest";
import { A4_POINTS, placeOnA4, resultFilename } from "./toolbox";

describe("the toolbox's result names", () => {
  it("keeps the original's name, with a suffix and the new extension", () => {
    expect(resultFilename("Urlaub 2026.PNG", "jpeg", "-print")).toBe("Urlaub-2026-print.jpg");
    expect(resultFilename("IMG_0042.heic.jpg", "png")).toBe("IMG_0042-heic.png");
  });

  it("keeps letters of any script and drops paths and characters a file name cannot hold", () => {
    expect(resultFilename("C:\\fotos\\Été à Zürich.jpg", "pdf")).toBe("Été-à-Zürich.pdf");
    expect(resultFilename('../"quoted"; rm -rf.png', "webp")).toBe("quoted-rm-rf.webp");
  });

  it("names a file with nothing left 'photo'", () => {
    expect(resultFilename("....jpg", "jpeg")).toBe("photo.jpg");
    expect(resultFilename("", "pdf")).toBe("photo.pdf");
  });
});

describe("an image on an A4 page", () => {
  it("turns the page the image's way and fits it inside the margin, centred", () => {
    const wide = placeOnA4({ width: 3000, height: 2000 });
    expect(wide.page).toEqual({ width: A4_POINTS.height, height: A4_POINTS.width });
    expect(wide.width / wide.height).toBeCloseTo(1.5, 5);
    expect(wide.x).toBeGreaterThanOrEqual(28.35 - 1e-9);
    expect(wide.y).toBeCloseTo((A4_POINTS.width - wide.height) / 2, 5);
    const tall = placeOnA4({ width: 1000, height: 3000 });
    expect(tall.page).toEqual({ width: A4_POINTS.width, height: A4_POINTS.height });
    expect(tall.height).toBeCloseTo(A4_POINTS.height - 2 * 28.35, 5);
  });
});

/**
 * The CMYK step run for real: Ghostscript with its own bundled CMYK profile (Debian's
 * ghostscript package; .ci/run installs it) converts a print file; the page boxes and the
 * photos' pixel sizes stay, the images become CMYK and the printer's profile is the output
 * intent. An order's print file is the converted one, its proof still drawn from sRGB.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { autofill } from "../../domain/studio/document";
import { printProfile } from "../../domain/studio/profiles";
import { emptyTemplate } from "../../domain/studio/templates";
import { studioRenderer } from "../orders/printFiles";
import { pdfFile, pdfPageBoxes, testPhoto } from "../testing/studioApi";
import { checkCmykProfile, cmykConverter, configuredCmykConverter, pdfxPrologue } from "./cmyk";
import { renderPrintPdf } from "./pdf";
import { rasterisePdf } from "./proof";
import { createDiskStorage } from "./storage";

/** Ghostscript's own CMYK profile, wherever its version puts it. */
const GS_SHARE = "/usr/share/ghostscript";
const GS_CMYK = readdirSync(GS_SHARE)
  .map((version) => path.join(GS_SHARE, version, "iccprofiles", "default_cmyk.icc"))
  .find((file) => {
    try {
      return readFileSync(file).length > 0;
    } catch {
      return false;
    }
  })!;
const GS_RGB = path.join(path.dirname(GS_CMYK), "default_rgb.icc");

const dir = mkdtempSync(path.join(os.tmpdir(), "shop-cmyk-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BOXES = ["MediaBox", "TrimBox", "BleedBox", "ArtBox"] as const;

/** pdfimages' list: each image's page, pixel size and colour space. */
function images(pdf: Buffer): { page: string; size: string; colour: string }[] {
  return execFileSync("pdfimages", ["-list", pdfFile(pdf)], { encoding: "utf8" })
    .split("\n")
    .slice(2)
    .filter(Boolean)
    .map((line) => line.trim().split(/\s+/))
    .map((c) => ({ page: c[0]!, size: `${c[3]}x${c[4]}`, colour: c[5]! }));
}

/** A print file's bytes, whether the renderer answers them or a file on disk. */
const bytesOf = (print: Buffer | { path: string }) =>
  Buffer.isBuffer(print) ? print : readFileSync(print.path);

describe("the CMYK step", () => {
  it("converts a folded card's print file to the printer's CMYK, keeping every page box and the photo's pixels", async () => {
    expect(GS_CMYK).toBeTruthy();
    const product = {
      family: "card" as const,
      format: "148x105",
      options: { cardType: "folded-card" },
    };
    const profile = printProfile(product)!;
    const doc = autofill(emptyTemplate(product, profile), ["p"]);
    const srgb = await renderPrintPdf(
      doc,
      profile,
      new Map([["p", await testPhoto(900, 600, "#c03020")]]),
    );
    const convert = cmykConverter({ ghostscript: "gs", iccProfile: GS_CMYK });
    const file = await convert(srgb, "C-2026-000001 / 1 (O'Brien)");
    const cmyk = readFileSync(file.path);
    expect(file.size).toBe(cmyk.length);
    await file.discard();

    expect(cmyk.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdfPageBoxes(cmyk, BOXES)).toEqual(pdfPageBoxes(srgb, BOXES));
    expect(images(srgb).every((i) => i.colour === "rgb")).toBe(true);
    const converted = images(cmyk);
    expect(converted.length).toBeGreaterThan(0);
    expect(converted.map((i) => i.colour)).toEqual(converted.map(() => "cmyk"));
    expect(new Set(converted.map((i) => i.size))).toEqual(new Set(["900x600"]));
    // The printer's profile is the output intent (the sRGB one is gone), marked PDF/X-3.
    const text = cmyk.toString("latin1");
    expect(text).toContain("/GTS_PDFXVersion");
    expect(text).toMatch(/\/OutputConditionIdentifier\s*\(default_cmyk\)/);
    expect(text).not.toContain("sRGB IEC61966-2.1");
  }, 60_000);

  it("makes an order's print file CMYK while its proof is drawn from the sRGB file", async () => {
    const product = {
      family: "card" as const,
      format: "148x105",
      options: { cardType: "flat-card" },
    };
    const profile = printProfile(product)!;
    const document = emptyTemplate(product, profile);
    document.surfaces[0]!.background = "#20a040";
    const convert = cmykConverter({ ghostscript: "gs", iccProfile: GS_CMYK });
    const made = await studioRenderer(
      createDiskStorage(dir),
      rasterisePdf,
      convert,
    )({ id: "d1", version: 1, document }, "C-2026-000002 / 1");
    expect(made.preflight).toMatchObject({ colour: "cmyk" });
    expect(bytesOf(made.print).toString("latin1")).toContain("/GTS_PDFXVersion");
    if (!Buffer.isBuffer(made.print)) await made.print.discard();
    const plain = await studioRenderer(createDiskStorage(dir), rasterisePdf)(
      { id: "d1", version: 1, document },
      "C-2026-000002 / 1",
    );
    expect(plain.preflight).toMatchObject({ colour: "srgb" });
    expect(made.proof!.equals(plain.proof!)).toBe(true);
  }, 60_000);

  it("is off without settings, and refuses at boot a profile that is not a CMYK printer's", () => {
    expect(configuredCmykConverter({})).toBeNull();
    expect(
      configuredCmykConverter({ PRINT_CMYK_GHOSTSCRIPT: "gs", PRINT_CMYK_ICC_PROFILE: GS_CMYK }),
    ).toBeTypeOf("function");
    expect(() => checkCmykProfile(GS_RGB)).toThrow(/RGB, not for a CMYK printer/);
    const notIcc = path.join(dir, "not.icc");
    writeFileSync(notIcc, "x".repeat(200));
    expect(() => checkCmykProfile(notIcc)).toThrow(/not an ICC profile/);
    expect(() => checkCmykProfile(path.join(dir, "missing.icc"))).toThrow(/cannot be read/);
  });

  it("writes names into the PostScript prologue as literals, whatever they hold", () => {
    const prologue = pdfxPrologue("/p/a (b).icc", "x) /Y (z\\");
    expect(prologue).toContain("/Title (x\\) /Y \\(z\\\\)");
    expect(prologue).toContain("(/p/a \\(b\\).icc) (r) file");
  });
});

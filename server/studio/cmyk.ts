/**
 * The optional CMYK step for production: a print file (sRGB, with its sRGB output intent)
 * converted by Ghostscript into the printer's CMYK, with the printer's ICC profile as its
 * PDF/X output intent. Used only when both the tool and the profile are configured
 * (PRINT_CMYK_GHOSTSCRIPT, PRINT_CMYK_ICC_PROFILE); otherwise the print file stays sRGB.
 *
 * Only the order's print file for production (the back office's download and batch ZIP)
 * is converted; every proof a shopper sees is drawn from the sRGB print file, which is
 * what the studio shows on screen.
 *
 * Ghostscript keeps the page boxes (MediaBox, TrimBox, BleedBox, ArtBox) and the images'
 * pixel sizes; it is not run in its strict PDF/X mode, which replaces the ArtBox with the
 * MediaBox. The file is marked PDF/X-3 and given the printer's output intent through a
 * small PostScript prologue of our own.
 */
import { execFile } from "node:child_process";
import { closeSync, openSync, readSync } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export interface CmykSettings {
  /** The Ghostscript executable ("gs" on the PATH, or a path). */
  ghostscript: string;
  /** The printer's CMYK output profile (.icc). */
  iccProfile: string;
}

/** A converted print file on disk (a book's is hundreds of MB: never read whole). */
export interface ConvertedFile {
  path: string;
  size: number;
  /** Removes the file and its temporary folder. */
  discard(): Promise<void>;
}

/**
 * Converts a print file (its bytes, or the path of the file on disk) to CMYK; `title` names
 * the file in its document information.
 */
export type ConvertToCmyk = (pdf: Buffer | string, title: string) => Promise<ConvertedFile>;

/** A conversion that takes longer than this is given up (the job fails and is retried). */
const CONVERT_TIMEOUT_MS = 10 * 60_000;

/**
 * Checks that `file` is an ICC profile of a CMYK device: its header's signature ("acsp" at
 * byte 36) and data colour space ("CMYK" at byte 16). Throws a message naming the file.
 */
export function checkCmykProfile(file: string): void {
  const header = Buffer.alloc(40);
  let read: number;
  try {
    const fd = openSync(file, "r");
    try {
      read = readSync(fd, header, 0, 40, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    throw new Error(`The ICC profile ${file} cannot be read`);
  }
  if (read < 40 || header.toString("latin1", 36, 40) !== "acsp")
    throw new Error(`${file} is not an ICC profile`);
  const space = header.toString("latin1", 16, 20);
  if (space !== "CMYK")
    throw new Error(`${file} is an ICC profile for ${space.trim()}, not for a CMYK printer`);
}

/** A string as a PostScript literal: backslashes and parentheses escaped. */
const psString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** The prologue that marks the file PDF/X-3 with the printer's profile as its output intent. */
export function pdfxPrologue(iccProfile: string, title: string): string {
  const name = psString(path.basename(iccProfile, path.extname(iccProfile)));
  return [
    `[ /GTS_PDFXVersion (PDF/X-3:2002) /Title ${psString(title)} /Trapped /False /DOCINFO pdfmark`,
    "[/_objdef {icc_PDFX} /type /stream /OBJ pdfmark",
    "[{icc_PDFX} << /N 4 >> /PUT pdfmark",
    `[{icc_PDFX} ${psString(iccProfile)} (r) file /PUT pdfmark`,
    "[/_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark",
    `[{OutputIntent_PDFX} << /Type /OutputIntent /S /GTS_PDFX /OutputCondition ${name} /OutputConditionIdentifier ${name} /Info ${name} /RegistryName (http://www.color.org) /DestOutputProfile {icc_PDFX} >> /PUT pdfmark`,
    "[{Catalog} << /OutputIntents [ {OutputIntent_PDFX} ] >> /PUT pdfmark",
    "",
  ].join("\n");
}

/** The Ghostscript arguments that convert `input` into `output` in the profile's CMYK. */
export function ghostscriptArgs(
  settings: CmykSettings,
  prologue: string,
  input: string,
  output: string,
): string[] {
  return [
    "-dSAFER",
    `--permit-file-read=${settings.iccProfile}`,
    "-dBATCH",
    "-dNOPAUSE",
    "-dQUIET",
    "-sDEVICE=pdfwrite",
    "-dCompatibilityLevel=1.4",
    "-sColorConversionStrategy=CMYK",
    "-sProcessColorModel=DeviceCMYK",
    `-sOutputICCProfile=${settings.iccProfile}`,
    // The photos keep every pixel: nothing downsampled, pages never turned.
    "-dDownsampleColorImages=false",
    "-dDownsampleGrayImages=false",
    "-dAutoRotatePages=/None",
    `-sOutputFile=${output}`,
    prologue,
    input,
  ];
}

/** The converter of the settings. */
export function cmykConverter(settings: CmykSettings): ConvertToCmyk {
  return async (pdf, title) => {
    const dir = await mkdtemp(path.join(tmpdir(), "shop-cmyk-"));
    const discard = () => rm(dir, { recursive: true, force: true });
    try {
      const input = typeof pdf === "string" ? pdf : path.join(dir, "print.pdf");
      const output = path.join(dir, "print-cmyk.pdf");
      const prologue = path.join(dir, "pdfx.ps");
      if (typeof pdf !== "string") await writeFile(input, pdf);
      await writeFile(prologue, pdfxPrologue(settings.iccProfile, title));
      await new Promise<void>((resolve, reject) => {
        execFile(
          settings.ghostscript,
          ghostscriptArgs(settings, prologue, input, output),
          { timeout: CONVERT_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
          (error, _stdout, stderr) => {
            if (error)
              reject(
                new Error(
                  `Ghostscript could not convert to CMYK: ${stderr.trim() || error.message}`,
                ),
              );
            else resolve();
          },
        );
      });
      await rm(prologue, { force: true });
      if (input !== pdf) await rm(input, { force: true });
      return { path: output, size: (await stat(output)).size, discard };
    } catch (error) {
      await discard();
      throw error;
    }
  };
}

/**
 * The converter the shop's settings ask for, or null when the step is not configured.
 * The profile is checked here, at boot: a wrong file stops the start, never an order.
 */
export function configuredCmykConverter(env: {
  PRINT_CMYK_GHOSTSCRIPT?: string | undefined;
  PRINT_CMYK_ICC_PROFILE?: string | undefined;
}): ConvertToCmyk | null {
  if (!env.PRINT_CMYK_GHOSTSCRIPT || !env.PRINT_CMYK_ICC_PROFILE) return null;
  const iccProfile = path.resolve(env.PRINT_CMYK_ICC_PROFILE);
  checkCmykProfile(iccProfile);
  return cmykConverter({ ghostscript: env.PRINT_CMYK_GHOSTSCRIPT, iccProfile });
}

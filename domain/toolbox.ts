/**
 * The toolbox: a shopper hands in their own files and gets them back ready for print. An
 * image optimised for print (turned upright, sRGB, 300 dpi, a print-quality JPEG), an image
 * converted to another format, or several images made into a PDF with one A4 page each.
 * What may come in, and how long the results are kept, is decided here.
 */
import { MS_PER_MINUTE } from "./constants";

export const TOOLBOX_OPERATIONS = ["optimize-image", "convert-file", "convert-pdf"] as const;
export type ToolboxOperation = (typeof TOOLBOX_OPERATIONS)[number];

export function isToolboxOperation(value: unknown): value is ToolboxOperation {
  return (TOOLBOX_OPERATIONS as readonly unknown[]).includes(value);
}

/** Where each tool's form posts. */
export const TOOLBOX_PATHS: Readonly<Record<ToolboxOperation, string>> = {
  "optimize-image": "/web-api/toolbox-optimize-image",
  "convert-file": "/web-api/toolbox-convert-file",
  "convert-pdf": "/web-api/toolbox-convert-pdf",
};

/** The formats an image can be converted to. */
export const CONVERT_TARGETS = ["jpeg", "png", "webp"] as const;
export type ConvertTarget = (typeof CONVERT_TARGETS)[number];

export const TOOLBOX_LIMITS = {
  /** One file: a camera's largest JPEGs, or a phone's PNG screenshots. */
  maxFileBytes: 20 * 1024 * 1024,
  /** Images in one PDF. */
  maxPdfImages: 20,
  /** All files of one request together. */
  maxRequestBytes: 60 * 1024 * 1024,
  /** The longest edge of an optimised image (larger ones are scaled down). */
  maxEdgePixels: 12_000,
  /** Results are deleted after this long. */
  keepMs: 60 * MS_PER_MINUTE,
  /** Operations per network address in an hour. */
  perAddressPerHour: 60,
} as const;

/** The dots per inch a print image is marked with. */
export const PRINT_DPI = 300;

export const CONTENT_TYPES: Readonly<Record<ConvertTarget | "pdf", string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  pdf: "application/pdf",
};

const EXTENSIONS: Readonly<Record<ConvertTarget | "pdf", string>> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  pdf: "pdf",
};

/**
 * The result's file name: the original's name without its extension (letters, digits,
 * dashes and underscores of any script kept, the rest made dashes), a suffix, the new
 * extension. A name with nothing left becomes "photo".
 */
export function resultFilename(
  original: string,
  format: ConvertTarget | "pdf",
  suffix = "",
): string {
  const base = original
    .replace(/^.*[\\/]/, "")
    .replace(/\.[^.]*$/, "")
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}_-]+/gu, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${base || "photo"}${suffix}.${EXTENSIONS[format]}`;
}

/** A4 in PDF points (1/72 inch), portrait. */
export const A4_POINTS = { width: 595.28, height: 841.89 } as const;

/**
 * Where an image of this size goes on an A4 page turned its way: as large as fits inside
 * a margin, centred, never stretched out of proportion.
 */
export function placeOnA4(
  image: { width: number; height: number },
  marginPoints = 28.35,
): {
  page: { width: number; height: number };
  x: number;
  y: number;
  width: number;
  height: number;
} {
  const landscape = image.width > image.height;
  const page = landscape
    ? { width: A4_POINTS.height, height: A4_POINTS.width }
    : { width: A4_POINTS.width, height: A4_POINTS.height };
  const scale = Math.min(
    (page.width - 2 * marginPoints) / image.width,
    (page.height - 2 * marginPoints) / image.height,
  );
  const width = image.width * scale;
  const height = image.height * scale;
  return { page, x: (page.width - width) / 2, y: (page.height - height) / 2, width, height };
}

/**
 * Photos shoppers hand in (the toolbox, customer pictures): read with sharp, whose size is
 * checked from the header before anything is decoded, so a file that is no image or would
 * take too much memory is refused cheaply.
 */
import sharp from "sharp";
import { TOOLBOX_LIMITS } from "../../domain/toolbox";

/** A file as the shopper handed it in. */
export interface Upload {
  name: string;
  data: Buffer;
}

/** Why an upload is refused: not an image sharp can read, or too many pixels. */
export class UploadError extends Error {
  constructor(
    readonly reason: "not-an-image" | "too-many-pixels",
    readonly file: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

/** The most pixels an uploaded image may have (a 100-megapixel camera). */
export const MAX_UPLOAD_PIXELS = TOOLBOX_LIMITS.maxPixels;

/** Reads an image's size without decoding it, and refuses what is not one or too large. */
export async function measureUpload(upload: Upload): Promise<{ width: number; height: number }> {
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    metadata = await sharp(upload.data).metadata();
  } catch {
    throw new UploadError("not-an-image", upload.name);
  }
  const { width, height } = metadata;
  if (!width || !height || metadata.format === "svg") {
    throw new UploadError("not-an-image", upload.name);
  }
  if (width * height > MAX_UPLOAD_PIXELS) throw new UploadError("too-many-pixels", upload.name);
  return { width, height };
}

/** The image turned upright (by its EXIF orientation) in sRGB, the first page or frame only. */
export function uprightUpload(upload: Upload) {
  return sharp(upload.data, { limitInputPixels: MAX_UPLOAD_PIXELS, pages: 1 })
    .rotate()
    .toColourspace("srgb");
}

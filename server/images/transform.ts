/**
 * Renders one resized image with sharp: orientation, focal or smart crop, resize, rotation,
 * blur, brightness, greyscale, then the output format at the requested quality.
 */
import sharp, { type Sharp } from "sharp";
import {
  avifQuality,
  type FocalArea,
  type ImageFormat,
  type ImageRequest,
} from "../../domain/images";

import { ASSET_POLICY, imageGate, openImage, type ImageHeader } from "./gate";

/** SVG sources are rasterised at most at this density (dpi). */
const MAX_SVG_DENSITY = 1200;

/** What is known about a source before rendering: its header, checked by the image gate. */
export type SourceInfo = ImageHeader;

/** Reads the size and alpha channel of a source image from its header (ImageRefused if too large). */
export function readSourceInfo(file: string): Promise<SourceInfo> {
  return imageGate.inspect(file, ASSET_POLICY);
}

function background(fill: string | undefined): { r: number; g: number; b: number; alpha: number } {
  if (fill === undefined || fill === "transparent") return { r: 0, g: 0, b: 0, alpha: 0 };
  const hex = fill.length <= 4 ? [...fill].map((c) => c + c).join("") : fill;
  const value = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
  return { r: value(0), g: value(2), b: value(4), alpha: hex.length === 8 ? value(6) / 255 : 1 };
}

/** The output size when one side is 0 (keep the aspect ratio) or both are (the source size). */
function targetSize(info: SourceInfo, width: number, height: number) {
  if (width && height) return { width, height };
  if (width) return { width, height: Math.max(1, Math.round((info.height * width) / info.width)) };
  if (height)
    return { width: Math.max(1, Math.round((info.width * height) / info.height)), height };
  return { width: info.width, height: info.height };
}

/** Scales to cover the box, then cuts the box out around the focal area's centre. */
function coverAroundFocal(
  img: Sharp,
  info: SourceInfo,
  box: { width: number; height: number },
  focal: FocalArea,
) {
  const scale = Math.max(box.width / info.width, box.height / info.height);
  const scaled = {
    width: Math.max(box.width, Math.round(info.width * scale)),
    height: Math.max(box.height, Math.round(info.height * scale)),
  };
  const centre = {
    x: ((focal.left + focal.right) / 2) * scale,
    y: ((focal.top + focal.bottom) / 2) * scale,
  };
  const clamp = (v: number, max: number) => Math.min(Math.max(0, Math.round(v)), max);
  return img.resize(scaled.width, scaled.height, { fit: "fill" }).extract({
    left: clamp(centre.x - box.width / 2, scaled.width - box.width),
    top: clamp(centre.y - box.height / 2, scaled.height - box.height),
    width: box.width,
    height: box.height,
  });
}

function encode(img: Sharp, format: ImageFormat, quality: number): Sharp {
  const q = Math.min(100, Math.max(1, quality));
  switch (format) {
    case "webp":
      return img.webp({ quality: q });
    case "jpeg":
      return img.flatten({ background: "#ffffff" }).jpeg({ quality: q, mozjpeg: true });
    case "png":
      return img.png({ compressionLevel: 9, ...(q < 100 ? { palette: true, quality: q } : {}) });
    case "avif":
      // The fast end of AVIF's effort scale: most of its saving at a fraction of the time.
      return img.avif({ quality: avifQuality(q), effort: 2 });
  }
}

/** Renders the request from the source file into the given format (call it in a gate's place). */
export async function renderImage(
  file: string,
  info: SourceInfo,
  request: ImageRequest,
  format: ImageFormat,
): Promise<Buffer> {
  const { width, height, fit, smart, filters } = request.modifiers;
  const box = targetSize(info, width, height);
  const density =
    info.format === "svg"
      ? Math.min(
          MAX_SVG_DENSITY,
          Math.ceil(
            72 *
              Math.max(
                1,
                box.width / Math.max(1, info.width),
                box.height / Math.max(1, info.height),
              ),
          ),
        )
      : undefined;
  let img = openImage(file, ASSET_POLICY, { density }).autoOrient();

  if (width || height) {
    if (filters.focal && fit === "cover" && width && height) {
      img = coverAroundFocal(img, info, box, filters.focal);
    } else {
      img = img.resize({
        width: width || undefined,
        height: height || undefined,
        fit,
        position: smart ? sharp.strategy.attention : "centre",
        background: background(filters.fill),
      });
    }
  }
  if (filters.rotate) img = img.rotate(filters.rotate);
  if (filters.blur) img = img.blur(Math.max(0.3, filters.blur / 2));
  if (filters.brightness) img = img.modulate({ brightness: 1 + filters.brightness / 100 });
  if (filters.grayscale) img = img.grayscale();
  return encode(img, format, filters.quality).toBuffer();
}

/**
 * Photos shoppers hand in (the toolbox, customer pictures, the studio): every one goes
 * through the image gate (server/images/gate.ts), which reads its size from the header
 * and refuses what is no image or too large before anything is decoded, then decodes it
 * in one of the process's few places.
 */
import type { Sharp } from "sharp";
import {
  imageGate,
  UPLOAD_POLICY,
  type ImageGate,
  type ImageHeader,
  type InputPolicy,
} from "./gate";

/** A file as the shopper handed it in. */
export interface Upload {
  name: string;
  data: Buffer;
}

/** Reads an upload's size from its header; ImageRefused when it is no image or too large. */
export function measureUpload(
  upload: Upload,
  policy: InputPolicy = UPLOAD_POLICY,
  gate: ImageGate = imageGate,
): Promise<ImageHeader> {
  return gate.inspect(upload.data, policy);
}

/**
 * Works on an upload turned upright (by its EXIF orientation) in sRGB, its first page or
 * frame only, after its header passed the policy, in one of the gate's places.
 */
export function withUpright<T>(
  upload: Upload,
  work: (image: Sharp, header: ImageHeader) => Promise<T>,
  options: { policy?: InputPolicy; gate?: ImageGate; header?: ImageHeader } = {},
): Promise<T> {
  const gate = options.gate ?? imageGate;
  return gate.decode(
    upload.data,
    options.policy ?? UPLOAD_POLICY,
    (image, header) => work(image.rotate().toColourspace("srgb"), header),
    { header: options.header },
  );
}

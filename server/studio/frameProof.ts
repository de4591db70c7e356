/**
 * A framed picture's proof: the part of the print the frame leaves visible, with the mat
 * and the frame around it in their colours and widths, so the shopper approves the print
 * as it will hang. The print file itself never holds the frame (the framer adds it).
 */
import sharp from "sharp";
import type { FrameChoice } from "../../domain/studio/frame";
import { frameGeometry } from "../../domain/studio/frame";

const rgb = (hex: string) => ({
  r: parseInt(hex.slice(1, 3), 16),
  g: parseInt(hex.slice(3, 5), 16),
  b: parseInt(hex.slice(5, 7), 16),
});

/**
 * How wide (px) the visible part must be drawn for the framed proof to be `width` px wide,
 * for a print of `trim` mm in the frame.
 */
export function visibleWidthPx(
  trim: { width: number; height: number },
  choice: Pick<FrameChoice, "look" | "mat">,
  width: number,
): number {
  const g = frameGeometry(trim, choice);
  return Math.max(1, Math.round((width * g.visible.width) / g.outer.width));
}

/**
 * The visible part's image (`visible`, a JPEG as wide as visibleWidthPx says) in its mat
 * (or shadow gap, dark) and frame, as a JPEG.
 */
export async function frameAround(
  visible: Buffer,
  trim: { width: number; height: number },
  choice: Pick<FrameChoice, "look" | "mat" | "colour">,
  quality = 85,
): Promise<Buffer> {
  const g = frameGeometry(trim, choice);
  const meta = await sharp(visible).metadata();
  const pxPerMm = (meta.width ?? 1) / g.visible.width;
  const px = (mm: number) => Math.max(mm > 0 ? 1 : 0, Math.round(mm * pxPerMm));
  const inner = choice.mat
    ? { size: px(choice.mat.width), colour: choice.mat.colour }
    : { size: px(choice.look.gap), colour: "#141414" };
  let image = sharp(visible);
  if (inner.size > 0) {
    image = sharp(
      await image
        .extend({
          top: inner.size,
          bottom: inner.size,
          left: inner.size,
          right: inner.size,
          background: rgb(inner.colour),
        })
        .toBuffer(),
    );
  }
  const face = px(g.face);
  return image
    .extend({ top: face, bottom: face, left: face, right: face, background: rgb(choice.colour) })
    .jpeg({ quality })
    .toBuffer();
}

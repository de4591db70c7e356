/**
 * The photos the studio and print-file tests upload and place: a JPEG of one colour, made
 * in memory. Its size decides how sharp it prints in a frame; its colour tells it apart
 * (in a proof, a print file's pixels, or from another upload, since the same bytes handed
 * in twice are the same photo).
 */
import sharp from "sharp";

export function testPhoto(
  width: number,
  height: number,
  colour: string | { r: number; g: number; b: number } = "#3070b0",
  quality = 80,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality })
    .toBuffer();
}

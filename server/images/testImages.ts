/**
 * Images for tests of the image gate: a PNG that is only a header (any size it claims,
 * a few bytes of pixels), so a test can tell a header check from a decode; and a grey PNG
 * of real pixels of any size, which a decoder must read whole.
 */
import { createDeflate, crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG claiming `width` × `height` pixels with hardly any image data behind it. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A grey RGB PNG of `width` × `height` real pixels, compressed row by row at zlib's fastest
 * level (a 10000 × 10000 one in about a second, a few megabytes): the worst case of the
 * findings, a small file that a decoder must inflate to hundreds of megabytes.
 */
export async function greyPng(width: number, height: number): Promise<Buffer> {
  const rowBytes = 1 + width * 3;
  const rowsPerChunk = Math.max(1, Math.floor((4 << 20) / rowBytes));
  const rows = Buffer.alloc(rowBytes * rowsPerChunk, 0x80);
  for (let r = 0; r < rowsPerChunk; r++) rows[r * rowBytes] = 0;
  const deflate = createDeflate({ level: 1 });
  const compressed: Buffer[] = [];
  deflate.on("data", (data: Buffer) => compressed.push(data));
  const ended = new Promise((resolve) => deflate.on("end", resolve));
  for (let y = 0; y < height; y += rowsPerChunk) {
    const count = Math.min(rowsPerChunk, height - y);
    if (!deflate.write(rows.subarray(0, count * rowBytes))) {
      await new Promise((resolve) => deflate.once("drain", resolve));
    }
  }
  deflate.end();
  await ended;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.concat(compressed)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

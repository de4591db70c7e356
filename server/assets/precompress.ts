/**
 * The built client's scripts and styles, compressed once when the shop is built instead of
 * for every request. Each file the browser loads from `/assets/` gets a brotli copy (`.br`,
 * at brotli's best quality) and a gzip copy (`.gz`, at zlib's best level) beside it, where
 * the copy is smaller; the static file route sends the copy the request accepts
 * (server/assets/staticFiles.ts). Compressing on every request, at the fastest level as the
 * compression middleware must for rendered pages, cost each script request most of its CPU
 * and sent the home page's two large scripts as 148 KB where brotli's best makes 114 KB:
 * what a phone on a slow connection waits for before the page answers a tap.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { Plugin } from "vite";

/** The kinds of built files worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|html|map)$/;
/** Below this, a copy saves less than its headers cost (as for rendered answers). */
export const PRECOMPRESS_MIN_BYTES = 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressResult {
  /** The files given copies. */
  files: number;
  /** Their bytes as built, and as the smallest copy of each. */
  bytes: number;
  smallestBytes: number;
}

/** Writes `.br` and `.gz` copies of the compressible files of `folder` (not its subfolders). */
export async function precompressFolder(folder: string): Promise<PrecompressResult> {
  const names = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => entry.name);
  const result: PrecompressResult = { files: 0, bytes: 0, smallestBytes: 0 };
  // zlib's work runs on libuv's thread pool: all files at once keep every core busy.
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(folder, name);
      const body = await readFile(file);
      if (body.byteLength < PRECOMPRESS_MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotliAsync(body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        }),
        gzipAsync(body, { level: zlib.Z_BEST_COMPRESSION }),
      ]);
      const copies = [
        { suffix: ".br", bytes: br },
        { suffix: ".gz", bytes: gz },
      ].filter(({ bytes }) => bytes.byteLength < body.byteLength);
      if (copies.length === 0) return;
      await Promise.all(copies.map(({ suffix, bytes }) => writeFile(file + suffix, bytes)));
      result.files += 1;
      result.bytes += body.byteLength;
      result.smallestBytes += Math.min(...copies.map(({ bytes }) => bytes.byteLength));
    }),
  );
  return result;
}

/** The build step: once the client's files are written, their `assets/` folder gets its copies. */
export function precompressAssets(): Plugin {
  return {
    name: "shop:precompress-assets",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) return;
      const { files, bytes, smallestBytes } = await precompressFolder(
        path.join(options.dir, "assets"),
      );
      this.info(
        `brotli and gzip copies of ${files} files: ${(bytes / 1024).toFixed(0)} KB as built, ${(smallestBytes / 1024).toFixed(0)} KB compressed`,
      );
    },
  };
}

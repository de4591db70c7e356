/**
 * The disk cache of resized images: content-addressed files under
 * `{dir}/{hash:2}/{hash}.{ext}`, written atomically (temporary file, then rename), so
 * several processes can share one folder.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

export interface ImageDiskCache {
  readonly dir: string;
  get(hash: string, ext: string): Promise<Buffer | null>;
  put(hash: string, ext: string, data: Buffer): Promise<void>;
}

export function createImageDiskCache(dir: string): ImageDiskCache {
  const root = path.resolve(dir);
  const fileOf = (hash: string, ext: string) => path.join(root, hash.slice(0, 2), `${hash}.${ext}`);
  return {
    dir: root,
    async get(hash, ext) {
      try {
        return await readFile(fileOf(hash, ext));
      } catch {
        return null;
      }
    },
    async put(hash, ext, data) {
      const file = fileOf(hash, ext);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, data);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}

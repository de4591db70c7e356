/**
 * The asset store: originals under `{dir}/{channel}/{file}` (in the repo: content/assets).
 * Only names that pass `parseAssetPath` are read, and only files that really lie inside
 * the store (no symlink escapes).
 *
 * A file found is remembered for a second: an image cache hit otherwise asked the disk
 * twice (its real path, then its size and time), two turns on the thread pool, each waiting
 * behind every other request's compression and image work on a busy process. A file replaced
 * under the same name is seen within that second (its size and time are in the resized
 * image's key); a name not found is always asked again, so a new upload shows at once.
 */
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { AssetRef } from "../../domain/images";

/** An asset found in the store. */
export interface StoredAsset {
  path: string;
  size: number;
  mtimeMs: number;
}

export interface AssetStore {
  readonly dir: string;
  /** The asset's file, or null when it does not exist or lies outside the store. */
  find(ref: AssetRef): Promise<StoredAsset | null>;
}

/** How long a file found is taken as it was. */
export const FOUND_FOR_MS = 1000;
/** Files remembered at most (the store's images a page shows are far fewer). */
const REMEMBERED_FILES = 2000;

/** The store over `dir`, always given: {CONTENT_DIR}/assets, never a guess from the working directory. */
export function createAssetStore(dir: string, now: () => number = Date.now): AssetStore {
  const root = path.resolve(dir);
  let realRoot: Promise<string> | null = null;
  const found = new Map<string, { asset: StoredAsset; until: number }>();
  return {
    dir: root,
    async find(ref) {
      const candidate = path.join(root, ref.channel, ref.file);
      const known = found.get(candidate);
      if (known && known.until > now()) return known.asset;
      const asset = await look(candidate);
      if (asset) {
        if (found.size >= REMEMBERED_FILES) found.clear();
        found.set(candidate, { asset, until: now() + FOUND_FOR_MS });
      } else found.delete(candidate);
      return asset;
    },
  };

  async function look(candidate: string): Promise<StoredAsset | null> {
    try {
      realRoot ??= realpath(root);
      const [base, real] = await Promise.all([realRoot, realpath(candidate)]);
      if (!real.startsWith(`${base}${path.sep}`)) return null;
      const info = await stat(real);
      return info.isFile() ? { path: real, size: info.size, mtimeMs: info.mtimeMs } : null;
    } catch {
      realRoot = null;
      return null;
    }
  }
}

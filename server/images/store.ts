/**
 * The asset store: originals under `{dir}/{channel}/{file}` (in the repo: content/assets).
 * Only names that pass `parseAssetPath` are read, and only files that really lie inside
 * the store (no symlink escapes).
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

/** The store over `dir`, always given: {CONTENT_DIR}/assets, never a guess from the working directory. */
export function createAssetStore(dir: string): AssetStore {
  const root = path.resolve(dir);
  let realRoot: Promise<string> | null = null;
  return {
    dir: root,
    async find(ref) {
      const candidate = path.join(root, ref.channel, ref.file);
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
    },
  };
}

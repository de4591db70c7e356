/**
 * Size and aspect ratio of assets, read once per file version. A file that cannot be
 * read gives width 0, height 0 and ratio 0: unknown, never a guess.
 */
import { parseAssetPath } from "../../domain/images";
import type { AssetStore, StoredAsset } from "./store";
import { readSourceInfo, type SourceInfo } from "./transform";

/** Size and aspect ratio of an asset; all 0 when they cannot be read. */
export interface AssetMeta {
  width: number;
  height: number;
  /** width / height, or 0. */
  ratio: number;
}

export const UNKNOWN_ASSET_META: AssetMeta = Object.freeze({ width: 0, height: 0, ratio: 0 });

export interface SourceInfoCache {
  /** Source info of a stored file, remembered per file version. */
  info(asset: StoredAsset): Promise<SourceInfo>;
  /** Size and ratio of an asset by its filename ("/a/cards/x.jpg"). */
  meta(filename: string): Promise<AssetMeta>;
}

export function createSourceInfoCache(store: AssetStore): SourceInfoCache {
  const infos = new Map<string, Promise<SourceInfo>>();

  function info(asset: StoredAsset): Promise<SourceInfo> {
    const key = `${asset.path}|${asset.mtimeMs}|${asset.size}`;
    let found = infos.get(key);
    if (!found) {
      found = readSourceInfo(asset.path);
      infos.set(key, found);
      found.catch(() => infos.delete(key));
    }
    return found;
  }

  async function meta(filename: string): Promise<AssetMeta> {
    const ref = parseAssetPath(filename);
    const asset = ref && (await store.find(ref));
    if (!asset) return UNKNOWN_ASSET_META;
    try {
      const { width, height } = await info(asset);
      return width > 0 && height > 0
        ? { width, height, ratio: width / height }
        : UNKNOWN_ASSET_META;
    } catch {
      return UNKNOWN_ASSET_META;
    }
  }

  return { info, meta };
}

/**
 * The image service: originals from the shop's own asset store, and
 * resized images rendered with sharp and kept in a disk cache. It never fetches a URL.
 */
import { createHash } from "node:crypto";
import {
  canonicalImageKey,
  canonicalRequest,
  negotiateFormat,
  outputSize,
  outputSizeProblem,
  type AssetRef,
  type ImageFormat,
  type ImageRequest,
} from "../../domain/images";
import { createImageDiskCache, type ImageDiskCache } from "./cache";
import {
  checkOutput,
  createImageGate,
  IMAGE_WORK_LIMITS,
  ImageBusy,
  imageGate,
  ImageRefused,
  type ImageGate,
} from "./gate";
import type { RenderLimits } from "./limiter";
import { createSourceInfoCache, type AssetMeta } from "./meta";
import { createAssetStore, type AssetStore, type StoredAsset } from "./store";
import { renderImage, type SourceInfo } from "./transform";

export type { AssetMeta };

/** A rendered image and whether it came from the disk cache. */
export interface ResizedImage {
  body: Buffer;
  format: ImageFormat;
  contentType: string;
  /** A strong validator of the bytes. */
  etag: string;
  cache: "hit" | "miss";
  /** True when the format came from the Accept header (the response varies by it). */
  negotiated: boolean;
}

/** The outcome of a resize: an image, or why there is none. */
export type ResizeResult =
  | { ok: true; image: ResizedImage }
  | { ok: false; status: 404 | 413 | 415 | 422 | 503; message: string };

export interface ImageService {
  readonly store: AssetStore;
  readonly cache: ImageDiskCache;
  /** The original file of an asset, or null. */
  original(ref: AssetRef): Promise<StoredAsset | null>;
  /** Renders (or reads from the disk cache) a resizing request. */
  resize(request: ImageRequest, accept: string | null | undefined): Promise<ResizeResult>;
  /** Size and ratio of an asset by its filename ("/a/cards/x.jpg"); zeros when unreadable. */
  meta(filename: string): Promise<AssetMeta>;
}

export interface ImageServiceOptions {
  /** The asset store's folder: {CONTENT_DIR}/assets. */
  assetsDir: string;
  cacheDir: string;
  /** The disk cache's size limit in bytes (unbounded when absent). */
  maxCacheBytes?: number;
  /** The image gate renders wait in (default: the process's one, shared with uploads). */
  gate?: ImageGate;
  /** A gate of its own with these limits instead (tests). */
  renderLimits?: RenderLimits;
  /** Called when a source cannot be rendered (a broken or unsupported file). */
  onError?: (error: unknown, details: Record<string, unknown>) => void;
}

const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
  avif: "image/avif",
};

export function createImageService(options: ImageServiceOptions): ImageService {
  const store = createAssetStore(options.assetsDir);
  const cache = createImageDiskCache(options.cacheDir, { maxBytes: options.maxCacheBytes });
  const gate = options.renderLimits
    ? createImageGate({ ...IMAGE_WORK_LIMITS, ...options.renderLimits })
    : (options.gate ?? imageGate);
  const sources = createSourceInfoCache(store);
  const inFlight = new Map<string, Promise<Buffer>>();

  async function resize(
    request: ImageRequest,
    accept: string | null | undefined,
  ): Promise<ResizeResult> {
    const asset = await store.find(request.asset);
    if (!asset) return { ok: false, status: 404, message: "No such asset" };
    let info: SourceInfo;
    try {
      info = await sources.info(asset);
    } catch (error) {
      if (error instanceof ImageRefused && error.status === 413) {
        return { ok: false, status: 413, message: error.message };
      }
      options.onError?.(error, { asset: request.asset });
      return { ok: false, status: 415, message: "The asset is not an image the service can read" };
    }
    const canonical = canonicalRequest(request, info);
    const tooLarge = outputSizeProblem(outputSize(info, canonical.modifiers));
    if (tooLarge) return { ok: false, status: 422, message: tooLarge };
    const negotiated = request.modifiers.filters.format === undefined;
    const format = request.modifiers.filters.format ?? negotiateFormat(accept, info.hasAlpha);
    try {
      checkOutput(outputSize(info, canonical.modifiers), format);
    } catch (error) {
      if (error instanceof ImageRefused) return { ok: false, status: 422, message: error.message };
      throw error;
    }
    const hash = createHash("sha256")
      .update(`${canonicalImageKey(canonical, format)}|${asset.mtimeMs}|${asset.size}`)
      .digest("hex");
    const etag = `"${hash.slice(0, 32)}"`;
    const image = (body: Buffer, cached: "hit" | "miss"): ResizeResult => ({
      ok: true,
      image: { body, format, contentType: CONTENT_TYPES[format], etag, cache: cached, negotiated },
    });

    const cached = await cache.get(hash, format);
    if (cached) return image(cached, "hit");

    let rendering = inFlight.get(hash);
    if (!rendering) {
      rendering = gate
        .run(() => renderImage(asset.path, info, canonical, format), info.width * info.height)
        .then(async (body) => {
          await cache.put(hash, format, body);
          return body;
        });
      inFlight.set(hash, rendering);
      void rendering.then(
        () => inFlight.delete(hash),
        () => inFlight.delete(hash),
      );
    }
    try {
      return image(await rendering, "miss");
    } catch (error) {
      if (error instanceof ImageBusy) {
        return { ok: false, status: 503, message: "The image service is busy; try again shortly" };
      }
      options.onError?.(error, { asset: request.asset });
      return {
        ok: false,
        status: 422,
        message: "The image could not be rendered with these options",
      };
    }
  }

  return { store, cache, original: (ref) => store.find(ref), resize, meta: sources.meta };
}

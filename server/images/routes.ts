/**
 * HTTP face of the image service:
 *   GET /a/{channel}/{file}        originals from the asset store (byte ranges for videos)
 *   GET /_img/{size}/{options…}/a/{channel}/{file}   resized images, disk-cached, immutable
 * Every bad input is a 4xx with a JSON message.
 */
import { readFile } from "node:fs/promises";
import { Hono, type Context } from "hono";
import { CACHE_TIERS } from "../../config/cache";
import {
  IMAGE_PATH_PREFIX,
  assetContentType,
  isResizable,
  parseAssetPath,
  parseImagePath,
} from "../../domain/images";
import type { ImageService } from "./service";
import { problem as problemAnswer } from "../api/problem";

/** Originals may be replaced under the same name: browsers keep them a day, then revalidate. */
export const ORIGINAL_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

function problem(
  c: Context,
  status: 400 | 404 | 405 | 413 | 415 | 416 | 422 | 503,
  message: string,
) {
  c.header("Cache-Control", CACHE_TIERS.never);
  if (status === 503) c.header("Retry-After", "5");
  const code = status === 404 ? "not_found" : status === 503 ? "unavailable" : "bad_image_request";
  return problemAnswer(c, status, { code, detail: message });
}

/** The single byte range of a Range header, or null for none, or "invalid". */
function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | "invalid" {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "invalid";
  if (match[1] === "") {
    const suffix = Number(match[2]);
    return suffix === 0 ? "invalid" : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start > end || start >= size ? "invalid" : { start, end };
}

export function imageRoutes(images: ImageService): Hono {
  const app = new Hono();

  app.get("/a/:channel/:file", async (c) => {
    const ref = parseAssetPath(c.req.path);
    const asset = ref && (await images.original(ref));
    if (!ref || !asset) return problem(c, 404, "No such asset");
    const etag = `"${asset.size.toString(16)}-${Math.round(asset.mtimeMs).toString(16)}"`;
    c.header("Cache-Control", ORIGINAL_CACHE_CONTROL);
    c.header("ETag", etag);
    c.header("Accept-Ranges", "bytes");
    c.header("Content-Type", assetContentType(ref.file));
    if (ref.file.endsWith(".svg")) {
      // An SVG opened directly must not run scripts on our origin.
      c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    }
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    const data = await readFile(asset.path);
    const range = byteRange(c.req.header("range"), data.length);
    if (range === "invalid") {
      c.header("Content-Range", `bytes */${data.length}`);
      return problem(c, 416, "Range not satisfiable");
    }
    if (range) {
      c.header("Content-Range", `bytes ${range.start}-${range.end}/${data.length}`);
      return c.body(new Uint8Array(data.subarray(range.start, range.end + 1)), 206);
    }
    return c.body(new Uint8Array(data), 200);
  });

  app.get(`${IMAGE_PATH_PREFIX}/*`, async (c) => {
    const parsed = parseImagePath(c.req.path.slice(IMAGE_PATH_PREFIX.length));
    if (!parsed.ok) return problem(c, parsed.status, parsed.message);
    if (!isResizable(parsed.request.asset.file)) {
      return problem(c, 415, "Only images can be resized");
    }
    const result = await images.resize(parsed.request, c.req.header("accept"));
    if (!result.ok) return problem(c, result.status, result.message);
    const { image } = result;
    c.header("Cache-Control", CACHE_TIERS.immutable);
    c.header("ETag", image.etag);
    c.header("X-Image-Cache", image.cache);
    if (image.negotiated) c.header("Vary", "Accept");
    c.header("Content-Type", image.contentType);
    if (c.req.header("if-none-match") === image.etag) return c.body(null, 304);
    return c.body(new Uint8Array(image.body), 200);
  });

  app.all(`${IMAGE_PATH_PREFIX}/*`, (c) => problem(c, 405, "Images answer GET and HEAD only"));
  return app;
}

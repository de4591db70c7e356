/**
 * Compression of the answers the page cache does not keep (pages rendered for one visitor,
 * API answers), as Hono's compress middleware does it (gzip or deflate as the request
 * accepts, 1 KB and more, compressible types, not `no-transform`, `Vary: Accept-Encoding`,
 * a strong ETag made weak) but at zlib's fastest level. Such an answer is compressed for
 * one request and sent once, so every point of level is paid on every request: level 1
 * takes about half the CPU of the default level 6 for some ten per cent more bytes. The
 * pages the cache keeps get their brotli and gzip copies once, at better levels
 * (server/pageCache.ts), and pass through here untouched (they carry Content-Encoding).
 */
import { Duplex } from "node:stream";
import { createDeflate, createGzip, constants } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

/** The codings offered, preferred first at the same q. */
const CODINGS = ["gzip", "deflate"] as const;
type Coding = (typeof CODINGS)[number];

/** Smaller answers go as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
export const DYNAMIC_COMPRESSION_LEVEL = constants.Z_BEST_SPEED;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** The coding of CODINGS an Accept-Encoding header prefers (q above 0), or null. */
export function chosenCoding(acceptEncoding: string | undefined): Coding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.split(";");
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    const weight = parameters
      .map((parameter) => parameter.split("="))
      .find(([key]) => key?.trim().toLowerCase() === "q")?.[1];
    const parsed = weight === undefined ? 1 : Number(weight.trim());
    q.set(coding, Number.isFinite(parsed) ? parsed : 0);
  }
  let best: { coding: Coding; q: number } | null = null;
  for (const coding of CODINGS) {
    const weight = q.get(coding) ?? q.get("*") ?? 0;
    if (weight > 0 && (!best || weight > best.q)) best = { coding, q: weight };
  }
  return best?.coding ?? null;
}

function compressor(coding: Coding) {
  const options = { level: DYNAMIC_COMPRESSION_LEVEL };
  return Duplex.toWeb(coding === "gzip" ? createGzip(options) : createDeflate(options));
}

export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const length = headers.get("Content-Length");
    const type = headers.get("Content-Type");
    if (
      c.res.status === 206 ||
      c.req.method === "HEAD" ||
      headers.has("Content-Encoding") ||
      headers.has("Transfer-Encoding") ||
      (length !== null && Number(length) < COMPRESS_THRESHOLD_BYTES) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(headers.get("Cache-Control") ?? "")
    ) {
      return;
    }
    const vary = headers.get("Vary");
    if (vary !== "*" && !(vary && VARIES_BY_ENCODING.test(vary))) {
      c.header("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    }
    const coding = chosenCoding(c.req.header("Accept-Encoding"));
    if (!coding || !c.res.body) return;
    const { readable, writable } = compressor(coding);
    c.res = new Response(
      c.res.body.pipeThrough({ readable, writable } as ReadableWritablePair<Uint8Array>),
      c.res,
    );
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", coding);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}

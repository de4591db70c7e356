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

/** zlib's output buffer: a rendered page's compressed bytes in one piece (its default is 16 KB). */
const OUTPUT_CHUNK_BYTES = 64 * 1024;
/** A batch of the body goes on to zlib once it is this large, whatever comes after it. */
const BATCH_BYTES = 256 * 1024;

function compressor(coding: Coding) {
  const options = { level: DYNAMIC_COMPRESSION_LEVEL, chunkSize: OUTPUT_CHUNK_BYTES };
  return Duplex.toWeb(coding === "gzip" ? createGzip(options) : createDeflate(options));
}

/**
 * Joins the chunks of a body that arrive within one turn of the event loop before they go
 * to zlib. React writes a rendered page in pieces of a few KB, all at once; zlib does each
 * write on the thread pool and takes the next only when that one is back, so a page of
 * 70 KB went through some thirty hand-overs, each waiting its turn behind every other
 * request's work: on a busy process a personal page (cart, account) took seconds where its
 * CPU cost was milliseconds. Joined, the page is one write to zlib (one hand-over) and one
 * chunk to the socket; what React sends later (a slow part of the page) still streams.
 */
export function joinedChunks(): TransformStream<Uint8Array, Uint8Array> {
  let parts: Uint8Array[] = [];
  let size = 0;
  let scheduled = false;
  const pass = (controller: TransformStreamDefaultController<Uint8Array>) => {
    if (size === 0) return;
    const joined = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    try {
      controller.enqueue(joined);
    } catch {
      // The stream was cancelled meanwhile (the visitor left): nothing to send.
    }
  };
  return new TransformStream({
    transform(chunk, controller) {
      parts.push(chunk);
      size += chunk.byteLength;
      if (size >= BATCH_BYTES) return pass(controller);
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        pass(controller);
      });
    },
    flush(controller) {
      pass(controller);
    },
  });
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
      c.res.body
        .pipeThrough(joinedChunks())
        .pipeThrough({ readable, writable } as ReadableWritablePair<Uint8Array>),
      c.res,
    );
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", coding);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}

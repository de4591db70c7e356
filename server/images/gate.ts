/**
 * The one gate every image decode of the process goes through: the image service's
 * renders, the toolbox, customer pictures and the studio's photo uploads.
 *
 *  1. The header is read (sharp's metadata decodes no pixels) and the size checked against
 *     the caller's policy: too many pixels or too long a side is refused before decoding.
 *  2. The output size is checked against the output format's own limits (WebP 16383 px a
 *     side, AVIF 16384, JPEG 65500), so an encoder never fails on it.
 *  3. The decode itself waits for one of the process's few places (a bounded queue that
 *     times out), so memory and CPU stay bounded however many uploads arrive at once.
 *  4. The bytes of upload bodies being read or waiting at once are bounded too.
 *  5. An upload request is handled (its form parsed, its header read, its limits counted,
 *     its image worked on) in one of a few intake places, after its body has arrived: a
 *     burst of uploads is taken in a few at a time instead of all at once, so parsing and
 *     the garbage it leaves never hold the event loop long enough to keep /health and
 *     pages waiting.
 *  6. The threads that work on pixels run at a lower priority than the event loop
 *     (./threadPriority.ts), so a decode never keeps a short answer waiting for a core.
 * A refusal is an ImageRefused (413, 415 or 422 with a message); a full queue is an
 * ImageBusy (503 with Retry-After). Neither ever surfaces as a 500.
 */
import { availableParallelism } from "node:os";
import { Readable } from "node:stream";
import type { MiddlewareHandler } from "hono";
import sharp, { type Metadata, type Sharp } from "sharp";
import { createRenderLimiter, RenderBusyError, type RenderLimits } from "./limiter";
import { yieldImageThreads } from "./threadPriority";

// libvips' operation cache keeps recently decoded pixels alive after their request ended;
// off, the memory of an image is given back when its work is done.
sharp.cache(false);
// One libvips thread per image: the gate's places decide how many run at once.
sharp.concurrency(1);

/** Image work in one of the gate's places, on threads that let the event loop go first. */
async function yielding<T>(task: () => Promise<T>): Promise<T> {
  yieldImageThreads();
  try {
    return await task();
  } finally {
    yieldImageThreads();
  }
}

/** The formats the shop writes, and the longest side each encoder can write. */
export const OUTPUT_MAX_SIDE = {
  webp: 16_383,
  avif: 16_384,
  jpeg: 65_500,
  png: 2_147_483_647,
} as const;
export type OutputFormat = keyof typeof OUTPUT_MAX_SIDE;

/** What a caller lets in: at most this many pixels, and this long a side. */
export interface InputPolicy {
  /** Short name for messages and logs. */
  name: string;
  maxPixels: number;
  maxSide: number;
  /** Vector sources (the asset store's logos); never from a shopper. */
  allowSvg?: boolean;
}

/**
 * Photos shoppers hand in (customer pictures, the studio's uploads): 50 megapixels covers a
 * 48-megapixel phone and most cameras, and a 20,000 px side a stitched panorama. Sides
 * beyond that are refused because a decoder's cost grows with the number of rows too
 * (a 1 × 10,000,000 PNG costs seconds with hardly any pixels).
 */
export const UPLOAD_POLICY: InputPolicy = {
  name: "upload",
  maxPixels: 50_000_000,
  maxSide: 20_000,
};

/**
 * The studio's photos are printed large (a 60×40 canvas wants every pixel a camera has):
 * up to 100 megapixels, with the same longest side as other uploads, so a 30,000 px side
 * or a small file claiming a huge picture is refused from its header.
 */
export const STUDIO_POLICY: InputPolicy = {
  name: "studio",
  maxPixels: 100_000_000,
  maxSide: 20_000,
};

/** The anonymous toolbox takes what a shopper's own photos are; the same bound as uploads. */
export const TOOLBOX_POLICY: InputPolicy = { ...UPLOAD_POLICY, name: "toolbox" };

/** The asset store's originals (put there by editors): larger sources, SVG allowed. */
export const ASSET_POLICY: InputPolicy = {
  name: "asset",
  maxPixels: 60_000_000,
  maxSide: 30_000,
  allowSvg: true,
};

/** What the header says, turned by the EXIF orientation (as the image will be shown). */
export interface ImageHeader {
  width: number;
  height: number;
  hasAlpha: boolean;
  format: string;
}

export type RefusalReason =
  "not-an-image" | "too-many-pixels" | "side-too-long" | "output-too-large" | "upload-too-large";

/** An image the gate will not work on, with the status and message the caller answers. */
export class ImageRefused extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/** No place free in time: the caller answers 503 with Retry-After. */
export class ImageBusy extends Error {
  readonly status = 503;
  constructor(readonly retryAfterSeconds: number) {
    super("Images are being worked on at capacity; please try again shortly.");
  }
}

const megapixels = (pixels: number) => `${Math.floor(pixels / 1_000_000)} megapixels`;

/** Refuses a header's size under a policy (pure: the rules without sharp). */
export function checkHeader(header: ImageHeader, policy: InputPolicy): void {
  const { width, height } = header;
  if (!(width > 0 && height > 0) || (header.format === "svg" && !policy.allowSvg)) {
    throw new ImageRefused(415, "not-an-image", "This file is not an image that can be read.");
  }
  if (width > policy.maxSide || height > policy.maxSide) {
    throw new ImageRefused(
      413,
      "side-too-long",
      `The image is ${width}×${height} px; each side may be at most ${policy.maxSide} px.`,
    );
  }
  if (width * height > policy.maxPixels) {
    throw new ImageRefused(
      413,
      "too-many-pixels",
      `The image has ${width}×${height} px; at most ${megapixels(policy.maxPixels)} are accepted.`,
    );
  }
}

/** Refuses an output its format cannot hold (checked before anything is encoded). */
export function checkOutput(size: { width: number; height: number }, format: OutputFormat): void {
  const max = OUTPUT_MAX_SIDE[format];
  if (size.width > max || size.height > max) {
    throw new ImageRefused(
      422,
      "output-too-large",
      `A ${format.toUpperCase()} image may be at most ${max} px on each side; this one would be ${size.width}×${size.height} px.`,
    );
  }
}

export interface GateLimits extends RenderLimits {
  /** Seconds a refused caller is told to wait (Retry-After). */
  retryAfterSeconds: number;
  /** Bytes of upload bodies in the process at once (read, waiting or being worked on). */
  maxUploadBytes: number;
  /** Upload requests handled at once, in line, and how long one waits for its turn. */
  intake: { concurrency: number; maxQueue: number; timeoutMs: number };
}

/**
 * At most two decodes at a time, and never on every core (a 2-core machine decodes one
 * image at a time, so the event loop keeps a core for health checks and pages); at most
 * 60 megapixels being decoded at once, so two large images never run side by side
 * whatever the cores (memory grows with pixels: up to about 6 bytes each while encoding);
 * a queue of 100 that gives up after 10 s, and 256 MB of upload bodies at once. Four upload
 * requests are handled at once (one decoding, the others parsing their forms and reading
 * their headers meanwhile); the rest wait in line for at most 10 s.
 */
export const IMAGE_WORK_LIMITS: GateLimits = {
  concurrency: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxQueue: 100,
  timeoutMs: 10_000,
  maxWeight: 60_000_000,
  retryAfterSeconds: 5,
  maxUploadBytes: 256 * 1024 * 1024,
  intake: { concurrency: 4, maxQueue: 400, timeoutMs: 10_000 },
};

export interface ImageGate {
  /** Reads and checks the header; decodes nothing. */
  inspect(input: Buffer | string, policy: InputPolicy): Promise<ImageHeader>;
  /**
   * Checks the header, then runs `work` in one of the gate's places with a sharp instance
   * that refuses anything larger than the policy even if the header lied.
   */
  decode<T>(
    input: Buffer | string,
    policy: InputPolicy,
    work: (image: Sharp, header: ImageHeader) => Promise<T>,
    options?: { header?: ImageHeader; density?: number },
  ): Promise<T>;
  /**
   * Runs image work that opens its own sharp instance (already checked) in one place,
   * weighed by the pixels it decodes.
   */
  run<T>(task: () => Promise<T>, pixels?: number): Promise<T>;
  /** Holds `bytes` of the upload budget until `release` is called; ImageBusy when full. */
  reserveUploadBytes(bytes: number): () => void;
  /** Handles an upload request in one of the intake places; ImageBusy when none frees in time. */
  admit<T>(task: () => Promise<T>): Promise<T>;
  /** Work running and waiting, upload requests admitted and in line, upload bytes held, now. */
  load(): {
    running: number;
    waiting: number;
    admitted: number;
    inLine: number;
    uploadBytes: number;
  };
  readonly limits: GateLimits;
}

/** Opens a source for decoding: one page, read top to bottom, never past the policy. */
export function openImage(
  input: Buffer | string,
  policy: InputPolicy,
  options: { density?: number } = {},
): Sharp {
  return sharp(input, {
    limitInputPixels: policy.maxPixels,
    sequentialRead: true,
    unlimited: false,
    pages: 1,
    ...(options.density ? { density: options.density } : {}),
  });
}

async function readHeader(input: Buffer | string, policy: InputPolicy): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    // The pixel limit is checked below with a message of our own; a header that claims
    // more than sharp's default would otherwise read as "not an image".
    meta = await sharp(input, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw new ImageRefused(415, "not-an-image", "This file is not an image that can be read.");
  }
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const header: ImageHeader = {
    width: quarterTurn ? height : width,
    height: quarterTurn ? width : height,
    hasAlpha: meta.hasAlpha ?? false,
    format: meta.format ?? "unknown",
  };
  checkHeader(header, policy);
  return header;
}

export function createImageGate(limits: GateLimits = IMAGE_WORK_LIMITS): ImageGate {
  const limiter = createRenderLimiter(limits);
  const intake = createRenderLimiter(limits.intake);
  let uploadBytes = 0;

  async function run<T>(task: () => Promise<T>, pixels = 0): Promise<T> {
    try {
      return await limiter.run(() => yielding(task), pixels);
    } catch (error) {
      if (error instanceof RenderBusyError) throw new ImageBusy(limits.retryAfterSeconds);
      throw error;
    }
  }

  async function admit<T>(task: () => Promise<T>): Promise<T> {
    let started = false;
    try {
      return await intake.run(() => {
        started = true;
        return task();
      });
    } catch (error) {
      // Only the wait for a place is answered as busy; the task's own errors pass on.
      if (!started && error instanceof RenderBusyError) {
        throw new ImageBusy(limits.retryAfterSeconds);
      }
      throw error;
    }
  }

  return {
    limits,
    inspect: readHeader,
    run,
    async decode(input, policy, work, options = {}) {
      const header = options.header ?? (await readHeader(input, policy));
      return run(
        () => work(openImage(input, policy, options), header),
        header.width * header.height,
      );
    },
    reserveUploadBytes(bytes) {
      if (uploadBytes + bytes > limits.maxUploadBytes)
        throw new ImageBusy(limits.retryAfterSeconds);
      uploadBytes += bytes;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        uploadBytes -= bytes;
      };
    },
    admit,
    load: () => {
      const admitted = intake.load();
      return {
        ...limiter.load(),
        admitted: admitted.running,
        inLine: admitted.waiting,
        uploadBytes,
      };
    },
  };
}

/** What a route answers for an error of image work, or null when the error is another. */
export function imageWorkRefusal(error: unknown): {
  status: 413 | 415 | 422 | 503;
  reason: RefusalReason | "busy";
  message: string;
  retryAfterSeconds?: number;
} | null {
  if (error instanceof ImageRefused) {
    return { status: error.status, reason: error.reason, message: error.message };
  }
  if (error instanceof ImageBusy) {
    return {
      status: 503,
      reason: "busy",
      message: error.message,
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  return null;
}

/** Reads a request's body chunk by chunk and keeps none of it. */
async function discardBody(request: Request): Promise<void> {
  const reader = request.body?.getReader();
  if (!reader) return;
  try {
    for (;;) if ((await reader.read()).done) return;
  } catch {
    // A body that breaks off needs no answer beyond the one already decided.
  }
}

/**
 * Reads a body of a declared size into one buffer of that size as its chunks arrive, and
 * leaves it where the route's `c.req.arrayBuffer()` finds it. The server's own reader keeps
 * every chunk and joins them when the body has ended, then copies the whole again into an
 * ArrayBuffer: two copies of each upload at its end, which for a burst of a hundred uploads
 * ending together held the event loop for half a second (a CPU profile of the hostile image
 * burst). Here each chunk is copied once, when it comes. A body that breaks off or comes
 * short is left unread for the route, whose own read then fails (a 400).
 */
async function readDeclaredBody(c: Parameters<MiddlewareHandler>[0], declared: number) {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (!(incoming instanceof Readable) || incoming.readableDidRead) {
    await c.req.arrayBuffer().catch(() => undefined);
    return;
  }
  const body = Buffer.allocUnsafeSlow(declared);
  let at = 0;
  try {
    for await (const chunk of incoming as AsyncIterable<Buffer>) {
      if (at + chunk.length > declared) return;
      chunk.copy(body, at);
      at += chunk.length;
    }
  } catch {
    return;
  }
  if (at !== declared) return;
  // An exact-size buffer of its own: its ArrayBuffer is the body, nothing more. (Hono keeps
  // the promise of each body it read here, though its type names the value.)
  (c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer> }).arrayBuffer = Promise.resolve(
    body.buffer as ArrayBuffer,
  );
}

/** The process's gate: every image route and service shares it. */
export const imageGate: ImageGate = createImageGate();

/**
 * Middleware for a route that takes image uploads: holds the request's declared size (or
 * the route's limit when it declares none) of the gate's upload budget while the request
 * is handled, and answers 503 with Retry-After when the budget is spent. A body of a
 * declared size within the limit is read first (the HTTP parser never reads past a
 * declared size, and the route reads the same bytes again from memory); then the request
 * waits for one of the gate's intake places (503 with Retry-After when none frees in
 * time). A slow sender so holds bytes of the budget while its body arrives, never a place.
 * A body without a declared size is read in its place, under the route's body limit.
 */
export function uploadBudget(
  gate: ImageGate,
  maxRequestBytes: number,
  busy: (c: Parameters<MiddlewareHandler>[0], error: ImageBusy) => Response,
): MiddlewareHandler {
  return async (c, next) => {
    const length = c.req.header("content-length");
    const declared = length === undefined || length.trim() === "" ? NaN : Number(length);
    const sized = Number.isSafeInteger(declared) && declared >= 0;
    const bytes = sized ? Math.min(declared, maxRequestBytes) : maxRequestBytes;
    let release: () => void;
    try {
      release = gate.reserveUploadBytes(bytes);
    } catch (error) {
      if (!(error instanceof ImageBusy)) throw error;
      // The sender is still writing its body: read it to the end and drop it (nothing is
      // kept), so the 503 reaches them instead of a connection cut off mid-upload.
      if (sized && declared <= maxRequestBytes) await discardBody(c.req.raw);
      return busy(c, error);
    }
    try {
      // A body that breaks off is the route's to answer when it reads the form.
      if (sized && declared <= maxRequestBytes) await readDeclaredBody(c, declared);
      let admitted = false;
      try {
        await gate.admit(() => {
          admitted = true;
          return next();
        });
      } catch (error) {
        if (!admitted && error instanceof ImageBusy) return busy(c, error);
        throw error;
      }
    } finally {
      release();
    }
  };
}

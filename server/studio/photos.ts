/**
 * The studio's photos: a shopper (a visitor by their visitor key, or a customer) hands in
 * a photo; the shop keeps
 *  - the original for printing: turned upright by its EXIF orientation, every piece of
 *    metadata dropped (camera, time, GPS position) except the colour profile, as a JPEG
 *    (quality 95; colour at half resolution as cameras store it, which halves the time of
 *    an upload against full colour resolution) or, when it has transparency, a PNG: the
 *    two formats a PDF can embed;
 *  - a screen copy for the editor: at most 2048 px on its long side, sRGB, JPEG (WebP when
 *    it has transparency);
 *  - a small copy for the page strip and the photo tray, made from the screen copy: at most
 *    320 px (domain/studio/photoThumbs.ts), in the screen copy's format.
 * Sizes are checked from the header before anything is decoded (the image gate's studio
 * policy: 100 megapixels, 20,000 px a side), and the decode waits for one of the gate's
 * places. The same file handed in again by the same owner is the photo already kept. Each
 * owner has a quota of photos and bytes. Photos nobody used for STUDIO_RETENTION_DAYS are
 * deleted, except those a design in a cart or an order uses (the designs say which).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, inArray, lt, sql, sum, count, type SQL } from "drizzle-orm";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import type { Db } from "../../db/client";
import { studioPhotos } from "../../db/schema";
import { MS_PER_DAY } from "../../domain/constants";
import { SCREEN_EDGE, THUMB_EDGE, thumbSize } from "../../domain/studio/photoThumbs";
import { ImageBusy, imageGate, ImageRefused, STUDIO_POLICY, type ImageGate } from "../images/gate";
import type { Env } from "../env";
import { createStudioStorage, type StudioStorage } from "./storage";
import { exifCaptureDate } from "./exifDate";

/** Whose photos: a customer's, else an anonymous visitor's (their visitor key). */
export type StudioOwner = { customerId: number } | { visitorKey: string };

/** A photo as its owner sees it. */
export interface StudioPhoto {
  id: string;
  /** The upright original's size in pixels (what the print's resolution is computed from). */
  width: number;
  height: number;
  /** SHA-256 (hex) of the file as handed in. */
  sha256: string;
  createdAt: Date;
  /** The original's type as kept: image/jpeg or image/png. */
  originalType: string;
  /** The screen copy's size in pixels. */
  screenWidth: number;
  screenHeight: number;
  /** The small copy's size in pixels (the strip's and tray's). */
  thumbWidth: number;
  thumbHeight: number;
  /** When the picture was taken (the camera's EXIF date), or null when the file did not say. */
  capturedAt: Date | null;
}

export interface PhotoLimits {
  /** The largest file accepted. */
  maxFileBytes: number;
  /** Per owner: the most photos, and the most bytes of originals as kept. */
  maxCount: number;
  maxBytes: number;
  /** Days a photo nobody used is kept. */
  retentionDays: number;
}

/** 50 MB a file; 500 photos and 2 GB per owner; 30 days. */
export const DEFAULT_PHOTO_LIMITS: PhotoLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxCount: 500,
  maxBytes: 2048 * 1024 * 1024,
  retentionDays: 30,
};

/** Files without a photo row are deleted once they are this old (an upload takes seconds). */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * Up to this many pixels the original and the screen copy are made at once from the upload
 * (two decodes side by side); beyond it one after the other, the screen copy from the kept
 * original, so a large photo is decoded once at full size at a time. (Measured here: a
 * 90-megapixel sideways JPEG grows the process by about 0.9 GB while it is worked on; the
 * gate runs anything over 60 megapixels alone.)
 */
const PARALLEL_PIXELS = 25_000_000;

/**
 * Small copies made at once at a request (a photo kept before they existed): enough for a
 * strip's first pages, few enough to leave the image gate's places and queue to uploads.
 */
const THUMBS_MADE_AT_ONCE = 4;

/** The screen copy's long side. */
export { SCREEN_EDGE };

/** Why a photo was not taken, for the route to say in the shopper's language. */
export type PhotoRefusal =
  | "not-an-image"
  | "heic-unsupported"
  | "file-too-large"
  | "too-many-pixels"
  | "side-too-long"
  | "quota-count"
  | "quota-bytes";

export class PhotoRefused extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    readonly reason: PhotoRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** Says which of these photos a design in a cart or an order uses (never deleted). */
export type PhotosInUse = (ids: string[]) => Promise<Set<string>>;

/** Ids are 18 random bytes in base64url: 24 characters, 144 bits nobody can guess. */
export const PHOTO_ID = /^[A-Za-z0-9_-]{24}$/;
const newId = () => randomBytes(18).toString("base64url");

const originalName = (id: string) => `photos/${id}/original`;
const screenName = (id: string) => `photos/${id}/screen`;
const thumbName = (id: string) => `photos/${id}/thumb`;

/**
 * HEIC/HEIF (what iPhones take): an ISO media file whose brand says HEVC pictures. The
 * image library here may lack the HEVC decoder (it reads AVIF only); such a file is then
 * refused with its own message (convert or export as JPEG), not as "not an image".
 */
export function isHeic(data: Buffer): boolean {
  if (data.length < 12 || data.toString("latin1", 4, 8) !== "ftyp") return false;
  const brand = data.toString("latin1", 8, 12);
  return ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].includes(brand);
}

/**
 * Whether this process's image library reads this HEIF file: AV1 inside (AVIF) it does;
 * HEVC inside only when it was built with an HEVC decoder (it then reads ".heic" files).
 */
async function readsHeif(data: Buffer): Promise<boolean> {
  try {
    const meta = await sharp(data, { limitInputPixels: false, pages: 1 }).metadata();
    if (meta.compression !== "hevc") return (meta.width ?? 0) > 0;
    return sharp.format.heif.input.fileSuffix?.includes(".heic") === true;
  } catch {
    return false;
  }
}

const ownerWhere = (owner: StudioOwner): SQL =>
  "customerId" in owner
    ? eq(studioPhotos.customerId, owner.customerId)
    : eq(studioPhotos.visitorKey, owner.visitorKey);

const view = (row: typeof studioPhotos.$inferSelect): StudioPhoto => ({
  id: row.id,
  width: row.width,
  height: row.height,
  sha256: row.sha256,
  createdAt: row.createdAt,
  originalType: row.originalType,
  screenWidth: row.screenWidth,
  screenHeight: row.screenHeight,
  ...thumbOf(row.screenWidth, row.screenHeight),
  capturedAt: row.capturedAt ?? null,
});

function thumbOf(width: number, height: number) {
  const size = thumbSize(width, height);
  return { thumbWidth: size.width, thumbHeight: size.height };
}

/**
 * The small copy of a screen copy, in its format (milliseconds: a JPEG is decoded at a
 * quarter of its size).
 */
async function thumbFrom(screen: Sharp, transparent: boolean): Promise<Buffer> {
  const small = screen.resize(THUMB_EDGE, THUMB_EDGE, {
    fit: "inside",
    withoutEnlargement: true,
  });
  return (
    transparent ? small.webp({ quality: 80, effort: 2 }) : small.jpeg({ quality: 80 })
  ).toBuffer();
}

/** The original, screen copy and small copy of one upload, made in one place of the gate. */
async function prepare(data: Buffer, gate: ImageGate) {
  return gate.decode(data, STUDIO_POLICY, async (image, header) => {
    // Upright by EXIF; everything but the colour profile dropped (sharp keeps no metadata
    // unless asked).
    const upright = image.rotate();
    const transparent = header.hasAlpha;
    const original = transparent
      ? upright.clone().keepIccProfile().png({ compressionLevel: 6, adaptiveFiltering: false })
      : // Standard Huffman tables: about 10% larger than optimised ones, written in half the time.
        upright.clone().keepIccProfile().jpeg({ quality: 95, optimiseCoding: false });
    const screenOf = (source: Sharp) => {
      const screen = source
        .resize(SCREEN_EDGE, SCREEN_EDGE, { fit: "inside", withoutEnlargement: true })
        .toColourspace("srgb");
      return (
        transparent ? screen.webp({ quality: 82, effort: 2 }) : screen.jpeg({ quality: 82 })
      ).toBuffer({ resolveWithObject: true });
    };
    let kept: { data: Buffer; info: OutputInfo };
    let shown: { data: Buffer; info: OutputInfo };
    if (header.width * header.height <= PARALLEL_PIXELS) {
      // Both from the upload at once: the fastest way on a machine with a core to spare.
      [kept, shown] = await Promise.all([
        original.toBuffer({ resolveWithObject: true }),
        screenOf(upright.clone()),
      ]);
    } else {
      // One full-size decode at a time; the screen copy from the kept original.
      kept = await original.toBuffer({ resolveWithObject: true });
      shown = await screenOf(sharp(kept.data, { sequentialRead: true }));
    }
    return {
      original: { data: kept.data, width: kept.info.width, height: kept.info.height },
      originalType: transparent ? "image/png" : "image/jpeg",
      screen: { data: shown.data, width: shown.info.width, height: shown.info.height },
      screenType: transparent ? "image/webp" : "image/jpeg",
      thumb: await thumbFrom(sharp(shown.data), transparent),
    };
  });
}

/** The lock that orders one owner's uploads. */
const ownerLock = (owner: StudioOwner) =>
  "customerId" in owner
    ? `studio-photos:c:${owner.customerId}`
    : `studio-photos:v:${owner.visitorKey}`;

/**
 * Whether an owner's upload may become a photo: the photo already kept for the same file
 * (marked used now), else a PhotoRefused when the owner's quota is used up, else nothing.
 */
async function admit(
  db: Db | Parameters<Parameters<Db["transaction"]>[0]>[0],
  owner: StudioOwner,
  sha256: string,
  bytes: number,
  limits: PhotoLimits,
): Promise<{ existing?: { id: string; width: number; height: number; created: false } }> {
  const [existing] = await db
    .select()
    .from(studioPhotos)
    .where(and(ownerWhere(owner), eq(studioPhotos.sha256, sha256)))
    .orderBy(asc(studioPhotos.createdAt))
    .limit(1);
  if (existing) {
    await db
      .update(studioPhotos)
      .set({ usedAt: new Date() })
      .where(eq(studioPhotos.id, existing.id));
    return {
      existing: { id: existing.id, width: existing.width, height: existing.height, created: false },
    };
  }
  const [held] = await db
    .select({ photos: count(), bytes: sum(studioPhotos.originalBytes) })
    .from(studioPhotos)
    .where(ownerWhere(owner));
  if ((held?.photos ?? 0) >= limits.maxCount) {
    throw new PhotoRefused(422, "quota-count", "The owner keeps the most photos allowed.");
  }
  // The original as kept is about the size of the file handed in (quality 95).
  if (Number(held?.bytes ?? 0) + bytes > limits.maxBytes) {
    throw new PhotoRefused(422, "quota-bytes", "The owner's photos use all their space.");
  }
  return {};
}

export interface StudioPhotos {
  /**
   * Keeps a photo of the owner; `created` is false when the owner handed in the same file
   * before (that photo is answered). PhotoRefused when it is no image, too large or over
   * the quota; ImageBusy (from the gate) when the shop is decoding at capacity.
   */
  upload(
    owner: StudioOwner,
    data: Buffer,
    declaredType?: string,
  ): Promise<{ id: string; width: number; height: number; created: boolean }>;
  /** The owner's photo, or null (unknown, or another owner's). */
  get(owner: StudioOwner, id: string): Promise<StudioPhoto | null>;
  /** The owner's photos, oldest first; each counts as used today (retention). */
  list(owner: StudioOwner): Promise<StudioPhoto[]>;
  /** Deletes the owner's photo; false when there is none of theirs, "in-use" when a design in a cart or order uses it. */
  delete(owner: StudioOwner, id: string): Promise<boolean | "in-use">;
  /** The upright original for printing (no owner check: the caller checked the design's). */
  original(id: string): Promise<Buffer>;
  /** The screen copy for the editor. */
  screen(id: string): Promise<{ data: Buffer; contentType: string }>;
  /**
   * The small copy for the page strip and the tray, made from the screen copy if missing;
   * null when it is missing and cannot be made now (the image gate is busy, or enough
   * others are being made): the screen copy stands in for it meanwhile.
   */
  thumb(id: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** A visitor's photos become the customer's (at log-in). */
  moveOwner(fromVisitor: string, toCustomer: number): Promise<number>;
  /** Marks photos as used now (a design placed them), so retention keeps them longer. */
  touch(ids: string[], now?: Date): Promise<void>;
  /** Tells retention which photos designs in carts or orders use. */
  keepWhile(inUse: PhotosInUse): void;
  /** Deletes photos nobody used for the retention period and no cart or order needs. */
  prune(now?: Date): Promise<{ photos: number; files: number }>;
  readonly limits: PhotoLimits;
}

export function createStudioPhotos(options: {
  db: Db;
  storage: StudioStorage;
  gate?: ImageGate;
  limits?: Partial<PhotoLimits>;
}): StudioPhotos {
  const { db, storage } = options;
  const gate = options.gate ?? imageGate;
  const limits = { ...DEFAULT_PHOTO_LIMITS, ...options.limits };
  const inUseChecks: PhotosInUse[] = [];

  async function inUse(ids: string[]): Promise<Set<string>> {
    const used = new Set<string>();
    if (ids.length === 0) return used;
    for (const check of inUseChecks) for (const id of await check(ids)) used.add(id);
    return used;
  }

  /** The small copies being made at a request now, by photo. */
  const makingThumbs = new Map<string, Promise<Buffer | null>>();

  /**
   * A photo kept before small copies existed gets one at its first request, from its screen
   * copy. A page strip of a hundred such photos asks for them all at once: a few are made
   * at a time (one request per photo), and the rest, like a request the image gate turns
   * away, get null now (the caller answers the screen copy) and their small copy later.
   */
  function makeThumb(id: string, type: string): Promise<Buffer | null> {
    const underWay = makingThumbs.get(id);
    if (underWay) return underWay;
    if (makingThumbs.size >= THUMBS_MADE_AT_ONCE) return Promise.resolve(null);
    const made = (async () => {
      try {
        const screen = await read(screenName(id));
        const data = await gate.decode(screen, STUDIO_POLICY, (image) =>
          thumbFrom(image, type === "image/webp"),
        );
        await storage.put(thumbName(id), data, type);
        return data;
      } catch (error) {
        if (error instanceof ImageBusy) return null;
        throw error;
      } finally {
        makingThumbs.delete(id);
      }
    })();
    makingThumbs.set(id, made);
    return made;
  }

  async function removeFiles(id: string) {
    await storage.delete(originalName(id));
    await storage.delete(screenName(id));
    await storage.delete(thumbName(id));
  }

  /**
   * Files whose photo row is gone: an account deleted (its rows go by cascade) or an upload
   * that stopped between storing its files and its row. Only files older than an hour, so
   * an upload under way keeps its own.
   */
  async function sweepOrphans(now: Date): Promise<number> {
    const before = now.getTime() - ORPHAN_GRACE_MS;
    let candidates = new Map<string, string[]>();
    let removed = 0;
    // Checked 500 photos at a time as the listing goes, so memory stays small however many.
    const check = async () => {
      const known = await db
        .select({ id: studioPhotos.id })
        .from(studioPhotos)
        .where(inArray(studioPhotos.id, [...candidates.keys()]));
      const kept = new Set(known.map((row) => row.id));
      for (const [id, names] of candidates) {
        if (kept.has(id)) continue;
        for (const name of names) await storage.delete(name);
        removed += names.length;
      }
      candidates = new Map();
    };
    for await (const file of storage.list("photos/")) {
      const id = /^photos\/([A-Za-z0-9_-]{24})\//.exec(file.name)?.[1];
      if (!id || file.modifiedAt.getTime() > before) continue;
      candidates.set(id, [...(candidates.get(id) ?? []), file.name]);
      if (candidates.size >= 500) await check();
    }
    if (candidates.size > 0) await check();
    return removed;
  }

  async function read(name: string): Promise<Buffer> {
    const data = await storage.get(name);
    if (!data) throw new Error(`Studio storage has no ${name}`);
    return data;
  }

  return {
    limits,

    async upload(owner, data) {
      if (data.length > limits.maxFileBytes) {
        throw new PhotoRefused(413, "file-too-large", "The file is larger than allowed.");
      }
      if (isHeic(data) && !(await readsHeif(data))) {
        throw new PhotoRefused(415, "heic-unsupported", "HEIC photos cannot be read here.");
      }
      /** A refusal of the image gate as the studio answers it. */
      const refusal = (error: ImageRefused) => {
        const reason =
          error.reason === "side-too-long" || error.reason === "too-many-pixels"
            ? error.reason
            : "not-an-image";
        return new PhotoRefused(reason === "not-an-image" ? 415 : 413, reason, error.message);
      };
      // The header first: a file refused by its size costs no database query (a burst of
      // them asks the database nothing).
      try {
        await gate.inspect(data, STUDIO_POLICY);
      } catch (error) {
        throw error instanceof ImageRefused ? refusal(error) : error;
      }
      const sha256 = createHash("sha256").update(data).digest("hex");
      // Checked before the work (a refusal costs nothing) and again under the owner's lock
      // when the row is written (two uploads at once: one photo, one quota).
      const first = await admit(db, owner, sha256, data.length, limits);
      if (first.existing) return first.existing;
      let made: Awaited<ReturnType<typeof prepare>>;
      try {
        made = await prepare(data, gate);
      } catch (error) {
        if (error instanceof ImageRefused) throw refusal(error);
        // A header that read well over pixels that do not (a cut-off or broken file): the
        // image library's own error. A busy gate (ImageBusy) and our own bugs pass on.
        if (error instanceof Error && error.constructor === Error && !("status" in error)) {
          throw new PhotoRefused(415, "not-an-image", error.message);
        }
        throw error;
      }
      // The time the picture was taken, read before the metadata is dropped from the original.
      const capturedAt = await sharp(data, { limitInputPixels: false, pages: 1 })
        .metadata()
        .then((meta) => exifCaptureDate(meta.exif))
        .catch(() => null);
      const id = newId();
      await storage.put(originalName(id), made.original.data, made.originalType);
      await storage.put(screenName(id), made.screen.data, made.screenType);
      await storage.put(thumbName(id), made.thumb, made.screenType);
      let admitted: Awaited<ReturnType<typeof admit>>;
      try {
        admitted = await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ownerLock(owner)}))`);
          const now = await admit(tx, owner, sha256, data.length, limits);
          if (now.existing) return now;
          await tx.insert(studioPhotos).values({
            id,
            ...("customerId" in owner
              ? { customerId: owner.customerId }
              : { visitorKey: owner.visitorKey }),
            sha256,
            width: made.original.width,
            height: made.original.height,
            originalType: made.originalType,
            originalBytes: made.original.data.length,
            screenType: made.screenType,
            screenWidth: made.screen.width,
            screenHeight: made.screen.height,
            capturedAt,
          });
          return now;
        });
      } catch (error) {
        await removeFiles(id).catch(() => {});
        throw error;
      }
      if (admitted.existing) {
        // The same file came in twice at once: the first one kept is the photo.
        await removeFiles(id);
        return admitted.existing;
      }
      return { id, width: made.original.width, height: made.original.height, created: true };
    },

    async get(owner, id) {
      if (!PHOTO_ID.test(id)) return null;
      const [row] = await db
        .select()
        .from(studioPhotos)
        .where(and(ownerWhere(owner), eq(studioPhotos.id, id)));
      return row ? view(row) : null;
    },

    async list(owner) {
      // An owner who opens the studio still uses their photos: their period starts again
      // (written at most once a day per photo).
      const now = new Date();
      await db
        .update(studioPhotos)
        .set({ usedAt: now })
        .where(
          and(ownerWhere(owner), lt(studioPhotos.usedAt, new Date(now.getTime() - MS_PER_DAY))),
        );
      const rows = await db
        .select()
        .from(studioPhotos)
        .where(ownerWhere(owner))
        .orderBy(asc(studioPhotos.createdAt), asc(studioPhotos.id));
      return rows.map(view);
    },

    async delete(owner, id) {
      if (!PHOTO_ID.test(id)) return false;
      const [row] = await db
        .select({ id: studioPhotos.id })
        .from(studioPhotos)
        .where(and(ownerWhere(owner), eq(studioPhotos.id, id)));
      if (!row) return false;
      if ((await inUse([id])).has(id)) return "in-use";
      await db.delete(studioPhotos).where(eq(studioPhotos.id, id));
      await removeFiles(id);
      return true;
    },

    original: (id) => read(originalName(id)),

    async screen(id) {
      const [row] = await db
        .select({ type: studioPhotos.screenType })
        .from(studioPhotos)
        .where(eq(studioPhotos.id, id));
      if (!row) throw new Error(`No studio photo ${id}`);
      return { data: await read(screenName(id)), contentType: row.type };
    },

    async thumb(id) {
      const [row] = await db
        .select({ type: studioPhotos.screenType })
        .from(studioPhotos)
        .where(eq(studioPhotos.id, id));
      if (!row) throw new Error(`No studio photo ${id}`);
      const kept = await storage.get(thumbName(id));
      if (kept) return { data: kept, contentType: row.type };
      const data = await makeThumb(id, row.type);
      return data ? { data, contentType: row.type } : null;
    },

    async moveOwner(fromVisitor, toCustomer) {
      const moved = await db
        .update(studioPhotos)
        .set({ customerId: toCustomer, visitorKey: null })
        .where(eq(studioPhotos.visitorKey, fromVisitor))
        .returning({ id: studioPhotos.id });
      return moved.length;
    },

    async touch(ids, now = new Date()) {
      const valid = ids.filter((id) => PHOTO_ID.test(id));
      if (valid.length === 0) return;
      await db
        .update(studioPhotos)
        .set({ usedAt: now })
        .where(and(inArray(studioPhotos.id, valid), lt(studioPhotos.usedAt, now)));
    },

    keepWhile(check) {
      inUseChecks.push(check);
    },

    async prune(now = new Date()) {
      const before = new Date(now.getTime() - limits.retentionDays * MS_PER_DAY);
      let deleted = 0;
      let after = "";
      // In batches, oldest id order, so a large backlog never loads at once.
      for (;;) {
        const batch = await db
          .select({ id: studioPhotos.id })
          .from(studioPhotos)
          .where(and(lt(studioPhotos.usedAt, before), sql`${studioPhotos.id} > ${after}`))
          .orderBy(asc(studioPhotos.id))
          .limit(200);
        if (batch.length === 0) break;
        after = batch.at(-1)!.id;
        const ids = batch.map((row) => row.id);
        const kept = await inUse(ids);
        const gone = ids.filter((id) => !kept.has(id));
        if (gone.length === 0) continue;
        // One used again meanwhile stays; only the rows deleted lose their files.
        const removed = await db
          .delete(studioPhotos)
          .where(and(inArray(studioPhotos.id, gone), lt(studioPhotos.usedAt, before)))
          .returning({ id: studioPhotos.id });
        for (const row of removed) await removeFiles(row.id);
        deleted += removed.length;
      }
      return { photos: deleted, files: await sweepOrphans(now) };
    },
  };
}

/** The studio's photos as the environment configures them (storage, quota, retention). */
export function studioPhotosFromEnv(env: Env, db: Db): StudioPhotos {
  return createStudioPhotos({
    db,
    storage: createStudioStorage(env),
    limits: {
      maxCount: env.STUDIO_PHOTO_MAX_COUNT,
      maxBytes: env.STUDIO_PHOTO_MAX_MB * 1024 * 1024,
      retentionDays: env.STUDIO_RETENTION_DAYS,
    },
  });
}

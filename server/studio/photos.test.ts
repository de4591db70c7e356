/**
 * The studio's photo service on PGlite and PostgreSQL with its disk storage: quotas per
 * owner, transparency kept, sizes refused before any decoding, owners moved at log-in,
 * and retention that deletes what nobody used but never what a cart or order needs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customers, studioPhotos as studioPhotosTable } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { MS_PER_DAY } from "../../domain/constants";
import { createImageGate, ImageBusy, type ImageGate } from "../images/gate";
import { pngHeaderOnly } from "../images/testImages";
import { createStudioPhotos, isHeic, PhotoRefused } from "./photos";
import { createDiskStorage } from "./storage";

const folder = mkdtempSync(path.join(os.tmpdir(), "shop-studio-photos-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const jpeg = (colour: string, width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** A gate that counts the decodes it let run (its work started on the pixels). */
function countingGate(): ImageGate & { decodes: number } {
  const gate = createImageGate();
  const counted = Object.assign(Object.create(gate) as ImageGate, { decodes: 0 });
  counted.decode = (input, policy, work, options) =>
    gate.decode(
      input,
      policy,
      (image, header) => {
        counted.decodes += 1;
        return work(image, header);
      },
      options,
    );
  return counted as ImageGate & { decodes: number };
}

/** A gate whose decodes wait until `open()`; `waiting(n)` resolves once n of them wait. */
function heldGate() {
  const gate = createImageGate();
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let started = 0;
  const watchers: { n: number; resolve: () => void }[] = [];
  const held = Object.assign(Object.create(gate) as ImageGate, {
    open,
    started: () => started,
    waiting: (n: number) =>
      new Promise<void>((resolve) => (started >= n ? resolve() : watchers.push({ n, resolve }))),
  });
  held.decode = async (input, policy, work, options) => {
    started += 1;
    for (const w of watchers) if (started >= w.n) w.resolve();
    await opened;
    return gate.decode(input, policy, work, options);
  };
  return held;
}

/** A gate at capacity: every decode is turned away. */
function busyGate(): ImageGate {
  const busy = Object.create(createImageGate()) as ImageGate;
  busy.decode = () => Promise.reject(new ImageBusy(5));
  return busy;
}

describe.each(TEST_DATABASES)("the studio's photos on %s", (kind) => {
  let database: TestDatabase;
  const storage = createDiskStorage(path.join(folder, kind));
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.destroy());

  const service = (limits = {}, gate?: ImageGate) =>
    createStudioPhotos({ db: database.db, storage, limits, ...(gate ? { gate } : {}) });

  it("keeps when a photo was taken (its EXIF date) but drops the date from the original", async () => {
    const photos = service();
    const owner = { visitorKey: `captured-${kind}` };
    const dated = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#456789" },
    })
      .jpeg()
      .withExif({ IFD2: { DateTimeOriginal: "2024:06:01 14:30:05" } })
      .toBuffer();
    const taken = await photos.upload(owner, dated);
    const plain = await photos.upload(owner, await jpeg("#987654", 300, 200));
    const listed = await photos.list(owner);
    expect(listed.find((p) => p.id === taken.id)?.capturedAt?.toISOString()).toBe(
      "2024-06-01T14:30:05.000Z",
    );
    expect(listed.find((p) => p.id === plain.id)?.capturedAt).toBeNull();
    expect((await sharp(await photos.original(taken.id)).metadata()).exif).toBeUndefined();
  });

  it("refuses a photo beyond the owner's count or bytes, and takes it again once one is deleted", async () => {
    const photos = service({ maxCount: 2 });
    const owner = { visitorKey: `quota-${kind}` };
    const first = await photos.upload(owner, await jpeg("#111111"));
    await photos.upload(owner, await jpeg("#222222"));
    const third = await jpeg("#333333");
    await expect(photos.upload(owner, third)).rejects.toMatchObject({ reason: "quota-count" });
    // The same file as one kept is no new photo: it is answered, not counted.
    await expect(photos.upload(owner, await jpeg("#111111"))).resolves.toMatchObject({
      id: first.id,
      created: false,
    });
    expect(await photos.delete(owner, first.id)).toBe(true);
    await expect(photos.upload(owner, third)).resolves.toMatchObject({ created: true });

    const small = service({ maxBytes: 10_000 });
    await expect(
      small.upload({ visitorKey: `bytes-${kind}` }, await jpeg("#444444", 3000, 2000)),
    ).rejects.toMatchObject({ reason: "quota-bytes", status: 422 });
  });

  it("keeps one photo and one quota when uploads of an owner come at once", async () => {
    const owner = { visitorKey: `together-${kind}` };
    const file = await jpeg("#135790");
    const photos = service({ maxCount: 2 });
    const twice = await Promise.all([photos.upload(owner, file), photos.upload(owner, file)]);
    expect(twice[0].id).toBe(twice[1].id);
    expect(twice.map((answer) => answer.created).sort()).toEqual([false, true]);
    expect(await photos.list(owner)).toHaveLength(1);
    // One place left: of two different photos at once, one is kept, one refused.
    const results = await Promise.allSettled([
      photos.upload(owner, await jpeg("#246802")),
      photos.upload(owner, await jpeg("#975310")),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({
      reason: { reason: "quota-count" },
    });
    expect(await photos.list(owner)).toHaveLength(2);
  });

  it("makes a large photo's original and screen copy one after the other, upright", async () => {
    // 26.4 megapixels, sideways by its EXIF: over the size made in parallel.
    const large = await sharp({
      create: { width: 6000, height: 4400, channels: 3, background: "#336699" },
    })
      .withMetadata({ orientation: 8 })
      .jpeg()
      .toBuffer();
    const photos = service();
    const { id, width, height } = await photos.upload({ visitorKey: `large-${kind}` }, large);
    expect([width, height]).toEqual([4400, 6000]);
    const screen = await sharp((await photos.screen(id)).data).metadata();
    expect([screen.width, screen.height]).toEqual([1502, 2048]);
  });

  it("keeps a transparent photo as PNG with a WebP screen copy and small copy", async () => {
    const photos = service();
    const png = await sharp({
      create: { width: 3000, height: 1000, channels: 4, background: "#ff000080" },
    })
      .png()
      .toBuffer();
    const { id } = await photos.upload({ visitorKey: `alpha-${kind}` }, png);
    expect(await sharp(await photos.original(id)).metadata()).toMatchObject({
      format: "png",
      hasAlpha: true,
      width: 3000,
    });
    const screen = await photos.screen(id);
    expect(screen.contentType).toBe("image/webp");
    expect(await sharp(screen.data).metadata()).toMatchObject({ width: 2048, hasAlpha: true });
    const thumb = (await photos.thumb(id))!;
    expect(thumb.contentType).toBe("image/webp");
    expect(await sharp(thumb.data).metadata()).toMatchObject({
      format: "webp",
      width: 320,
      height: 107,
      hasAlpha: true,
    });
  });

  it("makes a missing small copy a few at a time, and answers none while the gate is busy", async () => {
    const owner = { visitorKey: `thumbs-${kind}` };
    const colours = ["#101010", "#202020", "#303030", "#404040", "#505050"];
    const ids: string[] = [];
    for (const colour of colours) ids.push((await service().upload(owner, await jpeg(colour))).id);
    // Photos kept before small copies existed.
    for (const id of ids) await storage.delete(`photos/${id}/thumb`);

    // At capacity: no small copy now, none kept, no error; a later request makes it.
    expect(await service({}, busyGate()).thumb(ids[0]!)).toBeNull();
    expect(await storage.get(`photos/${ids[0]}/thumb`)).toBeNull();

    // A strip asks for all at once: four are made while the fifth gets none straight away
    // instead of waiting in the gate's queue; the same photo asked again is not made twice.
    const gate = heldGate();
    const photos = service({}, gate);
    const first = ids.slice(0, 4).map((id) => photos.thumb(id));
    await gate.waiting(4);
    expect(await photos.thumb(ids[4]!)).toBeNull();
    const again = photos.thumb(ids[0]!);
    gate.open();
    const made = await Promise.all(first);
    for (const thumb of made)
      expect(await sharp(thumb!.data).metadata()).toMatchObject({ width: 320, height: 213 });
    expect((await again)!.data).toEqual(made[0]!.data);
    expect(gate.started()).toBe(4);
    expect(await storage.get(`photos/${ids[4]}/thumb`)).toBeNull();
    // Once those are done the fifth is made too.
    expect(await photos.thumb(ids[4]!)).not.toBeNull();
    expect(gate.started()).toBe(5);
  });

  it("refuses too large a picture from its header without decoding it", async () => {
    const gate = countingGate();
    const photos = service({}, gate);
    const owner = { visitorKey: `header-${kind}` };
    for (const [file, reason] of [
      [pngHeaderOnly(30_000, 200), "side-too-long"],
      [pngHeaderOnly(11_000, 10_000), "too-many-pixels"],
    ] as const) {
      const refusal = await photos.upload(owner, file).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(PhotoRefused);
      expect(refusal).toMatchObject({ reason, status: 413 });
    }
    await expect(photos.upload(owner, Buffer.from("GIF? no"))).rejects.toMatchObject({
      reason: "not-an-image",
      status: 415,
    });
    expect(gate.decodes).toBe(0);
    // Refused from the header before the database is asked anything (no duplicate look-up,
    // no quota count): a burst of such files costs the database nothing.
    const noDatabase = new Proxy({} as typeof database.db, {
      get() {
        throw new Error("the database was asked");
      },
    });
    const withoutDatabase = createStudioPhotos({ db: noDatabase, storage, gate });
    await expect(withoutDatabase.upload(owner, pngHeaderOnly(30_000, 200))).rejects.toMatchObject({
      reason: "side-too-long",
      status: 413,
    });
    // A real photo is decoded (once: original and screen copy from one place).
    await photos.upload(owner, await jpeg("#555555"));
    expect(gate.decodes).toBe(1);
  });

  it("takes an AVIF (a HEIF file with AV1 inside) and keeps it as JPEG", async () => {
    const avif = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#2266aa" },
    })
      .avif({ quality: 60, effort: 0 })
      .toBuffer();
    const photos = service();
    const { id, width } = await photos.upload({ visitorKey: `avif-${kind}` }, avif);
    expect(width).toBe(900);
    expect((await sharp(await photos.original(id)).metadata()).format).toBe("jpeg");
  });

  it("recognises HEIC files by their brand", () => {
    const box = (brand: string) =>
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(8)]);
    expect(isHeic(box("heic"))).toBe(true);
    expect(isHeic(box("mif1"))).toBe(true);
    expect(isHeic(box("avif"))).toBe(false);
    expect(isHeic(Buffer.from("not a photo at all"))).toBe(false);
  });

  it("moves a visitor's photos to a customer", async () => {
    const photos = service();
    const visitor = { visitorKey: `move-${kind}` };
    const { id } = await photos.upload(visitor, await jpeg("#666666"));
    const [customer] = await database.db
      .insert(customers)
      .values({
        channel: "cards",
        number: `S-${kind}`,
        email: `move-${kind}@example.de`,
        firstName: "Mia",
        lastName: "Sonne",
        locale: "de-DE",
      })
      .returning({ id: customers.id });
    expect(await photos.moveOwner(visitor.visitorKey, customer!.id)).toBe(1);
    expect(await photos.get(visitor, id)).toBeNull();
    expect(await photos.get({ customerId: customer!.id }, id)).toMatchObject({ id });
  });

  it("deletes the files of a deleted account's photos, but not those of an upload under way", async () => {
    const photos = service();
    const [customer] = await database.db
      .insert(customers)
      .values({
        channel: "cards",
        number: `E-${kind}`,
        email: `erased-${kind}@example.de`,
        firstName: "Eva",
        lastName: "Weg",
        locale: "de-DE",
      })
      .returning({ id: customers.id });
    const { id } = await photos.upload({ customerId: customer!.id }, await jpeg("#0a0b0c"));
    // The account is erased: its rows go by cascade, the files stay until the sweep.
    await database.db.delete(customers).where(eq(customers.id, customer!.id));
    expect(await photos.original(id)).toBeInstanceOf(Buffer);
    // Files written just now may be an upload whose row comes next: kept.
    expect((await photos.prune(new Date())).files).toBe(0);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    // The original, the screen copy and the small copy.
    expect((await photos.prune(later)).files).toBe(3);
    await expect(photos.original(id)).rejects.toThrow();
  });

  it("deletes photos nobody used for the retention period, but never one a cart or order needs", async () => {
    const photos = service({ retentionDays: 30 });
    const owner = { visitorKey: `retention-${kind}` };
    const old = await photos.upload(owner, await jpeg("#777777"));
    const needed = await photos.upload(owner, await jpeg("#888888"));
    const recent = await photos.upload(owner, await jpeg("#999999"));
    const now = new Date();
    const longAgo = new Date(now.getTime() - 31 * MS_PER_DAY);
    for (const id of [old.id, needed.id]) {
      await database.db
        .update(studioPhotosTable)
        .set({ usedAt: longAgo })
        .where(eq(studioPhotosTable.id, id));
    }
    photos.keepWhile(async (ids) => new Set(ids.filter((id) => id === needed.id)));
    expect(await photos.prune(now)).toEqual({ photos: 1, files: 0 });
    expect(await photos.get(owner, old.id)).toBeNull();
    await expect(photos.original(old.id)).rejects.toThrow();
    expect(await photos.get(owner, needed.id)).not.toBeNull();
    expect(await photos.get(owner, recent.id)).not.toBeNull();
    // A photo a cart's design uses cannot be deleted by its owner either.
    expect(await photos.delete(owner, needed.id)).toBe("in-use");
    // Used again (placed in a design), an old photo starts a new period.
    await database.db
      .update(studioPhotosTable)
      .set({ usedAt: longAgo })
      .where(eq(studioPhotosTable.id, recent.id));
    await photos.touch([recent.id], now);
    expect(await photos.prune(now)).toMatchObject({ photos: 0 });
    // So is one whose owner opened the studio (read their list).
    await database.db
      .update(studioPhotosTable)
      .set({ usedAt: longAgo })
      .where(eq(studioPhotosTable.id, recent.id));
    await photos.list(owner);
    expect(await photos.prune(now)).toMatchObject({ photos: 0 });
    expect(await photos.get(owner, recent.id)).not.toBeNull();
  });
});

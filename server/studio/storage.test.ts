/**
 * The studio storage's contract, run against both implementations: a folder on disk, and
 * an S3-compatible server (s3rver) this test starts on a free port with a folder of its
 * own. Then the photo service on S3: a photo handed in is read back from the bucket.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { createStudioPhotos } from "./photos";
import { createDiskStorage, createS3Storage, type StudioStorage } from "./storage";

const folder = mkdtempSync(path.join(os.tmpdir(), "shop-studio-storage-"));
const BUCKET = "studio-test";
let s3: S3rver;
let endpoint = "";

beforeAll(async () => {
  s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(folder, "s3"),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** s3rver takes any key pair; the SDK must be given one. */
const s3Storage = (prefix = "") =>
  createS3Storage({
    bucket: BUCKET,
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    prefix,
  });

const IMPLEMENTATIONS: [string, () => StudioStorage][] = [
  ["disk", () => createDiskStorage(path.join(folder, "disk"))],
  ["s3", () => s3Storage("shop/")],
];

describe.each(IMPLEMENTATIONS)("the studio storage on %s", (_, make) => {
  it("gives back what was put, replaces a file of the same name and forgets a deleted one", async () => {
    const storage = make();
    const bytes = Buffer.from([0, 1, 2, 255, 254]);
    await storage.put("photos/abc/original", bytes, "image/jpeg");
    expect(await storage.get("photos/abc/original")).toEqual(bytes);
    await storage.put("photos/abc/original", Buffer.from("again"), "image/jpeg");
    expect((await storage.get("photos/abc/original"))?.toString()).toBe("again");
    await storage.delete("photos/abc/original");
    expect(await storage.get("photos/abc/original")).toBeNull();
  });

  it("answers null for a file it never had, and deleting one is no error", async () => {
    const storage = make();
    expect(await storage.get("photos/never/original")).toBeNull();
    await expect(storage.delete("photos/never/original")).resolves.toBeUndefined();
  });

  it("keeps a large file whole", async () => {
    const storage = make();
    const large = Buffer.alloc(6 * 1024 * 1024);
    for (let i = 0; i < large.length; i += 4096) large[i] = i % 251;
    await storage.put("photos/large/original", large, "image/jpeg");
    expect((await storage.get("photos/large/original"))?.equals(large)).toBe(true);
  });

  it("takes a file from disk streamed, whole, and leaves the source in place", async () => {
    const storage = make();
    const large = Buffer.alloc(7 * 1024 * 1024 + 13);
    for (let i = 0; i < large.length; i += 997) large[i] = i % 241;
    const source = path.join(folder, `source-${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(source, large);
    await storage.putFile("orders/A-1/1-print.pdf", source, "application/pdf");
    expect((await storage.get("orders/A-1/1-print.pdf"))?.equals(large)).toBe(true);
    expect(existsSync(source)).toBe(true);
    await expect(
      storage.putFile("orders/A-1/2-print.pdf", `${source}.missing`, "application/pdf"),
    ).rejects.toThrow();
    expect(await storage.get("orders/A-1/2-print.pdf")).toBeNull();
  });

  it("streams a file as it is read, its size known first, holding only a small part at once", async () => {
    const storage = make();
    const large = Buffer.alloc(8 * 1024 * 1024 + 7);
    for (let i = 0; i < large.length; i += 1009) large[i] = i % 239;
    await storage.put("orders/A-2/1-print.pdf", large, "application/pdf");
    const opened = await storage.open("orders/A-2/1-print.pdf");
    expect(opened?.size).toBe(large.length);
    const { stream } = opened!;
    // Once the first bytes are there, the rest is still to be read: what waits for the
    // reader is a piece, never the file (a file read whole would be all of it).
    await new Promise((resolve) => stream.once("readable", resolve));
    expect(stream.readableLength).toBeGreaterThan(0);
    expect(stream.readableLength).toBeLessThanOrEqual(1024 * 1024);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(1024 * 1024);
    expect(Buffer.concat(chunks).equals(large)).toBe(true);
    expect(await storage.open("orders/A-2/2-print.pdf")).toBeNull();
  });

  it("lists the files under a folder with when they were written", async () => {
    const storage = make();
    const before = Date.now() - 60_000;
    await storage.put("photos/listed1/original", Buffer.from("a"), "image/jpeg");
    await storage.put("photos/listed1/screen", Buffer.from("b"), "image/jpeg");
    await storage.put("other/listed2/original", Buffer.from("c"), "image/jpeg");
    const listed = [];
    for await (const file of storage.list("photos/")) listed.push(file);
    const names = listed.map((file) => file.name);
    expect(names).toEqual(
      expect.arrayContaining(["photos/listed1/original", "photos/listed1/screen"]),
    );
    expect(names.every((name) => name.startsWith("photos/"))).toBe(true);
    expect(listed.every((file) => file.modifiedAt.getTime() > before)).toBe(true);
    const none = [];
    for await (const file of storage.list("nothing-here/")) none.push(file);
    expect(none).toEqual([]);
  });

  it("refuses a name that could leave its folder or prefix", async () => {
    const storage = make();
    for (const name of ["../outside", "photos/../../x", "/absolute", "photos/a b", ""]) {
      await expect(storage.put(name, Buffer.from("x"), "text/plain")).rejects.toThrow(/name/);
    }
  });
});

describe("the studio's photos on S3", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
  });
  afterAll(() => database?.destroy());

  it("keeps a photo's original and screen copy in the bucket under the prefix", async () => {
    const storage = s3Storage("shop-a/");
    const photos = createStudioPhotos({ db: database.db, storage });
    const file = await sharp({
      create: { width: 2600, height: 1200, channels: 3, background: "#446688" },
    })
      .jpeg()
      .toBuffer();
    const owner = { visitorKey: "5f0c4b1e-8d6a-4c47-9a57-1b2a3c4d5e6f" };
    const { id } = await photos.upload(owner, file);
    expect((await sharp(await photos.original(id)).metadata()).width).toBe(2600);
    const screen = await photos.screen(id);
    expect(await sharp(screen.data).metadata()).toMatchObject({ width: 2048, height: 945 });
    // Another shop's prefix in the same bucket does not see it.
    expect(await s3Storage("shop-b/").get(`photos/${id}/original`)).toBeNull();
    expect(await photos.delete(owner, id)).toBe(true);
    expect(await storage.get(`photos/${id}/original`)).toBeNull();
    expect(await storage.get(`photos/${id}/screen`)).toBeNull();
  });
});

import { mkdtempSync } from "node:fs";
import { readdir, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createImageDiskCache } from "./cache";

const KB = Buffer.alloc(1024, 1);
const hash = (i: number) => `${String(i).padStart(2, "0")}${"a".repeat(62)}`;

async function cachedFiles(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true }))
    .filter((f) => f.endsWith(".webp"))
    .map((f) => path.basename(f).slice(0, 2))
    .sort();
}

describe("the image disk cache", () => {
  it("keeps what was put and reads it back", async () => {
    const cache = createImageDiskCache(mkdtempSync(path.join(os.tmpdir(), "img-cache-")));
    await cache.put(hash(1), "webp", KB);
    expect(await cache.get(hash(1), "webp")).toEqual(KB);
    expect(await cache.get(hash(2), "webp")).toBeNull();
  });

  it("stays under its size limit by removing the least recently used files", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "img-cache-"));
    const cache = createImageDiskCache(dir, { maxBytes: 4 * 1024 });
    for (let i = 1; i <= 4; i++) {
      await cache.put(hash(i), "webp", KB);
      // Distinct use times, oldest first, whatever the file system's clock resolution.
      const file = path.join(dir, hash(i).slice(0, 2), `${hash(i)}.webp`);
      const when = new Date(Date.UTC(2026, 0, 1, 0, i));
      await utimes(file, when, when);
    }
    // Reading the oldest makes it the most recently used.
    expect(await cache.get(hash(1), "webp")).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await cache.put(hash(5), "webp", KB);
    await cache.settled();
    // 5 KB > 4 KB: down to 90 % (3.6 KB), so two of the least recently used go.
    expect(await cachedFiles(dir)).toEqual(["01", "04", "05"]);
    expect(cache.size()).toBe(3 * 1024);
  });

  it("counts the files another process left in the folder", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "img-cache-"));
    const first = createImageDiskCache(dir);
    for (let i = 1; i <= 3; i++) await first.put(hash(i), "webp", KB);
    const second = createImageDiskCache(dir, { maxBytes: 3 * 1024 });
    await second.settled();
    expect(second.size()).toBe(3 * 1024);
    await second.put(hash(4), "webp", KB);
    await second.settled();
    expect((await cachedFiles(dir)).length).toBeLessThanOrEqual(2);
  });

  it("answers the most recently used images from memory, within its memory budget", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "img-cache-"));
    const fileOf = (i: number) => path.join(dir, hash(i).slice(0, 2), `${hash(i)}.webp`);
    const cache = createImageDiskCache(dir, { memoryBytes: 16 * 1024 });
    for (let i = 1; i <= 17; i++) await cache.put(hash(i), "webp", KB);
    // Gone from the folder (as another process's eviction would leave it): the copy in
    // memory still answers, for the sixteen most recent; the first was pushed out.
    for (let i = 1; i <= 17; i++) await rm(fileOf(i));
    expect(await cache.get(hash(17), "webp")).toEqual(KB);
    expect(await cache.get(hash(2), "webp")).toEqual(KB);
    expect(await cache.get(hash(1), "webp")).toBeNull();
    // Without a memory budget every hit reads the folder.
    const bare = createImageDiskCache(dir, { memoryBytes: 0 });
    await bare.put(hash(20), "webp", KB);
    await rm(fileOf(20));
    expect(await bare.get(hash(20), "webp")).toBeNull();
  });
});

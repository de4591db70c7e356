import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrintCache } from "./printCache";

let parent: string;
beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), "print-cache-test-"));
});
afterAll(() => rm(parent, { recursive: true, force: true }));

describe("the print-file cache", () => {
  it("makes a file once however many ask at once, and keeps it for the next", async () => {
    const cache = createPrintCache({ maxFiles: 4, maxBytes: 1000 }, parent);
    let made = 0;
    const make = async (file: string) => {
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      await writeFile(file, "pdf-1");
    };
    const [a, b] = await Promise.all([cache.acquire("d/1", make), cache.acquire("d/1", make)]);
    expect(made).toBe(1);
    expect(a.file).toBe(b.file);
    expect(a.size).toBe(5);
    a.release();
    b.release();
    const c = await cache.acquire("d/1", make);
    expect(made).toBe(1);
    expect(await readFile(c.file, "utf8")).toBe("pdf-1");
    c.release();
    await cache.clear();
    expect(existsSync(c.file)).toBe(false);
  });

  it("lets the least recently used file go beyond its bounds, never one still being read", async () => {
    const cache = createPrintCache({ maxFiles: 2, maxBytes: 1000 }, parent);
    const make = (text: string) => (file: string) => writeFile(file, text);
    const one = await cache.acquire("1", make("one"));
    one.release();
    const two = await cache.acquire("2", make("two"));
    // "1" used again: "2" is now the least recently used.
    (await cache.acquire("1", make("again"))).release();
    const three = await cache.acquire("3", make("three"));
    expect(cache.load()).toEqual({ files: 2, bytes: 8 });
    // "2" left the cache but is still held: its file stays until released.
    expect(existsSync(two.file)).toBe(true);
    expect(await readFile(two.file, "utf8")).toBe("two");
    two.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(two.file)).toBe(false);
    expect(existsSync(one.file)).toBe(true);
    three.release();

    // Too many bytes: the oldest goes too.
    const big = await cache.acquire("big", make("x".repeat(996)));
    big.release();
    expect(cache.load().files).toBe(1);
    await cache.clear();
  });

  it("keeps nothing of a render that failed, and tries again next time", async () => {
    const cache = createPrintCache({ maxFiles: 2, maxBytes: 1000 }, parent);
    await expect(
      cache.acquire("d", async (file) => {
        await writeFile(file, "half");
        throw new Error("render failed");
      }),
    ).rejects.toThrow("render failed");
    expect(cache.load()).toEqual({ files: 0, bytes: 0 });
    const held = await cache.acquire("d", (file) => writeFile(file, "whole"));
    expect(await readFile(held.file, "utf8")).toBe("whole");
    held.release();
    await cache.clear();
  });
});

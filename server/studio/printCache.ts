/**
 * The print files of designs, each rendered once per design version and kept on local disk
 * while it is asked for: the print.pdf a shopper downloads and every proof image of the
 * design are read from the same file, so a proof is drawn from exactly the bytes printed.
 *
 * The cache is bounded: at most `maxFiles` files and `maxBytes` bytes; the least recently
 * used file goes first. A file being read (streamed out, rasterised) is never removed under
 * its reader: it is held until released, and removed once the last holder lets go. Two
 * requests for a file not yet made wait for the same render.
 */
import { rmSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export interface PrintCacheLimits {
  maxFiles: number;
  maxBytes: number;
}

/** A few dozen designs being edited at once, their card and canvas files a few MB each. */
export const PRINT_CACHE_LIMITS: PrintCacheLimits = { maxFiles: 64, maxBytes: 1024 ** 3 };

export interface HeldPrintFile {
  file: string;
  size: number;
  /** Lets go of the file (the cache may remove it from then on); calling it twice is harmless. */
  release(): void;
}

export interface PrintCache {
  /**
   * The file kept under `key`, made by `make(file)` when there is none yet. The caller
   * holds it until it calls `release`.
   */
  acquire(key: string, make: (file: string) => Promise<void>): Promise<HeldPrintFile>;
  /** Files kept and bytes they take, now. */
  load(): { files: number; bytes: number };
  /** Removes every file not held (for tests and shutdown). */
  clear(): Promise<void>;
}

interface Entry {
  file: string;
  size: number;
  holders: number;
  evicted: boolean;
  /** Made, not yet held by the requests that waited for it: never removed meanwhile. */
  fresh: boolean;
}

export function createPrintCache(
  limits: PrintCacheLimits = PRINT_CACHE_LIMITS,
  parent: string = tmpdir(),
): PrintCache {
  let dir: Promise<string> | null = null;
  const folder = () =>
    (dir ??= mkdtemp(path.join(parent, "shop-print-")).then((made) => {
      // The folder is the process's own: it goes when the process ends.
      process.once("exit", () => rmSync(made, { recursive: true, force: true }));
      return made;
    }));
  // In order of use: the first is the least recently used.
  const entries = new Map<string, Entry>();
  const making = new Map<string, Promise<Entry>>();
  let counter = 0;

  const remove = (entry: Entry) => void rm(entry.file, { force: true });

  function evict() {
    let bytes = 0;
    for (const e of entries.values()) bytes += e.size;
    for (const [key, e] of entries) {
      if (entries.size <= limits.maxFiles && bytes <= limits.maxBytes) break;
      if (e.fresh) continue;
      entries.delete(key);
      bytes -= e.size;
      e.evicted = true;
      if (e.holders === 0) remove(e);
    }
  }

  function hold(entry: Entry): HeldPrintFile {
    entry.holders += 1;
    entry.fresh = false;
    let released = false;
    return {
      file: entry.file,
      size: entry.size,
      release() {
        if (released) return;
        released = true;
        entry.holders -= 1;
        if (entry.evicted && entry.holders === 0) remove(entry);
      },
    };
  }

  async function made(key: string, make: (file: string) => Promise<void>): Promise<Entry> {
    // A name of our own: a key names a design, never a path.
    counter += 1;
    const file = path.join(await folder(), `${counter}.pdf`);
    try {
      await make(file);
      const entry: Entry = {
        file,
        size: (await stat(file)).size,
        holders: 0,
        evicted: false,
        fresh: true,
      };
      entries.set(key, entry);
      return entry;
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }

  return {
    async acquire(key, make) {
      const kept = entries.get(key);
      if (kept) {
        // Used now: to the end of the line.
        entries.delete(key);
        entries.set(key, kept);
        return hold(kept);
      }
      let pending = making.get(key);
      if (!pending) {
        pending = made(key, make).finally(() => making.delete(key));
        making.set(key, pending);
      }
      const entry = await pending;
      const held = hold(entry);
      evict();
      return held;
    },
    load() {
      let bytes = 0;
      for (const e of entries.values()) bytes += e.size;
      return { files: entries.size, bytes };
    },
    async clear() {
      for (const [key, e] of entries) {
        entries.delete(key);
        e.evicted = true;
        if (e.holders === 0) await rm(e.file, { force: true });
      }
    },
  };
}

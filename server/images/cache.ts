/**
 * The disk cache of resized images: content-addressed files under
 * `{dir}/{hash:2}/{hash}.{ext}`, written atomically (temporary file, then rename), so
 * several processes can share one folder.
 *
 * The folder is bounded: when the bytes this process knows of pass `maxBytes`, the
 * folder is read again (other processes write to it too) and the least recently used
 * files go until it is at 90 % of the limit. A hit marks its file used (its mtime), so
 * the order holds across processes.
 *
 * The most recently used images are also kept in memory (`memoryBytes`, 32 MB unless told):
 * a file's name is the hash of everything that makes its bytes, so a copy never goes stale.
 * Reading a file takes four or five turns on the thread pool, and on a busy process each
 * turn waits behind every other request's work: an image hit took seconds under load while
 * the pages around it took a fraction of that. From memory it is answered in the same turn.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";

export interface ImageDiskCache {
  readonly dir: string;
  get(hash: string, ext: string): Promise<Buffer | null>;
  put(hash: string, ext: string, data: Buffer): Promise<void>;
  /** Bytes in the folder as this process last counted them. */
  size(): number;
  /** Waits for a running eviction (tests). */
  settled(): Promise<void>;
}

/** Eviction brings the folder down to this share of the limit. */
const EVICT_TO = 0.9;
/** Images kept in memory, by default. */
const MEMORY_BYTES = 32 * 1024 * 1024;
/** A hit from memory marks its file used again only after this long (a write to the disk). */
const TOUCH_EVERY_MS = 60_000;

interface CachedFile {
  file: string;
  size: number;
  used: number;
}

async function listFiles(root: string): Promise<CachedFile[]> {
  const files: CachedFile[] = [];
  let folders: string[];
  try {
    folders = await readdir(root);
  } catch {
    return files;
  }
  for (const folder of folders) {
    let names: string[];
    try {
      names = await readdir(path.join(root, folder));
    } catch {
      continue;
    }
    for (const name of names) {
      if (name.endsWith(".tmp")) continue;
      const file = path.join(root, folder, name);
      try {
        const info = await stat(file);
        files.push({ file, size: info.size, used: info.mtimeMs });
      } catch {
        // Removed meanwhile by another process.
      }
    }
  }
  return files;
}

export function createImageDiskCache(
  dir: string,
  options: { maxBytes?: number; memoryBytes?: number } = {},
): ImageDiskCache {
  const root = path.resolve(dir);
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const memoryBytes = options.memoryBytes ?? MEMORY_BYTES;
  /** File → its bytes and when it was last marked used; oldest use first (Map order). */
  const memory = new Map<string, { data: Buffer; touched: number }>();
  let inMemory = 0;
  const remember = (file: string, data: Buffer, touched: number) => {
    if (data.length > memoryBytes / 8) return;
    forget(file);
    memory.set(file, { data, touched });
    inMemory += data.length;
    for (const [oldest, entry] of memory) {
      if (inMemory <= memoryBytes) break;
      memory.delete(oldest);
      inMemory -= entry.data.length;
    }
  };
  const forget = (file: string) => {
    const entry = memory.get(file);
    if (!entry) return;
    memory.delete(file);
    inMemory -= entry.data.length;
  };
  const touch = (file: string) => {
    if (!Number.isFinite(maxBytes)) return;
    const now = new Date();
    utimes(file, now, now).catch(() => {});
  };
  const fileOf = (hash: string, ext: string) => path.join(root, hash.slice(0, 2), `${hash}.${ext}`);
  let total = 0;
  let eviction: Promise<void> = Promise.resolve();
  let evicting = false;

  const counted = Number.isFinite(maxBytes)
    ? listFiles(root).then((files) => {
        total += files.reduce((sum, f) => sum + f.size, 0);
      })
    : Promise.resolve();

  const evict = () => {
    if (evicting) return;
    evicting = true;
    eviction = (async () => {
      const files = await listFiles(root);
      files.sort((a, b) => a.used - b.used);
      let bytes = files.reduce((sum, f) => sum + f.size, 0);
      for (const f of files) {
        if (bytes <= maxBytes * EVICT_TO) break;
        forget(f.file);
        await rm(f.file, { force: true });
        bytes -= f.size;
      }
      total = bytes;
    })().finally(() => {
      evicting = false;
    });
  };

  return {
    dir: root,
    size: () => total,
    async settled() {
      await counted;
      await eviction;
    },
    async get(hash, ext) {
      const file = fileOf(hash, ext);
      const kept = memory.get(file);
      if (kept) {
        const now = Date.now();
        const stale = now - kept.touched >= TOUCH_EVERY_MS;
        if (stale) touch(file);
        remember(file, kept.data, stale ? now : kept.touched);
        return kept.data;
      }
      try {
        const data = await readFile(file);
        touch(file);
        remember(file, data, Date.now());
        return data;
      } catch {
        return null;
      }
    },
    async put(hash, ext, data) {
      const file = fileOf(hash, ext);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, data);
        await rename(temporary, file);
        // Not marked used yet: the first hit marks it.
        remember(file, data, 0);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      total += data.length;
      if (total > maxBytes) {
        await counted;
        evict();
      }
    },
  };
}

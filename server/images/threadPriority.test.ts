import { describe, expect, it } from "vitest";
import sharp from "sharp";
import {
  IMAGE_THREAD_NICE,
  lowerImageThreads,
  systemThreads,
  type ThreadTable,
} from "./threadPriority";

/** A process's threads as a table: name and nice value by thread id. */
function table(threads: Record<number, { name: string; nice: number } | null>) {
  const set: [number, number][] = [];
  const stand: ThreadTable = {
    list: () => Object.keys(threads).map(Number),
    name: (tid) => threads[tid]?.name ?? null,
    nice(tid) {
      const thread = threads[tid];
      if (!thread) throw new Error("no such thread");
      return thread.nice;
    },
    setNice(tid, nice) {
      if (tid === 99) throw new Error("EACCES");
      set.push([tid, nice]);
      threads[tid]!.nice = nice;
    },
  };
  return { stand, set };
}

describe("image threads yield to the event loop", () => {
  it("lowers only the image library's threads, once, and passes over ended or refused ones", () => {
    const { stand, set } = table({
      1: { name: "node", nice: 0 },
      2: { name: "libvips worker", nice: 0 },
      3: { name: "libvips worker", nice: IMAGE_THREAD_NICE },
      4: { name: "libvips worker", nice: 15 },
      5: null,
      99: { name: "libvips worker", nice: 0 },
    });
    expect(lowerImageThreads(stand)).toBe(1);
    expect(set).toEqual([[2, IMAGE_THREAD_NICE]]);
    expect(lowerImageThreads(stand)).toBe(0);
  });

  it.runIf(process.platform === "linux")(
    "lowers the real threads of a decode in this process, and no other",
    async () => {
      const before = new Map(systemThreads.list().map((tid) => [tid, systemThreads.nice(tid)]));
      await sharp({ create: { width: 600, height: 400, channels: 3, background: "#888" } })
        .jpeg()
        .toBuffer();
      lowerImageThreads(systemThreads);
      const workers = systemThreads
        .list()
        .filter((tid) => systemThreads.name(tid) === "libvips worker");
      expect(workers.length).toBeGreaterThan(0);
      for (const tid of workers)
        expect(systemThreads.nice(tid)).toBeGreaterThanOrEqual(IMAGE_THREAD_NICE);
      for (const tid of systemThreads.list()) {
        if (workers.includes(tid) || !before.has(tid)) continue;
        expect(systemThreads.nice(tid)).toBe(before.get(tid));
      }
    },
  );
});

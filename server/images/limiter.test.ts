import { describe, expect, it } from "vitest";
import { RenderBusyError, createRenderLimiter } from "./limiter";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("the image render limiter", () => {
  it("runs at most `concurrency` renders at once and starts the waiting ones in order", async () => {
    const limiter = createRenderLimiter({ concurrency: 2, maxQueue: 10, timeoutMs: 1000 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1]);
    expect(limiter.load()).toEqual({ running: 2, waiting: 1 });
    gates[0]!.resolve();
    await runs[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(limiter.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a render when the queue is full", async () => {
    const limiter = createRenderLimiter({ concurrency: 1, maxQueue: 1, timeoutMs: 1000 });
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const second = limiter.run(async () => "queued");
    await expect(limiter.run(async () => "third")).rejects.toBeInstanceOf(RenderBusyError);
    gate.resolve();
    await first;
    expect(await second).toBe("queued");
  });

  it("gives up on a render that waited longer than the timeout, and goes on with the rest", async () => {
    const limiter = createRenderLimiter({ concurrency: 1, maxQueue: 5, timeoutMs: 20 });
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    await expect(limiter.run(async () => "late")).rejects.toThrow(/waited too long/);
    expect(limiter.load()).toEqual({ running: 1, waiting: 0 });
    gate.resolve();
    await first;
    expect(await limiter.run(async () => "next")).toBe("next");
  });

  it("runs jobs side by side only while their weight together stays within the limit", async () => {
    const limiter = createRenderLimiter({
      concurrency: 2,
      maxQueue: 10,
      timeoutMs: 1000,
      maxWeight: 100,
    });
    const gates = [deferred(), deferred(), deferred()];
    const started: string[] = [];
    const job = (name: string, gate: ReturnType<typeof deferred>, weight: number) =>
      limiter.run(async () => {
        started.push(name);
        await gate.promise;
      }, weight);
    const heavy = job("heavy", gates[0]!, 80);
    // 80 + 30 is over the limit: the light job waits although a place is free.
    const light = job("light", gates[1]!, 30);
    // One heavier than the whole limit still runs, alone, in its turn.
    const huge = job("huge", gates[2]!, 150);
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(["heavy"]);
    expect(limiter.load()).toEqual({ running: 1, waiting: 2 });
    gates[0]!.resolve();
    await heavy;
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(["heavy", "light"]);
    gates[1]!.resolve();
    await light;
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(["heavy", "light", "huge"]);
    gates[2]!.resolve();
    await huge;
    expect(limiter.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("frees its place when a render fails", async () => {
    const limiter = createRenderLimiter({ concurrency: 1, maxQueue: 1, timeoutMs: 1000 });
    await expect(limiter.run(async () => Promise.reject(new Error("broken")))).rejects.toThrow(
      "broken",
    );
    expect(await limiter.run(async () => "ok")).toBe("ok");
  });
});

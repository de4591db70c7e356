/**
 * The retention scheduler on its own (steps and gate stand-ins): every step once per
 * tick, a failing step logged without stopping the others, the timer's rhythm, and a
 * stop that neither waits for ever nor lets another step start.
 */
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RetentionGate } from "./gate";
import { createRetentionScheduler, type RetentionStep } from "./scheduler";

type Line = { id?: string; level: number; step?: string; removed?: unknown; failed?: string[] };

function recordingLog() {
  const lines: Line[] = [];
  const log = pino(
    { level: "debug" },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  return { log, lines };
}

const openGate: RetentionGate = {
  async pass(_now, work) {
    return { ran: true, value: await work() };
  },
};

function countingStep(name: string, calls: string[], removed = 1): RetentionStep {
  return {
    name,
    async run() {
      calls.push(name);
      return { rows: removed };
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the retention scheduler", () => {
  it("runs every step once per tick, in order, and logs what each removed", async () => {
    const calls: string[] = [];
    const { log, lines } = recordingLog();
    const scheduler = createRetentionScheduler({
      steps: [countingStep("a", calls, 2), countingStep("b", calls, 0)],
      gate: openGate,
      intervalMs: 60_000,
      firstRunMs: 1_000,
      log,
    });
    const result = await scheduler.tick();
    expect(calls).toEqual(["a", "b"]);
    expect(result).toMatchObject({
      ran: true,
      removed: { a: { rows: 2 }, b: { rows: 0 } },
      failed: [],
    });
    expect(lines.find((l) => l.id === "retention-pruned")?.removed).toEqual({
      a: { rows: 2 },
      b: { rows: 0 },
    });
  });

  it("goes on with the other steps when one fails, and names the failed one", async () => {
    const calls: string[] = [];
    const { log, lines } = recordingLog();
    const failing: RetentionStep = {
      name: "broken",
      run: () => Promise.reject(new Error("relation does not exist")),
    };
    const scheduler = createRetentionScheduler({
      steps: [countingStep("a", calls), failing, countingStep("c", calls)],
      gate: openGate,
      intervalMs: 60_000,
      firstRunMs: 1_000,
      log,
    });
    const result = await scheduler.tick();
    expect(calls).toEqual(["a", "c"]);
    expect(result).toMatchObject({ ran: true, failed: ["broken"] });
    const failure = lines.find((l) => l.id === "retention-step-failed");
    expect(failure).toMatchObject({ step: "broken", level: 50 });
  });

  it("runs no step when the gate says another process prunes or the last pruning is recent", async () => {
    const calls: string[] = [];
    const { log } = recordingLog();
    for (const reason of ["busy", "recent"] as const) {
      const scheduler = createRetentionScheduler({
        steps: [countingStep("a", calls)],
        gate: { pass: async () => ({ ran: false, reason }) },
        intervalMs: 60_000,
        firstRunMs: 1_000,
        log,
      });
      expect(await scheduler.tick()).toEqual({ ran: false, reason });
    }
    expect(calls).toEqual([]);
  });

  it("ticks first after firstRunMs, then every intervalMs after the last tick ended", async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const { log } = recordingLog();
    const scheduler = createRetentionScheduler({
      steps: [countingStep("a", calls)],
      gate: openGate,
      intervalMs: 60_000,
      firstRunMs: 5_000,
      log,
    });
    scheduler.start();
    scheduler.start(); // a second start changes nothing
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(4);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(4);
  });

  it("keeps ticking after the gate itself failed (the database out of reach)", async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const { log, lines } = recordingLog();
    let reachable = false;
    const scheduler = createRetentionScheduler({
      steps: [countingStep("a", calls)],
      gate: {
        async pass(now, work) {
          if (!reachable) throw new Error("connect ECONNREFUSED");
          return openGate.pass(now, work);
        },
      },
      intervalMs: 10_000,
      firstRunMs: 1_000,
      log,
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lines.some((l) => l.id === "retention-unavailable")).toBe(true);
    reachable = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual(["a"]);
    await scheduler.stop();
  });

  it("stop lets the running step finish but starts no other", async () => {
    const calls: string[] = [];
    const { log } = recordingLog();
    let finish: () => void = () => {};
    const slow: RetentionStep = {
      name: "slow",
      run: () =>
        new Promise((resolve) => {
          calls.push("slow");
          finish = () => resolve({ rows: 1 });
        }),
    };
    const scheduler = createRetentionScheduler({
      steps: [slow, countingStep("after", calls)],
      gate: openGate,
      intervalMs: 60_000,
      firstRunMs: 1_000,
      log,
    });
    const ticking = scheduler.tick();
    await vi.waitFor(() => expect(calls).toEqual(["slow"]));
    const stopping = scheduler.stop();
    finish();
    await stopping;
    expect(await ticking).toMatchObject({ ran: true, removed: { slow: { rows: 1 } } });
    expect(calls).toEqual(["slow"]);
    expect(await scheduler.tick()).toEqual({ ran: false, reason: "stopped" });
  });

  it("stop does not wait longer than stopWaitMs for a step that hangs", async () => {
    const { log } = recordingLog();
    const hanging: RetentionStep = { name: "hanging", run: () => new Promise(() => {}) };
    const scheduler = createRetentionScheduler({
      steps: [hanging],
      gate: openGate,
      intervalMs: 60_000,
      firstRunMs: 1_000,
      stopWaitMs: 50,
      log,
    });
    void scheduler.tick();
    const started = performance.now();
    await scheduler.stop();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(45);
    expect(waited).toBeLessThan(1_000);
  });
});

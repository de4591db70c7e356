import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../db/client";
import { jobs } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import {
  backoffMs,
  createJobQueue,
  createJobRunner,
  enqueue,
  STALE_LOCK_MS,
  WAKE_RECHECK_MS,
} from "./queue";

/** Resolves when `wait` resolves, or fails after `ms` naming what did not happen. */
function within<T>(ms: number, what: string, wait: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    wait,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

describe("job back-off", () => {
  it("waits 30 s, then doubles, at most an hour", () => {
    expect(backoffMs(1)).toBe(30_000);
    expect(backoffMs(2)).toBe(60_000);
    expect(backoffMs(3)).toBe(120_000);
    expect(backoffMs(20)).toBe(3_600_000);
  });
});

describe.each(TEST_DATABASES)("durable jobs on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(() => database.destroy());

  it("retries a failing job after its back-off and keeps it failed with its error once attempts are used up", async () => {
    const queue = createJobQueue(database.db);
    let calls = 0;
    queue.register("flaky", async () => {
      calls += 1;
      throw new Error(`broken ${calls}`);
    });
    await queue.enqueue({ kind: "flaky", payload: {}, uniqueKey: "flaky:1", maxAttempts: 2 });
    const t0 = new Date("2030-01-01T00:00:00Z");
    expect(await queue.runDue(t0)).toEqual({ ran: 1, failed: 1 });
    // Not due again before the pause is over.
    expect(await queue.runDue(new Date(t0.getTime() + 10_000))).toEqual({ ran: 0, failed: 0 });
    const [queued] = await database.db.select().from(jobs).where(eq(jobs.uniqueKey, "flaky:1"));
    expect(queued).toMatchObject({ state: "queued", attempts: 1, lastError: "broken 1" });
    expect(await queue.runDue(new Date(t0.getTime() + backoffMs(1)))).toEqual({
      ran: 1,
      failed: 1,
    });
    const failures = await queue.failures();
    expect(failures.map((j) => [j.uniqueKey, j.state, j.attempts, j.lastError])).toContainEqual([
      "flaky:1",
      "failed",
      2,
      "broken 2",
    ]);
    // An operator's retry runs it again; this time it works.
    queue.register("flaky", async () => {});
    expect(await queue.retry(failures.find((j) => j.uniqueKey === "flaky:1")!.id)).toBe(true);
    expect(await queue.runDue(new Date(t0.getTime() + 1_000_000))).toEqual({ ran: 1, failed: 0 });
    const [done] = await database.db.select().from(jobs).where(eq(jobs.uniqueKey, "flaky:1"));
    expect(done?.state).toBe("done");
  });

  it("adds a job with a known key once", async () => {
    const queue = createJobQueue(database.db);
    await queue.enqueue({ kind: "once", payload: { n: 1 }, uniqueKey: "once:1" });
    await queue.enqueue({ kind: "once", payload: { n: 2 }, uniqueKey: "once:1" });
    const rows = await database.db.select().from(jobs).where(eq(jobs.uniqueKey, "once:1"));
    expect(rows.map((r) => r.payload)).toEqual([{ n: 1 }]);
  });

  it("takes over a job whose process died while running it, once its lock is stale", async () => {
    const queue = createJobQueue(database.db);
    await queue.enqueue({ kind: "orphan", payload: {}, uniqueKey: "orphan:1" });
    const now = new Date("2031-01-01T00:00:00Z");
    expect(await queue.claim(["orphan"], 5, now)).toHaveLength(1);
    // The claiming process is gone; another sees nothing until the lock is stale.
    const other = createJobQueue(database.db);
    expect(await other.claim(["orphan"], 5, new Date(now.getTime() + 1000))).toHaveLength(0);
    const again = await other.claim(["orphan"], 5, new Date(now.getTime() + STALE_LOCK_MS + 1000));
    expect(again.map((j) => [j.uniqueKey, j.attempts, j.lockedBy])).toEqual([
      ["orphan:1", 2, other.workerId],
    ]);
  });

  it("a runner that polls once an hour runs a job enqueued in its process at once, also one added in a transaction", async () => {
    const queue = createJobQueue(database.db);
    const seen: number[] = [];
    let arrived: (n: number) => void = () => {};
    queue.register("wake", async (payload) => {
      seen.push(Number(payload.n));
      arrived(Number(payload.n));
    });
    const next = () => new Promise<number>((resolve) => (arrived = resolve));
    const hour = 60 * 60 * 1000;
    const runner = createJobRunner(queue, {
      intervalMs: hour,
      firstRunMs: hour,
      onError: (error) => {
        throw error;
      },
    });
    runner.start();
    try {
      let started = Date.now();
      let ran = next();
      await queue.enqueue({ kind: "wake", payload: { n: 1 }, uniqueKey: "wake:1" });
      expect(await within(1_000, "the woken pass", ran)).toBe(1);
      expect(Date.now() - started).toBeLessThan(1_000);

      // Inside a transaction the job exists only once it commits; the runner still takes it
      // (at the latest when it looks again after its short pause), long before its next poll.
      started = Date.now();
      ran = next();
      await database.db.transaction(async (tx) => {
        await enqueue(tx, { kind: "wake", payload: { n: 2 }, uniqueKey: "wake:2" });
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      expect(await within(WAKE_RECHECK_MS + 1_000, "the pass after the commit", ran)).toBe(2);
      expect(seen).toEqual([1, 2]);
    } finally {
      await runner.stop();
    }
    // A stopped runner is no longer woken.
    await queue.enqueue({ kind: "wake", payload: { n: 3 }, uniqueKey: "wake:3" });
    await new Promise((resolve) => setTimeout(resolve, WAKE_RECHECK_MS + 100));
    expect(seen).toEqual([1, 2]);
  });

  // Several processes exist only on PostgreSQL (PGlite is one process's own database).
  if (kind === "postgres")
    it("two processes claiming at once never get the same job", async () => {
      // A second connection pool to the same database stands for a second shop process.
      const second: Database = await openDatabase({ url: database.url! });
      try {
        const a = createJobQueue(database.db);
        const b = createJobQueue(second.db);
        for (let i = 0; i < 40; i++)
          await a.enqueue({ kind: "race", payload: { i }, uniqueKey: `race:${i}` });
        const now = new Date("2032-01-01T00:00:00Z");
        const claims = await Promise.all(
          Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).claim(["race"], 5, now)),
        );
        const ids = claims.flat().map((j) => j.id);
        expect(ids).toHaveLength(40);
        expect(new Set(ids).size).toBe(40);
      } finally {
        await second.close();
      }
    });
});

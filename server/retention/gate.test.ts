/**
 * The retention gate on PGlite and PostgreSQL: one pruning at a time, and none again soon
 * after the last; on PostgreSQL also between two processes (two connection pools on one
 * database), so two shop processes' schedulers never prune at the same time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import { openDatabase, type Database } from "../../db/client";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { gateFor } from "./gate";
import { createRetentionScheduler, type RetentionStep } from "./scheduler";

const silent = pino({ level: "silent" });

/** A piece of work that runs until `release` is called; `running` resolves once it started. */
function heldWork() {
  let release: () => void = () => {};
  let markRunning: () => void = () => {};
  const running = new Promise<void>((resolve) => {
    markRunning = resolve;
  });
  const work = () =>
    new Promise<string>((resolve) => {
      markRunning();
      release = () => resolve("pruned");
    });
  return { work, running, release: () => release() };
}

describe.each(TEST_DATABASES)("the retention gate on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  it("lets one pruning through at a time, then none until the gap has passed", async () => {
    const gate = gateFor(database, 60_000);
    const now = new Date(Date.now() + 10 * 60_000);
    const held = heldWork();
    const first = gate.pass(now, held.work);
    await held.running;
    expect(await gate.pass(now, async () => "second")).toEqual({ ran: false, reason: "busy" });
    held.release();
    expect(await first).toEqual({ ran: true, value: "pruned" });
    const soon = new Date(now.getTime() + 59_000);
    expect(await gate.pass(soon, async () => "soon")).toEqual({ ran: false, reason: "recent" });
    const later = new Date(now.getTime() + 61_000);
    expect(await gate.pass(later, async () => "later")).toEqual({ ran: true, value: "later" });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the retention gate between processes", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
  });
  afterAll(() => database.destroy());

  it("two processes' schedulers on one PostgreSQL database never prune at the same time", async () => {
    // A second connection pool on the same database stands for a second shop process.
    const other: Database = await openDatabase({
      url: database.url!,
      // Dropping the test database at the end ends this pool's connections too.
      onConnectionError: (error) => {
        if ((error as { code?: string }).code !== "57P01") throw error;
      },
    });
    try {
      let active = 0;
      let mostAtOnce = 0;
      const ran: string[] = [];
      const step = (who: string): RetentionStep => ({
        name: "slow",
        async run() {
          active += 1;
          mostAtOnce = Math.max(mostAtOnce, active);
          ran.push(who);
          await new Promise((resolve) => setTimeout(resolve, 150));
          active -= 1;
          return { rows: 0 };
        },
      });
      const scheduler = (who: string, db: Database, minGapMs: number, aheadMs = 20 * 60_000) =>
        createRetentionScheduler({
          steps: [step(who)],
          gate: gateFor(db, minGapMs),
          intervalMs: 60_000,
          firstRunMs: 60_000,
          log: silent,
          now: () => new Date(Date.now() + aheadMs),
        });
      for (let round = 0; round < 4; round += 1) {
        const results = await Promise.all([
          scheduler("a", database, 0).tick(),
          scheduler("b", other, 0).tick(),
        ]);
        expect(results.filter((r) => r.ran)).toHaveLength(1);
        expect(results.find((r) => !r.ran)).toEqual({ ran: false, reason: "busy" });
      }
      expect(mostAtOnce).toBe(1);
      expect(ran).toHaveLength(4);
      // With an hour's gap, the other process skips its tick after this one pruned.
      const hours = 3 * 3_600_000;
      expect((await scheduler("a", database, 3_600_000, hours).tick()).ran).toBe(true);
      expect(await scheduler("b", other, 3_600_000, hours).tick()).toEqual({
        ran: false,
        reason: "recent",
      });
    } finally {
      await other.close();
    }
  });
});

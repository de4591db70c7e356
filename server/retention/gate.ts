/**
 * Who may prune now. On PostgreSQL several shop processes share the database: a
 * transaction-scoped advisory lock lets one of them prune while the others skip, and a
 * stamp in app_meta says when the cluster last pruned, so the processes' timers together
 * prune about once an interval. PGlite belongs to one process: a flag in memory is enough
 * there, beside the same stamp (a restart does not prune again at once).
 */
import { eq, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { appMeta } from "../../db/schema";

export type GateAnswer<T> = { ran: true; value: T } | { ran: false; reason: "busy" | "recent" };

export interface RetentionGate {
  /** Runs `work` unless another pruning is under way or the last one is less than the gap ago. */
  pass<T>(now: Date, work: () => Promise<T>): Promise<GateAnswer<T>>;
}

/**
 * The jobs that pass a gate: each has its own lock and stamp (key in app_meta), so the
 * mail retry never waits for a pruning.
 */
export type GatedJob = "retention" | "mail-retry";

/** One number the shop's processes agree on for a job's lock (hashtext of its name). */
const lockOf = (job: GatedJob) => sql`hashtext(${`shop-${job}`})`;

/** True when the cluster ran the job less than `minGapMs` before `now` (a stamp from a later clock does not count). */
async function ranRecently(db: Db, now: Date, minGapMs: number, job: GatedJob): Promise<boolean> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, job));
  const last = Date.parse((row?.value as { lastRunAt?: string } | undefined)?.lastRunAt ?? "");
  if (Number.isNaN(last)) return false;
  const since = now.getTime() - last;
  return since >= 0 && since < minGapMs;
}

async function stamp(db: Db, now: Date, job: GatedJob): Promise<void> {
  const value = { lastRunAt: now.toISOString() };
  await db
    .insert(appMeta)
    .values({ key: job, value, updatedAt: now })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: now } });
}

/** One process owns the database (PGlite): a pruning in progress makes the next one wait its turn. */
export function processGate(db: Db, minGapMs: number, job: GatedJob = "retention"): RetentionGate {
  let busy = false;
  return {
    async pass(now, work) {
      if (busy) return { ran: false, reason: "busy" };
      busy = true;
      try {
        if (await ranRecently(db, now, minGapMs, job)) return { ran: false, reason: "recent" };
        await stamp(db, now, job);
        return { ran: true, value: await work() };
      } finally {
        busy = false;
      }
    },
  };
}

/**
 * Several processes share the database (PostgreSQL). The lock's transaction stays open
 * while the steps run on other pooled connections, and ends (releasing the lock) with the
 * work, also when a process dies: the server then drops its connection.
 */
export function postgresGate(db: Db, minGapMs: number, job: GatedJob = "retention"): RetentionGate {
  return {
    pass(now, work) {
      return db.transaction(async (tx) => {
        const result = await tx.execute(
          sql`select pg_try_advisory_xact_lock(${lockOf(job)}) as locked`,
        );
        const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
        if (!row?.locked) return { ran: false, reason: "busy" } as const;
        const locked = tx as unknown as Db;
        if (await ranRecently(locked, now, minGapMs, job))
          return { ran: false, reason: "recent" } as const;
        await stamp(locked, now, job);
        return { ran: true, value: await work() } as const;
      });
    },
  };
}

/** The gate for the database the shop runs on. */
export function gateFor(
  database: Pick<Database, "db" | "kind">,
  minGapMs: number,
  job: GatedJob = "retention",
): RetentionGate {
  return database.kind === "postgres"
    ? postgresGate(database.db, minGapMs, job)
    : processGate(database.db, minGapMs, job);
}

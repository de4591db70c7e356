/**
 * Durable jobs in the shop's own database (ADR 0014): a row per job, claimed with
 * `FOR UPDATE SKIP LOCKED` so several shop processes on one PostgreSQL never run the same
 * job twice, retried with growing pauses, and kept as `failed` with their last error once
 * their attempts are used up (the back office lists them). PGlite runs the same SQL in its
 * one process. A job whose process died while running it is taken again once its lock is
 * older than {@link STALE_LOCK_MS}.
 */
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobs } from "../../db/schema";
import { STOP_WAIT_MS, type PeriodicJob } from "../retention/periodic";

/** A job's run may take this long before another process may take it over. */
export const STALE_LOCK_MS = 10 * 60 * 1000;

/** Pause before attempt n+1: 30 s, 1 min, 2 min … at most an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export type JobRow = typeof jobs.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** One job per key: enqueuing the same key again adds nothing. */
  uniqueKey?: string;
  runAfter?: Date;
  maxAttempts?: number;
}

export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

/**
 * The runners of this process, told when a job is added here so they run it now rather than
 * at their next poll (other processes find it at theirs).
 */
const wakers = new Set<() => void>();

/** Wakes this process's job runners. */
export function wakeJobRunners(): void {
  for (const wake of wakers) wake();
}

/**
 * Adds jobs (inside the caller's transaction when given one, so they exist only if it commits)
 * and wakes this process's runners when any was new.
 */
export async function enqueue(q: Db | Tx, ...list: NewJob[]): Promise<void> {
  if (list.length === 0) return;
  const added = await q
    .insert(jobs)
    .values(
      list.map((j) => ({
        kind: j.kind,
        payload: j.payload,
        uniqueKey: j.uniqueKey ?? null,
        runAfter: j.runAfter ?? new Date(),
        ...(j.maxAttempts ? { maxAttempts: j.maxAttempts } : {}),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  // Only a job really added wakes them (a repeated unique key adds nothing).
  if (added.length > 0) wakeJobRunners();
}

export interface JobQueue {
  enqueue(...list: NewJob[]): Promise<void>;
  /** Claims up to `limit` due jobs of the given kinds for this worker. */
  claim(kinds: readonly string[], limit: number, now?: Date): Promise<JobRow[]>;
  complete(id: number): Promise<void>;
  /** Records a failure: queued again after the back-off, or `failed` once attempts are used up. */
  fail(id: number, error: Error, now?: Date): Promise<void>;
  /** Runs the due jobs of the registered kinds once; answers how many ran and failed. */
  runDue(now?: Date): Promise<{ ran: number; failed: number }>;
  /** Jobs that used up their attempts, newest first (for the back office). */
  failures(limit?: number): Promise<JobRow[]>;
  /** A failed job queued again with fresh attempts (an operator's retry). */
  retry(id: number): Promise<boolean>;
  register(kind: string, handler: JobHandler): void;
  readonly workerId: string;
}

export function createJobQueue(db: Db, log?: { warn(o: object, m: string): void }): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

  const queue: JobQueue = {
    workerId,
    enqueue: (...list) => enqueue(db, ...list),
    register(kind, handler) {
      handlers.set(kind, handler);
    },

    async claim(kinds, limit, now = new Date()) {
      if (kinds.length === 0) return [];
      const staleBefore = new Date(now.getTime() - STALE_LOCK_MS);
      const kindList = sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      );
      const result = await db.execute(sql`
        UPDATE jobs SET state = 'running', locked_by = ${workerId}, locked_at = ${now},
          attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM jobs
          WHERE kind IN (${kindList})
            AND ((state = 'queued' AND run_after <= ${now})
              OR (state = 'running' AND locked_at < ${staleBefore}))
          ORDER BY run_after, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id`);
      const ids = (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
      if (ids.length === 0) return [];
      return db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(asc(jobs.id));
    },

    async complete(id) {
      await db
        .update(jobs)
        .set({
          state: "done",
          finishedAt: new Date(),
          lockedBy: null,
          lockedAt: null,
          lastError: null,
        })
        .where(eq(jobs.id, id));
    },

    async fail(id, error, now = new Date()) {
      const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
      if (!job) return;
      const usedUp = job.attempts >= job.maxAttempts;
      await db
        .update(jobs)
        .set({
          state: usedUp ? "failed" : "queued",
          lastError: String(error.message).slice(0, 2000),
          lockedBy: null,
          lockedAt: null,
          runAfter: usedUp ? job.runAfter : new Date(now.getTime() + backoffMs(job.attempts)),
          ...(usedUp ? { finishedAt: now } : {}),
        })
        .where(eq(jobs.id, id));
    },

    async runDue(now = new Date()) {
      let ran = 0;
      let failed = 0;
      for (;;) {
        const batch = await queue.claim([...handlers.keys()], 5, now);
        if (batch.length === 0) break;
        for (const job of batch) {
          ran += 1;
          try {
            await handlers.get(job.kind)!(job.payload, job);
            await queue.complete(job.id);
          } catch (error) {
            failed += 1;
            log?.warn({ job: job.id, kind: job.kind, err: error }, "job failed");
            await queue.fail(job.id, error as Error, now);
          }
        }
      }
      return { ran, failed };
    },

    failures(limit = 50) {
      return db
        .select()
        .from(jobs)
        .where(eq(jobs.state, "failed"))
        .orderBy(desc(jobs.finishedAt))
        .limit(limit);
    },

    async retry(id) {
      const updated = await db
        .update(jobs)
        .set({ state: "queued", attempts: 0, runAfter: new Date(), finishedAt: null })
        .where(and(eq(jobs.id, id), eq(jobs.state, "failed")))
        .returning({ id: jobs.id });
      return updated.length > 0;
    },
  };
  return queue;
}

/** A woken pass that found nothing looks once more after this pause (see below). */
export const WAKE_RECHECK_MS = 250;

export interface JobRunner extends PeriodicJob<{ ran: number; failed: number }> {
  /** A pass now (after the running one, if any): a job was just added in this process. */
  wake(): void;
}

/**
 * Runs the queue every `intervalMs` (after the last pass ended) until stopped, and at once when
 * a job is enqueued in this process. A job added inside a transaction is only visible once that
 * transaction commits, which on PostgreSQL may be just after the woken pass looked: a woken pass
 * that ran nothing therefore looks once more after {@link WAKE_RECHECK_MS}. (PGlite runs one
 * statement at a time, so there the woken pass already waits for the commit.)
 */
export function createJobRunner(
  queue: Pick<JobQueue, "runDue">,
  {
    intervalMs,
    firstRunMs = 1_000,
    stopWaitMs = STOP_WAIT_MS,
    onError,
  }: { intervalMs: number; firstRunMs?: number; stopWaitMs?: number; onError(error: Error): void },
): JobRunner {
  type Pass = "poll" | "wake" | "recheck";
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let started = false;
  let stopped = false;
  let wokenWhileRunning = false;

  function schedule(ms: number, pass: Pass) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => run(pass), ms);
    timer.unref();
  }

  function run(pass: Pass) {
    timer = null;
    wokenWhileRunning = false;
    running = queue
      .runDue()
      .catch((error: unknown) => {
        onError(error as Error);
        return null;
      })
      .then((result) => {
        running = null;
        if (wokenWhileRunning) schedule(0, "wake");
        else if (pass === "wake" && result?.ran === 0) schedule(WAKE_RECHECK_MS, "recheck");
        else schedule(intervalMs, "poll");
      });
  }

  function wake() {
    if (!started || stopped) return;
    if (running) wokenWhileRunning = true;
    else schedule(0, "wake");
  }

  return {
    wake,
    start() {
      if (started || stopped) return;
      started = true;
      wakers.add(wake);
      schedule(firstRunMs, "poll");
    },
    async tick() {
      if (stopped) return { ran: false, reason: "stopped" };
      return queue.runDue();
    },
    async stop() {
      stopped = true;
      wakers.delete(wake);
      if (timer) clearTimeout(timer);
      timer = null;
      if (!running) return;
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => {
          wait = setTimeout(resolve, stopWaitMs);
        }),
      ]);
      clearTimeout(wait);
    },
    isStopped: () => stopped,
  };
}

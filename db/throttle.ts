/**
 * Counters in fixed time windows, kept in the database so every process sees the same
 * count: `hit` adds one and says whether the limit is now exceeded, `count` only reads.
 * `hit` is one atomic statement, so a caller that hits before doing the guarded work lets
 * no more than the limit through however many requests arrive at once.
 */
import { and, eq, like, lt, notLike, sql } from "drizzle-orm";
import { deleteInBatches } from "./batches";
import type { Db } from "./client";
import { rateLimits } from "./schema";

export interface Window {
  /** Length of the window. */
  ms: number;
  /** Most hits a key may have in one window. */
  limit: number;
}

function windowStart(now: Date, window: Window): Date {
  return new Date(Math.floor(now.getTime() / window.ms) * window.ms);
}

/** The hits of a key in the current window. */
export async function count(
  db: Db,
  key: string,
  window: Window,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart(now, window))));
  return rows[0]?.count ?? 0;
}

/** Adds a hit; true while the key is still within its limit. */
export async function hit(db: Db, key: string, window: Window, now = new Date()): Promise<boolean> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: windowStart(now, window), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 0) <= window.limit;
}

/**
 * Forgets the windows that started before `before`, of the keys beginning with `prefix`
 * ("" for every key) and none of `except`; says how many went. Give a `before` at least
 * the longest window of those keys ago, or a current window is forgotten too.
 */
export async function prune(
  db: Db,
  before: Date,
  keys: { prefix?: string; except?: readonly string[] } = {},
): Promise<number> {
  const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, "\\$&")}%`;
  const where = and(
    lt(rateLimits.windowStart, before),
    keys.prefix ? like(rateLimits.key, startsWith(keys.prefix)) : undefined,
    ...(keys.except ?? []).map((prefix) => notLike(rateLimits.key, startsWith(prefix))),
  )!;
  return deleteInBatches(db, rateLimits, where);
}

/**
 * Takes one hit back (never below zero): a call counted before its outcome was known that
 * turned out not to count, such as a log-in with the right password.
 */
export async function refund(db: Db, key: string, window: Window, now = new Date()): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart(now, window))));
}

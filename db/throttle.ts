/**
 * Counters in fixed time windows, kept in the database so every process sees the same
 * count: `hit` adds one and says whether the limit is now exceeded, `count` only reads.
 */
import { and, eq, lt, sql } from "drizzle-orm";
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

/** Forgets windows that ended before `before`. */
export async function prune(db: Db, before: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, before));
}

/**
 * The shop's own RUM collector: browsers' errors and web vitals stored in the database,
 * throttled per address (the counter every process shares), and kept for
 * RUM_RETENTION_DAYS (the retention job calls `prune`).
 */
import { desc, lt } from "drizzle-orm";
import { deleteInBatches } from "../../db/batches";
import { RUM_POSTS_PER_MINUTE, type RumEvent } from "../../domain/rum";
import { SECONDS_PER_DAY } from "../../domain/constants";
import { hit } from "../../db/throttle";
import type { Db } from "../../db/client";
import { rumEvents } from "../../db/schema";

export const RUM_RETENTION_DAYS = 30;
const MINUTE = { ms: 60_000, limit: RUM_POSTS_PER_MINUTE };

export interface RumCollector {
  /** Stores the events; false when the address has posted too often this minute. */
  record(channel: string, address: string, events: readonly RumEvent[]): Promise<boolean>;
  /** The newest events, newest first. */
  recent(limit: number): Promise<(typeof rumEvents.$inferSelect)[]>;
  /** Deletes the events older than RUM_RETENTION_DAYS; says how many. */
  prune(now?: Date): Promise<{ events: number }>;
}

export function createRumCollector(db: Db, now: () => Date = () => new Date()): RumCollector {
  return {
    async record(channel, address, events) {
      if (!(await hit(db, `rum:${address}`, MINUTE, now()))) return false;
      await db.insert(rumEvents).values(
        events.map((event) => ({
          channel,
          type: event.type,
          device: event.device,
          path: event.path,
          ...(event.type === "vital"
            ? { name: event.name, value: event.value, rating: event.rating }
            : {
                name: event.message,
                source: event.source ?? null,
                line: event.line ?? null,
                column: event.column ?? null,
              }),
        })),
      );
      return true;
    },
    recent: (limit) => db.select().from(rumEvents).orderBy(desc(rumEvents.id)).limit(limit),
    async prune(at = now()) {
      const before = new Date(at.getTime() - RUM_RETENTION_DAYS * SECONDS_PER_DAY * 1000);
      return { events: await deleteInBatches(db, rumEvents, lt(rumEvents.receivedAt, before)) };
    },
  };
}

/**
 * The shop's own RUM collector: browsers' errors and web vitals stored in the database,
 * throttled per address (the counter every process shares), and kept for
 * RUM_RETENTION_DAYS.
 */
import { desc, lt } from "drizzle-orm";
import { RUM_POSTS_PER_MINUTE, type RumEvent } from "../../domain/rum";
import { SECONDS_PER_DAY } from "../../domain/constants";
import { hit } from "../../db/throttle";
import type { Db } from "../../db/client";
import { rumEvents } from "../../db/schema";

export const RUM_RETENTION_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const MINUTE = { ms: 60_000, limit: RUM_POSTS_PER_MINUTE };

export interface RumCollector {
  /** Stores the events; false when the address has posted too often this minute. */
  record(channel: string, address: string, events: readonly RumEvent[]): Promise<boolean>;
  /** The newest events, newest first. */
  recent(limit: number): Promise<(typeof rumEvents.$inferSelect)[]>;
}

export function createRumCollector(db: Db, now: () => Date = () => new Date()): RumCollector {
  let prunedAt = 0;
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
      const time = now().getTime();
      if (time - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = time;
        const before = new Date(time - RUM_RETENTION_DAYS * SECONDS_PER_DAY * 1000);
        await db.delete(rumEvents).where(lt(rumEvents.receivedAt, before));
      }
      return true;
    },
    recent: (limit) => db.select().from(rumEvents).orderBy(desc(rumEvents.id)).limit(limit),
  };
}

/**
 * Cache invalidation between shop processes on one PostgreSQL (workers of a machine, nodes
 * behind a load balancer): a change one process makes (a publish, a release, a content or
 * catalogue import) is announced on a PostgreSQL channel, and every other process drops
 * what it knew at once, instead of finding out at its next version check (which stays as
 * the fallback for an announcement lost while a connection was down). With the embedded
 * database there is one process and nobody to tell.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import { CHANNEL_IDS, type ChannelId } from "../config/channels";
import type { Db } from "../db/client";
import type { Logger } from "./logger";

/** The PostgreSQL channel the shop's processes announce their changes on. */
export const INVALIDATION_CHANNEL = "shop_invalidation";
const RECONNECT_DELAY_MS = { first: 500, max: 30_000 };

/**
 * A change: of a channel's content (or every channel's) or of the catalogue. A content
 * change that touched only some stories names the page tags it touches
 * (server/pageTags.ts), so the page caches drop only the pages with those tags.
 */
export type Invalidation =
  { kind: "content"; channel?: ChannelId; tags?: readonly string[] } | { kind: "catalogue" };

/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7900;

const announcement = z.object({
  from: z.string(),
  kind: z.enum(["content", "catalogue"]),
  channel: z.enum(CHANNEL_IDS).optional(),
  tags: z.array(z.string().max(1000)).max(200).optional(),
});

/**
 * The payload of an announcement. Tags only with a channel (a change of every channel
 * names none); when they would not fit, the change goes without them and every process
 * drops the channel's pages.
 */
export function announcementPayload(from: string, change: Invalidation): string {
  const precise = change.kind === "content" && change.channel && change.tags;
  const payload = JSON.stringify({ from, ...change, ...(precise ? {} : { tags: undefined }) });
  if (Buffer.byteLength(payload) < MAX_PAYLOAD_BYTES && (!precise || change.tags!.length <= 200)) {
    return payload;
  }
  return JSON.stringify({ from, ...change, tags: undefined });
}

export interface InvalidationBus {
  /** Tells every other process of the change (this process has handled it itself). */
  announce(change: Invalidation): void;
  /** Called for each change another process announces. */
  onChange(listener: (change: Invalidation) => void): void;
  close(): Promise<void>;
}

/** Announces a change from a process that does not listen (the import commands). */
export async function announceChange(db: Db, change: Invalidation, from = "cli"): Promise<void> {
  await db.execute(
    sql`select pg_notify(${INVALIDATION_CHANNEL}, ${announcementPayload(from, change)})`,
  );
}

/**
 * Listens on its own connection (a pooled one cannot stay subscribed) and reconnects with
 * back-off when it drops; after a reconnection every listener hears "everything changed",
 * since announcements made meanwhile were lost.
 */
export async function createInvalidationBus(options: {
  url: string;
  db: Db;
  log: Logger;
}): Promise<InvalidationBus> {
  const { url, db, log } = options;
  const id = randomUUID();
  const listeners: ((change: Invalidation) => void)[] = [];
  let client: pg.Client | null = null;
  let closed = false;
  let retryIn = RECONNECT_DELAY_MS.first;
  let retryTimer: NodeJS.Timeout | null = null;

  const tell = (change: Invalidation) => {
    for (const listener of listeners) listener(change);
  };

  function received(payload: string | undefined) {
    let parsed: z.infer<typeof announcement>;
    try {
      parsed = announcement.parse(JSON.parse(payload ?? ""));
    } catch {
      log.warn({ id: "invalidation-unreadable" }, "unreadable cache invalidation announcement");
      return;
    }
    if (parsed.from === id) return;
    tell(
      parsed.kind === "content"
        ? {
            kind: "content",
            ...(parsed.channel ? { channel: parsed.channel } : {}),
            ...(parsed.channel && parsed.tags ? { tags: parsed.tags } : {}),
          }
        : { kind: "catalogue" },
    );
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => received(message.payload));
    next.on("error", (error) => {
      log.warn({ id: "invalidation-connection-lost", reason: error.message }, "listening again");
      lost(next);
    });
    next.on("end", () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    client = next;
    retryIn = RECONNECT_DELAY_MS.first;
  }

  function lost(which: pg.Client) {
    if (client !== which || closed) return;
    client = null;
    which.end().catch(() => {});
    schedule();
  }

  function schedule() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().then(
        () => {
          tell({ kind: "content" });
          tell({ kind: "catalogue" });
        },
        (error: unknown) => {
          log.warn(
            { id: "invalidation-connect-failed", reason: (error as Error).message, retryIn },
            "cache invalidation not listening",
          );
          retryIn = Math.min(retryIn * 2, RECONNECT_DELAY_MS.max);
          schedule();
        },
      );
    }, retryIn);
    retryTimer.unref();
  }

  await connect();
  return {
    announce(change) {
      announceChange(db, change, id).catch((error: unknown) =>
        log.warn(
          { id: "invalidation-announce-failed", reason: (error as Error).message },
          "other processes learn of the change at their next version check",
        ),
      );
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}

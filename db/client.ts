/**
 * The database: embedded PGlite in a folder by default, PostgreSQL when a URL is
 * given. Both speak the same Drizzle schema and the same migrations.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { PGLITE_BYTEA } from "./bytea";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<{ ok: boolean; latencyMs: number; error?: string }>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(
  process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), "db/migrations"),
);

export type DatabaseOptions =
  | {
      url: string;
      /**
       * Errors of idle pooled connections (the server restarted or terminated them). The
       * pool replaces such a connection on its next use; without a listener the error
       * would end the process.
       */
      onConnectionError?: (error: Error) => void;
    }
  | { dataDir: string }
  | { memory: true };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const onConnectionError =
      options.onConnectionError ??
      ((error: Error) => console.error(`database connection lost: ${error.message}`));
    pool.on("error", onConnectionError);
    const db = drizzlePg(pool, { schema });
    return wrap(
      db as unknown as Db,
      "postgres",
      () => migrateExclusively(pool, db),
      () => pool.end(),
    );
  }
  let client: PGlite;
  if ("dataDir" in options) {
    // PGlite does not create parent directories.
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create({ dataDir: options.dataDir, ...PGLITE_BYTEA });
  } else {
    client = await PGlite.create(PGLITE_BYTEA);
  }
  const db = drizzlePglite(client, { schema });
  return wrap(
    db as unknown as Db,
    "pglite",
    () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    () => client.close(),
  );
}

/**
 * Several shop processes may start at once on one PostgreSQL (workers, nodes): one of
 * them migrates while the others wait on a lock, then find nothing left to do.
 */
async function migrateExclusively(
  pool: pg.Pool,
  db: Parameters<typeof migratePg>[0],
): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query("select pg_advisory_lock(hashtext('shop-migrations'))");
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await holder.query("select pg_advisory_unlock(hashtext('shop-migrations'))").catch(() => {});
    holder.release();
  }
}

function wrap(
  db: Db,
  kind: Database["kind"],
  migrate: () => Promise<void>,
  close: () => Promise<void>,
): Database {
  return {
    db,
    kind,
    migrate,
    close,
    async ping() {
      const started = performance.now();
      try {
        await db.execute(sql`select 1`);
        return { ok: true, latencyMs: Math.round(performance.now() - started) };
      } catch (error) {
        return {
          ok: false,
          latencyMs: Math.round(performance.now() - started),
          error: String(error),
        };
      }
    },
  };
}

/** How often and how patiently the boot waits for its database. */
export interface ConnectRetry {
  attempts: number;
  /** The first pause; each next one doubles, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const BOOT_CONNECT_RETRY: ConnectRetry = {
  attempts: 8,
  firstDelayMs: 500,
  maxDelayMs: 8000,
};

export class DatabaseUnavailableError extends Error {}

/**
 * Runs `connect` until it succeeds, pausing with exponential back-off between attempts
 * (a database that starts after the shop, a failover); after the last attempt fails,
 * throws a DatabaseUnavailableError naming the cause.
 */
export async function withConnectRetry<T>(
  connect: () => Promise<T>,
  retry: ConnectRetry,
  onRetry: (attempt: number, delayMs: number, error: unknown) => void,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  let delay = retry.firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (error) {
      if (attempt >= retry.attempts) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new DatabaseUnavailableError(
          `The database is not reachable after ${attempt} attempts: ${reason}`,
        );
      }
      onRetry(attempt, delay, error);
      await sleep(delay);
      delay = Math.min(delay * 2, retry.maxDelayMs);
    }
  }
}

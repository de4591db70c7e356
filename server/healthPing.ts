/**
 * The database part of /health, asked ahead of the shop's queued queries.
 *
 * The embedded database (PGlite) runs on the shop's own thread and takes one statement at
 * a time: each query waits in one line for its turn. A plain `select 1` from /health so
 * waited behind every statement other requests had queued before it (a burst of uploads
 * counting their limits and storing pictures and photos), and a load balancer would see a
 * working shop answer its health check late. Here the ping waits only for the statement
 * running now: it takes the engine's own lock for one exchange (`runExclusive`, which
 * queries and transactions take per statement) instead of joining the line of queries, and
 * its `select 1` runs between two statements of the line.
 *
 * Between two statements of another caller's transaction the ping does not run: it would
 * run inside that transaction (and fail in one a statement has aborted). It then joins the
 * line as every query does and answers when the transaction has ended.
 *
 * PostgreSQL's queries wait on its server and the pool, not on this thread: the plain ping.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { Database } from "../db/client";

export interface PingResult {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** A wire-protocol message: its type byte, its length (itself included), its body. */
function message(type: string, body: Buffer): Uint8Array {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0, "ascii");
  out.writeUInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

/** A simple query `select 1`, and the sync that ends an exchange (as PGlite's exec does). */
const SELECT_ONE = message("Q", Buffer.from("select 1\0", "utf8"));
const SYNC = message("S", Buffer.alloc(0));

/** The embedded engine under a database, or null for PostgreSQL. */
function embeddedEngine(database: Database): PGlite | null {
  if (database.kind !== "pglite") return null;
  return (database.db as unknown as { $client: PGlite }).$client;
}

/**
 * Runs `select 1` on the embedded engine between two statements of the line; false when
 * another caller's transaction is open (nothing was run).
 */
async function selectOneBetweenStatements(engine: PGlite): Promise<boolean> {
  return engine.runExclusive(async () => {
    if (engine.isInTransaction()) return false;
    try {
      const { messages } = await engine.execProtocol(SELECT_ONE, { syncToFs: false });
      if (!messages.some((m) => m.name === "commandComplete")) {
        throw new Error("select 1 gave no answer");
      }
    } finally {
      await engine.execProtocol(SYNC, { syncToFs: false, throwOnError: false });
    }
    return true;
  });
}

/** Whether the database answers, and in how long; ahead of queued queries on PGlite. */
export async function pingAhead(database: Database): Promise<PingResult> {
  const engine = embeddedEngine(database);
  if (!engine) return database.ping();
  const started = performance.now();
  try {
    if (!engine.ready) throw new Error("the embedded database is closed");
    if (!(await selectOneBetweenStatements(engine))) await engine.query("select 1");
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      error: String(error),
    };
  }
}

/**
 * Deleting many rows a few thousand at a time: a first prune of a table that grew for
 * months then holds no lock and no transaction for long, and a stopping process waits
 * for one batch at most.
 */
import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

export const DELETE_BATCH_ROWS = 5_000;

/** The rows a statement changed: node-postgres says `rowCount`, PGlite `affectedRows`. */
function changedRows(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
}

/** Deletes the rows of `table` that match `where`, batch by batch; says how many went. */
export async function deleteInBatches(
  db: Db,
  table: PgTable,
  where: SQL,
  batchRows = DELETE_BATCH_ROWS,
): Promise<number> {
  let total = 0;
  for (;;) {
    // ctid works for every table, also those without a single-column key (counters).
    const result = await db.execute(
      sql`delete from ${table} where ctid = any(array(select ctid from ${table} where ${where} limit ${batchRows}))`,
    );
    const removed = changedRows(result);
    total += removed;
    if (removed < batchRows) return total;
  }
}

import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { pingAhead } from "./healthPing";

/** A statement that keeps the embedded engine busy for a while (no table needed). */
const BUSY = "select count(*) from generate_series(1, 20000)";

/** Lets every callback and turn of the event loop that is due run. */
async function settle(turns = 20) {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe("the health check's database ping", () => {
  let database: Database;
  let engine: PGlite;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    engine = (database.db as unknown as { $client: PGlite }).$client;
  });
  afterAll(async () => {
    await database.close();
  });

  it("answers between two queued statements, where a plain query waits for the whole line", async () => {
    const order: string[] = [];
    const line = Array.from({ length: 30 }, (_, i) =>
      engine.query(BUSY).then(() => order.push(`query ${i}`)),
    );
    const ahead = pingAhead(database).then((result) => {
      order.push("ping ahead");
      return result;
    });
    const plain = database.ping().then(() => order.push("plain ping"));
    expect(await ahead).toMatchObject({ ok: true });
    await Promise.all([...line, plain]);
    // At most the statement already running goes first.
    expect(order.indexOf("ping ahead")).toBeLessThanOrEqual(1);
    expect(order.at(-1)).toBe("plain ping");
  });

  it("never runs inside another caller's open transaction, even an aborted one", async () => {
    await engine.exec("create table if not exists ping_probe (n int)");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = engine
      .transaction(async (tx) => {
        await tx.query("insert into ping_probe values (1)");
        // A statement fails: the transaction is aborted until it ends.
        await tx.query("select 1 / 0").catch(() => undefined);
        await held;
      })
      .catch(() => "rolled back");
    await settle();
    let answered = false;
    const ping = pingAhead(database).then((result) => {
      answered = true;
      return result;
    });
    await settle();
    expect(answered).toBe(false);
    release();
    expect(await transaction).toBe("rolled back");
    expect(await ping).toMatchObject({ ok: true });
    // The ping's own statement left the engine as it found it: usable, no transaction open.
    expect(engine.isInTransaction()).toBe(false);
    expect((await engine.query("select count(*)::int as n from ping_probe")).rows).toEqual([
      { n: 0 },
    ]);
  });

  it("says the database is gone once it is closed", async () => {
    const closed = await openDatabase({ memory: true });
    await closed.close();
    const result = await pingAhead(closed);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/closed/);
  });
});

import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "./client";

const adminUrl = process.env.TEST_DATABASE_URL;

// Only where PostgreSQL is available (CI sets TEST_DATABASE_URL when it answers).
describe.runIf(adminUrl)("the PostgreSQL pool", () => {
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const onConnectionError = vi.fn();
  let database: Database;

  async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl ?? "");
    url.pathname = `/${name}`;
    database = await openDatabase({ url: url.toString(), onConnectionError });
  });

  afterAll(async () => {
    await database.close();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it("reports a connection the server terminated and answers the next query on a new one", async () => {
    await database.db.execute(sql`select 1`);
    await admin((client) =>
      client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      ),
    );
    await vi.waitFor(() => expect(onConnectionError).toHaveBeenCalled());
    expect((onConnectionError.mock.calls[0]?.[0] as { code?: string }).code).toBe("57P01");
    expect((await database.ping()).ok).toBe(true);
  });

  it("migrates once when several processes start on it at the same moment", async () => {
    const url = new URL(adminUrl ?? "");
    url.pathname = `/${name}`;
    const others = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: url.toString(), onConnectionError })),
    );
    try {
      await Promise.all([database, ...others].map((each) => each.migrate()));
      const tables = await database.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'customers'`,
      );
      expect(((tables as { rows: { n: number }[] }).rows[0] as { n: number }).n).toBe(1);
    } finally {
      await Promise.all(others.map((each) => each.close()));
    }
  });
});

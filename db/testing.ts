/**
 * Test databases: a copy of the migrated PGlite template, and, when
 * TEST_DATABASE_URL is set, a PostgreSQL database per test file copied from the run's
 * migrated template database. API tests run
 * against every kind available (`TEST_DATABASES`).
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "./client";

export type TestDatabaseKind = "pglite" | "postgres";

export const TEST_DATABASES: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

export interface TestDatabase extends Database {
  /** Closes and removes the database. */
  destroy(): Promise<void>;
  /** The connection URL (PostgreSQL only). */
  url?: string;
}

export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "shop-pglite-"));
    cpSync(inject("pgliteTemplate"), dir, { recursive: true });
    const database = await openDatabase({ dataDir: dir });
    await database.migrate();
    return {
      ...database,
      async destroy() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the run's migrated template (tests/setup/global-db.ts) when there is one.
  const template = inject("postgresTemplate");
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // DROP DATABASE … WITH (FORCE) at the end may still meet connections the pool is closing.
  const database = await openDatabase({
    url: url.toString(),
    onConnectionError: (error) => {
      if ((error as { code?: string }).code !== "57P01") throw error;
    },
  });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async destroy() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

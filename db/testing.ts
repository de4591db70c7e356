/**
 * Test databases: a copy of the migrated PGlite template, and, when
 * TEST_DATABASE_URL is set, a PostgreSQL database per test file copied from the run's
 * migrated template database. API tests run
 * against every kind available (`TEST_DATABASES`). A test may start from another of the
 * run's templates instead (`makeTestTemplate`: one filled once per run, e.g. with the seed
 * catalogue, so that each file copies it rather than importing it again).
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
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
  /** The name of the run's template it is a copy of, when not the migrated one. */
  template?: string;
}

/**
 * A database of its own for a test: a copy of a template of the run (as `makeTestTemplate`
 * answers it), by default of the migrated one.
 */
export async function openTestDatabase(
  kind: TestDatabaseKind,
  template?: { name: string; from: string },
): Promise<TestDatabase> {
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(os.tmpdir(), "shop-pglite-"));
    cpSync(template?.from ?? inject("pgliteTemplate"), dir, { recursive: true });
    const database = await openDatabase({ dataDir: dir });
    await database.migrate();
    return {
      ...database,
      template: template?.name,
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
  const from = template?.from ?? inject("postgresTemplate");
  await admin.query(`CREATE DATABASE ${name}${from ? ` TEMPLATE ${from}` : ""}`);
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
    template: template?.name,
    async destroy() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * The run's template of a kind named `name`, made by the first test file that asks: a copy
 * of the migrated template that `fill` writes into, then closed so that it can be copied.
 * The other files (in other workers too) wait while it is made and then copy it. Answers
 * what `openTestDatabase` takes: the name and the PGlite folder or PostgreSQL database to
 * copy (tests/setup/global-db.ts removes both when the run ends).
 */
export async function makeTestTemplate(
  kind: TestDatabaseKind,
  name: string,
  fill: (database: TestDatabase) => Promise<void>,
): Promise<{ name: string; from: string }> {
  const folder = inject("testTemplatesDir");
  const made = path.join(folder, `${kind}-${name}`);
  const template = kind === "pglite" ? made : `${inject("postgresTemplate")}_${name}`;
  await oncePerRun(`${made}.ready`, async () => {
    if (kind === "pglite") {
      rmSync(made, { recursive: true, force: true });
      cpSync(inject("pgliteTemplate"), made, { recursive: true });
      const database = await openDatabase({ dataDir: made });
      try {
        await fill({ ...database, destroy: async () => {} });
      } finally {
        await database.close();
      }
      return;
    }
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${template} TEMPLATE ${inject("postgresTemplate")}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString() });
    try {
      await fill({ ...database, url: url.toString(), destroy: async () => {} });
    } finally {
      // A template can only be copied while nobody is connected to it.
      await database.close();
    }
  });
  return { name, from: template };
}

/**
 * Runs `make` once per run across the test workers: the first caller holds a lock folder
 * (with its process id in it) while it works and leaves `done` behind; the others wait for
 * it. A lock whose process is gone (a worker ended while making) is taken over; one held
 * for minutes fails the waiting file instead of hanging the run.
 */
async function oncePerRun(done: string, make: () => Promise<void>): Promise<void> {
  const lock = `${done}.lock`;
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    if (existsSync(done)) return;
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, "pid"), String(process.pid));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (!lockHolderAlive(lock)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline)
        throw new Error(`the lock ${lock} was never freed`, { cause: error });
      else await delay(200);
      continue;
    }
    try {
      if (!existsSync(done)) {
        await make();
        writeFileSync(done, "");
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Whether the process that took a lock still runs (true while it has not written its id yet). */
function lockHolderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(lock, "pid"), "utf8"));
  } catch {
    return true;
  }
  if (!pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The services every part of the process shares: created once at boot by
 * `createServices`, handed to the API routers and to React Router loaders.
 */
import { readFileSync } from "node:fs";
import { createHostTable, hostTableSchema, type HostTable } from "../config/hosts";
import { openDatabase, type Database } from "./db/client";
import { runSeed, type SeedStep } from "./db/seed";
import { publicEnv, type Env, type PublicEnv } from "./env";
import type { Logger } from "./logger";

export interface ShopServices {
  env: Env;
  publicEnv: PublicEnv;
  log: Logger;
  database: Database;
  hosts: HostTable;
}

/** Reads the production hosts file, if one is configured; a bad file stops the boot. */
export function loadHostTable(file: string | undefined): HostTable {
  if (!file) return createHostTable();
  const parsed = hostTableSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`HOSTS_FILE ${file} is invalid: ${parsed.error.message}`);
  return createHostTable(parsed.data);
}

/** The seed steps that fill an empty database, in order. */
export const SEED_STEPS: SeedStep[] = [];

export async function createServices(
  env: Env,
  log: Logger,
  database?: Database,
): Promise<ShopServices> {
  const db =
    database ??
    (await openDatabase(
      env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DIR },
    ));
  await db.migrate();
  await runSeed(db.db, SEED_STEPS, log);
  return {
    env,
    publicEnv: publicEnv(env),
    log,
    database: db,
    hosts: loadHostTable(env.HOSTS_FILE),
  };
}

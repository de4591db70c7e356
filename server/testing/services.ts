/**
 * Services for API tests: a real test database, a silent logger, the default hosts.
 * `overrides` sets variables, e.g. `{ CONTENT_DIR: "server/content/fixtures",
 * CONTENT_IMPORT_ON_START: "true" }` to import seed stories (off by default).
 */
import { createHostTable } from "../../config/hosts";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { runSeed } from "../db/seed";
import { createContentService } from "../content/service";
import { SEED_STEPS, createImages, type ShopServices } from "../services";
import { publicEnv } from "../env";
import type { TestDatabase } from "./db";

export async function createTestServices(
  database: TestDatabase,
  overrides: Record<string, string> = {},
): Promise<ShopServices> {
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    CONTENT_IMPORT_ON_START: "false",
    ...overrides,
  });
  const log = createLogger("silent");
  await runSeed(database.db, SEED_STEPS, log);
  const hosts = createHostTable();
  return {
    env,
    publicEnv: publicEnv(env),
    log,
    database,
    hosts,
    images: createImages(env, log),
    content: await createContentService({ env, log, db: database.db, hosts }),
  };
}

/** Services for API tests: a real test database, a silent logger, the default hosts. */
import { createHostTable } from "../../config/hosts";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { runSeed } from "../db/seed";
import { SEED_STEPS, type ShopServices } from "../services";
import { publicEnv } from "../env";
import type { TestDatabase } from "./db";

export async function createTestServices(database: TestDatabase): Promise<ShopServices> {
  const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" });
  const log = createLogger("silent");
  await runSeed(database.db, SEED_STEPS, log);
  return { env, publicEnv: publicEnv(env), log, database, hosts: createHostTable() };
}

/**
 * npm run catalogue:import [-- --force]: imports catalogue/ into the configured database
 * like a start does and reports what changed (--force: write every row again).
 */
import { announceChange } from "../invalidation";
import { openDatabase } from "../../db/client";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { createCatalogueService } from "./service";

export async function runCatalogueImport(
  argv: readonly string[],
  source: Record<string, string | undefined> = process.env,
): Promise<number> {
  const env = parseEnv(source);
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DIR },
  );
  try {
    await database.migrate();
    const catalogue = await createCatalogueService({
      db: database.db,
      log: createLogger(env.LOG_LEVEL),
      importOnStart: false,
    });
    const result = await catalogue.sync(argv.includes("--force"));
    // Running shops on the same PostgreSQL take the new catalogue up at once.
    if (result.changed && database.kind === "postgres") {
      await announceChange(database.db, { kind: "catalogue" });
    }
    console.info(
      result.changed
        ? `catalogue imported from ${catalogue.dir}: ${result.articles} articles, ${result.prices} prices, ${result.themes} themes`
        : `catalogue in ${catalogue.dir} is unchanged since the last import`,
    );
    return 0;
  } catch (error) {
    console.error(`catalogue import failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

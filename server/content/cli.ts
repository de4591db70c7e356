/**
 * `npm run content:import`: imports the seed stories of CONTENT_DIR into the embedded
 * spaces of the configured database, like a start does, and reports what changed.
 * `--force` imports every file again, even when nothing changed.
 */
import { openDatabase } from "../db/client";
import { parseEnv } from "../env";
import { createLogger } from "../logger";
import { loadHostTable } from "../services";
import { createContentService } from "./service";

export async function runContentImport(
  argv: readonly string[],
  source: Record<string, string | undefined> = process.env,
): Promise<number> {
  const env = { ...parseEnv(source), CONTENT_IMPORT_ON_START: false };
  if (env.CONTENT_API_URL) {
    console.error(
      "CONTENT_API_URL is set: the shop reads another content service, nothing to import.",
    );
    return 1;
  }
  const log = createLogger(env.LOG_LEVEL);
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DIR },
  );
  try {
    await database.migrate();
    const content = await createContentService({
      env,
      log,
      db: database.db,
      hosts: loadHostTable(env.HOSTS_FILE),
    });
    const result = await content.sync({ force: argv.includes("--force") });
    content.close();
    console.info(
      result?.changed
        ? `content imported from ${env.CONTENT_DIR}: ${result.written} written, ${result.removed} removed`
        : `content in ${env.CONTENT_DIR} is unchanged since the last import`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * The content commands, run against the configured database like a start does:
 *   npm run content:import [-- --force]   imports the seed stories of CONTENT_DIR and
 *                                         reports what changed (--force: every file again)
 *   npm run content:tokens                prints each embedded space's access tokens, e.g.
 *                                         the preview token an editor signs in with
 */
import { openDatabase, type Database } from "../../db/client";
import { announceChange } from "../invalidation";
import { parseEnv, type Env } from "../env";
import { createLogger } from "../logger";
import { createCms, type Cms } from "../../cms/cms";
import { callerKey } from "../middleware/clientAddress";
import { configuredSpaces } from "./client";

type Source = Record<string, string | undefined>;

/** Opens the configured database and the embedded content service for one command. */
async function withEmbeddedContent(
  source: Source,
  run: (cms: Cms, env: Env, database: Database) => Promise<void>,
): Promise<number> {
  const env = { ...parseEnv(source), CONTENT_IMPORT_ON_START: false };
  if (env.CONTENT_API_URL) {
    console.error(
      "CONTENT_API_URL is set: the shop reads another content service; this command works on the embedded one.",
    );
    return 1;
  }
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.PGLITE_DIR },
  );
  try {
    await database.migrate();
    const cms = await createCms({
      db: database.db,
      log: createLogger(env.LOG_LEVEL),
      spaces: configuredSpaces(env),
      managementToken: env.CONTENT_MANAGEMENT_TOKEN,
      contentDir: env.CONTENT_DIR,
      callerKey,
    });
    try {
      await run(cms, env, database);
    } finally {
      cms.close();
    }
    return 0;
  } finally {
    await database.close();
  }
}

export function runContentImport(argv: readonly string[], source: Source = process.env) {
  return withEmbeddedContent(source, async (cms, env, database) => {
    const result = await cms.sync({ force: argv.includes("--force") });
    // Running shops on the same PostgreSQL read the new content at once.
    if (result.changed && database.kind === "postgres") {
      await announceChange(database.db, { kind: "content" });
    }
    console.info(
      result.changed
        ? `content imported from ${env.CONTENT_DIR}: ${result.written} written, ${result.removed} removed`
        : `content in ${env.CONTENT_DIR} is unchanged since the last import`,
    );
  });
}

export function runContentTokens(source: Source = process.env) {
  return withEmbeddedContent(source, async (cms) => {
    for (const [channel, space] of Object.entries(cms.spaceAccess())) {
      console.info(
        `${channel}: space ${space.spaceId}, public token ${space.publicToken ?? "-"}, preview token ${space.previewToken ?? "-"}`,
      );
    }
  });
}

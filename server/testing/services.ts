/**
 * Services for API tests: the shop's own wiring (`wireServices`) over a real test database,
 * with what a test wants otherwise: a silent logger, no seed import unless asked, every
 * page rendered, the studio's files in a folder of the test's own. `overrides` sets
 * variables, e.g. `{ CONTENT_DIR: "server/content/fixtures", CONTENT_IMPORT_ON_START: "true" }`
 * to import seed stories (off by default).
 */
import { tmpdir } from "node:os";
import path from "node:path";
import { importCatalogue } from "../catalogue/import";
import { parseEnv } from "../env";
import { createLogger, type Logger } from "../logger";
import { wireServices, type ShopServices } from "../services";
import {
  makeTestTemplate,
  openTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
} from "../../db/testing";

export interface TestServiceOptions {
  /** The services' logger (silent by default). */
  log?: Logger;
  /**
   * Wraps the fetch the content service reads the embedded Content Delivery API with,
   * e.g. to count its requests or make the content source fail.
   */
  contentFetch?: (embedded: typeof fetch) => typeof fetch;
  /** Import the seed catalogue (off by default: it takes seconds on PGlite). */
  catalogue?: boolean;
  /** Hear of the changes other processes on the same PostgreSQL make (off by default). */
  listen?: boolean;
}

export async function createTestServices(
  database: TestDatabase,
  overrides: Record<string, string> = {},
  options: TestServiceOptions = {},
): Promise<ShopServices> {
  // A database copied from a seed holds that seed's import already: services that would
  // import another seed would find theirs done and skip it.
  const wanted = seedOf(overrides, options);
  if (database.template && wanted && database.template !== wanted)
    throw new Error(
      `a database with the ${database.template} seed, for services of the ${wanted} seed`,
    );
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    CONTENT_IMPORT_ON_START: "false",
    // Every request renders unless a test is about the page cache.
    PAGE_CACHE: "false",
    // Each test's studio photos in a folder of its own.
    STUDIO_DIR: path.join(tmpdir(), `shop-test-studio-${crypto.randomUUID()}`),
    ...overrides,
  });
  return wireServices(env, options.log ?? createLogger("silent"), database, {
    importCatalogue: options.catalogue ?? false,
    contentFetch: options.contentFetch,
    listenUrl: options.listen ? database.url : undefined,
  });
}

/**
 * What a test database may start with, imported once per run instead of by every file:
 * `catalogue` the seed catalogue (its import reads no variable); `content` what services
 * with `CONTENT_DIR=content` and CONTENT_IMPORT_ON_START write: the content spaces and the
 * seed stories of ./content; `shop` both. Each import remembers the hash of its files, so
 * the services of a test over such a database find nothing left to import, as a restarted
 * shop does.
 */
export type TestSeed = "catalogue" | "content" | "shop";

/** The variables the seed stories are imported with. */
const SEED_CONTENT = { CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" };

/**
 * The seed that services with these variables and options import themselves (null: none).
 * The stories count only when the variables ask for exactly those of ./content: another
 * folder, space or token is left to the services' own import.
 */
export function seedOf(
  overrides: Record<string, string>,
  options: TestServiceOptions = {},
): TestSeed | null {
  const content = Object.keys(overrides).filter((name) => name.startsWith("CONTENT_"));
  const stories =
    content.length === 2 &&
    overrides.CONTENT_IMPORT_ON_START === SEED_CONTENT.CONTENT_IMPORT_ON_START &&
    path.resolve(overrides.CONTENT_DIR ?? "") === path.resolve(SEED_CONTENT.CONTENT_DIR);
  if (options.catalogue) return stories ? "shop" : "catalogue";
  return stories ? "content" : null;
}

/** A test database of its own that holds the seed (see `TestSeed`) already. */
export async function openSeededTestDatabase(
  kind: TestDatabaseKind,
  seed: TestSeed,
): Promise<TestDatabase> {
  const template = await makeTestTemplate(kind, seed, async (database) => {
    const log = createLogger("silent");
    if (seed === "catalogue") {
      await importCatalogue(database.db, { dir: path.resolve("catalogue"), log });
      return;
    }
    const services = await createTestServices(database, SEED_CONTENT, {
      catalogue: seed === "shop",
      log,
    });
    services.cms?.close();
  });
  return openTestDatabase(kind, template);
}

/**
 * Services for API tests: the shop's own wiring (`wireServices`) over a real test database,
 * with what a test wants otherwise: a silent logger, no seed import unless asked, every
 * page rendered, the studio's files in a folder of the test's own. `overrides` sets
 * variables, e.g. `{ CONTENT_DIR: "server/content/fixtures", CONTENT_IMPORT_ON_START: "true" }`
 * to import seed stories (off by default).
 */
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "../env";
import { createLogger, type Logger } from "../logger";
import { wireServices, type ShopServices } from "../services";
import type { TestDatabase } from "../../db/testing";

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

/**
 * Services for API tests: a real test database, a silent logger, the default hosts.
 * `overrides` sets variables, e.g. `{ CONTENT_DIR: "server/content/fixtures",
 * CONTENT_IMPORT_ON_START: "true" }` to import seed stories (off by default).
 */
import { tmpdir } from "node:os";
import path from "node:path";
import { createHostTable } from "../../config/hosts";
import { createCustomerServices } from "../customers";
import { createAdminServices } from "../admin";
import { parseEnv } from "../env";
import { createLogger, type Logger } from "../logger";
import { runSeed } from "../../db/seed";
import { createCartService } from "../cart/service";
import { createCatalogueService } from "../catalogue/service";
import { createProductDetails } from "../catalogue/details";
import {
  SEED_STEPS,
  createContent,
  createFlags,
  createImages,
  listenToOtherProcesses,
  studioDesignsOf,
  wishlistOf,
  type ShopServices,
} from "../services";
import { publicEnv } from "../env";
import { createRumCollector } from "../rum/collector";
import { createToolbox } from "../toolbox/service";
import { createCustomerPictures } from "../customerPictures/service";
import { createInvoiceService } from "../orders/invoices";
import { createCommerce } from "../orders/commerce";
import { createStudioStorage } from "../studio/storage";
import { createOrderHistory } from "../orders/history";
import type { TestDatabase } from "../../db/testing";
import { studioPhotosFromEnv } from "../studio/photos";

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
  const log = options.log ?? createLogger("silent");
  await runSeed(database.db, SEED_STEPS, log);
  const hosts = createHostTable();
  const catalogue = await createCatalogueService({
    db: database.db,
    log,
    importOnStart: options.catalogue ?? false,
  });
  const content = await createContent(env, log, database.db, hosts, options.contentFetch);
  const customers = createCustomerServices({
    db: database.db,
    env,
    log,
    hosts,
    content: content.content,
  });
  const cart = createCartService({ db: database.db, catalogue });
  const studioPhotos = studioPhotosFromEnv(env, database.db);
  cart.onAdopt((visitorKey, customerId) => studioPhotos.moveOwner(visitorKey, customerId));
  const wishlist = wishlistOf(database.db, catalogue, cart);
  const invoices = createInvoiceService({ db: database.db });
  const commerce = createCommerce({
    db: database.db,
    env,
    log,
    hosts,
    cart,
    catalogue,
    invoices,
    mailer: customers.mailer,
    storage: createStudioStorage(env),
  });
  customers.recommendations.register(commerce.jobs);
  const studioDesigns = studioDesignsOf(env, database.db, studioPhotos, cart);
  return {
    env,
    publicEnv: publicEnv(env),
    log,
    database,
    hosts,
    images: createImages(env, log),
    ...content,
    customers,
    admin: createAdminServices({
      db: database.db,
      mailer: customers.mailer,
      storage: createStudioStorage(env),
    }),
    catalogue,
    productDetails: createProductDetails(catalogue),
    cart,
    wishlist,
    flags: createFlags(env, log),
    rum: createRumCollector(database.db),
    toolbox: createToolbox({ db: database.db, storage: createStudioStorage(env) }),
    customerPictures: createCustomerPictures({ db: database.db }),
    invoices,
    commerce,
    orderHistory: createOrderHistory({ db: database.db, cart }),
    studioPhotos,
    studioDesigns,
    invalidation:
      options.listen && database.url
        ? await listenToOtherProcesses(env, log, database.db, {
            ...content,
            catalogue,
            url: database.url,
          })
        : null,
  };
}

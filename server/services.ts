/**
 * The services every part of the process shares: created once at boot by
 * `createServices`, handed to the API routers and to React Router loaders.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createHostTable, hostTableSchema, type HostTable } from "../config/hosts";
import { createCartService, type CartService } from "./cart/service";
import { createCatalogueService, type CatalogueService } from "./catalogue/service";
import { createProductDetails, type ProductDetailsService } from "./catalogue/details";
import { createCms, type Cms } from "../cms/cms";
import { configuredSpaces, ContentClient } from "./content/client";
import { callerKey } from "./middleware/clientAddress";
import { createCustomerServices, type CustomerServices } from "./customers";
import { createAdminServices, type AdminServices } from "./admin";
import {
  BOOT_CONNECT_RETRY,
  openDatabase,
  withConnectRetry,
  type Database,
  type Db,
} from "../db/client";
import { runSeed, type SeedStep } from "../db/seed";
import { createInvalidationBus, type InvalidationBus } from "./invalidation";
import { changedStoryTags } from "./pageTags";
import { createToolbox, type Toolbox } from "./toolbox/service";
import { createCustomerPictures, type CustomerPictures } from "./customerPictures/service";
import { publicEnv, type Env, type PublicEnv } from "./env";
import type { Logger } from "./logger";
import { createImageService, type ImageService } from "./images/service";
import { createFlagService, type FlagService } from "./flags/service";
import { createRumCollector, type RumCollector } from "./rum/collector";
import { createInvoiceService, type InvoiceService } from "./orders/invoices";
import { createCommerce, type Commerce } from "./orders/commerce";
import { createStudioStorage } from "./studio/storage";
import { createOrderHistory, type OrderHistory } from "./orders/history";
import { studioPhotosFromEnv, type StudioPhotos } from "./studio/photos";
import { createStudioDesigns, type StudioDesigns } from "./studio/designs";
import { createWishlistService, type WishlistService } from "./wishlist/service";

export interface ShopServices {
  env: Env;
  publicEnv: PublicEnv;
  log: Logger;
  database: Database;
  hosts: HostTable;
  /** Originals from the asset store ({CONTENT_DIR}/assets) and resized, disk-cached images. */
  images: ImageService;
  /** Content stories as the shop reads them (locale fallback, cache by cv, last known content). */
  content: ContentClient;
  /** The embedded content system; null when CONTENT_API_URL names another (e.g. Storyblok). */
  cms: Cms | null;
  /** Accounts, sessions and the mail outbox. */
  customers: CustomerServices;
  /** Products, formats, themes and prices; imports catalogue/ whenever its files changed. */
  catalogue: CatalogueService;
  /** The product detail containers' options, prices and links, from the catalogue. */
  productDetails: ProductDetailsService;
  /** Carts of visitors and customers, priced from the catalogue. */
  cart: CartService;
  /** The card themes visitors and customers saved (brands with the wishlist feature). */
  wishlist: WishlistService;
  /** Feature flags per visitor key (the Split SDK, localhost mode from a YAML file by default). */
  flags: FlagService;
  /** Browsers' errors and web vitals (the shop's own RUM collector). */
  rum: RumCollector;
  /** The toolbox: shoppers' images optimised for print, converted, made into PDFs. */
  toolbox: Toolbox;
  /** Customers' photos for the gallery, shown once an editor approved them. */
  customerPictures: CustomerPictures;
  /** The back office: operators, their log-in and audit log, customers' data, the mailbox. */
  admin: AdminServices;
  /** The design studio's photos (upload, originals for printing, screen copies). */
  studioPhotos: StudioPhotos;
  /** The design studio's designs (documents, preflight, print file and proofs). */
  studioDesigns: StudioDesigns;
  /** Invoices and credit notes of orders, numbered without gaps and kept as issued. */
  invoices: InvoiceService;
  /** Checkout, orders, payment providers and the durable jobs after payment. */
  commerce: Commerce;
  /** A customer's orders (signed in or as a guest with the account's e-mail) and ordering again. */
  orderHistory: OrderHistory;
  /** What other shop processes on the same PostgreSQL learn of this one's changes; null on PGlite. */
  invalidation: InvalidationBus | null;
}

/** Reads the production hosts file, if one is configured; a bad file stops the boot. */
function loadHostTable(file: string | undefined): HostTable {
  if (!file) return createHostTable();
  const parsed = hostTableSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`HOSTS_FILE ${file} is invalid: ${parsed.error.message}`);
  return createHostTable(parsed.data);
}

/** The image service over {CONTENT_DIR}/assets with its disk cache in IMAGE_CACHE_DIR. */
function createImages(env: Env, log: Logger): ImageService {
  return createImageService({
    assetsDir: path.join(env.CONTENT_DIR, "assets"),
    cacheDir: env.IMAGE_CACHE_DIR,
    maxCacheBytes: env.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    onError: (error, details) => log.warn({ err: error, ...details }, "image render failed"),
  });
}

/** The flag service: Split with FLAGS_SDK_KEY, else localhost mode from FLAGS_FILE. */
function createFlags(env: Env, log: Logger): FlagService {
  return createFlagService({
    sdkKey: env.FLAGS_SDK_KEY,
    file: env.FLAGS_FILE,
    flagSets: env.FLAGS_SETS,
    log,
  });
}

/**
 * The content the shop reads: with CONTENT_API_URL a remote Storyblok-compatible service,
 * else the embedded content system, which is opened here (its spaces and tokens made sure
 * of, the seed stories imported when CONTENT_IMPORT_ON_START says so, releases scheduled)
 * and read in process. `wrapFetch` lets a test count or fail the client's requests.
 */
export async function createContent(
  env: Env,
  log: Logger,
  db: Db,
  hosts: HostTable,
  wrapFetch: (fetcher: typeof fetch) => typeof fetch = (fetcher) => fetcher,
): Promise<{ content: ContentClient; cms: Cms | null }> {
  const spaces = configuredSpaces(env);
  if (env.CONTENT_API_URL) {
    return {
      content: new ContentClient({ env, log, db, hosts, spaces, fetch: wrapFetch(fetch) }),
      cms: null,
    };
  }
  const cms = await createCms({
    db,
    log,
    spaces,
    managementToken: env.CONTENT_MANAGEMENT_TOKEN,
    contentDir: env.CONTENT_DIR,
    callerKey,
  });
  const content = new ContentClient({
    env,
    log,
    db,
    hosts,
    spaces: cms.spaceAccess(),
    fetch: wrapFetch(cms.fetch),
  });
  cms.onChange((channel) => content.invalidate(channel));
  cms.onClose(() => content.close());
  if (env.CONTENT_IMPORT_ON_START) await cms.sync();
  cms.startReleaseTimer();
  return { content, cms };
}

/** The seed steps that fill an empty database, in order. */
const SEED_STEPS: SeedStep[] = [];

/** Opens the configured database and brings its schema up to date, then wires the services. */
export async function createServices(env: Env, log: Logger): Promise<ShopServices> {
  // The database may come up after the shop (a container starting, a failover): the
  // boot waits for it with back-off instead of failing at once.
  const db = await withConnectRetry(
    async () => {
      const opened = await openDatabase(
        env.DATABASE_URL
          ? {
              url: env.DATABASE_URL,
              onConnectionError: (error) => log.error({ err: error }, "database connection lost"),
            }
          : { dataDir: env.PGLITE_DIR },
      );
      try {
        await opened.migrate();
      } catch (error) {
        await opened.close().catch(() => {});
        throw error;
      }
      return opened;
    },
    BOOT_CONNECT_RETRY,
    (attempt, delayMs, error) =>
      log.warn(
        {
          attempt,
          retryInMs: delayMs,
          reason: error instanceof Error ? error.message : String(error),
        },
        "database not reachable, retrying",
      ),
  );
  return wireServices(env, log, db, {
    listenUrl: db.kind === "postgres" ? env.DATABASE_URL : undefined,
  });
}

/** What may differ between the services of the running shop and those of a test. */
export interface WiringOptions {
  /** Import the seed catalogue whenever its files changed (on by default; slow on PGlite). */
  importCatalogue?: boolean;
  /** Wraps the fetch the content client reads with (a test counts or fails its requests). */
  contentFetch?: ((fetcher: typeof fetch) => typeof fetch) | undefined;
  /** Hear of other shop processes' changes on this PostgreSQL URL; none: no listening. */
  listenUrl?: string | undefined;
}

/**
 * Every service of the shop over an open, migrated database: the one place that says which
 * service is built from which and how they hear of each other.
 */
export async function wireServices(
  env: Env,
  log: Logger,
  database: Database,
  options: WiringOptions = {},
): Promise<ShopServices> {
  const db = database.db;
  await runSeed(db, SEED_STEPS, log);
  const hosts = loadHostTable(env.HOSTS_FILE);
  const catalogue = await createCatalogueService({
    db,
    log,
    importOnStart: options.importCatalogue ?? true,
  });
  // Imports the seed stories of CONTENT_DIR whenever its files changed (content/README.md).
  const content = await createContent(env, log, db, hosts, options.contentFetch);
  const invalidation = options.listenUrl
    ? await listenToOtherProcesses(env, log, db, { ...content, catalogue, url: options.listenUrl })
    : null;
  const customers = createCustomerServices({ db, env, log, hosts, content: content.content });
  const cart = createCartService({ db, catalogue });
  const studioPhotos = studioPhotosFromEnv(env, db);
  // At log-in a visitor's studio photos become the customer's, as their cart does.
  cart.onAdopt((visitorKey, customerId) => studioPhotos.moveOwner(visitorKey, customerId));
  const wishlist = wishlistOf(db, catalogue, cart);
  const studioDesigns = studioDesignsOf(env, db, studioPhotos, cart);
  const invoices = createInvoiceService({ db });
  const commerce = createCommerce({
    db,
    env,
    log,
    hosts,
    cart,
    catalogue,
    invoices,
    mailer: customers.mailer,
    storage: createStudioStorage(env),
  });
  // A recommended friend's first paid order earns the sender a voucher (a job after payment).
  customers.recommendations.register(commerce.jobs);
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
      db,
      mailer: customers.mailer,
      storage: createStudioStorage(env),
    }),
    catalogue,
    productDetails: createProductDetails(catalogue),
    cart,
    wishlist,
    flags: createFlags(env, log),
    rum: createRumCollector(db),
    toolbox: createToolbox({ db, storage: createStudioStorage(env) }),
    customerPictures: createCustomerPictures({ db }),
    invoices,
    commerce,
    orderHistory: createOrderHistory({ db, cart }),
    studioPhotos,
    studioDesigns,
    invalidation,
  };
}

/**
 * Shop processes on one PostgreSQL tell each other of their content and catalogue changes,
 * and each one drops what it knew of the other's. As a fallback (an announcement lost
 * while a connection was down) the content version is checked after CONTENT_CV_TTL_SECONDS
 * anyway, and the catalogue's as often.
 */
async function listenToOtherProcesses(
  env: Env,
  log: Logger,
  db: Db,
  parts: { content: ContentClient; cms: Cms | null; catalogue: CatalogueService; url: string },
): Promise<InvalidationBus> {
  const { content, cms, catalogue } = parts;
  const bus = await createInvalidationBus({ url: parts.url, db, log });
  cms?.onChange((channel, stories) =>
    bus.announce({
      kind: "content",
      ...(channel ? { channel } : {}),
      // The page tags the change touches, so other processes drop only those pages.
      ...(channel && stories ? { tags: changedStoryTags(channel, stories) } : {}),
    }),
  );
  const refreshCatalogue = () =>
    catalogue.refresh().catch((error: unknown) => {
      log.warn({ id: "catalogue-refresh-failed", reason: (error as Error).message }, "catalogue");
      return false;
    });
  bus.onChange((change) => {
    if (change.kind === "content") content.invalidate(change.channel);
    else void refreshCatalogue();
  });
  const check = setInterval(refreshCatalogue, Math.max(1, env.CONTENT_CV_TTL_SECONDS) * 1000);
  check.unref();
  return {
    ...bus,
    async close() {
      clearInterval(check);
      await bus.close();
    },
  };
}

/**
 * The studio's designs over its photos: at log-in a visitor's designs become the
 * customer's, and photos a design in a cart places are never deleted as unused.
 */
function studioDesignsOf(
  env: Env,
  db: Db,
  photos: StudioPhotos,
  cart: Pick<CartService, "onAdopt">,
): StudioDesigns {
  const designs = createStudioDesigns({ db, photos, retentionDays: env.STUDIO_RETENTION_DAYS });
  cart.onAdopt((visitorKey, customerId) => designs.moveOwner(visitorKey, customerId));
  photos.keepWhile((ids) => designs.photosInCarts(ids));
  return designs;
}

/** The wishlist, whose saved themes become the customer's at log-in as the cart does. */
function wishlistOf(
  db: Db,
  catalogue: CatalogueService,
  cart: Pick<CartService, "onAdopt">,
): WishlistService {
  const wishlist = createWishlistService({ db, catalogue });
  cart.onAdopt((visitorKey, customerId) => wishlist.moveOwner(visitorKey, customerId));
  return wishlist;
}

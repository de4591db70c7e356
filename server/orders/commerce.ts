/**
 * Checkout, payments, orders and their jobs put together for one shop process: the providers
 * the configuration offers, the order and payment services, the job queue with its handlers,
 * and the runner that works through due jobs (started with the shop, stopped with it).
 */
import { eq } from "drizzle-orm";
import type { HostTable } from "../../config/hosts";
import type { Db } from "../../db/client";
import { studioDesigns } from "../../db/schema";
import { ownsDesign, type CartService } from "../cart/service";
import type { CatalogueService } from "../catalogue/service";
import type { Mailer } from "../customers/mail";
import type { Env } from "../env";
import { createJobQueue, createJobRunner, enqueue, type JobQueue } from "../jobs/queue";
import type { Logger } from "../logger";
import { createInvoiceProvider } from "../payments/invoiceProvider";
import { createMollieProvider } from "../payments/mollieProvider";
import { createStripeProvider } from "../payments/stripeProvider";
import type { PaymentProvider } from "../payments/provider";
import { createPaymentService, type PaymentService } from "../payments/service";
import {
  connectDeliveries,
  createTestProvider,
  databaseTestPaymentStore,
  type TestProvider,
} from "../payments/testProvider";
import { configuredCmykConverter } from "../studio/cmyk";
import { rasterisePdf } from "../studio/proof";
import type { StudioStorage } from "../studio/storage";
import { registerOrderEffects } from "./effects";
import type { InvoiceService } from "./invoices";
import { registerPrintFiles, studioRenderer, type RenderDesign } from "./printFiles";
import { createOrderService, JOB_KINDS, type OrderService } from "./service";

/** How often a reconcile run is due (one per slot across every process). */
export const RECONCILE_SLOT_MS = 5 * 60 * 1000;

export interface Commerce {
  orders: OrderService;
  payments: PaymentService;
  providers: Readonly<Record<string, PaymentProvider>>;
  /** The test provider when offered (its hosted page needs it), else null. */
  testProvider: TestProvider | null;
  /** The payment methods offered, in order. */
  methods: readonly string[];
  jobs: JobQueue;
  /** Starts working through due jobs every JOBS_INTERVAL_MS. */
  start(): void;
  stop(): Promise<void>;
  /** One pass now (tests): the reconcile slot enqueued, then every due job run. */
  runJobs(now?: Date): Promise<{ ran: number; failed: number }>;
}

/** The methods the configuration offers: listed, else test and invoice outside production. */
export function paymentMethods(env: Pick<Env, "PAYMENT_METHODS" | "NODE_ENV">): string[] {
  if (env.PAYMENT_METHODS) return [...new Set(env.PAYMENT_METHODS.split(","))];
  return env.NODE_ENV === "production" ? ["invoice"] : ["test", "invoice"];
}

export function createCommerce(options: {
  db: Db;
  env: Env;
  log: Logger;
  hosts: HostTable;
  cart: CartService;
  catalogue: CatalogueService;
  invoices: InvoiceService;
  mailer: Mailer;
  storage: StudioStorage;
  /** Replaces the studio's renderer (tests). */
  render?: RenderDesign;
  /** Extra providers by id (tests: a provider that fails on purpose). */
  extraProviders?: Record<string, PaymentProvider>;
}): Commerce {
  const { db, env, log } = options;
  const methods = paymentMethods(env);
  const testProvider = methods.includes("test")
    ? createTestProvider({
        store: databaseTestPaymentStore(db),
        settleAfterMs: env.PAYMENT_TEST_SETTLE_SECONDS * 1000,
      })
    : null;
  const providers: Record<string, PaymentProvider> = {
    invoice: createInvoiceProvider(),
    ...(testProvider ? { test: testProvider } : {}),
    ...(methods.includes("stripe") && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? {
          stripe: createStripeProvider({
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          }),
        }
      : {}),
    ...(methods.includes("mollie") && env.MOLLIE_API_KEY
      ? { mollie: createMollieProvider({ apiKey: env.MOLLIE_API_KEY }) }
      : {}),
    ...options.extraProviders,
  };
  for (const method of methods)
    if (!providers[method]) log.warn({ method }, "payment method listed but not available");
  const offered = methods.filter((m) => providers[m]);

  const orders = createOrderService({
    db,
    cart: options.cart,
    catalogue: options.catalogue,
    providers,
    methods: [...offered, ...Object.keys(options.extraProviders ?? {})],
    async loadDesign(designId, owner) {
      if (!(await ownsDesign(db, owner, designId))) return null;
      const [row] = await db.select().from(studioDesigns).where(eq(studioDesigns.id, designId));
      return row ? { id: row.id, version: row.version, document: row.document } : null;
    },
  });
  const payments = createPaymentService({ db, orders, providers });
  if (testProvider)
    connectDeliveries(testProvider, async (request) => {
      await payments.webhook("test", request);
    });

  const jobs = createJobQueue(db, log);
  payments.registerCapture(jobs);
  registerOrderEffects({
    db,
    queue: jobs,
    orders,
    payments,
    invoices: options.invoices,
    mailer: options.mailer,
    hosts: options.hosts,
    fallbackOrigin: `http://localhost:${env.PORT}`,
  });
  registerPrintFiles({
    db,
    queue: jobs,
    orders,
    storage: options.storage,
    render:
      options.render ?? studioRenderer(options.storage, rasterisePdf, configuredCmykConverter(env)),
  });

  async function runJobs(now = new Date()) {
    const slot = Math.floor(now.getTime() / RECONCILE_SLOT_MS);
    await enqueue(db, {
      kind: JOB_KINDS.reconcile,
      payload: {},
      uniqueKey: `reconcile:${slot}`,
      maxAttempts: 1,
    });
    return jobs.runDue(now);
  }
  const runner = createJobRunner(
    { ...jobs, runDue: (now?: Date) => runJobs(now) },
    {
      intervalMs: env.JOBS_INTERVAL_MS,
      onError: (error) => log.warn({ err: error }, "job runner pass failed"),
    },
  );

  return {
    orders,
    payments,
    providers,
    testProvider,
    methods: offered,
    jobs,
    start: () => runner.start(),
    stop: () => runner.stop(),
    runJobs,
  };
}

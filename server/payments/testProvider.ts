/**
 * The test provider: a stand-in payment service inside the shop for development and tests.
 * Its hosted page (`/_test-payment/{id}`, served by ./testPage.ts) lets a person decide the
 * outcome: approve, decline, error, or pending (settled later by the provider on its own).
 * Like a real provider it tells the shop through signed webhooks (HMAC-SHA256 over the
 * timestamp and body), delivered by the `deliver` function the shop gives it.
 *
 * Its books are a {@link TestPaymentStore}: the shop keeps them in its database (table
 * `test_payments`, the signing secret in `app_meta`), so an unfinished test payment survives a
 * restart and every shop process knows it; a payment left pending is approved by whichever
 * process looks at it once its time has come (its own timer, or the reconcile job's retrieve).
 * Unit tests may keep them in memory.
 */
import { randomBytes, createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { appMeta, testPayments } from "../../db/schema";
import { MS_PER_DAY } from "../../domain/constants";
import {
  ProviderRefused,
  ProviderUnavailable,
  WebhookRejected,
  type Initiated,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderPayment,
  type ProviderStatus,
  type WebhookRequest,
} from "./provider";

export const TEST_OUTCOMES = ["approve", "decline", "error", "pending"] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

export const TEST_SIGNATURE_HEADER = "x-test-payment-signature";
/** Signatures older than this are refused (a replayed capture of an old delivery). */
const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;
/** Where the database keeps the provider's signing secret. */
const SECRET_KEY = "test-payments-secret";

interface RefundDone {
  refundRef: string;
  payment: ProviderPayment;
}

export interface TestPayment extends ProviderPayment {
  idempotencyKey: string;
  request: PaymentRequest;
  events: number;
  /** When a payment left pending is approved by the provider itself (ms), or null. */
  settleAt: number | null;
  refunds: Record<string, RefundDone>;
}

/** The provider's books. */
export interface TestPaymentStore {
  /** The signing secret, the same for every process sharing the books. */
  secret(): Promise<string>;
  find(providerRef: string): Promise<TestPayment | null>;
  /** Adds the payment unless its idempotency key is known; answers the one kept. */
  add(payment: TestPayment): Promise<TestPayment>;
  /** Writes the payment if its status is still `from`; false when someone moved it first. */
  update(payment: TestPayment, from: ProviderStatus): Promise<boolean>;
}

/** Books in this process's memory (unit tests). */
export function memoryTestPaymentStore(): TestPaymentStore {
  const secret = randomBytes(32).toString("hex");
  const payments = new Map<string, TestPayment>();
  const copy = (p: TestPayment): TestPayment => structuredClone(p);
  return {
    secret: async () => secret,
    find: async (ref) => {
      const p = payments.get(ref);
      return p ? copy(p) : null;
    },
    async add(payment) {
      const known = [...payments.values()].find((p) => p.idempotencyKey === payment.idempotencyKey);
      if (known) return copy(known);
      payments.set(payment.providerRef, copy(payment));
      return copy(payment);
    },
    async update(payment, from) {
      const current = payments.get(payment.providerRef);
      if (!current || current.status !== from) return false;
      payments.set(payment.providerRef, copy(payment));
      return true;
    },
  };
}

type TestPaymentRow = typeof testPayments.$inferSelect;

function fromRow(row: TestPaymentRow): TestPayment {
  return {
    providerRef: row.providerRef,
    idempotencyKey: row.idempotencyKey,
    status: row.status as ProviderStatus,
    amountMinor: row.amountMinor,
    capturedMinor: row.capturedMinor,
    refundedMinor: row.refundedMinor,
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    request: row.request as unknown as PaymentRequest,
    events: row.events,
    settleAt: row.settleAt ? row.settleAt.getTime() : null,
    refunds: row.refunds as Record<string, RefundDone>,
  };
}

function toRow(p: TestPayment) {
  return {
    providerRef: p.providerRef,
    idempotencyKey: p.idempotencyKey,
    status: p.status,
    amountMinor: p.amountMinor,
    capturedMinor: p.capturedMinor,
    refundedMinor: p.refundedMinor,
    failureReason: p.failureReason ?? null,
    request: p.request as unknown as Record<string, unknown>,
    events: p.events,
    settleAt: p.settleAt === null ? null : new Date(p.settleAt),
    refunds: p.refunds as Record<string, unknown>,
  };
}

/** Books in the shop's database: they survive restarts and are shared by its processes. */
export function databaseTestPaymentStore(db: Db): TestPaymentStore {
  let secret: Promise<string> | null = null;
  return {
    secret() {
      secret ??= (async () => {
        // The first process to ask writes one; every other reads that one.
        await db
          .insert(appMeta)
          .values({ key: SECRET_KEY, value: randomBytes(32).toString("hex") })
          .onConflictDoNothing();
        const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SECRET_KEY));
        return String(row!.value);
      })().catch((error: unknown) => {
        secret = null;
        throw error;
      });
      return secret;
    },
    async find(ref) {
      const [row] = await db.select().from(testPayments).where(eq(testPayments.providerRef, ref));
      return row ? fromRow(row) : null;
    },
    async add(payment) {
      await db.insert(testPayments).values(toRow(payment)).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(testPayments)
        .where(eq(testPayments.idempotencyKey, payment.idempotencyKey));
      return fromRow(row!);
    },
    async update(payment, from) {
      const { providerRef: _ref, idempotencyKey: _key, ...changes } = toRow(payment);
      const written = await db
        .update(testPayments)
        .set(changes)
        .where(
          and(eq(testPayments.providerRef, payment.providerRef), eq(testPayments.status, from)),
        )
        .returning({ ref: testPayments.providerRef });
      return written.length > 0;
    },
  };
}

/** A test payment nothing more can happen to is kept this long after it began. */
export const TEST_PAYMENT_KEPT_MS = MS_PER_DAY;

/**
 * Test payments that are over: declined or failed, cancelled, refunded in full (finished),
 * or still pending on the hosted page (abandoned: nobody chose an outcome, and one left
 * pending on purpose settles within seconds). Captured, partly refunded and authorised
 * ones stay, as the shop may still capture or refund them through the provider.
 */
export const TEST_PAYMENTS_OVER: readonly ProviderStatus[] = [
  "failed",
  "cancelled",
  "refunded",
  "pending",
];

/**
 * Deletes the test payments that are over and began before TEST_PAYMENT_KEPT_MS; answers
 * how many. A shop payment still waiting on one that is gone is counted as failed by the
 * reconcile job, as after a restart of a shop keeping its books in memory.
 */
export async function pruneTestPayments(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(testPayments)
    .where(
      and(
        inArray(testPayments.status, [...TEST_PAYMENTS_OVER]),
        lt(testPayments.createdAt, new Date(now.getTime() - TEST_PAYMENT_KEPT_MS)),
      ),
    )
    .returning({ ref: testPayments.providerRef });
  return removed.length;
}

export interface TestProvider extends PaymentProvider {
  /** The payment as the hosted page shows it, or null. */
  find(
    providerRef: string,
  ): Promise<{ amountMinor: number; currency: string; description: string; status: string } | null>;
  /** The shopper's choice on the hosted page; answers where to send them back. */
  settle(providerRef: string, outcome: TestOutcome): Promise<string | null>;
  /** Settles a pending payment now (what the provider does later by itself). */
  settlePending(providerRef: string, outcome: "approve" | "decline"): Promise<void>;
  /** For fault tests: the provider stops answering (or answers again). */
  setUnavailable(down: boolean): void;
  /**
   * Signs a body as the provider does (tests build their own deliveries with it); needs the
   * secret, which the books give on the provider's first call (or {@link TestProvider.ready}).
   */
  sign(body: string, at?: number): string;
  /** Resolves once the signing secret is read from the books. */
  ready(): Promise<void>;
}

export interface TestProviderOptions {
  /** Its books (default: this process's memory). */
  store?: TestPaymentStore;
  /** Posts a signed event to the shop (its webhook handler). */
  deliver?: (request: WebhookRequest) => Promise<void>;
  /** How long a "pending" payment waits before the provider approves it (0: never by itself). */
  settleAfterMs?: number;
  now?: () => number;
}

export function createTestProvider(options: TestProviderOptions = {}): TestProvider {
  const store = options.store ?? memoryTestPaymentStore();
  const now = options.now ?? Date.now;
  let secret: string | null = null;
  let down = false;
  let deliver = options.deliver ?? (async () => {});

  async function ready() {
    secret ??= await store.secret();
  }

  const view = (p: TestPayment): ProviderPayment => ({
    providerRef: p.providerRef,
    status: p.status,
    amountMinor: p.amountMinor,
    capturedMinor: p.capturedMinor,
    refundedMinor: p.refundedMinor,
    ...(p.failureReason ? { failureReason: p.failureReason } : {}),
  });

  function sign(body: string, at = now()): string {
    if (secret === null) throw new Error("The test provider's secret is not read yet (ready())");
    const mac = createHmac("sha256", secret).update(`${at}.${body}`).digest("hex");
    return `t=${at},v1=${mac}`;
  }

  function answering() {
    if (down) throw new ProviderUnavailable("test", "The test provider does not answer");
  }

  /** The payment, approved first if it was left pending and its time has come. */
  async function get(providerRef: string): Promise<TestPayment> {
    await ready();
    const p = await store.find(providerRef);
    if (!p) throw new ProviderRefused(`No test payment ${providerRef}`);
    if (p.status === "pending" && p.settleAt !== null && p.settleAt <= now()) {
      await apply(p, "approve");
      return (await store.find(providerRef))!;
    }
    return p;
  }

  /** Writes a change made to `p` (whose status was `from`); false if another got there first. */
  async function write(p: TestPayment, from: ProviderStatus) {
    return store.update(p, from);
  }

  async function notify(p: TestPayment, type: string) {
    const body = JSON.stringify({
      id: `evt_${p.providerRef}_${p.events}`,
      type,
      created: now(),
      payment: view(p),
    });
    await deliver({ headers: { [TEST_SIGNATURE_HEADER]: sign(body) }, rawBody: body });
  }

  async function apply(p: TestPayment, outcome: TestOutcome) {
    if (p.status !== "pending") return;
    if (outcome === "approve") {
      const next = { ...p, status: "captured" as const, capturedMinor: p.amountMinor };
      next.events += 1;
      next.settleAt = null;
      if (await write(next, "pending")) await notify(next, "payment.captured");
    } else if (outcome === "decline" || outcome === "error") {
      const next: TestPayment = {
        ...p,
        status: "failed",
        failureReason: outcome === "decline" ? "declined" : "provider_error",
        events: p.events + 1,
        settleAt: null,
      };
      if (await write(next, "pending")) await notify(next, "payment.failed");
    } else if (options.settleAfterMs) {
      // Pending: the bank answers later; the provider then tells the shop by itself (this
      // process's timer, or whichever process asks about the payment after that time).
      const settleAt = now() + options.settleAfterMs;
      await write({ ...p, settleAt }, "pending");
      setTimeout(() => void get(p.providerRef).catch(() => {}), options.settleAfterMs + 10).unref();
    }
  }

  const provider: TestProvider & {
    setDeliver(fn: NonNullable<TestProviderOptions["deliver"]>): void;
  } = {
    id: "test",
    productionReady: false,

    async initiate(request): Promise<Initiated> {
      answering();
      await ready();
      const kept = await store.add({
        providerRef: `tp_${randomBytes(12).toString("base64url")}`,
        idempotencyKey: request.idempotencyKey,
        status: "pending",
        amountMinor: request.amountMinor,
        capturedMinor: 0,
        refundedMinor: 0,
        request,
        events: 0,
        settleAt: null,
        refunds: {},
      });
      const origin = new URL(request.returnUrl).origin;
      return {
        providerRef: kept.providerRef,
        redirectUrl: `${origin}/_test-payment/${kept.providerRef}`,
      };
    },

    async authorise(providerRef) {
      answering();
      return view(await get(providerRef));
    },

    async capture(providerRef, amountMinor) {
      answering();
      const p = await get(providerRef);
      if (p.status === "captured") return view(p);
      if (p.status !== "authorised" && p.status !== "pending")
        throw new ProviderRefused(`Cannot capture a ${p.status} payment`);
      const next = {
        ...p,
        status: "captured" as const,
        capturedMinor: Math.min(amountMinor, p.amountMinor),
      };
      if (!(await write(next, p.status))) return view(await get(providerRef));
      return view(next);
    },

    async refund(providerRef, amountMinor, idempotencyKey) {
      answering();
      const p = await get(providerRef);
      const done = p.refunds[idempotencyKey];
      if (done) return done;
      if (p.status !== "captured" && p.status !== "partly_refunded")
        throw new ProviderRefused(`Cannot refund a ${p.status} payment`);
      if (amountMinor <= 0 || p.refundedMinor + amountMinor > p.capturedMinor)
        throw new ProviderRefused("Refund exceeds the captured amount");
      const refundedMinor = p.refundedMinor + amountMinor;
      const next: TestPayment = {
        ...p,
        refundedMinor,
        status: refundedMinor === p.capturedMinor ? "refunded" : "partly_refunded",
      };
      const result = { refundRef: `tr_${randomBytes(8).toString("hex")}`, payment: view(next) };
      next.refunds = { ...p.refunds, [idempotencyKey]: result };
      // Two refunds at once from a partly refunded payment: the second is refused, not lost.
      if (!(await write(next, p.status)))
        throw new ProviderUnavailable("test", "The payment changed meanwhile; try again");
      return result;
    },

    async cancel(providerRef) {
      answering();
      const p = await get(providerRef);
      if (p.status === "cancelled") return view(p);
      if (p.status !== "pending" && p.status !== "authorised")
        throw new ProviderRefused(`Cannot cancel a ${p.status} payment`);
      const next = { ...p, status: "cancelled" as const, settleAt: null };
      if (!(await write(next, p.status))) return view(await get(providerRef));
      return view(next);
    },

    async retrieve(providerRef) {
      answering();
      return view(await get(providerRef));
    },

    async parseWebhook({ headers, rawBody }) {
      await ready();
      const header = headers[TEST_SIGNATURE_HEADER] ?? "";
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      if (!m) throw new WebhookRejected("Missing or malformed signature");
      const at = Number(m[1]);
      const expected = createHmac("sha256", secret!).update(`${at}.${rawBody}`).digest();
      const given = Buffer.from(m[2]!, "hex");
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new WebhookRejected("Signature does not match");
      if (Math.abs(now() - at) > SIGNATURE_TOLERANCE_MS)
        throw new WebhookRejected("Signature too old");
      let body: { id?: unknown; type?: unknown; payment?: ProviderPayment };
      try {
        body = JSON.parse(rawBody) as typeof body;
      } catch {
        throw new WebhookRejected("Body is not JSON");
      }
      if (typeof body.id !== "string" || typeof body.type !== "string" || !body.payment)
        throw new WebhookRejected("Body is not a payment event");
      return {
        eventId: body.id,
        type: body.type,
        providerRef: body.payment.providerRef,
        payment: body.payment,
        payload: body as Record<string, unknown>,
      };
    },

    async find(providerRef) {
      await ready();
      const p = await store.find(providerRef);
      return p
        ? {
            amountMinor: p.amountMinor,
            currency: p.request.currency,
            description: p.request.description,
            status: p.status,
          }
        : null;
    },

    async settle(providerRef, outcome) {
      await ready();
      const p = await store.find(providerRef);
      if (!p) return null;
      await apply(p, outcome);
      return p.request.returnUrl;
    },

    async settlePending(providerRef, outcome) {
      await apply(await get(providerRef), outcome);
    },

    setUnavailable(value) {
      down = value;
    },

    sign,
    ready,

    setDeliver(fn) {
      deliver = fn;
    },
  };
  return provider;
}

/** Lets the shop connect the provider's deliveries to its webhook handler after both exist. */
export function connectDeliveries(
  provider: TestProvider,
  deliver: NonNullable<TestProviderOptions["deliver"]>,
) {
  (provider as TestProvider & { setDeliver(fn: typeof deliver): void }).setDeliver(deliver);
}

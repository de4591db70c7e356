/**
 * The test provider: a stand-in payment service inside the shop for development and tests.
 * Its hosted page (`/_test-payment/{id}`, served by ./testPage.ts) lets a person decide the
 * outcome: approve, decline, error, or pending (settled later by the provider on its own).
 * Like a real provider it tells the shop through signed webhooks (HMAC-SHA256 over the
 * timestamp and body), delivered by the `deliver` function the shop gives it.
 *
 * Its books live in this process's memory: a restart forgets unfinished test payments (the
 * shop's order and payment rows stay; the reconcile job then marks them failed).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  ProviderRefused,
  ProviderUnavailable,
  WebhookRejected,
  type Initiated,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderPayment,
  type WebhookRequest,
} from "./provider";

export const TEST_OUTCOMES = ["approve", "decline", "error", "pending"] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

export const TEST_SIGNATURE_HEADER = "x-test-payment-signature";
/** Signatures older than this are refused (a replayed capture of an old delivery). */
const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

interface TestPayment extends ProviderPayment {
  request: PaymentRequest;
  events: number;
}

export interface TestProvider extends PaymentProvider {
  /** The payment as the hosted page shows it, or null. */
  find(
    providerRef: string,
  ): { amountMinor: number; currency: string; description: string; status: string } | null;
  /** The shopper's choice on the hosted page; answers where to send them back. */
  settle(providerRef: string, outcome: TestOutcome): Promise<string | null>;
  /** Settles a pending payment now (what the provider does later by itself). */
  settlePending(providerRef: string, outcome: "approve" | "decline"): Promise<void>;
  /** For fault tests: the provider stops answering (or answers again). */
  setUnavailable(down: boolean): void;
  /** Signs a body as the provider does (tests build their own deliveries with it). */
  sign(body: string, at?: number): string;
}

export interface TestProviderOptions {
  secret?: string;
  /** Posts a signed event to the shop (its webhook handler). */
  deliver?: (request: WebhookRequest) => Promise<void>;
  /** How long a "pending" payment waits before the provider approves it (0: never by itself). */
  settleAfterMs?: number;
  now?: () => number;
}

export function createTestProvider(options: TestProviderOptions = {}): TestProvider {
  const secret = options.secret ?? randomBytes(32).toString("hex");
  const now = options.now ?? Date.now;
  const payments = new Map<string, TestPayment>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds = new Map<string, { refundRef: string; payment: ProviderPayment }>();
  let down = false;
  let deliver = options.deliver ?? (async () => {});

  const view = (p: TestPayment): ProviderPayment => ({
    providerRef: p.providerRef,
    status: p.status,
    amountMinor: p.amountMinor,
    capturedMinor: p.capturedMinor,
    refundedMinor: p.refundedMinor,
    ...(p.failureReason ? { failureReason: p.failureReason } : {}),
  });

  function sign(body: string, at = now()): string {
    const mac = createHmac("sha256", secret).update(`${at}.${body}`).digest("hex");
    return `t=${at},v1=${mac}`;
  }

  function answering() {
    if (down) throw new ProviderUnavailable("test", "The test provider does not answer");
  }

  function get(providerRef: string): TestPayment {
    const p = payments.get(providerRef);
    if (!p) throw new ProviderRefused(`No test payment ${providerRef}`);
    return p;
  }

  async function notify(p: TestPayment, type: string) {
    p.events += 1;
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
      p.status = "captured";
      p.capturedMinor = p.amountMinor;
      await notify(p, "payment.captured");
    } else if (outcome === "decline" || outcome === "error") {
      p.status = "failed";
      p.failureReason = outcome === "decline" ? "declined" : "provider_error";
      await notify(p, "payment.failed");
    } else if (options.settleAfterMs) {
      // Pending: the bank answers later; the provider then tells the shop by itself.
      setTimeout(() => void apply(p, "approve").catch(() => {}), options.settleAfterMs).unref();
    }
  }

  const provider: TestProvider & {
    setDeliver(fn: NonNullable<TestProviderOptions["deliver"]>): void;
  } = {
    id: "test",
    productionReady: false,

    async initiate(request): Promise<Initiated> {
      answering();
      const known = byIdempotencyKey.get(request.idempotencyKey);
      const providerRef = known ?? `tp_${randomBytes(12).toString("base64url")}`;
      if (!known) {
        payments.set(providerRef, {
          providerRef,
          status: "pending",
          amountMinor: request.amountMinor,
          capturedMinor: 0,
          refundedMinor: 0,
          request,
          events: 0,
        });
        byIdempotencyKey.set(request.idempotencyKey, providerRef);
      }
      const origin = new URL(request.returnUrl).origin;
      return { providerRef, redirectUrl: `${origin}/_test-payment/${providerRef}` };
    },

    async authorise(providerRef) {
      answering();
      return view(get(providerRef));
    },

    async capture(providerRef, amountMinor) {
      answering();
      const p = get(providerRef);
      if (p.status === "captured") return view(p);
      if (p.status !== "authorised" && p.status !== "pending")
        throw new ProviderRefused(`Cannot capture a ${p.status} payment`);
      p.status = "captured";
      p.capturedMinor = Math.min(amountMinor, p.amountMinor);
      return view(p);
    },

    async refund(providerRef, amountMinor, idempotencyKey) {
      answering();
      const done = refunds.get(idempotencyKey);
      if (done) return done;
      const p = get(providerRef);
      if (p.status !== "captured" && p.status !== "partly_refunded")
        throw new ProviderRefused(`Cannot refund a ${p.status} payment`);
      if (amountMinor <= 0 || p.refundedMinor + amountMinor > p.capturedMinor)
        throw new ProviderRefused("Refund exceeds the captured amount");
      p.refundedMinor += amountMinor;
      p.status = p.refundedMinor === p.capturedMinor ? "refunded" : "partly_refunded";
      const result = { refundRef: `tr_${randomBytes(8).toString("hex")}`, payment: view(p) };
      refunds.set(idempotencyKey, result);
      return result;
    },

    async cancel(providerRef) {
      answering();
      const p = get(providerRef);
      if (p.status === "pending" || p.status === "authorised") p.status = "cancelled";
      else if (p.status !== "cancelled")
        throw new ProviderRefused(`Cannot cancel a ${p.status} payment`);
      return view(p);
    },

    async retrieve(providerRef) {
      answering();
      return view(get(providerRef));
    },

    async parseWebhook({ headers, rawBody }) {
      const header = headers[TEST_SIGNATURE_HEADER] ?? "";
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
      if (!m) throw new WebhookRejected("Missing or malformed signature");
      const at = Number(m[1]);
      const expected = createHmac("sha256", secret).update(`${at}.${rawBody}`).digest();
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

    find(providerRef) {
      const p = payments.get(providerRef);
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
      const p = payments.get(providerRef);
      if (!p) return null;
      await apply(p, outcome);
      return p.request.returnUrl;
    },

    async settlePending(providerRef, outcome) {
      const p = get(providerRef);
      await apply(p, outcome);
    },

    setUnavailable(value) {
      down = value;
    },

    sign,

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

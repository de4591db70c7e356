/**
 * One contract every payment provider keeps, run against each: the test provider, bank
 * transfer, and Stripe and Mollie against local stand-ins of their APIs.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInvoiceProvider } from "./invoiceProvider";
import { createMollieProvider } from "./mollieProvider";
import {
  ProviderRefused,
  ProviderUnavailable,
  WebhookRejected,
  type PaymentProvider,
  type PaymentRequest,
  type WebhookRequest,
} from "./provider";
import { createStripeProvider } from "./stripeProvider";
import { createTestProvider, TEST_SIGNATURE_HEADER, type TestProvider } from "./testProvider";
import { mollieStandIn, stripeStandIn, type StandIn } from "./testing/standIns";

const STRIPE_WEBHOOK_SECRET = "whsec_contract";
let refs = 0;
const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => {
  refs += 1;
  return {
    paymentRef: `pay${refs}`,
    idempotencyKey: `pay-key-${refs}-${Math.random()}`,
    orderNumber: `C-2026-0000${refs}`,
    orderToken: `token-${refs}`,
    amountMinor: 4675,
    currency: "eur",
    country: "DE",
    locale: "de-DE",
    email: "erika@example.com",
    description: `C-2026-0000${refs}`,
    returnUrl: "http://localhost:3000/web-api/payments/x/return",
    webhookUrl: "http://localhost:3000/web-api/payments/webhooks/p",
    billingName: "Erika Muster",
    billingAddress: { street: "Hauptstraße 5", postalCode: "10115", city: "Berlin", country: "DE" },
    ...over,
  };
};

/** What the suite needs to drive one provider the way a shopper and its service would. */
interface Harness {
  provider: PaymentProvider;
  /** The shopper pays on the hosted page (or the operator sees the transfer). */
  pay(providerRef: string): Promise<void>;
  /** A genuine event about the payment, as the provider would post it; null: it posts none. */
  event(providerRef: string): Promise<WebhookRequest | null>;
  forged: WebhookRequest;
  /** The same provider with its service out of reach; null: it calls no service. */
  down: (() => PaymentProvider) | null;
  /** A service that holds payments for a later capture: hold one, and the captures it made. */
  held?: Pick<StandIn, "authorise" | "captures">;
}

const stands: StandIn[] = [];
afterAll(async () => {
  for (const s of stands) await s.close();
});

const HARNESSES: Record<string, () => Promise<Harness>> = {
  async test() {
    const provider: TestProvider = createTestProvider();
    await provider.ready();
    return {
      provider,
      pay: async (ref) => {
        await provider.settle(ref, "approve");
      },
      event: async (ref) => {
        const body = JSON.stringify({
          id: `evt_${ref}`,
          type: "payment.captured",
          payment: await provider.retrieve(ref),
        });
        return { headers: { [TEST_SIGNATURE_HEADER]: provider.sign(body) }, rawBody: body };
      },
      forged: {
        headers: { [TEST_SIGNATURE_HEADER]: `t=${Date.now()},v1=${"a".repeat(64)}` },
        rawBody: "{}",
      },
      down: () => {
        const p = createTestProvider();
        p.setUnavailable(true);
        return p;
      },
    };
  },
  async invoice() {
    const provider = createInvoiceProvider();
    return {
      provider,
      pay: async (ref) => {
        await provider.capture(ref, 4675, `capture-${ref}`);
      },
      event: async () => null,
      forged: { headers: {}, rawBody: "{}" },
      down: null,
    };
  },
  async stripe() {
    const stand = await stripeStandIn();
    stands.push(stand);
    const provider = createStripeProvider({
      secretKey: "sk_test_contract",
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      apiBase: stand.url,
    });
    const signer = new Stripe("sk_test_contract");
    return {
      provider,
      pay: async (ref) => stand.pay(ref),
      event: async (ref) => {
        const rawBody = JSON.stringify({
          id: `evt_${ref}`,
          object: "event",
          type: "checkout.session.completed",
          data: { object: { object: "checkout.session", id: ref } },
        });
        const header = signer.webhooks.generateTestHeaderString({
          payload: rawBody,
          secret: STRIPE_WEBHOOK_SECRET,
        });
        return { headers: { "stripe-signature": header }, rawBody };
      },
      forged: { headers: { "stripe-signature": "t=1,v1=deadbeef" }, rawBody: "{}" },
      down: () =>
        createStripeProvider({
          secretKey: "sk_test_contract",
          webhookSecret: STRIPE_WEBHOOK_SECRET,
          apiBase: "http://127.0.0.1:9",
        }),
      held: stand,
    };
  },
  async mollie() {
    // The stand-in's certificate is self-signed (see mollieStandIn): this test process alone
    // does not check certificates; it makes no other connection.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
    const stand = await mollieStandIn();
    stands.push(stand);
    const provider = createMollieProvider({
      apiKey: "test_contractcontractcontract12",
      apiEndpoint: stand.url,
    });
    return {
      provider,
      pay: async (ref) => stand.pay(ref),
      event: async (ref) => ({ headers: {}, rawBody: `id=${ref}` }),
      // Mollie signs nothing: a payment id it does not know is refused.
      forged: { headers: {}, rawBody: "id=tr_forged123" },
      down: () =>
        createMollieProvider({
          apiKey: "test_contractcontractcontract12",
          apiEndpoint: "http://127.0.0.1:9/v2/",
        }),
      held: stand,
    };
  },
};

describe.each(Object.keys(HARNESSES))("the payment provider contract: %s", (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await HARNESSES[name]!();
  });

  it("starts a payment with a hosted page or transfer instructions, once per idempotency key", async () => {
    const r = request();
    const first = await h.provider.initiate(r);
    const again = await h.provider.initiate(r);
    expect(again.providerRef).toBe(first.providerRef);
    if ("redirectUrl" in first) expect(first.redirectUrl).toMatch(/^https?:\/\//);
    else expect(first.instructions.qrSvg).toContain("<svg");
    expect((await h.provider.retrieve(first.providerRef)).status).toBe("pending");
  });

  it("reads a paid payment as captured, refunds it in part and in full, never beyond", async () => {
    const { providerRef } = await h.provider.initiate(request());
    await h.pay(providerRef);
    expect(await h.provider.retrieve(providerRef)).toMatchObject({
      status: "captured",
      capturedMinor: 4675,
    });
    const part = await h.provider.refund(providerRef, 1000, `refund-a-${providerRef}`);
    expect(part.refundRef).toBeTruthy();
    expect(part.payment).toMatchObject({ status: "partly_refunded", refundedMinor: 1000 });
    const rest = await h.provider.refund(providerRef, 3675, `refund-b-${providerRef}`);
    expect(rest.payment).toMatchObject({ status: "refunded", refundedMinor: 4675 });
    await expect(h.provider.refund(providerRef, 1, `refund-c-${providerRef}`)).rejects.toThrow(
      ProviderRefused,
    );
  });

  it("cancels a payment nobody paid", async () => {
    const { providerRef } = await h.provider.initiate(request());
    expect((await h.provider.cancel(providerRef)).status).toBe("cancelled");
  });

  it("reads its own events and refuses forged ones", async () => {
    const { providerRef } = await h.provider.initiate(request());
    await h.pay(providerRef);
    const genuine = await h.event(providerRef);
    if (genuine) {
      const event = await h.provider.parseWebhook(genuine);
      expect(event.providerRef).toBe(providerRef);
      expect(event.eventId).toBeTruthy();
      const state = event.payment ?? (await h.provider.retrieve(event.providerRef));
      expect(state.status).toBe("captured");
    }
    await expect(h.provider.parseWebhook(h.forged)).rejects.toThrow(WebhookRejected);
  });

  it("says so when its service does not answer", async () => {
    if (!h.down) {
      // Bank transfer calls no service: starting one always works.
      expect((await h.provider.initiate(request())).providerRef).toBeTruthy();
      return;
    }
    await expect(h.down().initiate(request())).rejects.toThrow(ProviderUnavailable);
  });
});

// Stripe and Mollie may hold a payment (a card authorised, a Klarna order) until the shop
// captures it; the test provider and bank transfer never hold one.
describe.each(["stripe", "mollie"])("capturing a held payment: %s", (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await HARNESSES[name]!();
  });

  it("captures an authorised payment once per idempotency key, and nothing not held", async () => {
    const held = h.held!;
    const { providerRef } = await h.provider.initiate(request());
    // Nothing is held yet: the capture answers the payment as it is and captures nothing.
    const early = await h.provider.capture(providerRef, 4675, `capture-early-${providerRef}`);
    expect(early.status).toBe("pending");
    held.authorise(providerRef);
    expect(await h.provider.retrieve(providerRef)).toMatchObject({
      status: "authorised",
      capturedMinor: 0,
    });
    const key = `capture-${providerRef}`;
    expect(await h.provider.capture(providerRef, 4675, key)).toMatchObject({
      status: "captured",
      capturedMinor: 4675,
    });
    // A retried capture job finds it captured: the service captured once, with the shop's key.
    expect((await h.provider.capture(providerRef, 4675, key)).status).toBe("captured");
    expect(held.captures.filter((c) => c.id === providerRef)).toEqual([
      { id: providerRef, amountMinor: 4675, key },
    ]);
    // Captured, it is refunded like a payment paid at once.
    const refunded = await h.provider.refund(providerRef, 675, `refund-${providerRef}`);
    expect(refunded.payment).toMatchObject({ status: "partly_refunded", refundedMinor: 675 });
  });
});

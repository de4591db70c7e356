import { describe, expect, it } from "vitest";
import type { WebhookRequest } from "./provider";
import { movesForward } from "./service";
import { createTestProvider } from "./testProvider";

const request = {
  paymentRef: "p1",
  idempotencyKey: "k1",
  orderNumber: "C-2026-000001",
  orderToken: "t1",
  amountMinor: 1000,
  currency: "eur",
  country: "DE",
  locale: "de-DE",
  email: "e@example.com",
  description: "C-2026-000001",
  returnUrl: "http://localhost/web-api/payments/p1/return",
  webhookUrl: "http://localhost/web-api/payments/webhooks/test",
  billingName: "E M",
  billingAddress: { street: "S 1", postalCode: "10115", city: "Berlin", country: "DE" },
};

describe("the test provider", () => {
  it("settles a pending payment later by itself and tells the shop through a signed webhook", async () => {
    const delivered: WebhookRequest[] = [];
    const provider = createTestProvider({
      settleAfterMs: 20,
      deliver: async (r) => {
        delivered.push(r);
      },
    });
    const { providerRef } = await provider.initiate(request);
    expect(await provider.settle(providerRef, "pending")).toBe(request.returnUrl);
    expect(delivered).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(delivered).toHaveLength(1);
    const event = await provider.parseWebhook(delivered[0]!);
    expect(event.payment).toMatchObject({ providerRef, status: "captured", capturedMinor: 1000 });
  });

  it("refuses a signature older than five minutes (a replayed delivery)", async () => {
    let now = 1_000_000_000_000;
    const provider = createTestProvider({ now: () => now });
    const body = JSON.stringify({ id: "e1", type: "x", payment: { providerRef: "r" } });
    const signed = { headers: { "x-test-payment-signature": provider.sign(body) }, rawBody: body };
    await expect(provider.parseWebhook(signed)).resolves.toMatchObject({ eventId: "e1" });
    now += 6 * 60 * 1000;
    await expect(provider.parseWebhook(signed)).rejects.toThrow(/too old/);
  });
});

describe("a payment only moves forward", () => {
  it("takes news and ignores repeats and older states", () => {
    expect(movesForward("pending", "captured", false)).toBe(true);
    expect(movesForward("pending", "failed", false)).toBe(true);
    expect(movesForward("authorised", "captured", false)).toBe(true);
    expect(movesForward("captured", "captured", false)).toBe(false);
    expect(movesForward("captured", "pending", false)).toBe(false);
    expect(movesForward("captured", "failed", false)).toBe(false);
    expect(movesForward("failed", "captured", false)).toBe(false);
    expect(movesForward("captured", "partly_refunded", true)).toBe(true);
    expect(movesForward("partly_refunded", "partly_refunded", true)).toBe(true);
    expect(movesForward("partly_refunded", "partly_refunded", false)).toBe(false);
    expect(movesForward("refunded", "captured", false)).toBe(false);
  });
});

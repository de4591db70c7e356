import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPayments } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import type { WebhookRequest } from "./provider";
import { movesForward } from "./service";
import { createTestProvider, databaseTestPaymentStore, pruneTestPayments } from "./testProvider";

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
    await provider.ready();
    const body = JSON.stringify({ id: "e1", type: "x", payment: { providerRef: "r" } });
    const signed = { headers: { "x-test-payment-signature": provider.sign(body) }, rawBody: body };
    await expect(provider.parseWebhook(signed)).resolves.toMatchObject({ eventId: "e1" });
    now += 6 * 60 * 1000;
    await expect(provider.parseWebhook(signed)).rejects.toThrow(/too old/);
  });
});

describe.each(TEST_DATABASES)("the test provider's books on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(() => database.destroy());

  it("an unfinished payment survives a restart and is settled by another process, its webhook signed with the shared secret", async () => {
    const first = createTestProvider({ store: databaseTestPaymentStore(database.db) });
    const key = `restart-${Math.random()}`;
    const initiated = await first.initiate({ ...request, idempotencyKey: key });
    const { providerRef } = initiated;
    // The same key from another process answers the same payment.
    const second = (deliver: (r: WebhookRequest) => Promise<void>, now = Date.now) =>
      createTestProvider({ store: databaseTestPaymentStore(database.db), deliver, now });
    const delivered: WebhookRequest[] = [];
    const other = second(async (r) => {
      delivered.push(r);
    });
    expect(await other.initiate({ ...request, idempotencyKey: key })).toEqual(initiated);
    expect(await other.find(providerRef)).toMatchObject({ amountMinor: 1000, status: "pending" });
    expect(await other.settle(providerRef, "approve")).toBe(request.returnUrl);
    // A second click on the hosted page (in either process) changes nothing and sends nothing.
    await other.settle(providerRef, "approve");
    await first.settle(providerRef, "decline");
    expect(delivered).toHaveLength(1);
    // The first process checks the delivery the second signed: one secret for both.
    const event = await first.parseWebhook(delivered[0]!);
    expect(event).toMatchObject({ type: "payment.captured", providerRef });
    expect(await first.retrieve(providerRef)).toMatchObject({ status: "captured" });
    const [row] = await database.db
      .select()
      .from(testPayments)
      .where(eq(testPayments.providerRef, providerRef));
    expect(row).toMatchObject({ status: "captured", capturedMinor: 1000, events: 1 });
  });

  it("a payment left pending is approved after its time by whichever process asks about it", async () => {
    const left = createTestProvider({
      store: databaseTestPaymentStore(database.db),
      settleAfterMs: 60 * 60 * 1000,
    });
    const { providerRef } = await left.initiate({
      ...request,
      idempotencyKey: `pending-${Math.random()}`,
    });
    await left.settle(providerRef, "pending");
    // The process that saw the choice is gone; after the hour, another asks (reconcile).
    const delivered: WebhookRequest[] = [];
    const later = createTestProvider({
      store: databaseTestPaymentStore(database.db),
      deliver: async (r) => {
        delivered.push(r);
      },
      now: () => Date.now() + 60 * 60 * 1000 + 1_000,
    });
    expect(await later.retrieve(providerRef)).toMatchObject({ status: "captured" });
    expect(delivered).toHaveLength(1);
    // Before the hour it is still pending.
    const { providerRef: early } = await left.initiate({
      ...request,
      idempotencyKey: `early-${Math.random()}`,
    });
    await left.settle(early, "pending");
    expect(await left.retrieve(early)).toMatchObject({ status: "pending" });
  });

  it("refunds once per idempotency key and never beyond what was captured", async () => {
    const provider = createTestProvider({ store: databaseTestPaymentStore(database.db) });
    const { providerRef } = await provider.initiate({
      ...request,
      idempotencyKey: `refund-${Math.random()}`,
    });
    await provider.settle(providerRef, "approve");
    const once = await provider.refund(providerRef, 400, "r1");
    expect(await provider.refund(providerRef, 400, "r1")).toEqual(once);
    expect(once.payment).toMatchObject({ status: "partly_refunded", refundedMinor: 400 });
    await expect(provider.refund(providerRef, 700, "r2")).rejects.toThrow(/exceeds/);
    expect((await provider.refund(providerRef, 600, "r3")).payment.status).toBe("refunded");
  });
});

describe.each(TEST_DATABASES)("the test provider's books are cleaned on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(() => database.destroy());

  it("of payments over for a day (finished or abandoned), keeping those the shop may still refund", async () => {
    const now = new Date();
    const ago = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);
    const row = (ref: string, status: string, createdAt: Date) => ({
      providerRef: ref,
      idempotencyKey: `key-${ref}`,
      status,
      amountMinor: 1000,
      request: {},
      createdAt,
    });
    await database.db
      .insert(testPayments)
      .values([
        row("old-failed", "failed", ago(25)),
        row("old-cancelled", "cancelled", ago(48)),
        row("old-refunded", "refunded", ago(30)),
        row("old-pending", "pending", ago(25)),
        row("old-captured", "captured", ago(72)),
        row("old-partly", "partly_refunded", ago(72)),
        row("old-authorised", "authorised", ago(72)),
        row("new-failed", "failed", ago(23)),
        row("new-pending", "pending", ago(1)),
      ]);
    expect(await pruneTestPayments(database.db, now)).toBe(4);
    const left = await database.db.select({ ref: testPayments.providerRef }).from(testPayments);
    expect(left.map((r) => r.ref).sort()).toEqual([
      "new-failed",
      "new-pending",
      "old-authorised",
      "old-captured",
      "old-partly",
    ]);
    // A second pass finds nothing more.
    expect(await pruneTestPayments(database.db, now)).toBe(0);
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

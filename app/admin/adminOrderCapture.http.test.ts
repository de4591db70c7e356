/**
 * Capturing a held payment from the back office over HTTP, on PGlite and PostgreSQL: an order
 * whose payment the provider only holds (authorised, the capture job never got it) shows
 * "Capture payment" to whoever handles money; the capture goes through the provider, the
 * payment is marked captured, the timeline and the audit log name the operator. A production
 * operator neither sees nor may post it, a form without the CSRF token is refused, a
 * payment already captured is not captured twice, and a provider's refusal is shown. While
 * the payment is only held there is nothing to refund (no refund form, a posted refund is
 * refused and says why), and cancelling releases the hold; once captured, a refund is
 * allowed up to what was captured.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderEvents, orders, payments, testPayments } from "../../db/schema";
import { TEST_DATABASES } from "../../db/testing";
import { openAdminShop, testOrderValues, type AdminShop, type SignedIn } from "./adminShop.testing";

const NUMBER = "C-2030-000093";
const PROVIDER_REF = "tp_capture_held_93";

describe.each(TEST_DATABASES)("capturing a held payment in the back office on %s", (kind) => {
  let t: AdminShop;
  let owner: SignedIn;
  let press: SignedIn;
  let orderId: number;
  const page = () => `/_admin/orders/${orderId}`;
  const payment = async () =>
    (await t.database.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const atProvider = async () =>
    (
      await t.database.db
        .select()
        .from(testPayments)
        .where(eq(testPayments.providerRef, PROVIDER_REF))
    )[0]!;

  beforeAll(async () => {
    t = await openAdminShop(kind);
    owner = await t.signIn("owner", "owner");
    press = await t.signIn("press", "production");
    const [order] = await t.database.db
      .insert(orders)
      .values(testOrderValues(NUMBER, { paymentMethod: "test", state: "paid" }))
      .returning();
    orderId = order!.id;
    // The test provider holds 40 EUR; the shop's payment says the same.
    await t.database.db.insert(testPayments).values({
      providerRef: PROVIDER_REF,
      idempotencyKey: `pay-${NUMBER}`,
      status: "authorised",
      amountMinor: 4000,
      request: { amountMinor: 4000, currency: "EUR" },
    });
    await t.database.db.insert(payments).values({
      ref: "pay-capture-93",
      orderId,
      provider: "test",
      providerRef: PROVIDER_REF,
      status: "authorised",
      currency: "EUR",
      amountMinor: 4000,
      idempotencyKey: `pay-${NUMBER}`,
    });
  }, 180_000);
  afterAll(() => t?.close());

  it("captures through the provider for who handles money, logged; production may not", async () => {
    const asOwner = await t.request(page(), { cookie: owner.cookie });
    expect(await asOwner.text()).toContain("Capture payment");
    const asPress = await t.request(page(), { cookie: press.cookie });
    expect(asPress.status).toBe(200);
    expect(await asPress.text()).not.toContain("Capture payment");

    expect((await t.post(page(), press, { intent: "capture" })).status).toBe(403);
    const forged = await t.request(page(), {
      method: "POST",
      body: new URLSearchParams({ intent: "capture" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      cookie: owner.cookie,
    });
    expect(forged.status).toBe(403);
    expect((await payment()).status).toBe("authorised");
    expect((await atProvider()).status).toBe("authorised");

    // Held, not captured: nothing to refund. The page offers no refund and a posted one is
    // refused with the reason, touching neither the payment nor the order.
    const held = await (await t.request(page(), { cookie: owner.cookie })).text();
    expect(held).not.toContain('id="refund-title"');
    expect(held).toContain('id="cancel-title"');
    const early = await t.post(page(), owner, { intent: "refund", amount: "10", reason: "early" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("Nothing was captured yet");
    expect(await payment()).toMatchObject({ status: "authorised", refundedMinor: 0 });

    const done = await t.post(page(), owner, { intent: "capture" });
    expect(done.status).toBe(200);
    expect(await payment()).toMatchObject({ status: "captured", capturedMinor: 4000 });
    expect(await atProvider()).toMatchObject({ status: "captured", capturedMinor: 4000 });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.state).toBe("paid");
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "payment.captured")));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: `operator:${owner.id}`,
      data: { amountMinor: 4000 },
    });
    const after = await t.request(page(), { cookie: owner.cookie });
    expect(await after.text()).not.toContain("Capture payment");

    // Captured once: a second post (a double click, a stale tab) changes nothing.
    const again = await t.post(page(), owner, { intent: "capture" });
    expect(again.status).toBe(409);
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${orderId}`));
    expect(log.map((e) => [e.action, e.operatorEmail])).toEqual([
      ["order.capture", "owner@example.com"],
    ]);
  });

  it("refunds a captured payment up to what was captured, through the provider", async () => {
    // The provider took 30 of the 40 EUR (a partial capture): 30 is all that can go back.
    await t.database.db
      .update(payments)
      .set({ capturedMinor: 3000 })
      .where(eq(payments.orderId, orderId));
    // React separates the legend's text parts with empty comments; read it as it is shown.
    const shown = async () =>
      (await (await t.request(page(), { cookie: owner.cookie })).text()).replaceAll("<!-- -->", "");
    const captured = await shown();
    expect(captured).toContain("Refund (at most 30.00 EUR)");
    const tooMuch = await t.post(page(), owner, { intent: "refund", amount: "35", reason: "all" });
    expect(tooMuch.status).toBe(409);
    expect(await tooMuch.text()).toContain("more than what is left to refund");
    const part = await t.post(page(), owner, { intent: "refund", amount: "10", reason: "torn" });
    expect(part.status).toBe(200);
    expect(await payment()).toMatchObject({ status: "partly_refunded", refundedMinor: 1000 });
    expect((await atProvider()).refundedMinor).toBe(1000);
    expect(await shown()).toContain("Refund (at most 20.00 EUR)");
  });

  it("cancels an order whose payment is only held by releasing the hold, refunding nothing", async () => {
    const [order] = await t.database.db
      .insert(orders)
      .values(testOrderValues("C-2030-000095", { paymentMethod: "test", state: "paid" }))
      .returning();
    await t.database.db.insert(testPayments).values({
      providerRef: "tp_cancel_held_95",
      idempotencyKey: "pay-C-2030-000095",
      status: "authorised",
      amountMinor: 4000,
      request: { amountMinor: 4000, currency: "EUR" },
    });
    await t.database.db.insert(payments).values({
      ref: "pay-cancel-95",
      orderId: order!.id,
      provider: "test",
      providerRef: "tp_cancel_held_95",
      status: "authorised",
      currency: "EUR",
      amountMinor: 4000,
      idempotencyKey: "pay-C-2030-000095",
    });
    const cancelled = await t.post(`/_admin/orders/${order!.id}`, owner, {
      intent: "cancel",
      reason: "customer changed mind",
    });
    expect(cancelled.status).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(row).toMatchObject({ state: "cancelled", refundedMinor: 0 });
    const [mine] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order!.id));
    expect(mine).toMatchObject({ status: "cancelled", refundedMinor: 0 });
    const [theirs] = await t.database.db
      .select()
      .from(testPayments)
      .where(eq(testPayments.providerRef, "tp_cancel_held_95"));
    expect(theirs).toMatchObject({ status: "cancelled", refundedMinor: 0 });
  });

  it("says so when the provider refuses, and leaves the payment held", async () => {
    // The shop still thinks the money is held; the provider has let the hold go.
    const [order] = await t.database.db
      .insert(orders)
      .values(testOrderValues("C-2030-000094", { paymentMethod: "test", state: "in_production" }))
      .returning();
    await t.database.db.insert(testPayments).values({
      providerRef: "tp_capture_gone_94",
      idempotencyKey: "pay-C-2030-000094",
      status: "cancelled",
      amountMinor: 4000,
      request: { amountMinor: 4000, currency: "EUR" },
    });
    await t.database.db.insert(payments).values({
      ref: "pay-capture-94",
      orderId: order!.id,
      provider: "test",
      providerRef: "tp_capture_gone_94",
      status: "authorised",
      currency: "EUR",
      amountMinor: 4000,
      idempotencyKey: "pay-C-2030-000094",
    });
    const refused = await t.post(`/_admin/orders/${order!.id}`, owner, { intent: "capture" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("The payment provider refused it.");
    const [held] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order!.id));
    expect(held).toMatchObject({ status: "authorised", capturedMinor: 0 });
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${order!.id}`));
    expect(log).toEqual([]);
  });
});

/**
 * Orders in the back office over HTTP, on PGlite and PostgreSQL: the list finds an order
 * by number and by filters and refuses a malformed filter field by field; an owner marks
 * it paid and refunds half with a reason (the state table's partly refunded); a refund
 * above what is left is refused; a production operator sees the order and the order list
 * without the customer's e-mail (not in the page's data either, and no search by it), gets 403 on a refund, and moves it into production and ships it with
 * a tracking number. Every change is in the audit log. The paid order's page has each
 * form field under its own id, and lists a gift voucher it bought (not for production).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, catalogueVouchers, jobs, orderLines, orders } from "../../db/schema";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { openAdminShop, testOrderValues, type AdminShop, type SignedIn } from "./adminShop.testing";

describe.each(TEST_DATABASES)("orders in the back office on %s", (kind) => {
  let t: AdminShop;
  let database: TestDatabase;
  let orderId: number;
  const who: Partial<Record<"owner" | "press", SignedIn>> = {};

  beforeAll(async () => {
    t = await openAdminShop(kind);
    database = t.database;
    who.owner = await t.signIn("owner", "owner");
    who.press = await t.signIn("press", "production");
    const [order] = await database.db
      .insert(orders)
      .values(testOrderValues("C-2030-000077", { token: "tok-admin-test-77" }))
      .returning();
    orderId = order!.id;
    await database.db.insert(orderLines).values({
      orderId,
      position: 1,
      product: "card",
      configuration: { format: "A6" },
      title: "Hochzeitskarte, 20 Stück",
      quantity: 1,
      lineTotalMinor: 4000,
      unitPriceMinor: 4000,
      vatRateBasisPoints: 1900,
      personalised: true,
    });
  }, 180_000);
  afterAll(() => t?.close());

  const request = (target: string, init: RequestInit & { cookie?: string } = {}) =>
    t.request(target, init);
  const cookies = {
    get owner() {
      return who.owner!;
    },
    get press() {
      return who.press!;
    },
  };
  const act = (name: "owner" | "press", fields: Record<string, string>) =>
    t.post(`/_admin/orders/${orderId}`, who[name]!, fields);
  const stateNow = async () =>
    (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.state;

  it("finds the order by number and by filters, and names a malformed filter", async () => {
    const found = await request("/_admin/orders?q=000077", { cookie: cookies.owner.cookie });
    expect(found.status).toBe(200);
    expect(await found.text()).toContain("C-2030-000077");
    // By the shopper's e-mail or name, in any case; a search that matches nothing lists nothing.
    for (const q of ["ERIKA@example", "erika muster", "Muster"]) {
      const byShopper = await request(`/_admin/orders?q=${encodeURIComponent(q)}`, {
        cookie: cookies.owner.cookie,
      });
      expect(await byShopper.text(), q).toContain("C-2030-000077");
    }
    const nobody = await request("/_admin/orders?q=nobody%40example.org", {
      cookie: cookies.owner.cookie,
    });
    expect(await nobody.text()).not.toContain("C-2030-000077");
    const filtered = await (
      await request("/_admin/orders?state=placed&channel=cards&country=de&payment=invoice", {
        cookie: cookies.owner.cookie,
      })
    ).text();
    expect(filtered).toContain("C-2030-000077");
    const other = await (
      await request("/_admin/orders?channel=wallart", { cookie: cookies.owner.cookie })
    ).text();
    expect(other).not.toContain("C-2030-000077");
    const bad = await request("/_admin/orders?from=yesterday&country=Germany", {
      cookie: cookies.owner.cookie,
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Use a date like 2026-11-30");
    expect(html).toContain("Use a two-letter country code");
  });

  it("tells the order page while a job of the order is still to run, so it asks again", async () => {
    expect(await t.services.admin.orders.working(orderId)).toBe(false);
    const [job] = await database.db
      .insert(jobs)
      .values({ kind: "order-mail", payload: { orderId, mail: "shipped" } })
      .returning();
    expect(await t.services.admin.orders.working(orderId)).toBe(true);
    expect(await t.services.admin.orders.working(orderId + 1000)).toBe(false);
    await database.db.update(jobs).set({ state: "done" }).where(eq(jobs.id, job!.id));
    expect(await t.services.admin.orders.working(orderId)).toBe(false);
    await database.db.delete(jobs).where(eq(jobs.id, job!.id));
  });

  it("lets the owner mark it paid and refund half with a reason, not more than is left", async () => {
    expect((await act("owner", { intent: "pay" })).status).toBe(200);
    expect(await stateNow()).toBe("paid");
    // A gift voucher the order bought (as the payment issues it) is listed with its code.
    await database.db.insert(catalogueVouchers).values({
      channel: "cards",
      code: "G-TEST-AAAA-BBBB",
      kind: "gift",
      countries: ["DE"],
      amounts: { eur: 1500 },
      maxTotal: 1,
      source: "order",
      orderId,
      validUntil: new Date("2029-12-31T23:59:59.999Z"),
    });
    // Paid: the refund and cancel forms are both on the page, each field with its own id.
    const paidPage = await (
      await request(`/_admin/orders/${orderId}`, { cookie: cookies.owner.cookie })
    ).text();
    expect(paidPage).toContain('id="refund-title"');
    expect(paidPage).toContain('id="cancel-title"');
    expect(paidPage).toContain('href="/_admin/vouchers/cards/G-TEST-AAAA-BBBB"');
    expect(paidPage).toContain("15.00 EUR");
    const ids = [...paidPage.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const noReason = await act("owner", { intent: "refund", amount: "20.00", reason: "" });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Say why");
    const half = await act("owner", { intent: "refund", amount: "20,00", reason: "one card torn" });
    expect(half.status).toBe(200);
    expect(await stateNow()).toBe("partly_refunded");
    const tooMuch = await act("owner", { intent: "refund", amount: "30", reason: "again" });
    expect(tooMuch.status).toBe(409);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.refundedMinor).toBe(2000);
  });

  it("keeps the customer's e-mail out of production's order list, its data and its search", async () => {
    // The owner's list carries the address; production's neither shows it nor sends it
    // along in the page's data (the HTML embeds that data, the .data request returns it).
    const ownerList = await (
      await request("/_admin/orders?q=000077", { cookie: cookies.owner.cookie })
    ).text();
    expect(ownerList).toContain("erika@example.com");
    for (const target of ["/_admin/orders", "/_admin/orders.data", "/_admin/orders?q=000077"]) {
      const response = await request(target, { cookie: cookies.press.cookie });
      expect(response.status, target).toBe(200);
      const body = await response.text();
      expect(body, target).toContain("C-2030-000077");
      expect(body, target).not.toContain("erika@example.com");
    }
    // By name production finds it; by the e-mail address it finds nothing.
    const byName = await request("/_admin/orders?q=Muster", { cookie: cookies.press.cookie });
    expect(await byName.text()).toContain("C-2030-000077");
    const byEmail = await (
      await request("/_admin/orders?q=erika%40example", { cookie: cookies.press.cookie })
    ).text();
    expect(byEmail).not.toContain("C-2030-000077");
    expect(byEmail).toContain("No orders found.");
  });

  it("shows production the order without the e-mail, refuses its refund, and lets it produce and ship", async () => {
    const page = await request(`/_admin/orders/${orderId}`, { cookie: cookies.press.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Hochzeitskarte");
    expect(html).not.toContain("erika@example.com");
    expect(html).not.toContain("Refund (at most");
    // A gift voucher's code is money: not for production.
    expect(html).not.toContain("G-TEST-AAAA-BBBB");
    const refund = await act("press", { intent: "refund", amount: "1", reason: "trying" });
    expect(refund.status).toBe(403);
    expect((await act("press", { intent: "produce" })).status).toBe(200);
    expect(await stateNow()).toBe("in_production");
    const noNumber = await act("press", { intent: "ship", carrier: "dhl", tracking: "" });
    expect(noNumber.status).toBe(400);
    expect(
      (await act("press", { intent: "ship", carrier: "dhl", tracking: "00340434161094042557" }))
        .status,
    ).toBe(200);
    const [row] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.state).toBe("shipped");
    expect(row!.trackingUrl).toContain("00340434161094042557");
    const log = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${orderId}`));
    expect(log.map((e) => [e.action, e.operatorEmail])).toEqual([
      ["order.pay", "owner@example.com"],
      ["order.refund", "owner@example.com"],
      ["order.produce", "press@example.com"],
      ["order.ship", "press@example.com"],
    ]);
  });
});

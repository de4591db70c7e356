import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import {
  cartLines,
  carts,
  catalogueVouchers,
  mailOutbox,
  orderLines,
  orders,
  studioDesigns,
  voucherUses,
} from "../../db/schema";
import { createCatalogueService } from "../catalogue/service";
import { createLogger } from "../logger";
import { createCommerce, type Commerce } from "../orders/commerce";
import type { ShopServices } from "../services";
import { createDiskStorage } from "../studio/storage";
import { GERMAN_CHECKOUT, testAddress } from "../testing/checkout";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { siteOf } from "../middleware/site";
import { TEST_SIGNATURE_HEADER } from "../payments/testProvider";
import { checkoutRoutes } from "./checkout";
import { orderRoutes } from "./orders";
import { paymentRoutes } from "./paymentWebhooks";
import { addDesigned, THEME_CARD } from "../testing/designedLine";

const DE = { channel: "cards", country: "DE", locale: "de-DE" } as const;
const CH = { channel: "cards", country: "CH", locale: "de-CH" } as const;
const TEN_CARDS = { product: "card", options: THEME_CARD, quantity: 10 } as const;

interface Placed {
  orderToken: string;
  orderNumber: string;
  state: string;
  total: { currency: string; amountMinor: number };
  payment: { redirectUrl?: string; instructions?: { qrKind: string; qrSvg: string } };
}

describe.each(TEST_DATABASES)("checkout, payments and orders on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let commerce: Commerce;
  let app: Hono;
  let storageDir: string;
  let visitor = 0;
  const newVisitor = () => `00000000-0000-4000-8000-${String(++visitor).padStart(12, "0")}`;

  const call = (
    host: string,
    method: string,
    url: string,
    init: { body?: unknown; cookie?: string; key?: string; form?: string } = {},
  ) => {
    const headers: Record<string, string> = { host };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    if (init.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
    if (init.cookie) headers.cookie = init.cookie;
    if (init.key) headers["idempotency-key"] = init.key;
    const target = url.startsWith("http") ? url : `http://${host}${url}`;
    return app.request(target, {
      method,
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      ...(init.form !== undefined ? { body: init.form } : {}),
    });
  };

  /** A visitor with ten cards in the cart of a shop. */
  const shopper = async (ctx: typeof DE | typeof CH = DE) => {
    const key = newVisitor();
    expect(await addDesigned(services, ctx, { visitorKey: key }, TEN_CARDS)).toEqual({ ok: true });
    return { key, cookie: `visitor_key=${key}` };
  };
  const cartLinesOf = async (key: string) => {
    const [cart] = await database.db.select().from(carts).where(eq(carts.visitorKey, key));
    if (!cart) return 0;
    return (await database.db.select().from(cartLines).where(eq(cartLines.cartId, cart.id))).length;
  };
  const checkout = async (
    cookie: string,
    key: string,
    body: object = GERMAN_CHECKOUT,
    host = "localhost",
  ) => {
    const response = await call(host, "POST", "/web-api/checkout", { body, cookie, key });
    return { response, body: (await response.json()) as Placed & Record<string, unknown> };
  };
  const order = async (token: string) =>
    (await (await call("localhost", "GET", `/web-api/orders/${token}`)).json()) as {
      state: string;
      orderNumber: string;
      lines: { personalised: boolean; vatRate: number; hasPrintFile: boolean }[];
      totals: { currency: string; totalMinor: number };
      taxLines: { rate: number; grossMinor: number; vatMinor: number }[];
    };
  /** The shopper's choice on the test provider's page, then the way back to the shop. */
  const settle = async (placed: Placed, outcome: string) => {
    const page = await call("localhost", "POST", placed.payment.redirectUrl!, {
      form: `outcome=${outcome}`,
    });
    expect(page.status).toBe(303);
    const back = await call("localhost", "GET", page.headers.get("location")!);
    expect(back.status).toBe(303);
    return back.headers.get("location")!;
  };

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
    storageDir = mkdtempSync(path.join(os.tmpdir(), "shop-orders-"));
    commerce = createCommerce({
      db: database.db,
      env: services.env,
      log: services.log,
      hosts: services.hosts,
      cart: services.cart,
      catalogue: services.catalogue,
      invoices: services.invoices,
      mailer: services.customers.mailer,
      storage: createDiskStorage(storageDir),
      // A stand-in for the studio's renderer: the frozen design's version in a tiny PDF.
      render: async (design) => ({
        print: Buffer.from(`%PDF-1.6 design ${design.id} v${design.version}`),
        proof: null,
        preflight: { ok: true, version: design.version },
      }),
    });
    const withCommerce = { ...services, commerce };
    app = new Hono();
    app.use(siteOf(services.hosts));
    app.route("/", checkoutRoutes(withCommerce));
    app.route("/", orderRoutes(withCommerce));
    app.route("/", paymentRoutes(withCommerce));
  }, 120_000);
  afterAll(async () => {
    await commerce.stop();
    services.cms?.close();
    await database.destroy();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it("places a German order, pays it on the test page and sends mails and the invoice", async () => {
    const { key, cookie } = await shopper();
    const { response, body: placed } = await checkout(cookie, "chk-german-0001");
    expect(response.status, JSON.stringify(placed)).toBe(201);
    expect(placed.orderNumber).toMatch(/^C-\d{4}-\d{6}$/);
    expect(placed.state).toBe("placed");
    expect(placed.total.currency).toBe("eur");
    expect(placed.payment.redirectUrl).toMatch(/^http:\/\/localhost\/_test-payment\/tp_/);
    const before = await order(placed.orderToken);
    expect(before.taxLines).toHaveLength(1);
    expect(before.taxLines[0]!.rate).toBe(19);
    expect(before.taxLines[0]!.grossMinor).toBe(placed.total.amountMinor);
    expect(before.taxLines[0]!.vatMinor).toBe(Math.round((placed.total.amountMinor * 19) / 119));
    expect(before.lines[0]).toMatchObject({ personalised: true, vatRate: 19 });
    // Not paid yet: the cart is still there.
    expect(await cartLinesOf(key)).toBe(1);

    const page = await call("localhost", "GET", placed.payment.redirectUrl!);
    expect(await page.text()).toContain("Approve payment");
    const target = await settle(placed, "approve");
    expect(target).toBe(`/bestellung/${placed.orderToken}/danke`);
    expect((await order(placed.orderToken)).state).toBe("paid");
    expect(await cartLinesOf(key)).toBe(0);

    await commerce.runJobs();
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, "erika@example.com"));
    expect(mails.map((m) => m.subject).join("\n")).toContain(placed.orderNumber);
    expect(mails.length).toBeGreaterThanOrEqual(3);
    expect((await services.invoices.ofOrder(placed.orderToken)).map((i) => i.kind)).toEqual([
      "invoice",
    ]);
    // No line has a design: nothing to print, ready for production at once.
    expect((await order(placed.orderToken)).state).toBe("in_production");
    const timeline = (await commerce.orders.timeline(placed.orderToken))!.map((e) => e.kind);
    expect(timeline).toEqual(
      expect.arrayContaining(["placed", "payment.initiated", "payment.captured", "state.pay"]),
    );
  });

  it("answers the same order to the same key, and one order to two posts at once", async () => {
    const { cookie } = await shopper();
    const [a, b] = await Promise.all([
      checkout(cookie, "chk-twice-0001"),
      checkout(cookie, "chk-twice-0001"),
    ]);
    expect([a.response.status, b.response.status]).toEqual([201, 201]);
    expect(a.body.orderToken).toBe(b.body.orderToken);
    const again = await checkout(cookie, "chk-twice-0001");
    expect(again.body.orderNumber).toBe(a.body.orderNumber);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    const rows = await database.db.select().from(orders).where(eq(orders.token, a.body.orderToken));
    expect(rows).toHaveLength(1);
    // Another visitor's same key finds nothing of this order.
    const other = await shopper();
    const theirs = await checkout(other.cookie, "chk-twice-0001");
    expect(theirs.body.orderToken).not.toBe(a.body.orderToken);
  });

  it("a decline sends the shopper back to the checkout with the cart intact", async () => {
    const { key, cookie } = await shopper();
    const { body: placed } = await checkout(cookie, "chk-decline-0001");
    const target = await settle(placed, "decline");
    expect(target).toBe(`/kasse?payment=declined&order=${placed.orderToken}`);
    expect((await order(placed.orderToken)).state).toBe("cancelled");
    expect(await cartLinesOf(key)).toBe(1);
    // The next try orders the same cart.
    const retry = await checkout(cookie, "chk-decline-0002");
    expect(retry.response.status).toBe(201);
    expect(retry.body.orderNumber).not.toBe(placed.orderNumber);
  });

  it("refuses a total the shopper did not see with 409 and the new total", async () => {
    const { cookie } = await shopper();
    const { response, body } = await checkout(cookie, "chk-price-0001", {
      ...GERMAN_CHECKOUT,
      expectedTotal: { currency: "eur", amountMinor: 1 },
    });
    expect(response.status).toBe(409);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(body.error).toBe("price_changed");
    const total = body.total as { amountMinor: number };
    expect(total.amountMinor).toBeGreaterThan(1);
    const agreed = await checkout(cookie, "chk-price-0002", {
      ...GERMAN_CHECKOUT,
      expectedTotal: { currency: "eur", amountMinor: total.amountMinor },
    });
    expect(agreed.response.status).toBe(201);
  });

  it("a provider that does not answer is 503, nothing charged, the cart kept, the key usable again", async () => {
    const { key, cookie } = await shopper();
    commerce.testProvider!.setUnavailable(true);
    try {
      const { response, body } = await checkout(cookie, "chk-down-0001");
      expect(response.status).toBe(503);
      expect(body.error).toBe("provider_unavailable");
    } finally {
      commerce.testProvider!.setUnavailable(false);
    }
    expect(await cartLinesOf(key)).toBe(1);
    const retry = await checkout(cookie, "chk-down-0001");
    expect(retry.response.status).toBe(201);
    expect(retry.body.state).toBe("placed");
  });

  it("refuses bad input: no key, terms not accepted, a postal code of another shape", async () => {
    const { cookie } = await shopper();
    expect(
      (await call("localhost", "POST", "/web-api/checkout", { body: GERMAN_CHECKOUT, cookie }))
        .status,
    ).toBe(400);
    const terms = await checkout(cookie, "chk-bad-00001", {
      ...GERMAN_CHECKOUT,
      acceptTerms: false,
    });
    expect(terms.response.status).toBe(400);
    expect(Object.keys(terms.body.errors as object)).toContain("acceptTerms");
    const postal = await checkout(cookie, "chk-bad-00002", {
      ...GERMAN_CHECKOUT,
      shippingAddress: testAddress("DE", "1234", "Berlin"),
    });
    expect(postal.response.status).toBe(400);
    expect(postal.body.errors).toHaveProperty(["shippingAddress.postalCode"]);
    const elsewhere = await checkout(cookie, "chk-bad-00003", {
      ...GERMAN_CHECKOUT,
      shippingAddress: testAddress("AT", "1010", "Wien"),
    });
    expect(elsewhere.response.status).toBe(422);
    expect(elsewhere.body.error).toBe("country_mismatch");
    const empty = await checkout(`visitor_key=${newVisitor()}`, "chk-bad-00004");
    expect(empty.response.status).toBe(422);
  });

  it("a Swiss order by invoice is in CHF at 8.1 % with a QR-bill, the cart done at once", async () => {
    const { key, cookie } = await shopper(CH);
    const { response, body: placed } = await checkout(
      cookie,
      "chk-swiss-0001",
      {
        ...GERMAN_CHECKOUT,
        shippingAddress: testAddress("CH", "8001", "Zürich"),
        paymentMethod: "invoice",
      },
      "ch.cards.localhost",
    );
    expect(response.status, JSON.stringify(placed)).toBe(201);
    expect(placed.total.currency).toBe("chf");
    expect(placed.payment.instructions?.qrKind).toBe("swiss_qr_bill");
    expect(placed.payment.instructions?.qrSvg).toContain("<svg");
    const view = await order(placed.orderToken);
    expect(view.taxLines.map((t) => t.rate)).toEqual([8.1]);
    expect(await cartLinesOf(key)).toBe(0);
    // The operator sees the money arrive.
    expect(await commerce.orders.markPaid(placed.orderToken, "operator:1")).toMatchObject({
      ok: true,
      state: "paid",
    });
    expect(await commerce.orders.markPaid(placed.orderToken, "operator:1")).toMatchObject({
      ok: false,
      reason: "not_allowed",
    });
  });

  it("a duplicated or out-of-order webhook changes nothing; a forged one is refused", async () => {
    const { cookie } = await shopper();
    const { body: placed } = await checkout(cookie, "chk-hooks-0001");
    const providerRef = new URL(placed.payment.redirectUrl!).pathname.split("/").pop()!;
    const event = (id: string, status: string) =>
      JSON.stringify({
        id,
        type: `payment.${status}`,
        payment: {
          providerRef,
          status,
          amountMinor: placed.total.amountMinor,
          capturedMinor: status === "captured" ? placed.total.amountMinor : 0,
          refundedMinor: 0,
        },
      });
    const post = (body: string, signature = commerce.testProvider!.sign(body)) =>
      app.request("http://localhost/web-api/payments/webhooks/test", {
        method: "POST",
        headers: { "content-type": "application/json", [TEST_SIGNATURE_HEADER]: signature },
        body,
      });
    const captured = event("evt_dup_1", "captured");
    expect(await (await post(captured)).json()).toEqual({ received: true, applied: true });
    expect(await (await post(captured)).json()).toEqual({ received: true, applied: false });
    // A failure reported after the capture is an old event arriving late.
    expect(await (await post(event("evt_dup_0", "failed"))).json()).toEqual({
      received: true,
      applied: false,
    });
    expect((await order(placed.orderToken)).state).toBe("paid");
    const forged = await post(event("evt_forged", "refunded"), "t=1,v1=" + "0".repeat(64));
    expect(forged.status).toBe(400);
    const rows = await database.db.select().from(orders).where(eq(orders.token, placed.orderToken));
    expect(rows).toHaveLength(1);
  });

  it("operator actions: paid by transfer, part refunded with a credit note, shipped with tracking, delivered; each in the timeline", async () => {
    const { cookie } = await shopper();
    const { body: placed } = await checkout(cookie, "chk-operator-01", {
      ...GERMAN_CHECKOUT,
      paymentMethod: "invoice",
    });
    const token = placed.orderToken;
    expect(placed.payment.instructions?.qrKind).toBe("epc");
    expect(await commerce.orders.ship(token, "operator:7", null)).toMatchObject({
      ok: false,
      reason: "not_allowed",
    });
    expect(await commerce.orders.markPaid(token, "operator:7")).toMatchObject({ state: "paid" });
    expect(await commerce.orders.refund(token, 500, "operator:7", "one card bent")).toMatchObject({
      ok: true,
      state: "partly_refunded",
    });
    expect(
      await commerce.orders.refund(token, placed.total.amountMinor, "operator:7"),
    ).toMatchObject({ ok: false, reason: "invalid_amount" });
    await commerce.runJobs();
    const documents = await services.invoices.ofOrder(token);
    expect(documents.map((d) => d.kind).sort()).toEqual(["credit-note", "invoice"]);
    expect(
      await commerce.orders.ship(token, "operator:7", "https://tracking.example/track/123"),
    ).toMatchObject({ ok: true, state: "shipped" });
    expect(await commerce.orders.deliver(token, "operator:7")).toMatchObject({
      state: "delivered",
    });
    await commerce.runJobs();
    const shippedMail = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, "erika@example.com"));
    expect(shippedMail.some((m) => m.text.includes("https://tracking.example/track/123"))).toBe(
      true,
    );
    const timeline = (await commerce.orders.timeline(token))!;
    expect(
      timeline.filter((e) => e.actor === "operator:7").map((e) => [e.kind, e.toState]),
    ).toEqual([
      ["state.pay", "paid"],
      ["state.refund", "partly_refunded"],
      ["state.ship", "shipped"],
      ["state.deliver", "delivered"],
    ]);
    expect(timeline.map((e) => e.kind)).toEqual(
      expect.arrayContaining([
        "mail.placed",
        "invoice.issued",
        "credit_note.issued",
        "mail.shipped",
      ]),
    );
  });

  it("cancelling a paid order refunds it in full; an order in production cannot be cancelled", async () => {
    const { cookie } = await shopper();
    const { body: placed } = await checkout(cookie, "chk-cancel-0001");
    await settle(placed, "approve");
    expect(
      await commerce.orders.cancel(placed.orderToken, "operator:7", "customer asked"),
    ).toMatchObject({
      ok: true,
      state: "cancelled",
    });
    const view = await commerce.orders.get(placed.orderToken);
    expect(view?.payment?.status).toBe("refunded");
    expect(view?.totals.refundedMinor).toBe(placed.total.amountMinor);
  });

  it("the reconcile run settles a payment whose webhook never came", async () => {
    const { cookie } = await shopper();
    const { body: placed } = await checkout(cookie, "chk-reconcile-1");
    const providerRef = new URL(placed.payment.redirectUrl!).pathname.split("/").pop()!;
    // The provider took the money, but its message to the shop was lost.
    await commerce.testProvider!.capture(providerRef, placed.total.amountMinor, "lost-hook");
    expect((await order(placed.orderToken)).state).toBe("placed");
    const later = new Date(Date.now() + 11 * 60 * 1000);
    expect(await commerce.payments.reconcile(later)).toMatchObject({ changed: 1 });
    expect((await order(placed.orderToken)).state).toBe("paid");
  });

  it("a shopper coming back after a restart is led to their order by its payment", async () => {
    const { cookie } = await shopper();
    const { body: placed } = await checkout(cookie, "chk-restart-001");
    const ref = (await commerce.orders.get(placed.orderToken))!.payment!.ref;
    // A new process: the same database, nothing in memory.
    const restarted = createCommerce({
      db: database.db,
      env: services.env,
      log: services.log,
      hosts: services.hosts,
      cart: services.cart,
      catalogue: services.catalogue,
      invoices: services.invoices,
      mailer: services.customers.mailer,
      storage: createDiskStorage(storageDir),
    });
    const fresh = new Hono();
    fresh.route("/", paymentRoutes({ commerce: restarted }));
    const back = await fresh.request(`http://localhost/web-api/payments/${ref}/return`, {
      headers: { host: "localhost" },
    });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/bestellung/${placed.orderToken}/danke`);
  });

  it("a voucher is reserved with the order, redeemed on payment and released on a decline; VAT on what is paid", async () => {
    await database.db
      .insert(catalogueVouchers)
      .values({
        channel: "cards",
        code: "ORDERTEST10",
        kind: "voucher",
        countries: ["DE"],
        percent: 10,
      })
      .onConflictDoNothing();
    const usesOf = async (orderToken: string) => {
      const [row] = await database.db.select().from(orders).where(eq(orders.token, orderToken));
      return database.db.select().from(voucherUses).where(eq(voucherUses.id, row!.voucherUseId!));
    };
    const paid = await shopper();
    expect((await services.cart.setVoucher(DE, { visitorKey: paid.key }, "ORDERTEST10")).ok).toBe(
      true,
    );
    const { response, body: placed } = await checkout(paid.cookie, "chk-voucher-001");
    expect(response.status, JSON.stringify(placed)).toBe(201);
    const view = await order(placed.orderToken);
    const totals = (view as unknown as { totals: { discountMinor: number; subtotalMinor: number } })
      .totals;
    expect(totals.discountMinor).toBe(Math.round(totals.subtotalMinor / 10));
    expect(view.taxLines[0]!.grossMinor).toBe(placed.total.amountMinor);
    expect((await usesOf(placed.orderToken))[0]?.state).toBe("reserved");
    await settle(placed, "approve");
    expect((await usesOf(placed.orderToken))[0]).toMatchObject({
      state: "redeemed",
      orderRef: placed.orderNumber,
    });

    const declined = await shopper();
    await services.cart.setVoucher(DE, { visitorKey: declined.key }, "ORDERTEST10");
    const { body: second } = await checkout(declined.cookie, "chk-voucher-002");
    await settle(second, "decline");
    expect((await usesOf(second.orderToken))[0]?.state).toBe("released");
  });

  it("a voucher for some products is taken at checkout off those lines, as the cart showed it", async () => {
    await database.db
      .insert(catalogueVouchers)
      .values({
        channel: "cards",
        code: "CARDSONLY10",
        kind: "voucher",
        countries: ["DE"],
        percent: 10,
        products: [TEN_CARDS.product],
      })
      .onConflictDoNothing();
    const buyer = await shopper();
    expect((await services.cart.setVoucher(DE, { visitorKey: buyer.key }, "CARDSONLY10")).ok).toBe(
      true,
    );
    const shown = await services.cart.view(DE, { visitorKey: buyer.key });
    const { response, body: placed } = await checkout(buyer.cookie, "chk-voucher-scoped");
    expect(response.status, JSON.stringify(placed)).toBe(201);
    expect(shown.discount).not.toBeNull();
    expect(placed.total.amountMinor).toBe(shown.total.priceCurrentMinor);
  });

  it("an authorised payment makes the order paid and a job captures the money", async () => {
    const { cookie } = await shopper();
    const { body: placed } = await checkout(cookie, "chk-authorise-1");
    const providerRef = new URL(placed.payment.redirectUrl!).pathname.split("/").pop()!;
    const body = JSON.stringify({
      id: "evt_auth_1",
      type: "payment.authorised",
      payment: {
        providerRef,
        status: "authorised",
        amountMinor: placed.total.amountMinor,
        capturedMinor: 0,
        refundedMinor: 0,
      },
    });
    const hook = await app.request("http://localhost/web-api/payments/webhooks/test", {
      method: "POST",
      headers: { [TEST_SIGNATURE_HEADER]: commerce.testProvider!.sign(body) },
      body,
    });
    expect(await hook.json()).toEqual({ received: true, applied: true });
    expect((await order(placed.orderToken)).state).toBe("paid");
    await commerce.runJobs();
    const view = await commerce.orders.get(placed.orderToken);
    expect(view?.payment?.status).toBe("captured");
    expect((await commerce.testProvider!.retrieve(providerRef)).status).toBe("captured");
  });

  it("after payment a line with a design gets its print file from the frozen design", async () => {
    const key = newVisitor();
    expect(await addDesigned(services, DE, { visitorKey: key }, TEN_CARDS)).toEqual({ ok: true });
    const designId = "design-print-0000000000001";
    await database.db.insert(studioDesigns).values({
      id: designId,
      channel: "cards",
      visitorKey: key,
      configuration: {},
      document: { surfaces: [] },
      version: 3,
    });
    const [cart] = await database.db.select().from(carts).where(eq(carts.visitorKey, key));
    await database.db
      .update(cartLines)
      .set({ options: { ...TEN_CARDS.options, studioDesign: designId } })
      .where(eq(cartLines.cartId, cart!.id));
    const { response, body: placed } = await checkout(`visitor_key=${key}`, "chk-print-0001");
    expect(response.status, JSON.stringify(placed)).toBe(201);
    // A later edit of the design changes nothing in the order.
    await database.db
      .update(studioDesigns)
      .set({ version: 4 })
      .where(eq(studioDesigns.id, designId));
    await settle(placed, "approve");
    await commerce.runJobs();
    const [line] = await database.db
      .select()
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.token, placed.orderToken));
    expect(line!.order_lines.printFile).toMatch(/-print\.pdf$/);
    expect(line!.order_lines.preflight).toEqual({ ok: true, version: 3 });
    expect((await order(placed.orderToken)).state).toBe("in_production");
  });

  it("refuses to order a printed product without its design (a line kept from before the cart asked for one), naming the line, the cart kept", async () => {
    const { key, cookie } = await shopper();
    const [cart] = await database.db.select().from(carts).where(eq(carts.visitorKey, key));
    const [bare] = await database.db
      .insert(cartLines)
      .values({ cartId: cart!.id, product: "card", options: THEME_CARD, quantity: 10 })
      .returning();
    const ordersBefore = (await database.db.select().from(orders)).length;
    const { response, body } = await checkout(cookie, "chk-bare-0001");
    expect(response.status).toBe(422);
    expect(body.error).toBe("not_for_sale");
    expect(body.lines).toEqual([bare!.id]);
    expect(await cartLinesOf(key)).toBe(2);
    expect(await database.db.select().from(orders)).toHaveLength(ordersBefore);
  });

  it("refuses an order whose line the catalogue stopped selling meanwhile, naming the line, the cart kept", async () => {
    const { key, cookie } = await shopper();
    const [line] = (await services.cart.view(DE, { visitorKey: key })).lines;
    expect(line!.price).not.toBeNull();
    // An import of a catalogue without the card's theme: the shop no longer sells it.
    const dir = mkdtempSync(path.join(os.tmpdir(), "shop-catalogue-"));
    try {
      cpSync(path.resolve("catalogue"), dir, { recursive: true });
      const file = path.join(dir, "cards", "themes.json");
      const data = JSON.parse(readFileSync(file, "utf8")) as { themes: { id: string }[] };
      const themes = data.themes.filter((t) => t.id !== TEN_CARDS.options.themeId);
      writeFileSync(file, JSON.stringify({ ...data, themes }));
      const importer = await createCatalogueService({
        db: database.db,
        log: createLogger("silent"),
        dir,
        importOnStart: false,
      });
      expect((await importer.sync()).changed).toBe(true);
      expect(await services.catalogue.refresh()).toBe(true);
      const ordersBefore = (await database.db.select().from(orders)).length;

      const { response, body } = await checkout(cookie, "chk-unsold-0001");
      expect(response.status).toBe(422);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(body.error).toBe("not_for_sale");
      expect(body.lines).toEqual([line!.line]);
      // Nothing ordered, and the shopper's cart is as it was.
      expect(await cartLinesOf(key)).toBe(1);
      expect(await database.db.select().from(orders)).toHaveLength(ordersBefore);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await services.catalogue.sync(true);
    }
    // Sold again: the same cart is ordered.
    expect((await checkout(cookie, "chk-unsold-0002")).response.status).toBe(201);
  });
});

/**
 * A gift voucher bought and paid for becomes a code worth what was paid, on PGlite and
 * PostgreSQL: the test provider approves the order, the order (its page's data and the back
 * office's) names two codes of 15 €, the buyer's mail carries them, and one code takes 15 €
 * off a new cart of the shop in Germany and Austria (euro) but not in Switzerland (francs);
 * once the order is refunded in full, its codes no longer apply.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueVouchers, mailOutbox, orders } from "../../db/schema";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { checkoutRoutes } from "../api/checkout";
import { paymentRoutes } from "../api/paymentWebhooks";
import type { ShopServices } from "../services";
import { createDiskStorage } from "../studio/storage";
import { GERMAN_CHECKOUT } from "../testing/checkout";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { siteOf } from "../middleware/site";
import { createCommerce, type Commerce } from "./commerce";
import { issueGiftVouchers } from "./giftVouchers";
import { addDesigned, THEME_CARD } from "../testing/designedLine";

const DE = { channel: "cards", country: "DE", locale: "de-DE" } as const;
const AT = { channel: "cards", country: "AT", locale: "de-AT" } as const;
const CH = { channel: "cards", country: "CH", locale: "de-CH" } as const;

describe.each(TEST_DATABASES)("gift vouchers bought on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let commerce: Commerce;
  let app: Hono;
  let storageDir: string;

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
    storageDir = mkdtempSync(path.join(os.tmpdir(), "shop-gift-"));
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
      render: () => Promise.reject(new Error("nothing to print")),
    });
    app = new Hono();
    app.use(siteOf(services.hosts));
    app.route("/", checkoutRoutes({ ...services, commerce }));
    app.route("/", paymentRoutes({ ...services, commerce }));
  }, 120_000);
  afterAll(async () => {
    await commerce.stop();
    services.cms?.close();
    await database.destroy();
    rmSync(storageDir, { recursive: true, force: true });
  });

  const post = (
    url: string,
    init: { json?: unknown; form?: string; cookie?: string; key?: string },
  ) =>
    app.request(url.startsWith("http") ? url : `http://localhost${url}`, {
      method: "POST",
      headers: {
        host: "localhost",
        "content-type": init.json ? "application/json" : "application/x-www-form-urlencoded",
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.key ? { "idempotency-key": init.key } : {}),
      },
      body: init.json ? JSON.stringify(init.json) : init.form!,
    });

  it("issues a code per voucher paid, mails it and takes it off a new cart of the shop", async () => {
    const buyer = "00000000-0000-4000-8000-00000000a001";
    const added = await services.cart.add(
      DE,
      { visitorKey: buyer },
      { product: "gift-voucher", options: { article: "gift-voucher-15" }, quantity: 2 },
    );
    expect(added).toEqual({ ok: true });
    const placed = await post("/web-api/checkout", {
      cookie: `visitor_key=${buyer}`,
      key: "gift-voucher-order-1",
      json: { ...GERMAN_CHECKOUT, email: "gift-buyer@example.com" },
    });
    const body = (await placed.json()) as {
      orderToken: string;
      orderNumber: string;
      payment: { redirectUrl: string };
    };
    expect(placed.status, JSON.stringify(body)).toBe(201);
    const view = () => commerce.orders.get(body.orderToken);
    // Not paid yet: no code exists.
    expect((await view())!.giftVouchers).toEqual([]);
    const approved = await post(body.payment.redirectUrl, { form: "outcome=approve" });
    expect(approved.status).toBe(303);
    await app.request(approved.headers.get("location")!, { headers: { host: "localhost" } });
    expect((await view())!.state).toBe("paid");

    const vouchers = (await view())!.giftVouchers;
    expect(vouchers).toHaveLength(2);
    for (const v of vouchers) {
      expect(v).toMatchObject({ currency: "eur", amountMinor: 1500 });
      expect(v.code).toMatch(/^G-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    }
    expect(new Set(vouchers.map((v) => v.code)).size).toBe(2);
    // Paid once, issued once: the payment's transition does not issue them again.
    const [row] = await database.db.select().from(orders).where(eq(orders.token, body.orderToken));
    expect(await database.db.transaction((tx) => issueGiftVouchers(tx, row!))).toBe(0);
    const stored = await database.db
      .select()
      .from(catalogueVouchers)
      .where(eq(catalogueVouchers.orderId, row!.id));
    expect(stored.map((s) => [s.kind, s.source, s.maxTotal])).toEqual([
      ["gift", "order", 1],
      ["gift", "order", 1],
    ]);
    // The back office's order detail reads the same codes.
    expect((await services.admin.orders.extras(row!)).giftVouchers.map((v) => v.code)).toEqual(
      vouchers.map((v) => v.code),
    );

    await commerce.runJobs();
    const mail = (
      await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, "gift-buyer@example.com"))
    ).find(
      (m) => m.subject === `Ihre Geschenkgutscheine zur Bestellung ${body.orderNumber} – Cardelia`,
    );
    expect(mail, "the gift voucher mail").toBeDefined();
    for (const v of vouchers) expect(mail!.text).toContain(`${v.code}`);
    expect(mail!.text).toMatch(/Gutschein über 15,00\s€/);

    // A new cart of the shop: the code takes 15 € off in Germany and Austria, not in Switzerland.
    const code = vouchers[0]!.code;
    for (const [ctx, ok] of [
      [DE, true],
      [AT, true],
      [CH, false],
    ] as const) {
      const owner = {
        visitorKey: `00000000-0000-4000-8000-00000000b00${ctx.country === "DE" ? 1 : ctx.country === "AT" ? 2 : 3}`,
      };
      await addDesigned(services, ctx, owner, {
        product: "card",
        options: THEME_CARD,
        quantity: 10,
      });
      const set = await services.cart.setVoucher(ctx, owner, code);
      expect(set.ok, ctx.country).toBe(ok);
      if (ok) {
        const cart = await services.cart.view(ctx, owner);
        expect(cart.discount?.priceCurrentMinor).toBe(1500);
      }
    }

    // The order refunded in full: its codes are money no longer.
    const total = (await view())!.totals.totalMinor;
    expect(await commerce.orders.refund(body.orderToken, total, "test", "returned")).toMatchObject({
      ok: true,
      state: "refunded",
    });
    const owner = { visitorKey: "00000000-0000-4000-8000-0000000c00DE" };
    await addDesigned(services, DE, owner, {
      product: "card",
      options: THEME_CARD,
      quantity: 10,
    });
    expect(await services.cart.setVoucher(DE, owner, vouchers[1]!.code)).toMatchObject({
      ok: false,
      refusal: { reason: "expired" },
    });
  });
});

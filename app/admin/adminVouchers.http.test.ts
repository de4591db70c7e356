/**
 * Vouchers in the back office over HTTP, on PGlite and PostgreSQL: a code with a
 * percentage and amounts at once, without countries or with an end before its start is
 * refused field by field; a valid code is created, applies to a cart through the cart's
 * voucher rules, is edited, and its ledger shows a reservation; the audit log has both
 * changes; a production operator gets 403.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createVoucherLedger } from "../../server/cart/vouchers";
import { totpCode } from "../../server/admin/totp";
import type { ShopServices } from "../../server/services";
import { createTestServices } from "../../server/testing/services";
import { createTestShop, type TestShop } from "../../server/testing/shop";

const PASSWORD = "Kompass-Nebel-Treppe-58";

describe.each(TEST_DATABASES)("vouchers in the back office on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let shop: TestShop;
  const session: Record<string, { cookie: string; csrf: string }> = {};

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database);
    shop = await createTestShop(services);
    const ops = services.admin.operators;
    for (const [who, role] of [
      ["owner", "owner"],
      ["press", "production"],
    ] as const) {
      const made = await ops.create(
        { id: null, email: "test" },
        { email: `${who}@example.com`, name: who, role, password: PASSWORD },
      );
      if (!made.ok) throw new Error(JSON.stringify(made.errors));
      const login = await ops.login({
        email: `${who}@example.com`,
        password: PASSWORD,
        caller: who,
      });
      if (!login.ok) throw new Error(login.problem);
      let token = login.token;
      if (role === "owner") {
        const { secret } = await ops.beginSecondFactor(made.operator);
        const confirmed = await ops.confirmSecondFactor(
          (await ops.byId(made.operator.id))!,
          totpCode(secret),
          token,
        );
        if (!confirmed.ok) throw new Error("no second factor");
        token = confirmed.token;
      }
      session[who] = { cookie: `admin_session=${token}`, csrf: services.admin.csrfToken(token) };
    }
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    services?.cms?.close();
    await database?.destroy();
  });

  const post = (who: string, target: string, fields: [string, string][]) => {
    const body = new URLSearchParams([["csrf", session[who]!.csrf], ...fields]);
    return shop.app.request(`http://localhost${target}`, {
      method: "POST",
      body,
      headers: {
        host: "localhost",
        cookie: session[who]!.cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      redirect: "manual",
    });
  };

  it("refuses a wrong code field by field, creates a valid one that the cart applies, and edits it", async () => {
    const bad = await post("owner", "/_admin/vouchers/new", [
      ["channel", "cards"],
      ["code", "x"],
      ["kind", "voucher"],
      ["percent", "10"],
      ["amount_eur", "5"],
      ["validFrom", "2030-02-01"],
      ["validUntil", "2030-01-01"],
    ]);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("3 to 32 letters, digits or dashes");
    expect(html).toContain("Choose at least one country");

    const made = await post("owner", "/_admin/vouchers/new", [
      ["channel", "cards"],
      ["code", "backoffice-10"],
      ["kind", "voucher"],
      ["percent", "10"],
      ["min_eur", "20"],
      ["countries", "DE"],
      ["countries", "AT"],
      ["maxTotal", "5"],
    ]);
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toBe("/_admin/vouchers/cards/BACKOFFICE-10?saved=1");

    const ledger = createVoucherLedger(database.db);
    const cart = {
      channel: "cards",
      country: "DE" as const,
      currency: "eur" as const,
      subtotalMinor: 5000,
      shippingMinor: 495,
      now: new Date(),
    };
    expect(
      await ledger.check("backoffice-10", cart, { cartId: null, customerId: null }),
    ).toMatchObject({
      ok: true,
      discountMinor: 500,
    });
    expect(
      await ledger.check(
        "BACKOFFICE-10",
        { ...cart, subtotalMinor: 1000 },
        { cartId: null, customerId: null },
      ),
    ).toMatchObject({ ok: false, reason: "minimum-order-value" });

    const edited = await post("owner", "/_admin/vouchers/cards/BACKOFFICE-10", [
      ["kind", "voucher"],
      ["percent", "20"],
      ["countries", "DE"],
    ]);
    expect(edited.status).toBe(302);
    expect(
      await ledger.check("BACKOFFICE-10", cart, { cartId: null, customerId: null }),
    ).toMatchObject({
      ok: true,
      discountMinor: 1000,
    });
    const reserved = await ledger.reserve("BACKOFFICE-10", cart, {
      cartId: null,
      customerId: null,
    });
    expect(reserved.ok).toBe(true);
    const page = await shop.app.request("http://localhost/_admin/vouchers/cards/BACKOFFICE-10", {
      headers: { host: "localhost", cookie: session.owner!.cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("10.00 EUR");
    const log = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, "voucher:cards:BACKOFFICE-10"));
    expect(log.map((e) => e.action)).toEqual(["voucher.create", "voucher.update"]);
  });

  it("answers 403 to a production operator", async () => {
    const response = await post("press", "/_admin/vouchers/new", [["code", "PRESS-1"]]);
    expect(response.status).toBe(403);
  });
});

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
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createVoucherLedger } from "../../server/cart/vouchers";
import { openAdminShop, type AdminShop, type SignedIn } from "./adminShop.testing";

describe.each(TEST_DATABASES)("vouchers in the back office on %s", (kind) => {
  let t: AdminShop;
  let database: TestDatabase;
  const session: Partial<Record<"owner" | "press", SignedIn>> = {};

  beforeAll(async () => {
    t = await openAdminShop(kind);
    database = t.database;
    session.owner = await t.signIn("owner", "owner");
    session.press = await t.signIn("press", "production");
  }, 180_000);
  afterAll(() => t?.close());

  const post = (who: "owner" | "press", target: string, fields: [string, string][]) =>
    t.post(target, session[who]!, fields);

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
    const page = await t.request("/_admin/vouchers/cards/BACKOFFICE-10", {
      cookie: session.owner!.cookie,
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

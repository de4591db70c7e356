/**
 * Vouchers in the back office over HTTP, on PGlite and PostgreSQL: a code with a
 * percentage and amounts at once, without countries or with an end before its start is
 * refused field by field; a valid code is created, applies to a cart through the cart's
 * voucher rules, is edited, and its ledger shows a reservation; the audit log has both
 * changes; a catalogue gift code priced by a single value opens with its amount filled and
 * saving it unchanged changes nothing; a code's products and "first order only" are shown
 * and set, and the cart follows them; a production operator gets 403.
 */
import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, catalogueVouchers, orders } from "../../db/schema";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createVoucherLedger } from "../../server/cart/vouchers";
import { openAdminShop, testOrderValues, type AdminShop, type SignedIn } from "./adminShop.testing";

describe.each(TEST_DATABASES)("vouchers in the back office on %s", (kind) => {
  let t: AdminShop;
  let database: TestDatabase;
  const session: Partial<Record<"owner" | "press", SignedIn>> = {};

  beforeAll(async () => {
    t = await openAdminShop(kind);
    database = t.database;
    session.owner = await t.signIn("owner", "owner");
    session.press = await t.signIn("press", "production");
    // Two of the card shop's catalogue codes as its import stores them (the whole import
    // takes seconds): a gift code priced by a single value, and one for photo books only.
    const seed = JSON.parse(readFileSync("catalogue/cards/vouchers.json", "utf8")) as {
      vouchers: (typeof catalogueVouchers.$inferInsert & {
        validFrom: string;
        validUntil: string;
      })[];
    };
    await database.db.insert(catalogueVouchers).values(
      seed.vouchers
        .filter((v) => v.code === "C-GIFT-2F7K-9QX4" || v.code === "C-FOTOBUCH15")
        .map((v) => ({
          ...v,
          channel: "cards",
          validFrom: new Date(v.validFrom),
          validUntil: new Date(v.validUntil),
        })),
    );
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

  const stored = async (code: string) => {
    const [row] = await database.db
      .select()
      .from(catalogueVouchers)
      .where(and(eq(catalogueVouchers.channel, "cards"), eq(catalogueVouchers.code, code)));
    return row!;
  };
  /** The edit form's fields as the page fills them (a repeated name as several pairs). */
  const formPairs = async (code: string): Promise<[string, string][]> =>
    Object.entries(t.services.admin.vouchers.formOf(await stored(code)))
      .filter(([name]) => name !== "channel" && name !== "code")
      .flatMap(([name, value]) =>
        Array.isArray(value)
          ? value.map((v): [string, string] => [name, v])
          : value === ""
            ? []
            : [[name, value] as [string, string]],
      );
  /** Whether the page's checkbox `name` with `value` is ticked (null: no such box). */
  const ticked = (html: string, name: string, value?: string) => {
    const box = (html.match(/<input[^>]*>/g) ?? []).find(
      (tag) =>
        tag.includes(`name="${name}"`) && (value === undefined || tag.includes(`value="${value}"`)),
    );
    return box === undefined ? null : / checked(="")?/.test(box);
  };
  const auditOf = async (code: string) =>
    database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `voucher:cards:${code}`));

  it("opens a catalogue gift code priced by a single value with its amount, and saving it unchanged changes nothing", async () => {
    const before = await stored("C-GIFT-2F7K-9QX4");
    expect(before).toMatchObject({ valueMinor: 2500, amounts: null, source: "catalogue" });
    const page = await t.request("/_admin/vouchers/cards/C-GIFT-2F7K-9QX4", {
      cookie: session.owner!.cookie,
    });
    const html = await page.text();
    expect(html).toMatch(/name="amount_eur"[^>]*value="25.00"/);
    expect(html).toMatch(/name="validUntil"[^>]*value="2029-12-31"/);

    const saved = await post("owner", "/_admin/vouchers/cards/C-GIFT-2F7K-9QX4", [
      ...(await formPairs("C-GIFT-2F7K-9QX4")),
    ]);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/_admin/vouchers/cards/C-GIFT-2F7K-9QX4?saved=0");
    expect(await stored("C-GIFT-2F7K-9QX4")).toEqual(before);
    expect(await auditOf("C-GIFT-2F7K-9QX4")).toEqual([]);
    const told = await t.request(saved.headers.get("location")!, {
      cookie: session.owner!.cookie,
    });
    expect(await told.text()).toContain("Nothing changed: the code is as it was.");
  });

  it("shows and sets the products a code discounts and first order only, and the cart follows them", async () => {
    const page = await t.request("/_admin/vouchers/cards/C-FOTOBUCH15", {
      cookie: session.owner!.cookie,
    });
    const html = await page.text();
    expect(ticked(html, "products", "photobook")).toBe(true);
    expect(ticked(html, "products", "photoprint")).toBe(false);
    expect(ticked(html, "firstOrderOnly")).toBe(false);
    const before = await stored("C-FOTOBUCH15");

    const fields = (await formPairs("C-FOTOBUCH15")).filter(([name]) => name !== "products");
    const changed = await post("owner", "/_admin/vouchers/cards/C-FOTOBUCH15", [
      ...fields,
      ["products", "photobook"],
      ["products", "photoprint"],
      ["firstOrderOnly", "on"],
    ]);
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/_admin/vouchers/cards/C-FOTOBUCH15?saved=1");
    const after = await stored("C-FOTOBUCH15");
    expect(after).toMatchObject({
      products: ["photobook", "photoprint"],
      firstOrderOnly: true,
      source: "operator",
      // The validity days were left as they were: the catalogue's moments stay.
      validFrom: before.validFrom,
      validUntil: before.validUntil,
    });
    const reopened = await (
      await t.request("/_admin/vouchers/cards/C-FOTOBUCH15", { cookie: session.owner!.cookie })
    ).text();
    expect(ticked(reopened, "products", "photoprint")).toBe(true);
    expect(ticked(reopened, "firstOrderOnly")).toBe(true);

    const ledger = createVoucherLedger(database.db);
    const cart = {
      channel: "cards",
      country: "DE" as const,
      currency: "eur" as const,
      subtotalMinor: 3000,
      shippingMinor: 495,
      now: new Date("2026-12-01T12:00:00Z"),
      lines: [
        { product: "photoprint", totalMinor: 2000 },
        { product: "card", totalMinor: 1000 },
      ],
    };
    const newcomer = { cartId: null, customerId: null, email: "new@example.com" };
    // 15 % of the photo prints' line only.
    expect(await ledger.check("C-FOTOBUCH15", cart, newcomer)).toMatchObject({
      ok: true,
      discountMinor: 300,
    });
    await database.db
      .insert(orders)
      .values(testOrderValues("C-VOUCHER-1", { email: "regular@example.com", state: "paid" }));
    expect(
      await ledger.check("C-FOTOBUCH15", cart, { ...newcomer, email: "regular@example.com" }),
    ).toMatchObject({ ok: false, reason: "first-order-only" });

    // Nothing ticked: the whole cart again, for anyone.
    const widened = await post("owner", "/_admin/vouchers/cards/C-FOTOBUCH15", fields);
    expect(widened.status).toBe(302);
    expect(await stored("C-FOTOBUCH15")).toMatchObject({ products: null, firstOrderOnly: false });
    expect(
      await ledger.check("C-FOTOBUCH15", cart, { ...newcomer, email: "regular@example.com" }),
    ).toMatchObject({ ok: true, discountMinor: 450 });
    expect((await auditOf("C-FOTOBUCH15")).map((e) => e.action)).toEqual([
      "voucher.update",
      "voucher.update",
    ]);
  });

  it("refuses a product the shop does not sell", async () => {
    const response = await post("owner", "/_admin/vouchers/cards/C-FOTOBUCH15", [
      ...(await formPairs("C-FOTOBUCH15")),
      ["products", "spaceship"],
    ]);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Choose products the shop sells");
  });

  it("answers 403 to a production operator", async () => {
    const response = await post("press", "/_admin/vouchers/new", [["code", "PRESS-1"]]);
    expect(response.status).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carts, catalogueVouchers, customers } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import type { VoucherCart } from "../../domain/vouchers";
import { createVoucherLedger, RESERVATION_KEPT_MS, type VoucherLedger } from "./vouchers";

const NOW = new Date("2026-12-01T12:00:00Z");
const CART: VoucherCart = {
  channel: "cards",
  country: "DE",
  currency: "eur",
  subtotalMinor: 5000,
  shippingMinor: 495,
  now: NOW,
};

describe.each(TEST_DATABASES)("the voucher ledger on %s", (kind) => {
  let database: TestDatabase;
  let ledger: VoucherLedger;
  let visitor = 0;
  const newCart = async (customerId: number | null = null) => {
    const [row] = await database.db
      .insert(carts)
      .values({
        channel: "cards",
        ...(customerId === null
          ? { visitorKey: `00000000-0000-4000-8000-${String(++visitor).padStart(12, "0")}` }
          : { customerId }),
      })
      .returning();
    return { cartId: row!.id, customerId };
  };
  const newCustomer = async (n: number) => {
    const [row] = await database.db
      .insert(customers)
      .values({
        channel: "cards",
        number: `C-ledger-${n}`,
        email: `ledger-${n}@example.com`,
        firstName: "Kim",
        lastName: "Kunde",
        locale: "de-DE",
      })
      .returning();
    return row!.id;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ledger = createVoucherLedger(database.db);
    const voucher = {
      channel: "cards",
      kind: "voucher",
      countries: ["DE"],
      percent: 10,
      validFrom: new Date("2026-11-01T00:00:00Z"),
      validUntil: new Date("2027-01-31T23:00:00Z"),
    };
    await database.db.insert(catalogueVouchers).values([
      { ...voucher, code: "T-LAST-ONE", maxTotal: 1 },
      { ...voucher, code: "T-ONCE-EACH", maxPerCustomer: 1 },
    ]);
  }, 120_000);
  afterAll(async () => {
    await database.destroy();
  });

  it("a reservation takes the last use; releasing it gives it back; a redemption keeps it", async () => {
    const first = await newCart();
    const second = await newCart();
    const reserved = await ledger.reserve("t-last-one", CART, first);
    expect(reserved).toMatchObject({ ok: true, discountMinor: 500 });
    // The cart's own reservation does not stand against it.
    expect((await ledger.check("T-LAST-ONE", CART, first)).ok).toBe(true);
    expect(await ledger.reserve("T-LAST-ONE", CART, second)).toEqual({
      ok: false,
      reason: "used-up",
    });
    const use = (reserved as { use: number }).use;
    expect(await ledger.release(use)).toBe(true);
    expect(await ledger.release(use)).toBe(false);
    const again = await ledger.reserve("T-LAST-ONE", CART, second);
    expect(again.ok).toBe(true);
    const secondUse = (again as { use: number }).use;
    expect(await ledger.redeem(secondUse, "order-1")).toBe(true);
    expect(await ledger.redeem(secondUse, "order-1")).toBe(false);
    expect(await ledger.release(secondUse)).toBe(false);
    expect((await ledger.check("T-LAST-ONE", CART, first)).ok).toBe(false);
  });

  it("a customer uses a once-each voucher once; another customer and a visitor still may", async () => {
    const kim = await newCustomer(1);
    const alex = await newCustomer(2);
    const kimsCart = await newCart(kim);
    const reserved = await ledger.reserve("T-ONCE-EACH", CART, kimsCart);
    expect(reserved.ok).toBe(true);
    await ledger.redeem((reserved as { use: number }).use, "order-2");
    expect(await ledger.check("T-ONCE-EACH", CART, { cartId: null, customerId: kim })).toEqual({
      ok: false,
      reason: "used-up",
    });
    expect((await ledger.check("T-ONCE-EACH", CART, await newCart(alex))).ok).toBe(true);
    expect((await ledger.check("T-ONCE-EACH", CART, await newCart())).ok).toBe(true);
  });

  it("two checkouts at once cannot both take the last use", async () => {
    await database.db.insert(catalogueVouchers).values({
      channel: "cards",
      kind: "voucher",
      code: "T-RACE",
      countries: ["DE"],
      percent: 10,
      maxTotal: 1,
      validFrom: null,
      validUntil: null,
    });
    const [a, b] = [await newCart(), await newCart()];
    const both = await Promise.all([
      ledger.reserve("T-RACE", CART, a),
      ledger.reserve("T-RACE", CART, b),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
  });

  it("a reservation left longer than a checkout takes is released and stops counting", async () => {
    await database.db.insert(catalogueVouchers).values({
      channel: "cards",
      kind: "voucher",
      code: "T-LEFT",
      countries: ["DE"],
      percent: 10,
      maxTotal: 1,
      validFrom: null,
      validUntil: null,
    });
    const left = await ledger.reserve("T-LEFT", CART, await newCart());
    expect(left.ok).toBe(true);
    const other = await newCart();
    expect((await ledger.check("T-LEFT", CART, other)).ok).toBe(false);
    expect(await ledger.releaseAbandoned(new Date())).toBe(0);
    const later = new Date(Date.now() + RESERVATION_KEPT_MS + 1000);
    expect(await ledger.releaseAbandoned(later)).toBeGreaterThanOrEqual(1);
    expect((await ledger.check("T-LEFT", CART, other)).ok).toBe(true);
  });

  it("a reservation is refused for the rule the voucher fails", async () => {
    expect(
      await ledger.reserve(
        "T-LAST-ONE",
        { ...CART, now: new Date("2027-02-01T00:00:00Z") },
        await newCart(),
      ),
    ).toMatchObject({ ok: false, reason: "expired" });
    expect(await ledger.reserve("NO-SUCH", CART, await newCart())).toEqual({
      ok: false,
      reason: "unknown",
    });
  });
});

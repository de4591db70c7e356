import { describe, expect, it } from "vitest";
import {
  checkVoucher,
  isForShopAndCountry,
  isUsedUp,
  minimumOrderRefusal,
  validityRefusal,
  voucherDiscount,
  voucherRuleOf,
  type VoucherCart,
  type VoucherRule,
} from "./vouchers";

const NOW = new Date("2026-12-01T12:00:00Z");
const rule = (over: Partial<VoucherRule> = {}): VoucherRule => ({
  code: "WINTER20",
  channel: "cards",
  kind: "voucher",
  countries: ["DE", "CH", "US"],
  percent: 20,
  amounts: null,
  minOrder: { eur: 1500, chf: 2000, usd: 1800 },
  validFrom: new Date("2026-11-01T00:00:00Z"),
  validUntil: new Date("2027-01-31T23:00:00Z"),
  maxTotal: null,
  maxPerCustomer: null,
  ...over,
});
const cart = (over: Partial<VoucherCart> = {}): VoucherCart => ({
  channel: "cards",
  country: "DE",
  currency: "eur",
  subtotalMinor: 5000,
  shippingMinor: 495,
  now: NOW,
  ...over,
});
const unused = { total: 0, byCustomer: 0 };

describe("voucher rules", () => {
  it("a voucher is for its own shop and listed countries only", () => {
    expect(isForShopAndCountry(rule(), cart())).toBe(true);
    expect(isForShopAndCountry(rule(), cart({ country: "FR" }))).toBe(false);
    expect(isForShopAndCountry(rule(), cart({ channel: "wallart" }))).toBe(false);
    expect(checkVoucher(rule(), cart({ channel: "wallart" }), unused)).toEqual({
      ok: false,
      reason: "unknown",
    });
  });

  it("validity dates include both ends and refuse before and after", () => {
    const v = rule();
    expect(validityRefusal(v, v.validFrom!)).toBeNull();
    expect(validityRefusal(v, v.validUntil!)).toBeNull();
    expect(validityRefusal(v, new Date("2026-10-31T23:59:59Z"))?.reason).toBe("not-yet-valid");
    expect(validityRefusal(v, new Date("2027-02-01T00:00:00Z"))?.reason).toBe("expired");
  });

  it("the minimum order is counted in the cart's currency: 15 EUR is not 15 CHF", () => {
    const v = rule();
    expect(minimumOrderRefusal(v, cart({ subtotalMinor: 1500 }))).toBeNull();
    const swiss = cart({ country: "CH", currency: "chf", subtotalMinor: 1500 });
    expect(minimumOrderRefusal(v, swiss)).toEqual({
      reason: "minimum-order-value",
      minimumMinor: 2000,
      currency: "chf",
    });
  });

  it("a voucher with minimums but none in the cart's currency is not sold there", () => {
    const v = rule({ countries: ["GB"], minOrder: { eur: 1500 } });
    expect(minimumOrderRefusal(v, cart({ country: "GB", currency: "gbp" }))).toEqual({
      reason: "not-valid-in-country",
    });
  });

  it("limits count reservations and redemptions in all and per customer", () => {
    expect(isUsedUp(rule({ maxTotal: 2 }), { total: 1, byCustomer: 0 })).toBe(false);
    expect(isUsedUp(rule({ maxTotal: 2 }), { total: 2, byCustomer: 0 })).toBe(true);
    expect(isUsedUp(rule({ maxPerCustomer: 1 }), { total: 5, byCustomer: 1 })).toBe(true);
    expect(checkVoucher(rule({ maxPerCustomer: 1 }), cart(), { total: 1, byCustomer: 1 })).toEqual({
      ok: false,
      reason: "used-up",
    });
  });

  it("a percentage is taken off the lines, rounded to the minor unit", () => {
    expect(voucherDiscount(rule({ percent: 20 }), cart({ subtotalMinor: 1999 }))).toBe(400);
  });

  it("a fixed amount is the one of the cart's currency, never more than the lines", () => {
    const v = rule({ percent: null, amounts: { eur: 500, chf: 600 } });
    expect(voucherDiscount(v, cart())).toBe(500);
    expect(voucherDiscount(v, cart({ currency: "chf", country: "CH" }))).toBe(600);
    expect(voucherDiscount(v, cart({ subtotalMinor: 300 }))).toBe(300);
    expect(voucherDiscount(v, cart({ currency: "usd", country: "US" }))).toBeNull();
    expect(checkVoucher(v, cart({ currency: "usd", country: "US" }), unused)).toEqual({
      ok: false,
      reason: "not-valid-in-country",
    });
  });

  it("a shipping voucher takes off exactly the shipping", () => {
    const v = rule({ kind: "shipping", percent: null, minOrder: null });
    expect(voucherDiscount(v, cart({ shippingMinor: 495 }))).toBe(495);
    expect(voucherDiscount(v, cart({ shippingMinor: 0 }))).toBe(0);
  });

  it("a valid voucher answers its discount in the cart's currency", () => {
    expect(checkVoucher(rule(), cart(), unused)).toEqual({
      ok: true,
      kind: "voucher",
      discountMinor: 1000,
      currency: "eur",
    });
    expect(checkVoucher(null, cart(), unused)).toEqual({ ok: false, reason: "unknown" });
  });
});

describe("a voucher for some products", () => {
  const books = rule({ products: ["photobook"], minOrder: { eur: 3000 } });
  const lines = [
    { product: "photobook", totalMinor: 4000 },
    { product: "card", totalMinor: 6000 },
  ];

  it("takes its percentage off its products' lines only", () => {
    expect(checkVoucher(books, cart({ subtotalMinor: 10_000, lines }), unused)).toMatchObject({
      ok: true,
      discountMinor: 800,
    });
    // The same voucher for the whole cart takes 20 % of everything.
    expect(
      voucherDiscount({ ...books, products: null }, cart({ subtotalMinor: 10_000, lines })),
    ).toBe(2000);
  });

  it("takes a fixed amount off no more than its products cost", () => {
    const v = rule({ products: ["card"], percent: null, amounts: { eur: 8000 }, minOrder: null });
    expect(voucherDiscount(v, cart({ subtotalMinor: 10_000, lines }))).toBe(6000);
  });

  it("counts its minimum order in its products", () => {
    const fewBooks = [
      { product: "photobook", totalMinor: 2000 },
      { product: "card", totalMinor: 9000 },
    ];
    expect(checkVoucher(books, cart({ subtotalMinor: 11_000, lines: fewBooks }), unused)).toEqual({
      ok: false,
      reason: "minimum-order-value",
      minimumMinor: 3000,
      currency: "eur",
    });
  });

  it("is refused for a cart without its products, and without lines to tell", () => {
    const cards = [{ product: "card", totalMinor: 6000 }];
    expect(checkVoucher(books, cart({ subtotalMinor: 6000, lines: cards }), unused)).toEqual({
      ok: false,
      reason: "not-for-products",
    });
    expect(checkVoucher(books, cart({ subtotalMinor: 6000 }), unused)).toEqual({
      ok: false,
      reason: "not-for-products",
    });
  });

  it("keeps the products a stored voucher names", () => {
    const stored = {
      channel: "cards",
      code: "BOOKS15",
      kind: "voucher",
      countries: ["DE"],
      percent: 15,
      valueMinor: null,
      minOrderMinor: null,
      amounts: null,
      minOrder: null,
      maxTotal: null,
      maxPerCustomer: null,
      validFrom: null,
      validUntil: null,
    };
    const currencyOf = () => "eur" as const;
    expect(voucherRuleOf({ ...stored, products: ["photobook"] }, currencyOf).products).toEqual([
      "photobook",
    ]);
    expect(voucherRuleOf({ ...stored, products: null }, currencyOf).products).toBeNull();
    expect(voucherRuleOf(stored, currencyOf).products).toBeNull();
  });
});

describe("a stored voucher's rule", () => {
  const stored = {
    channel: "cards",
    code: "C-GIFT-CH50",
    kind: "gift",
    countries: ["CH", "LI"],
    percent: null,
    valueMinor: 5000,
    minOrderMinor: null,
    amounts: null,
    minOrder: null,
    maxTotal: null,
    maxPerCustomer: null,
    validFrom: null,
    validUntil: null,
  };
  const currencyOf = (c: string) => (c === "CH" || c === "LI" ? "chf" : "eur") as "chf" | "eur";

  it("a single value is money of its countries' one currency", () => {
    expect(voucherRuleOf(stored, currencyOf).amounts).toEqual({ chf: 5000 });
  });

  it("a single value over countries of several currencies is money of none", () => {
    const rule = voucherRuleOf({ ...stored, countries: ["DE", "CH"] }, currencyOf);
    expect(rule.amounts).toEqual({});
  });
});

describe("a voucher for a first order only", () => {
  const first = rule({ firstOrderOnly: true, minOrder: null });
  it("applies to a shopper who has never ordered, and to one the shop cannot tell", () => {
    expect(checkVoucher(first, cart(), { ...unused, ordersBefore: 0 }).ok).toBe(true);
    expect(checkVoucher(first, cart(), unused).ok).toBe(true);
  });
  it("is refused once the shopper has ordered before", () => {
    expect(checkVoucher(first, cart(), { ...unused, ordersBefore: 1 })).toEqual({
      ok: false,
      reason: "first-order-only",
    });
  });
  it("an ordinary voucher does not ask about earlier orders", () => {
    expect(checkVoucher(rule(), cart(), { ...unused, ordersBefore: 3 }).ok).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import {
  countriesPaying,
  giftVoucherCode,
  giftVoucherValidUntil,
  giftVouchersToIssue,
} from "./giftVouchers";

/** Bytes counting up from `start`, so each code differs and is known in advance. */
const counting = (start: number) => (n: number) =>
  Uint8Array.from({ length: n }, (_, i) => (start + i) % 256);

describe("gift vouchers bought", () => {
  it("writes codes of letters and digits that cannot be mistaken for one another", () => {
    expect(giftVoucherCode(counting(0))).toBe("G-ABCD-EFGH-JKLM");
    // Byte values wrap round the 32 characters evenly.
    expect(giftVoucherCode(counting(30))).toBe("G-89AB-CDEF-GHJK");
    expect(giftVoucherCode(() => new Uint8Array(12).fill(255))).toBe("G-9999-9999-9999");
  });

  it("stays valid until the end of the third year after the purchase", () => {
    expect(giftVoucherValidUntil(new Date("2026-01-02T10:00:00Z")).toISOString()).toBe(
      "2029-12-31T23:59:59.999Z",
    );
    expect(giftVoucherValidUntil(new Date("2026-12-31T23:00:00Z")).toISOString()).toBe(
      "2029-12-31T23:59:59.999Z",
    );
  });

  it("is money in every country paying in the order's currency", () => {
    expect(countriesPaying("chf").sort()).toEqual(["CH", "LI"]);
    expect(countriesPaying("eur")).toEqual(expect.arrayContaining(["DE", "AT", "FR", "NL"]));
    expect(countriesPaying("eur")).not.toContain("CH");
    expect(countriesPaying("gbp")).toEqual(["GB"]);
  });

  it("issues one code per voucher of a line, worth what one cost, and none for other lines", () => {
    const paidAt = new Date("2026-06-01T00:00:00Z");
    let next = 0;
    const issued = giftVouchersToIssue(
      [
        { id: 1, product: "card", quantity: 20, unitPriceMinor: 150 },
        { id: 2, product: "gift-voucher", quantity: 2, unitPriceMinor: 2500 },
        { id: 3, product: "gift-voucher", quantity: 1, unitPriceMinor: 5000 },
      ],
      { currency: "chf", paidAt },
      (n) => counting((next += 12) - 12)(n),
    );
    expect(issued.map((v) => [v.lineId, v.amountMinor, v.currency])).toEqual([
      [2, 2500, "chf"],
      [2, 2500, "chf"],
      [3, 5000, "chf"],
    ]);
    expect(new Set(issued.map((v) => v.code)).size).toBe(3);
    expect(issued[0]!.countries.sort()).toEqual(["CH", "LI"]);
    expect(issued[0]!.validUntil.toISOString()).toBe("2029-12-31T23:59:59.999Z");
  });
});

import { describe, expect, it } from "vitest";
import {
  readRecommendation,
  recommendationCode,
  recommendationValues,
  recommendationVoucher,
  RECOMMENDATION_LIMITS,
} from "./recommendation";
import { recommendationPath } from "./recommendationPaths";
import { checkVoucher, voucherRuleOf } from "./vouchers";

const form = {
  senderName: "Ada Lovelace",
  senderEmail: "ada@example.org",
  friendEmail: "charles@example.org",
  message: "You will like their calendars.",
};

describe("the recommendation form", () => {
  it("takes a sender, their address, the friend's address and an optional message", () => {
    expect(readRecommendation(form)).toEqual({ ok: true, data: form });
    const { message: _, ...withoutMessage } = form;
    expect(readRecommendation(withoutMessage)).toEqual({
      ok: true,
      data: { ...withoutMessage, message: "" },
    });
  });

  it("names the problem of each wrong field", () => {
    expect(readRecommendation({})).toEqual({
      ok: false,
      errors: { senderName: "required", senderEmail: "required", friendEmail: "required" },
    });
    expect(
      readRecommendation({
        ...form,
        senderName: "Ada\nBcc: x@example.org",
        friendEmail: "not an address",
        message: "x".repeat(RECOMMENDATION_LIMITS.message + 1),
      }),
    ).toEqual({
      ok: false,
      errors: { senderName: "invalid", friendEmail: "invalid", message: "tooLong" },
    });
  });

  it("a sender may not recommend the shop to themselves, whatever the case of the address", () => {
    expect(readRecommendation({ ...form, friendEmail: " ADA@Example.org " })).toEqual({
      ok: false,
      errors: { friendEmail: "self" },
    });
  });

  it("shows what was typed again, cut to a sane length", () => {
    expect(recommendationValues({ senderName: "Ada", friendEmail: 3 })).toEqual({
      senderName: "Ada",
      senderEmail: "",
      friendEmail: "",
      message: "",
    });
  });
});

describe("the recommendation's vouchers", () => {
  const now = new Date("2026-03-01T10:00:00Z");
  const cart = {
    channel: "cards",
    country: "DE" as const,
    currency: "eur" as const,
    subtotalMinor: 4000,
    shippingMinor: 495,
    now,
  };

  it("codes say who they are for and avoid letters easily mistaken", () => {
    const random = new Uint8Array([0, 1, 2, 3, 31, 32, 63, 255]);
    expect(recommendationCode("friend", random)).toMatch(/^FRIEND-[A-HJ-NP-Z2-9]{8}$/);
    expect(recommendationCode("sender", random)).toMatch(/^THANKS-/);
  });

  it("the friend's voucher is once only, for a first order, in the shop's country", () => {
    const row = recommendationVoucher({
      forWhom: "friend",
      code: "FRIEND-ABCDEFGH",
      channel: "cards",
      country: "DE",
      now,
    });
    const rule = voucherRuleOf(
      { ...row, valueMinor: null, minOrderMinor: null, amounts: null, minOrder: null },
      () => "eur",
    );
    expect(checkVoucher(rule, cart, { total: 0, byCustomer: 0, ordersBefore: 0 })).toEqual({
      ok: true,
      kind: "voucher",
      discountMinor: 400,
      currency: "eur",
    });
    expect(checkVoucher(rule, cart, { total: 0, byCustomer: 0, ordersBefore: 1 })).toMatchObject({
      reason: "first-order-only",
    });
    expect(checkVoucher(rule, cart, { total: 1, byCustomer: 0 })).toMatchObject({
      reason: "used-up",
    });
    expect(
      checkVoucher(rule, { ...cart, country: "AT" }, { total: 0, byCustomer: 0 }),
    ).toMatchObject({
      reason: "not-valid-in-country",
    });
    const later = new Date(now.getTime() + 366 * 24 * 3600 * 1000);
    expect(checkVoucher(rule, { ...cart, now: later }, { total: 0, byCustomer: 0 })).toMatchObject({
      reason: "expired",
    });
  });

  it("the sender's thanks is for any order, also a returning shopper's", () => {
    const row = recommendationVoucher({
      forWhom: "sender",
      code: "THANKS-ABCDEFGH",
      channel: "cards",
      country: "DE",
      now,
    });
    expect(row.firstOrderOnly).toBe(false);
    const rule = voucherRuleOf(
      { ...row, valueMinor: null, minOrderMinor: null, amounts: null, minOrder: null },
      () => "eur",
    );
    expect(checkVoucher(rule, cart, { total: 0, byCustomer: 0, ordersBefore: 5 }).ok).toBe(true);
  });
});

describe("the recommendation page", () => {
  it("has its word in every language", () => {
    expect(recommendationPath("en")).toBe("/recommendation");
    expect(recommendationPath("de")).toBe("/empfehlung");
    expect(recommendationPath("fr")).toBe("/recommandation");
  });
});

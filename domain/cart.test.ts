import { describe, expect, it } from "vitest";
import { cartOptions, cartTotals } from "./cart";
import { cartArticleInput } from "./cartInput";

describe("the cart's totals", () => {
  const standard = [{ priceMinor: 495, freeFromMinor: 4900 }];

  it("add the lines and the cheapest shipping", () => {
    expect(
      cartTotals([1000, 2500], 0, [...standard, { priceMinor: 995, freeFromMinor: null }]),
    ).toEqual({ subtotalMinor: 3500, discountMinor: 0, shippingMinor: 495, totalMinor: 3995 });
  });

  it("ship for free once the lines reach the threshold", () => {
    expect(cartTotals([4900], 0, standard).shippingMinor).toBe(0);
    expect(cartTotals([4899], 0, standard).shippingMinor).toBe(495);
  });

  it("take off the voucher, never more than the lines are worth", () => {
    expect(cartTotals([3000], 500, standard)).toMatchObject({
      discountMinor: 500,
      totalMinor: 2995,
    });
    expect(cartTotals([300], 1500, standard)).toMatchObject({
      discountMinor: 300,
      totalMinor: 495,
    });
  });

  it("ship nothing for an empty cart", () => {
    expect(cartTotals([], 0, standard)).toEqual({
      subtotalMinor: 0,
      discountMinor: 0,
      shippingMinor: 0,
      totalMinor: 0,
    });
  });
});

describe("what goes into the cart", () => {
  it("keeps the product's options of a designer link, not the visit's", () => {
    const query = new URLSearchParams(
      "themeId=hochzeit-001&quantity=25&sample=false&locale=de-DE&gclid=abc&s=gs",
    );
    expect(cartOptions(query)).toEqual({ themeId: "hochzeit-001", sample: "false" });
  });

  it("accepts a designer product with a quantity from 1 to 5000", () => {
    const article = { product: "card", options: { themeId: "x" } };
    expect(cartArticleInput.safeParse({ ...article, quantity: "25" }).success).toBe(true);
    expect(cartArticleInput.safeParse({ ...article, quantity: "0" }).success).toBe(false);
    expect(cartArticleInput.safeParse({ ...article, quantity: "5001" }).success).toBe(false);
    expect(
      cartArticleInput.safeParse({ ...article, product: "spaceship", quantity: 1 }).success,
    ).toBe(false);
  });
});

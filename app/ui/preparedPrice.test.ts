import { describe, expect, it } from "vitest";
import { prepared } from "./preparedPrice";

describe("prepared", () => {
  it("keeps the formatted price and original and marks a from-price", () => {
    const price = { formatted: { current: "9,99 €", original: "12,99 €" } };
    expect(prepared(price, true)).toEqual({ current: "9,99 €", original: "12,99 €", from: true });
    expect(prepared(price, false)?.from).toBe(false);
  });

  it("shows nothing for a missing price", () => {
    expect(prepared(null, true)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { refundableMinor } from "./refundable";

describe("what may still be refunded", () => {
  const order = { totalMinor: 4000, refundedMinor: 0 };
  it("is the total less refunds for a payment settled by hand", () => {
    expect(refundableMinor(order, null)).toBe(4000);
    expect(refundableMinor({ ...order, refundedMinor: 1500 }, null)).toBe(2500);
    expect(refundableMinor(order, { providerRef: null, capturedMinor: 0 })).toBe(4000);
  });
  it("is nothing while the provider only holds the money", () => {
    expect(refundableMinor(order, { providerRef: "tp_1", capturedMinor: 0 })).toBe(0);
  });
  it("is what was captured less refunds, never more than the total", () => {
    const captured = { providerRef: "tp_1", capturedMinor: 3000 };
    expect(refundableMinor(order, captured)).toBe(3000);
    expect(refundableMinor({ ...order, refundedMinor: 1000 }, captured)).toBe(2000);
    expect(refundableMinor({ ...order, refundedMinor: 3000 }, captured)).toBe(0);
    expect(refundableMinor(order, { providerRef: "tp_1", capturedMinor: 9000 })).toBe(4000);
  });
});

import { describe, expect, it } from "vitest";
import { formatOrderNumber } from "./orderNumbers";

describe("order numbers", () => {
  it("writes brand letter, year and six digits", () => {
    expect(formatOrderNumber("cards", 2026, 123)).toBe("C-2026-000123");
    expect(formatOrderNumber("wallart", 2027, 1)).toBe("W-2027-000001");
  });
  it("keeps counting past six digits instead of wrapping", () => {
    expect(formatOrderNumber("cards", 2026, 1_234_567)).toBe("C-2026-1234567");
  });
  it("refuses a sequence below one", () => {
    expect(() => formatOrderNumber("cards", 2026, 0)).toThrow(RangeError);
  });
});

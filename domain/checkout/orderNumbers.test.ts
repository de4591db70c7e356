import { describe, expect, it } from "vitest";
import { formatOrderNumber, parseOrderNumber } from "./orderNumbers";

describe("order numbers", () => {
  it("writes brand letter, year and six digits", () => {
    expect(formatOrderNumber("cards", 2026, 123)).toBe("C-2026-000123");
    expect(formatOrderNumber("wallart", 2027, 1)).toBe("W-2027-000001");
  });
  it("reads its own numbers back and nothing else", () => {
    expect(parseOrderNumber("C-2026-000123")).toEqual({
      brand: "cards",
      year: 2026,
      sequence: 123,
    });
    expect(parseOrderNumber("X-2026-000123")).toBeNull();
  });
  it("refuses a sequence below one", () => {
    expect(() => formatOrderNumber("cards", 2026, 0)).toThrow(RangeError);
  });
});

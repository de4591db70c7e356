import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "../locales";
import {
  allocate,
  divRound,
  formatRate,
  taxClassOf,
  taxLines,
  vatContained,
  vatRate,
  VAT_RATES,
} from "./vat";

describe("VAT rates", () => {
  it("has a rate for every served country and class, photo books at the full German rate", () => {
    for (const c of COUNTRY_CODES) expect(VAT_RATES[c]).toBeDefined();
    expect(vatRate("DE", taxClassOf("photobook"))).toBe(1900);
    expect(vatRate("DE", taxClassOf("card"))).toBe(1900);
    expect(vatRate("CH", "standard")).toBe(810);
    expect(vatRate("LU", "standard")).toBe(1700);
    expect(vatRate("IT", "standard")).toBe(2200);
    expect(vatRate("US", "standard")).toBe(0);
    expect(formatRate(810)).toBe("8.1");
    expect(formatRate(1900)).toBe("19");
  });
});

describe("VAT contained in gross amounts", () => {
  it("rounds half away from zero in integers", () => {
    expect(divRound(5, 2)).toBe(3);
    expect(divRound(-5, 2)).toBe(-3);
    expect(divRound(4, 3)).toBe(1);
  });

  it("takes 19/119 of a German gross price", () => {
    // 1190 cents gross hold exactly 190 cents VAT.
    expect(vatContained(1190, 1900)).toBe(190);
    // 999 × 19 / 119 = 159.50… → 160
    expect(vatContained(999, 1900)).toBe(160);
    // 1000 × 810 / 10810 = 74.93… → 75
    expect(vatContained(1000, 810)).toBe(75);
    expect(vatContained(1000, 0)).toBe(0);
  });
});

describe("allocate", () => {
  it("shares an amount in whole units that add up exactly", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(-10, [3, 1])).toEqual([-8, -2]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
    const shares = allocate(999, [1234, 5678, 91]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(999);
  });
});

describe("tax lines", () => {
  it("one German line with shipping: VAT contained in goods plus shipping", () => {
    const lines = taxLines([{ grossMinor: 2990, rateBasisPoints: 1900 }], 0, 495);
    expect(lines).toEqual([
      { rateBasisPoints: 1900, grossMinor: 3485, netMinor: 2929, vatMinor: 556 },
    ]);
  });

  it("computes once per rate, not per line, and takes the discount off first", () => {
    const lines = taxLines(
      [
        { grossMinor: 999, rateBasisPoints: 1900 },
        { grossMinor: 999, rateBasisPoints: 1900 },
      ],
      500,
      0,
    );
    // (1998 - 500) × 19 / 119 = 239.17 → 239
    expect(lines).toEqual([
      { rateBasisPoints: 1900, grossMinor: 1498, netMinor: 1259, vatMinor: 239 },
    ]);
  });

  it("splits discount and shipping over two rates in proportion to the goods", () => {
    const lines = taxLines(
      [
        { grossMinor: 3000, rateBasisPoints: 2000 },
        { grossMinor: 1000, rateBasisPoints: 1000 },
      ],
      400,
      800,
    );
    expect(lines.map((l) => l.rateBasisPoints)).toEqual([2000, 1000]);
    expect(lines[0]?.grossMinor).toBe(3000 - 300 + 600);
    expect(lines[1]?.grossMinor).toBe(1000 - 100 + 200);
    expect(lines.reduce((s, l) => s + l.grossMinor, 0)).toBe(4000 - 400 + 800);
  });

  it("gives a US order no tax line", () => {
    expect(taxLines([{ grossMinor: 5000, rateBasisPoints: 0 }], 0, 1300)).toEqual([]);
  });

  it("Swiss order at 8.1 %", () => {
    const [line] = taxLines([{ grossMinor: 4990, rateBasisPoints: 810 }], 0, 990);
    // 5980 × 810 / 10810 = 448.09 → 448
    expect(line).toEqual({ rateBasisPoints: 810, grossMinor: 5980, netMinor: 5532, vatMinor: 448 });
  });
});

import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import {
  ACCESSORY_OVERLAY_VALUE,
  CARD_ACCESSORY_PRICE_LABELS,
  NBSP,
  formatCount,
  formatFromPrice,
  formatPrice,
  hasDiscount,
  toCents,
} from "./money";

/** Replaces no-break spaces with plain spaces for comparison with the spec's text. */
const plain = (s: string | null) => s?.replaceAll(NBSP, " ") ?? null;

describe("formatPrice", () => {
  it("writes euros with a decimal comma and the sign after for de-DE and de-AT", () => {
    expect(plain(formatPrice(0.95, "de-DE"))).toBe("0,95 €");
    expect(plain(formatPrice(1, "de-AT"))).toBe("1,00 €");
  });

  it("writes CHF with a decimal point and the sign after for de-CH", () => {
    expect(plain(formatPrice(1, "de-CH"))).toBe("1.00 CHF");
  });

  it("uses an apostrophe as thousands separator for CHF", () => {
    expect(plain(formatPrice(1234.5, "de-CH"))).toBe("1'234.50 CHF");
    expect(plain(formatPrice(1234567, "fr-CH"))).toBe("1'234'567.00 CHF");
    expect(plain(formatPrice(1234.5, "it-CH"))).toBe("1'234.50 CHF");
    expect(plain(formatPrice(1234.5, "de-LI"))).toBe("1'234.50 CHF");
  });

  it("puts the pound and dollar signs first for en-GB and en-US", () => {
    expect(formatPrice(1, "en-GB")).toBe("£1.00");
    expect(formatPrice(1, "en-US")).toBe("$1.00");
    expect(formatPrice(1234.5, "en-US")).toBe("$1,234.50");
  });

  it("groups thousands with a dot in German and a no-break space in French", () => {
    expect(formatPrice(1234.5, "de-DE")).toBe(`1.234,50${NBSP}€`);
    expect(formatPrice(1234.5, "fr-FR")).toBe(`1${NBSP}234,50${NBSP}€`);
  });

  it("puts the euro sign first for Dutch", () => {
    expect(formatPrice(12.5, "nl-NL")).toBe(`€${NBSP}12,50`);
  });

  it("groups four-digit amounts only from five digits in Spanish and Italian", () => {
    expect(plain(formatPrice(1234.5, "es-ES"))).toBe("1234,50 €");
    expect(plain(formatPrice(12345.5, "es-ES"))).toBe("12.345,50 €");
    expect(plain(formatPrice(1234.5, "it-IT"))).toBe("1234,50 €");
  });

  it("always shows two decimals", () => {
    expect(plain(formatPrice(12.5, "de-DE"))).toBe("12,50 €");
    expect(plain(formatPrice(12, "de-DE"))).toBe("12,00 €");
    expect(plain(formatPrice(0, "de-DE"))).toBe("0,00 €");
  });

  it("rounds half-cents away from zero despite float error", () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-1.005)).toBe(-101);
    expect(plain(formatPrice(1.005, "de-DE"))).toBe("1,01 €");
    expect(plain(formatPrice(0.1 + 0.2, "de-DE"))).toBe("0,30 €");
  });

  it("writes a minus sign for negative amounts", () => {
    expect(plain(formatPrice(-5, "de-DE"))).toBe("-5,00 €");
    expect(formatPrice(-5, "en-GB")).toBe("-£5.00");
    expect(plain(formatPrice(-0.001, "de-DE"))).toBe("0,00 €");
  });

  it("uses only U+00A0 as space and never a narrow no-break space", () => {
    for (const locale of LOCALES) {
      const text = formatPrice(1234567.89, locale);
      expect(text).not.toMatch(/[\u202f\u2009 ]/);
    }
  });

  it("returns an empty string for a non-finite amount", () => {
    expect(formatPrice(Number.NaN, "de-DE")).toBe("");
    expect(formatPrice(Number.POSITIVE_INFINITY, "de-DE")).toBe("");
  });
});

describe("formatCount", () => {
  it("groups a count as the locale groups prices, the same on server and browser", () => {
    expect(formatCount(5000, "de-DE")).toBe("5.000");
    expect(formatCount(5000, "fr-CH")).toBe("5'000");
    expect(formatCount(5000, "fr-FR")).toBe(`5${NBSP}000`);
    expect(formatCount(5000, "en-GB")).toBe("5,000");
    // Spanish groups from five digits, as its prices do.
    expect(formatCount(5000, "es-ES")).toBe("5000");
    expect(formatCount(100, "de-DE")).toBe("100");
  });

  it("writes the bare digits without a locale", () => {
    expect(formatCount(5000, undefined)).toBe("5000");
  });
});

describe("formatFromPrice", () => {
  it("prefixes the price with the from label", () => {
    expect(plain(formatFromPrice(9.95, "de-DE", "ab"))).toBe("ab 9,95 €");
    expect(formatFromPrice(9.95, "en-GB", "from")).toBe("from £9.95");
  });
});

describe("hasDiscount", () => {
  it("is a discount only when the original price exceeds the current one", () => {
    expect(hasDiscount({ priceCurrent: 9.95, priceOriginal: 12.5 })).toBe(true);
    expect(hasDiscount({ priceCurrent: 10, priceOriginal: 10 })).toBe(false);
    expect(hasDiscount({ priceCurrent: 10, priceOriginal: 8 })).toBe(false);
    expect(hasDiscount({ priceCurrent: 10 })).toBe(false);
    expect(hasDiscount({ priceCurrent: 10, priceOriginal: null })).toBe(false);
  });

  it("compares prices at cent precision", () => {
    expect(hasDiscount({ priceCurrent: 10, priceOriginal: 10.001 })).toBe(false);
    expect(hasDiscount({ priceCurrent: 10, priceOriginal: 10.01 })).toBe(true);
  });
});

describe("card accessory prices", () => {
  it("labels the accessory prices exactly as the price list writes them", () => {
    const labels = Object.fromEntries(
      Object.entries(CARD_ACCESSORY_PRICE_LABELS).map(([k, byCountry]) => [
        k,
        Object.fromEntries(Object.entries(byCountry).map(([c, label]) => [c, plain(label)])),
      ]),
    );
    expect(labels).toEqual({
      standard: { DE: "0,95 €", AT: "1,00 €", CH: "1.00 CHF" },
      compact: { DE: "1,10 €", AT: "1,50 €", CH: "1.20 CHF" },
      large: { DE: "1,80 €", AT: "1,50 €", CH: "2.90 CHF" },
    });
  });

  it("has the overlay values 2.5 for DE and 3.5 for CH", () => {
    expect(ACCESSORY_OVERLAY_VALUE).toEqual({ DE: 2.5, CH: 3.5 });
  });
});

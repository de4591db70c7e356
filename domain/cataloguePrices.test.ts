import { describe, expect, it } from "vitest";
import {
  accessoryOverlayValue,
  cardAccessoryPriceLabel,
  cardAccessoryPriceMinor,
  cardFormatClass,
  currencyOfCountry,
  discountPercent,
  fromPrice,
  fromPriceLabel,
  isDiscounted,
  priceView,
} from "./cataloguePrices";
import { NBSP } from "./money";

describe("catalogue prices", () => {
  it("charges CHF in CH and LI, GBP in GB, USD in US, EUR elsewhere", () => {
    expect(currencyOfCountry("CH")).toBe("chf");
    expect(currencyOfCountry("LI")).toBe("chf");
    expect(currencyOfCountry("GB")).toBe("gbp");
    expect(currencyOfCountry("US")).toBe("usd");
    expect(currencyOfCountry("AT")).toBe("eur");
  });

  it("sees a discount only when the original is strictly higher", () => {
    expect(isDiscounted({ current: 1995, original: 2495 })).toBe(true);
    expect(isDiscounted({ current: 1995, original: 1995 })).toBe(false);
    expect(isDiscounted({ current: 1995, original: 1000 })).toBe(false);
    expect(isDiscounted({ current: 1995, original: null })).toBe(false);
    expect(discountPercent({ current: 1500, original: 2000 })).toBe(25);
  });

  it("drops an original that is not higher from the view, and formats per locale", () => {
    const view = priceView({ current: 123450, original: 100 }, "chf", "de-CH");
    expect(view.priceOriginal).toBeNull();
    expect(view.formatted.current).toBe(`1'234.50${NBSP}CHF`);
    const us = priceView({ current: 1299, original: 1599 }, "usd", "en-US");
    expect(us).toMatchObject({ priceCurrent: 12.99, priceOriginal: 15.99, hasDiscount: true });
    expect(us.formatted).toEqual({ current: "$12.99", original: "$15.99" });
  });

  it("takes the lowest current price as the from-price", () => {
    expect(fromPrice([])).toBeNull();
    expect(
      fromPrice([
        { current: 900, original: null },
        { current: 700, original: 800 },
      ]),
    ).toEqual({
      current: 700,
      original: 800,
    });
    expect(fromPriceLabel({ current: 995, original: null }, "de-DE", "ab")).toBe(`ab 9,95${NBSP}€`);
  });

  it("classes card formats: square is compact, beyond B6 is large, else standard", () => {
    expect(cardFormatClass("148x148")).toBe("compact");
    expect(cardFormatClass("150x148")).toBe("compact");
    expect(cardFormatClass("148x105")).toBe("standard");
    expect(cardFormatClass("210x100")).toBe("large");
    expect(cardFormatClass("bad")).toBeNull();
  });

  it("has the fixed accessory prices and labels of DE, AT and CH", () => {
    expect(cardAccessoryPriceMinor("standard", "DE")).toBe(95);
    expect(cardAccessoryPriceMinor("compact", "AT")).toBe(150);
    expect(cardAccessoryPriceMinor("large", "CH")).toBe(290);
    expect(cardAccessoryPriceMinor("large", "FR")).toBeNull();
    expect(cardAccessoryPriceLabel("standard", "DE")).toBe(`0,95${NBSP}€`);
    expect(cardAccessoryPriceLabel("compact", "CH")).toBe(`1.20${NBSP}CHF`);
    expect(cardAccessoryPriceLabel("standard", "US")).toBeNull();
    expect(accessoryOverlayValue("DE")).toBe(2.5);
    expect(accessoryOverlayValue("CH")).toBe(3.5);
    expect(accessoryOverlayValue("AT")).toBeNull();
  });
});

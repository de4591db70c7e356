import { describe, expect, it } from "vitest";
import {
  currencySign,
  dialString,
  fillFacts,
  fillFactsInText,
  formatHours,
  usesFactToken,
  type Hotline,
} from "./countryFacts";

const facts = {
  hotline: "+41 44 585 29 60",
  hotlineDial: "+41445852960",
  company: "Cardelia GmbH",
};

describe("a storefront's own facts in content texts", () => {
  it("fills the storefront's values and leaves other placeholders to their owners", () => {
    expect(fillFactsInText("Tel. {{hotline}} – {{ company }}", facts)).toBe(
      "Tel. +41 44 585 29 60 – Cardelia GmbH",
    );
    expect(fillFactsInText("Voir les {{count}} modèles", facts)).toBe("Voir les {{count}} modèles");
    // A fact the storefront has no value for stays, so the step that owns it can decide.
    expect(fillFactsInText("ab {{freeShippingFrom}}", facts)).toBe("ab {{freeShippingFrom}}");
  });

  it("fills every string of a story, link targets too, and keeps unchanged parts as they are", () => {
    const untouched = { text: "Kontakt" };
    const story = {
      body: [{ href: "tel:{{hotlineDial}}", text: "{{hotline}}" }, untouched],
      count: 3,
    };
    const filled = fillFacts(story, facts);
    expect(filled.body[0]).toEqual({ href: "tel:+41445852960", text: "+41 44 585 29 60" });
    expect(filled.body[1]).toBe(untouched);
    expect(filled.count).toBe(3);
    expect(story.body[0]?.text).toBe("{{hotline}}");
    expect(fillFacts(untouched, facts)).toBe(untouched);
  });

  it("knows whether a story names a fact at all", () => {
    expect(usesFactToken({ a: ["x", { b: "ab {{freeShippingFrom}}" }] })).toBe(true);
    expect(usesFactToken({ a: "ab {{freeShippingFrom}}" }, "hotline")).toBe(false);
    expect(usesFactToken({ a: "{{count}}" })).toBe(false);
  });

  it("dials the number without spaces", () => {
    expect(dialString("+41 44 585 29 60")).toBe("+41445852960");
  });

  it("writes opening hours in the visitor's language", () => {
    const hotline: Hotline = {
      number: "+49 30 2555 8800",
      hours: [
        { days: [1, 5], opens: "08:00", closes: "20:00" },
        { days: [6, 6], opens: "09:00", closes: "16:00" },
      ],
    };
    expect(formatHours(hotline, "de-DE")).toMatch(
      /^Mo–Fr 0?8:00\s?–\s?20:00 Uhr, Sa 0?9:00\s?–\s?16:00 Uhr$/,
    );
    expect(formatHours(hotline, "fr-CH")).toMatch(/^lun\.–ven\. 0?8:00\s?–\s?20:00, sam\. /);
    expect(
      formatHours({ ...hotline, hours: [hotline.hours[0]!], zoneLabel: "ET" }, "en-US"),
    ).toMatch(/^Mon–Fri 8:00\sAM\s?–\s?8:00\sPM ET$/);
  });

  it("names the currency as shoppers write it", () => {
    expect(currencySign("chf", "fr-CH")).toBe("CHF");
    expect(currencySign("eur", "de-AT")).toBe("€");
    expect(currencySign("gbp", "en-GB")).toBe("£");
  });
});

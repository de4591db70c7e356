import { describe, expect, it } from "vitest";
import { LOCALES, localeSettings } from "../domain/locales";
import { CHANNEL_IDS } from "./channels";
import { storefrontFacts } from "./countryFacts";

/** The calling code of each country's hotline. */
const CALLING_CODE: Record<string, string> = {
  DE: "+49",
  AT: "+43",
  CH: "+41",
  LI: "+423",
  LU: "+352",
  IT: "+39",
  GB: "+44",
  US: "+1",
  ES: "+34",
  FR: "+33",
  BE: "+32",
  NL: "+31",
};

describe("each storefront's facts", () => {
  it.each(CHANNEL_IDS.flatMap((channel) => LOCALES.map((locale) => [channel, locale] as const)))(
    "%s %s has its own country's hotline and plain-text facts",
    (channel, locale) => {
      const { country } = localeSettings(locale);
      const facts = storefrontFacts(channel, locale, "49,00 €");
      expect(facts.hotline?.startsWith(`${CALLING_CODE[country]} `)).toBe(true);
      expect(facts.hotlineDial).toBe(facts.hotline?.replaceAll(" ", ""));
      expect(facts.hotlineHours).toBeTruthy();
      expect(facts.freeShippingFrom).toBe("49,00 €");
      // The facts go into HTML and rich text as they are: nothing that needs escaping.
      for (const value of Object.values(facts)) expect(value).not.toMatch(/[<>&"]/);
    },
  );

  it("has the hotline of the channel where it has its own", () => {
    expect(storefrontFacts("wallart", "de-DE").hotline).toBe("+49 40 2555 8800");
    expect(storefrontFacts("cards", "de-DE").hotline).toBe("+49 30 2555 8800");
    expect(storefrontFacts("cards", "fr-CH").company).toBe("Cardelia GmbH");
    expect(storefrontFacts("cards", "fr-CH").currency).toBe("CHF");
  });
});

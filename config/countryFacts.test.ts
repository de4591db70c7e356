import { describe, expect, it } from "vitest";
import { LOCALES, localeSettings } from "../domain/locales";
import { CHANNEL_IDS } from "./channels";
import { CALLING_CODES, hotlineOf, hotlineProblems, storefrontFacts } from "./countryFacts";

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

  it("gives each country its own hotline, with the country's calling code and hours", () => {
    for (const channel of CHANNEL_IDS)
      for (const country of Object.keys(CALLING_CODE) as (keyof typeof CALLING_CODES)[]) {
        expect(CALLING_CODES[country]).toBe(CALLING_CODE[country]!.slice(1));
        expect(hotlineProblems(country, hotlineOf(channel, country))).toEqual([]);
      }
    // No two countries share a hotline (one copied from another would show its prefix).
    const numbers = Object.keys(CALLING_CODE).map((c) => hotlineOf("cards", c as "DE").number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("refuses a hotline that dials another country, or hours that cannot be", () => {
    const hours = [{ days: [1, 5] as const, opens: "08:00", closes: "18:00" }];
    expect(hotlineProblems("AT", { number: "+43 1 253 08 80", hours })).toEqual([]);
    expect(hotlineProblems("AT", { number: "+49 30 2555 8800", hours })).toEqual([
      "AT: +49 30 2555 8800 is not a number in +43",
    ]);
    // +352 and +35 2… are not the same: the code is followed by a space.
    expect(hotlineProblems("LU", { number: "+35 220 88 44 10", hours })).toHaveLength(1);
    expect(hotlineProblems("LU", { number: "+352 20 88 44 10", hours: [] })).toEqual([
      "LU: no opening hours",
    ]);
    expect(
      hotlineProblems("CH", {
        number: "+41 44 585 29 60",
        hours: [{ days: [5, 1], opens: "18:00", closes: "08:00" }],
      }),
    ).toEqual(["CH: days 5–1", "CH: hours 18:00–08:00"]);
  });

  it("has the hotline of the channel where it has its own", () => {
    expect(storefrontFacts("wallart", "de-DE").hotline).toBe("+49 40 2555 8800");
    expect(storefrontFacts("cards", "de-DE").hotline).toBe("+49 30 2555 8800");
    expect(storefrontFacts("cards", "fr-CH").company).toBe("Cardelia GmbH");
    expect(storefrontFacts("cards", "fr-CH").currency).toBe("CHF");
  });
});

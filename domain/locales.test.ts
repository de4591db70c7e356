import { describe, expect, it } from "vitest";
import {
  COUNTRIES,
  COUNTRY_CODES,
  LANGUAGES,
  LOCALES,
  STOREFRONT_LOCALES,
  TEXT_RESOURCES,
  contentLocaleChain,
  defaultLanguage,
  defaultLocaleFor,
  isLocaleCode,
  isSupportedLocale,
  localeFor,
  localeSettings,
  parseLocale,
  toContentLanguageCode,
  type Country,
  type Language,
} from "./locales";

describe("LOCALES", () => {
  it("lists the 17 locales the shop serves", () => {
    expect([...LOCALES].sort()).toEqual(
      [
        "de-AT",
        "de-CH",
        "de-DE",
        "de-IT",
        "de-LI",
        "de-LU",
        "en-GB",
        "en-US",
        "es-ES",
        "fr-BE",
        "fr-CH",
        "fr-FR",
        "fr-LU",
        "it-CH",
        "it-IT",
        "nl-BE",
        "nl-NL",
      ].sort(),
    );
  });

  it("derives language and country from the locale code", () => {
    expect(localeSettings("fr-CH")).toMatchObject({ language: "fr", country: "CH" });
    expect(localeSettings("de-IT")).toMatchObject({ language: "de", country: "IT" });
  });
});

describe("currency", () => {
  it("uses chf for Switzerland and Liechtenstein", () => {
    for (const l of ["de-CH", "fr-CH", "it-CH", "de-LI"] as const) {
      expect(localeSettings(l).currency).toBe("chf");
    }
  });

  it("uses gbp for en-GB and usd for en-US", () => {
    expect(localeSettings("en-GB").currency).toBe("gbp");
    expect(localeSettings("en-US").currency).toBe("usd");
  });

  it("uses eur for every other locale", () => {
    const others = LOCALES.filter(
      (l) => !["de-CH", "fr-CH", "it-CH", "de-LI", "en-GB", "en-US"].includes(l),
    );
    expect(others).toHaveLength(11);
    for (const l of others) expect(localeSettings(l).currency).toBe("eur");
  });
});

describe("length unit", () => {
  it("uses inches for en-US and cm for every other locale", () => {
    for (const l of LOCALES) expect(localeSettings(l).lengthUnit).toBe(l === "en-US" ? "in" : "cm");
  });
});

describe("content fallbacks", () => {
  it("falls back from AT, CH, IT, LI and LU German to de-DE", () => {
    for (const l of ["de-AT", "de-CH", "de-IT", "de-LI", "de-LU"] as const) {
      expect(localeSettings(l).contentFallback).toBe("de-DE");
    }
  });

  it("falls back from en-US to en-GB", () => {
    expect(localeSettings("en-US").contentFallback).toBe("en-GB");
  });

  it("falls back from be, ch and lu French to fr-FR", () => {
    for (const l of ["fr-BE", "fr-CH", "fr-LU"] as const)
      expect(localeSettings(l).contentFallback).toBe("fr-FR");
  });

  it("falls back from nl-BE to nl-NL and from it-CH to it-IT", () => {
    expect(localeSettings("nl-BE").contentFallback).toBe("nl-NL");
    expect(localeSettings("it-CH").contentFallback).toBe("it-IT");
  });

  it("has no fallback for the main locales", () => {
    for (const l of ["de-DE", "en-GB", "es-ES", "fr-FR", "it-IT", "nl-NL"] as const) {
      expect(localeSettings(l).contentFallback).toBeNull();
    }
  });

  it("never falls back to a locale that itself falls back", () => {
    for (const l of LOCALES) {
      const fallback = localeSettings(l).contentFallback;
      if (fallback) expect(localeSettings(fallback).contentFallback).toBeNull();
    }
  });

  it("builds the content chain as the locale then its fallback", () => {
    expect(contentLocaleChain("de-CH")).toEqual(["de-CH", "de-DE"]);
    expect(contentLocaleChain("de-DE")).toEqual(["de-DE"]);
  });
});

describe("text resources", () => {
  it("reads the language resource, or the locale resource for English", () => {
    expect(localeSettings("de-AT").translationLanguage).toBe("de");
    expect(localeSettings("fr-BE").translationLanguage).toBe("fr");
    expect(localeSettings("en-GB").translationLanguage).toBe("en-GB");
    expect(localeSettings("en-US").translationLanguage).toBe("en-US");
  });

  it("only maps to text resources that exist", () => {
    for (const l of LOCALES) {
      expect(TEXT_RESOURCES).toContain(localeSettings(l).translationLanguage);
    }
  });
});

describe("locale code shape", () => {
  it("accepts two letters, hyphen, two letters in any case", () => {
    expect(isLocaleCode("de-CH")).toBe(true);
    expect(isLocaleCode("de-ch")).toBe(true);
    expect(isLocaleCode("XX-yy")).toBe(true);
  });

  it("rejects other shapes", () => {
    for (const s of [
      "de",
      "de_CH",
      "deu-CH",
      "de-CHE",
      "de-C1",
      " de-CH",
      "de-CH ",
      "",
      null,
      42,
    ]) {
      expect(isLocaleCode(s)).toBe(false);
    }
  });
});

describe("parseLocale", () => {
  it("accepts lowercase and canonical spellings", () => {
    expect(parseLocale("de-ch")).toBe("de-CH");
    expect(parseLocale("DE-CH")).toBe("de-CH");
    expect(parseLocale("de-CH")).toBe("de-CH");
  });

  it("returns null for unsupported or malformed codes", () => {
    expect(parseLocale("pt-PT")).toBeNull();
    expect(parseLocale("fr-DE")).toBeNull();
    expect(parseLocale("de")).toBeNull();
    expect(parseLocale(undefined)).toBeNull();
  });

  it("only treats canonical spelling as a supported locale", () => {
    expect(isSupportedLocale("de-CH")).toBe(true);
    expect(isSupportedLocale("de-ch")).toBe(false);
  });

  it("lowercases the locale for the content system", () => {
    expect(toContentLanguageCode("de-CH")).toBe("de-ch");
  });
});

describe("countries and languages", () => {
  it("offers each country's languages with the default first", () => {
    expect(COUNTRIES).toEqual({
      DE: ["de"],
      AT: ["de"],
      CH: ["de", "fr", "it"],
      LI: ["de"],
      LU: ["de", "fr"],
      IT: ["it", "de"],
      GB: ["en"],
      US: ["en"],
      ES: ["es"],
      FR: ["fr"],
      BE: ["fr", "nl"],
      NL: ["nl"],
    });
    expect(defaultLanguage("CH")).toBe("de");
    expect(defaultLanguage("BE")).toBe("fr");
  });

  it("maps every country and offered language to a supported locale, and covers all locales", () => {
    const all = COUNTRY_CODES.flatMap((c) =>
      COUNTRIES[c].map((lang: Language) => localeFor(c, lang)),
    );
    expect(all.every((l) => l !== null)).toBe(true);
    expect([...all].sort()).toEqual([...LOCALES].sort());
  });

  it("returns null for a language the country does not offer", () => {
    expect(localeFor("DE", "fr")).toBeNull();
    expect(localeFor("CH", "it")).toBe("it-CH");
  });

  it("gives every language a home country whose default language it is", () => {
    for (const [language, { home }] of Object.entries(LANGUAGES)) {
      expect(defaultLanguage(home as Country)).toBe(language);
    }
  });

  it("gives each country a default locale", () => {
    expect(defaultLocaleFor("CH")).toBe("de-CH");
    expect(defaultLocaleFor("US")).toBe("en-US");
  });

  it("lists the storefront locales", () => {
    expect([...STOREFRONT_LOCALES].sort()).toEqual(
      [
        "de-DE",
        "en-GB",
        "en-US",
        "es-ES",
        "fr-FR",
        "it-IT",
        "nl-NL",
        "de-CH",
        "de-LI",
        "fr-BE",
      ].sort(),
    );
  });
});

import { describe, expect, it } from "vitest";
import { localiseHref, pathHreflangs, samePathEverywhere, telHref, type LinkLocale } from "./links";

const frCH: LinkLocale = { country: "CH", language: "fr", locale: "fr-CH", trailingSlash: false };
const deDE: LinkLocale = { country: "DE", language: "de", locale: "de-DE", trailingSlash: false };
const wallartNL: LinkLocale = {
  country: "NL",
  language: "nl",
  locale: "nl-NL",
  trailingSlash: true,
};

describe("locale-aware links", () => {
  it("adds the language prefix for a non-default language of the country", () => {
    expect(localiseHref("/livre-photo", frCH)).toEqual({
      href: "/fr/livre-photo",
      external: false,
    });
    expect(localiseHref("/", frCH)?.href).toBe("/fr");
  });

  it("adds no prefix for the country's default language", () => {
    expect(localiseHref("/fotobuch", deDE)?.href).toBe("/fotobuch");
  });

  it("keeps a prefix that is already there", () => {
    expect(localiseHref("/it/libro", frCH)?.href).toBe("/it/libro");
  });

  it("follows the channel's trailing-slash setting and keeps query and hash", () => {
    expect(localiseHref("/poster?size=a3#top", wallartNL)?.href).toBe("/poster/?size=a3#top");
    expect(localiseHref("/fotobuch/", deDE)?.href).toBe("/fotobuch");
  });

  it("adds the current locale to a configurator path without one", () => {
    expect(localiseHref("/configurator-card?themeId=12", deDE)?.href).toBe(
      "/configurator-card?themeId=12&locale=de-DE",
    );
    expect(localiseHref("/configurator-photobook", frCH)?.href).toBe(
      "/fr/configurator-photobook?locale=fr-CH",
    );
    expect(localiseHref("/configurator-card?locale=de-AT", deDE)?.href).toBe(
      "/configurator-card?locale=de-AT",
    );
  });

  it("needs an explicit opt-in for external links", () => {
    expect(localiseHref("https://example.com/x", deDE)).toBeNull();
    expect(localiseHref("https://example.com/x", deDE, { allowExternal: true })).toEqual({
      href: "https://example.com/x",
      external: true,
    });
    expect(localiseHref("//evil.example/x", deDE)).toBeNull();
  });

  it("allows mailto and tel links", () => {
    expect(localiseHref("tel:+41441234567", frCH)).toEqual({
      href: "tel:+41441234567",
      external: true,
    });
    expect(localiseHref("mailto:hello@example.com", frCH)?.external).toBe(true);
  });

  it("refuses unsafe protocols", () => {
    for (const bad of [
      "javascript:alert(1)",
      " JaVaScRiPt:alert(1)",
      "data:text/html,x",
      "vbscript:x",
    ]) {
      expect(localiseHref(bad, deDE, { allowExternal: true })).toBeNull();
    }
  });
});

describe("localised links remembered", () => {
  it("answers the same target again from memory, apart per locale and external opt-in", () => {
    const first = localiseHref("/fotobuch?x=1", frCH);
    expect(localiseHref("/fotobuch?x=1", frCH)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(localiseHref("/fotobuch?x=1", deDE)?.href).toBe("/fotobuch?x=1");
    expect(localiseHref("/fotobuch?x=1", { ...frCH, trailingSlash: true })?.href).toBe(
      "/fr/fotobuch/?x=1",
    );
    expect(localiseHref("https://example.org/", frCH)).toBeNull();
    expect(localiseHref("https://example.org/", frCH, { allowExternal: true })?.external).toBe(
      true,
    );
    expect(localiseHref("https://example.org/", frCH)).toBeNull();
  });
});

describe("hreflang links of a path", () => {
  it("links the path in the locales of the countries with an origin, in the channel's form", () => {
    const links = pathHreflangs(samePathEverywhere("/products"), {
      trailingSlash: true,
      originFor: (country) => (country === "CH" ? "https://ch.example" : null),
    });
    expect(links).toEqual([
      { hreflang: "de-CH", href: "https://ch.example/products/" },
      { hreflang: "fr-CH", href: "https://ch.example/fr/products/" },
      { hreflang: "it-CH", href: "https://ch.example/it/products/" },
    ]);
  });
});

describe("telHref", () => {
  it("dials the digits and the leading plus of a number as people write it", () => {
    expect(telHref("+49 30 2555 8800")).toBe("tel:+493025558800");
    expect(telHref("(0800) 123-456")).toBe("tel:0800123456");
  });
});

import { describe, expect, it } from "vitest";
import { COUNTRY_CODES } from "./locales";
import {
  CONFIGURATOR_PATHS,
  configuratorFamilyFor,
  LOCALISED_CONFIGURATOR_PATHS,
  LOCALISED_CATEGORY_PATHS,
  categoryForPath,
  isAppRoute,
  isHomePath,
  isConfiguratorPath,
  isProductsPath,
  isSafeExternalUrl,
  isSaneSlug,
  languagePrefix,
  localisedShopPath,
  normalisePath,
  platformFor,
  resolveLocalePrefix,
  safeHref,
  splitPath,
  withConfiguratorLocale,
  withDesktopMarker,
  type LocalePrefixResult,
} from "./paths";

describe("isHomePath", () => {
  it("recognises home with or without a language prefix, desktop marker, slash or query", () => {
    for (const home of ["/", "/fr", "/fr/", "/d", "/d/fr/", "/fr/d?x=1", "/#top"]) {
      expect(isHomePath(home), home).toBe(true);
    }
  });

  it("rejects any page below home and anything that is not a path", () => {
    for (const other of ["/fr/aide", "/service/versand", "/d/products", "https://x.example/", ""]) {
      expect(isHomePath(other), other).toBe(false);
    }
  });
});

describe("splitPath", () => {
  it("reads a two-letter language prefix", () => {
    expect(splitPath("/fr/x")).toEqual({ prefix: "fr", desktop: false, rest: "/x" });
  });

  it("reads the d marker before or after the prefix", () => {
    expect(splitPath("/d/fr/x")).toEqual({ prefix: "fr", desktop: true, rest: "/x" });
    expect(splitPath("/fr/d/x")).toEqual({ prefix: "fr", desktop: true, rest: "/x" });
    expect(splitPath("/d/x")).toEqual({ prefix: null, desktop: true, rest: "/x" });
  });

  it("ignores a d segment further down the path", () => {
    expect(splitPath("/x/d/y")).toEqual({ prefix: null, desktop: false, rest: "/x/d/y" });
  });

  it("lowercases the prefix", () => {
    expect(splitPath("/FR/x").prefix).toBe("fr");
  });

  it("keeps a trailing slash and gives '/' for a bare prefix", () => {
    expect(splitPath("/fr/x/").rest).toBe("/x/");
    expect(splitPath("/fr").rest).toBe("/");
    expect(splitPath("/fr/").rest).toBe("/");
    expect(splitPath("/").rest).toBe("/");
  });

  it("does not treat longer first segments as a prefix", () => {
    expect(splitPath("/fotobox/x")).toEqual({ prefix: null, desktop: false, rest: "/fotobox/x" });
    expect(splitPath("/de-ch/x").prefix).toBeNull();
  });
});

describe("withDesktopMarker", () => {
  it("puts the d marker after the language prefix and keeps query and trailing slash", () => {
    expect(withDesktopMarker("/warenkorb")).toBe("/d/warenkorb");
    expect(withDesktopMarker("/fr/panier?x=1#top")).toBe("/fr/d/panier?x=1#top");
    expect(withDesktopMarker("/konto/")).toBe("/d/konto/");
    expect(withDesktopMarker("/fr")).toBe("/fr/d");
  });

  it("leaves marked, external and protocol-relative links alone", () => {
    expect(withDesktopMarker("/d/fr/panier")).toBe("/d/fr/panier");
    expect(withDesktopMarker("/fr/d/panier")).toBe("/fr/d/panier");
    expect(withDesktopMarker("https://example.com/x")).toBe("https://example.com/x");
    expect(withDesktopMarker("//example.com/x")).toBe("//example.com/x");
  });
});

describe("platformFor", () => {
  it("is desktop under the d marker and web otherwise", () => {
    expect(platformFor("/d/x")).toBe("desktop");
    expect(platformFor("/fr/d/x")).toBe("desktop");
    expect(platformFor("/x")).toBe("web");
    expect(platformFor("/dx")).toBe("web");
  });
});

describe("app routes", () => {
  it("recognises the English app routes", () => {
    for (const p of [
      "/configurator-card",
      "/account",
      "/cart",
      "/checkout/step-1",
      "/order",
      "/newsletter-confirm",
      "/recommendation",
      "/logout",
    ]) {
      expect(isAppRoute(p)).toBe(true);
    }
  });

  it("recognises localised equivalents", () => {
    for (const p of [
      "/konto",
      "/warenkorb",
      "/kasse",
      "/bestellung",
      "/abmelden",
      "/panier",
      "/commande",
      "/deconnexion",
      "/carrello",
      "/ordine",
      "/carrito",
      "/pedido",
      "/winkelwagen",
      "/bestelling",
      "/afrekenen",
    ]) {
      expect(isAppRoute(p)).toBe(true);
    }
  });

  it("skips prefix and marker", () => {
    expect(isAppRoute("/fr/d/panier")).toBe(true);
  });

  it("does not match content pages that merely start with the same letters", () => {
    for (const p of [
      "/",
      "/cartoon-cards",
      "/accountant-gifts",
      "/ordinary",
      "/fotobox",
      "/caja-de-fotos",
    ]) {
      expect(isAppRoute(p)).toBe(false);
    }
  });
});

describe("configurator links", () => {
  it("knows the six configurator paths, in English and in each language", () => {
    expect(Object.keys(LOCALISED_CONFIGURATOR_PATHS)).toHaveLength(6);
    expect(isConfiguratorPath("/configurator-photobox")).toBe(true);
    expect(isConfiguratorPath("/fr/configurator-card/x")).toBe(true);
    expect(isConfiguratorPath("/konfigurator-fotobuch")).toBe(true);
    expect(isConfiguratorPath("/configurator")).toBe(false);
    expect(isConfiguratorPath("/my-configurator-card")).toBe(false);
    for (const path of CONFIGURATOR_PATHS.keys()) expect(isConfiguratorPath(path)).toBe(true);
  });

  it("names the product family of a configurator path, with prefix, marker or trailing slash", () => {
    expect(configuratorFamilyFor("/configurator-photo-frame")).toBe("photo-frame");
    expect(configuratorFamilyFor("/fr/d/configurateur-livre-photo/")).toBe("photobook");
    expect(configuratorFamilyFor("/d/it/configuratore-calendario")).toBe("calendar");
    expect(configuratorFamilyFor("/configurator-card/x")).toBeNull();
    expect(configuratorFamilyFor("/products")).toBeNull();
  });

  it("keeps every localised configurator path an app route, not a content page", () => {
    for (const byLanguage of Object.values(LOCALISED_CONFIGURATOR_PATHS)) {
      for (const path of Object.values(byLanguage)) expect(isAppRoute(path)).toBe(true);
    }
  });

  it("adds the current locale to a configurator path without one", () => {
    expect(withConfiguratorLocale("/configurator-card", "de-CH")).toBe(
      "/configurator-card?locale=de-CH",
    );
  });

  it("keeps other parameters and the hash", () => {
    expect(withConfiguratorLocale("/configurator-photobook?type=x&a=b%20c#top", "fr-FR")).toBe(
      "/configurator-photobook?type=x&a=b%20c&locale=fr-FR#top",
    );
  });

  it("keeps an existing locale", () => {
    const url = "/configurator-calendar?locale=en-GB&year=2026";
    expect(withConfiguratorLocale(url, "de-DE")).toBe(url);
  });

  it("replaces an empty locale parameter", () => {
    expect(withConfiguratorLocale("/configurator-card?locale=&q=1", "de-DE")).toBe(
      "/configurator-card?q=1&locale=de-DE",
    );
  });

  it("handles absolute configurator URLs", () => {
    expect(withConfiguratorLocale("https://shop.example/configurator-collage?x=1", "it-IT")).toBe(
      "https://shop.example/configurator-collage?x=1&locale=it-IT",
    );
  });

  it("leaves other URLs unchanged", () => {
    for (const url of ["/fotobox", "https://x.example/y?z=1", "mailto:a@b.c", "#top", ""]) {
      expect(withConfiguratorLocale(url, "de-DE")).toBe(url);
    }
  });
});

describe("localised category paths", () => {
  it("has every category in German, French, Italian, Spanish, Dutch and English", () => {
    for (const byLanguage of Object.values(LOCALISED_CATEGORY_PATHS)) {
      expect(Object.keys(byLanguage).sort()).toEqual(["de", "en", "es", "fr", "it", "nl"]);
    }
  });

  it("finds the category of a path and of paths below it", () => {
    expect(categoryForPath("/fotos-drucken")).toBe("photoprints");
    expect(categoryForPath("/tirage-photo/")).toBe("photoprints");
    expect(categoryForPath("/fotobox/mini")).toBe("photobox");
    expect(categoryForPath("/fotokalender")).toBe("calendar");
    expect(categoryForPath("/wandbilder/leinwand/gross")).toBe("canvas");
    expect(categoryForPath("/fr/d/photo-sur-toile")).toBe("canvas");
  });

  it("returns null for other paths", () => {
    expect(categoryForPath("/wandbilder")).toBeNull();
    expect(categoryForPath("/fotoboxen")).toBeNull();
    expect(categoryForPath("/")).toBeNull();
  });

  it("maps every listed path to its own category", () => {
    for (const [category, byLanguage] of Object.entries(LOCALISED_CATEGORY_PATHS)) {
      for (const path of Object.values(byLanguage).flat())
        expect(categoryForPath(path)).toBe(category);
    }
  });
});

describe("products route and SSR safety", () => {
  it("recognises the products route and its aliases with optional prefix and marker", () => {
    for (const p of [
      "/products",
      "/vorkonfigurator-kalender",
      "/de/vorkonfigurator-karten",
      "/d/fr/products",
      "/fr/d/products/",
    ]) {
      expect(isProductsPath(p)).toBe(true);
    }
    expect(isProductsPath("/products/x")).toBe(false);
  });
});

describe("isSaneSlug", () => {
  it("accepts lowercase slugs with digits, dashes, underscores and dots", () => {
    for (const s of ["/", "/a", "/a/b-c/d_e/1.2", "/a/", "a/b", "/x.json"])
      expect(isSaneSlug(s)).toBe(true);
  });

  it("rejects dot segments, empty segments and odd characters", () => {
    for (const s of [
      "/.",
      "/..",
      "/a/../b",
      "//a",
      "/a//b",
      "/a//",
      "/A",
      "/a b",
      "/a%2fb",
      "/a%5cb",
      "/a\\b",
      "/a%00",
      "/a\u0000",
      "/ä",
    ]) {
      expect(isSaneSlug(s)).toBe(false);
    }
  });

  it("allows at most 12 segments", () => {
    expect(isSaneSlug(`/${Array(12).fill("a").join("/")}`)).toBe(true);
    expect(isSaneSlug(`/${Array(13).fill("a").join("/")}`)).toBe(false);
  });

  it("allows at most 512 characters", () => {
    expect(isSaneSlug(`/${"a".repeat(511)}`)).toBe(true);
    expect(isSaneSlug(`/${"a".repeat(512)}`)).toBe(false);
  });
});

describe("normalisePath", () => {
  it("removes the trailing slash when the channel has none", () => {
    expect(normalisePath("/a/b/", { trailingSlash: false })).toBe("/a/b");
  });

  it("adds the trailing slash when the channel wants one", () => {
    expect(normalisePath("/a/b", { trailingSlash: true })).toBe("/a/b/");
  });

  it("collapses duplicate slashes", () => {
    expect(normalisePath("//a///b//", { trailingSlash: false })).toBe("/a/b");
  });

  it("keeps '/' as it is", () => {
    expect(normalisePath("/", { trailingSlash: false })).toBe("/");
    expect(normalisePath("/", { trailingSlash: true })).toBe("/");
    expect(normalisePath("//", { trailingSlash: true })).toBe("/");
  });

  it("never adds a slash after a file extension", () => {
    expect(normalisePath("/a/_payload.json", { trailingSlash: true })).toBe("/a/_payload.json");
    expect(normalisePath("/a/feed.xml/", { trailingSlash: true })).toBe("/a/feed.xml");
  });

  it("is idempotent", () => {
    for (const p of ["/", "//", "/a", "/a/", "//a//b//", "/a.json/", "/a.b/c", "x", ""]) {
      for (const trailingSlash of [true, false]) {
        const once = normalisePath(p, { trailingSlash });
        expect(normalisePath(once, { trailingSlash })).toBe(once);
      }
    }
  });
});

describe("localisedShopPath", () => {
  const swissFrench = { country: "CH", language: "fr" } as const;

  it("puts the path behind the visitor's language prefix, none for the country's own", () => {
    const site = { trailingSlash: false };
    expect(localisedShopPath("/designer/card?a=1", { ...swissFrench, ...site })).toBe(
      "/fr/designer/card?a=1",
    );
    expect(
      localisedShopPath("/designer/card?a=1", { country: "DE", language: "de", ...site }),
    ).toBe("/designer/card?a=1");
  });

  it("writes the channel's trailing-slash form before the query", () => {
    expect(localisedShopPath("/designer/card/?a=1", { ...swissFrench, trailingSlash: false })).toBe(
      "/fr/designer/card?a=1",
    );
    expect(localisedShopPath("/designer/card?a=1", { ...swissFrench, trailingSlash: true })).toBe(
      "/fr/designer/card/?a=1",
    );
  });

  it("keeps the query exactly, and writes none when the path has none", () => {
    const site = { ...swissFrench, trailingSlash: true };
    expect(localisedShopPath("/designer/photobox?b=2&a=%2F%2Fx&a=3", site)).toBe(
      "/fr/designer/photobox/?b=2&a=%2F%2Fx&a=3",
    );
    expect(localisedShopPath("/warenkorb", site)).toBe("/fr/warenkorb/");
    expect(localisedShopPath("//designer//card?x=1", site)).toBe("/fr/designer/card/?x=1");
  });
});

describe("resolveLocalePrefix", () => {
  it("resolves a path without prefix to the country's default locale", () => {
    expect(resolveLocalePrefix({ pathname: "/x", country: "CH" })).toEqual({
      kind: "ok",
      locale: "de-CH",
      language: "de",
      desktop: false,
      rest: "/x",
    });
  });

  it("accepts a non-default language offered in the country", () => {
    expect(resolveLocalePrefix({ pathname: "/fr/x", country: "CH" })).toEqual({
      kind: "ok",
      locale: "fr-CH",
      language: "fr",
      desktop: false,
      rest: "/x",
    });
    expect(resolveLocalePrefix({ pathname: "/nl/x", country: "BE" })).toMatchObject({
      kind: "ok",
      locale: "nl-BE",
    });
    expect(resolveLocalePrefix({ pathname: "/de/x", country: "IT" })).toMatchObject({
      kind: "ok",
      locale: "de-IT",
    });
  });

  it("redirects a redundant default-language prefix to the same host without it", () => {
    expect(resolveLocalePrefix({ pathname: "/de/x", country: "CH" })).toEqual({
      kind: "redirect-path",
      pathname: "/x",
    });
    expect(resolveLocalePrefix({ pathname: "/de", country: "DE" })).toEqual({
      kind: "redirect-path",
      pathname: "/",
    });
  });

  it("redirects a language not offered here to its home country", () => {
    expect(resolveLocalePrefix({ pathname: "/nl/x", country: "DE" })).toEqual({
      kind: "redirect-country",
      country: "NL",
      pathname: "/x",
    });
    expect(resolveLocalePrefix({ pathname: "/en/x", country: "FR" })).toEqual({
      kind: "redirect-country",
      country: "GB",
      pathname: "/x",
    });
  });

  it("redirects region codes to their country with its default language", () => {
    expect(resolveLocalePrefix({ pathname: "/ch/x", country: "DE" })).toEqual({
      kind: "redirect-country",
      country: "CH",
      pathname: "/x",
    });
    expect(resolveLocalePrefix({ pathname: "/uk/x", country: "DE" })).toEqual({
      kind: "redirect-country",
      country: "GB",
      pathname: "/x",
    });
    for (const [code, country] of [
      ["at", "AT"],
      ["li", "LI"],
      ["lu", "LU"],
      ["be", "BE"],
      ["us", "US"],
      ["gb", "GB"],
    ] as const) {
      expect(resolveLocalePrefix({ pathname: `/${code}/x`, country: "FR" })).toEqual({
        kind: "redirect-country",
        country,
        pathname: "/x",
      });
    }
  });

  it("redirects a region code of the current country on the same host", () => {
    expect(resolveLocalePrefix({ pathname: "/ch/x", country: "CH" })).toEqual({
      kind: "redirect-path",
      pathname: "/x",
    });
  });

  it("gives not-found for any other two-letter prefix", () => {
    expect(resolveLocalePrefix({ pathname: "/xx/foo", country: "DE" })).toEqual({
      kind: "not-found",
    });
    expect(resolveLocalePrefix({ pathname: "/pt", country: "DE" })).toEqual({ kind: "not-found" });
  });

  it("keeps the d marker in redirects, in its original position", () => {
    expect(resolveLocalePrefix({ pathname: "/d/de/x", country: "CH" })).toEqual({
      kind: "redirect-path",
      pathname: "/d/x",
    });
    expect(resolveLocalePrefix({ pathname: "/de/d/x", country: "CH" })).toEqual({
      kind: "redirect-path",
      pathname: "/d/x",
    });
    expect(resolveLocalePrefix({ pathname: "/nl/d/x", country: "DE" })).toEqual({
      kind: "redirect-country",
      country: "NL",
      pathname: "/d/x",
    });
    expect(resolveLocalePrefix({ pathname: "/d/fr/x", country: "CH" })).toMatchObject({
      kind: "ok",
      desktop: true,
      rest: "/x",
    });
  });

  it("redirects an upper-case prefix to its lower-case form", () => {
    expect(resolveLocalePrefix({ pathname: "/FR/x", country: "CH" })).toEqual({
      kind: "redirect-path",
      pathname: "/fr/x",
    });
    expect(resolveLocalePrefix({ pathname: "/DE/x", country: "CH" })).toEqual({
      kind: "redirect-path",
      pathname: "/x",
    });
  });

  it("normalises the trailing slash when the channel setting is given", () => {
    expect(resolveLocalePrefix({ pathname: "/x/", country: "DE", trailingSlash: false })).toEqual({
      kind: "redirect-path",
      pathname: "/x",
    });
    expect(resolveLocalePrefix({ pathname: "/fr/x", country: "CH", trailingSlash: true })).toEqual({
      kind: "redirect-path",
      pathname: "/fr/x/",
    });
    expect(resolveLocalePrefix({ pathname: "/de/x", country: "CH", trailingSlash: true })).toEqual({
      kind: "redirect-path",
      pathname: "/x/",
    });
    expect(resolveLocalePrefix({ pathname: "/x/", country: "DE", trailingSlash: true }).kind).toBe(
      "ok",
    );
  });

  it("collapses duplicate slashes instead of redirecting to another host", () => {
    expect(resolveLocalePrefix({ pathname: "//evil.example/x", country: "DE" })).toEqual({
      kind: "redirect-path",
      pathname: "/evil.example/x",
    });
    expect(resolveLocalePrefix({ pathname: "/de//evil.example", country: "CH" })).toEqual({
      kind: "redirect-path",
      pathname: "/evil.example",
    });
  });

  it("never redirects to a path starting with a backslash", () => {
    expect(resolveLocalePrefix({ pathname: "/de/\\evil.example", country: "CH" })).toEqual({
      kind: "not-found",
    });
  });

  it("does not strip a prefix when the rest starts with another two-letter segment", () => {
    expect(resolveLocalePrefix({ pathname: "/de/fr/x", country: "CH" })).toEqual({
      kind: "not-found",
    });
    expect(resolveLocalePrefix({ pathname: "/nl/fr/x", country: "DE" })).toEqual({
      kind: "not-found",
    });
  });

  it("never produces a redirect that does not itself resolve to ok", () => {
    const samples = [
      "/",
      "/x",
      "/x/",
      "//x",
      "/a/b",
      "/d",
      "/d/",
      "/d/x",
      "/x.json",
      "/x.json/",
      "/de",
      "/de/",
      "/de/x",
      "/de/x/",
      "/DE/x",
      "/d/de/x",
      "/de/d/x",
      "/de/d",
      "/de/fr/x",
      "/de//x",
      "/en/x",
      "/es/x",
      "/fr",
      "/fr/x",
      "/Fr/x/",
      "/d/fr/x/",
      "/fr/d/x",
      "/it/x",
      "/nl/x",
      "/nl/d",
      "/at/x",
      "/ch/x",
      "/li",
      "/lu/x",
      "/be/x/",
      "/us/d/x",
      "/gb/x",
      "/uk/x",
      "/UK/x",
      "/xx/x",
      "/pt/x",
    ];
    let redirects = 0;
    for (const country of COUNTRY_CODES) {
      for (const trailingSlash of [undefined, true, false]) {
        for (const pathname of samples) {
          const first = resolveLocalePrefix({
            pathname,
            country,
            ...(trailingSlash === undefined ? {} : { trailingSlash }),
          });
          if (first.kind !== "redirect-path" && first.kind !== "redirect-country") continue;
          redirects++;
          const target = first.kind === "redirect-country" ? first.country : country;
          const second: LocalePrefixResult = resolveLocalePrefix({
            pathname: first.pathname,
            country: target,
            ...(trailingSlash === undefined ? {} : { trailingSlash }),
          });
          expect(second.kind, `${country} ${pathname} → ${target} ${first.pathname}`).toBe("ok");
          expect(first.pathname.startsWith("//")).toBe(false);
        }
      }
    }
    expect(redirects).toBeGreaterThan(100);
  });

  it("keeps the desktop marker and rest across a redirect", () => {
    for (const country of COUNTRY_CODES) {
      const first = resolveLocalePrefix({ pathname: "/de/d/a/b", country });
      if (first.kind === "ok") continue;
      expect(first.kind).not.toBe("not-found");
      if (first.kind === "not-found") continue;
      const target = first.kind === "redirect-country" ? first.country : country;
      expect(resolveLocalePrefix({ pathname: first.pathname, country: target })).toMatchObject({
        kind: "ok",
        desktop: true,
        rest: "/a/b",
      });
    }
  });

  it("builds the language prefix that a country's host expects", () => {
    expect(languagePrefix("CH", "de")).toBe("");
    expect(languagePrefix("CH", "fr")).toBe("/fr");
  });
});

describe("link safety", () => {
  it("allows relative links, mailto and tel without opt-in", () => {
    for (const url of [
      "/a",
      "a/b",
      "../a",
      "?q=1",
      "#top",
      "mailto:a@b.c",
      "tel:+41441234567",
      "/a:b",
    ]) {
      expect(isSafeExternalUrl(url, { external: false })).toBe(true);
    }
  });

  it("requires the external opt-in for http(s) and protocol-relative links", () => {
    for (const url of [
      "https://x.example",
      "http://x.example",
      "HTTPS://x.example",
      "//evil.example",
      "\\\\evil.example",
      "/\\evil.example",
    ]) {
      expect(isSafeExternalUrl(url, { external: false })).toBe(false);
      expect(isSafeExternalUrl(url, { external: true })).toBe(true);
    }
  });

  it("refuses other protocols, also with case and whitespace tricks", () => {
    for (const url of [
      "javascript:alert(1)",
      " JaVaScript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "\u0001javascript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "file:///etc/passwd",
      "\u00a0javascript:alert(1)",
    ]) {
      expect(isSafeExternalUrl(url, { external: true })).toBe(false);
      expect(safeHref(url, { allowExternal: true })).toBeNull();
    }
  });

  it("returns the cleaned href when allowed", () => {
    expect(safeHref("  /a  ", { allowExternal: false })).toBe("/a");
    expect(safeHref("https://x.example", { allowExternal: true })).toBe("https://x.example");
    expect(safeHref("https://x.example", { allowExternal: false })).toBeNull();
    expect(safeHref(42, { allowExternal: true })).toBeNull();
  });
});

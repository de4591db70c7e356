import { describe, expect, it } from "vitest";
import type { Country } from "./locales";
import {
  hreflangLinks,
  withXDefault,
  isStoryContent,
  pathForFullSlug,
  safeRedirectTarget,
  slugForPath,
  splitFullSlug,
} from "./content";

describe("story paths", () => {
  it.each([
    ["/", "home"],
    ["/service/kontakt", "service/kontakt"],
    ["/service/kontakt/", "service/kontakt"],
    ["/fotobox", "fotobox"],
  ])("maps the path %s to the slug %s", (path, slug) => {
    expect(slugForPath(path)).toBe(slug);
  });

  it.each([
    ["de-de/home", "/"],
    ["de-de/service/", "/service"],
    ["de-de/service/kontakt", "/service/kontakt"],
    ["fr-fr/aide/contact", "/aide/contact"],
  ])("shows the story %s at %s", (fullSlug, path) => {
    expect(pathForFullSlug(fullSlug)).toBe(path);
  });

  it("splits a full slug into the locale folder and the slug below it", () => {
    expect(splitFullSlug("de-ch/service/kontakt")).toEqual({
      folder: "de-ch",
      slug: "service/kontakt",
    });
    expect(splitFullSlug("de-de/service/")).toEqual({ folder: "de-de", slug: "service" });
  });
});

describe("hreflang links", () => {
  const originFor = (country: Country) => `https://${country.toLowerCase()}.example`;

  it("links every locale to the story it shows, its own or its fallback's", () => {
    const links = hreflangLinks(
      {
        fullSlug: "de-de/service/kontakt",
        alternates: [
          { fullSlug: "de-ch/service/kontakt", name: "Kontakt", published: true },
          { fullSlug: "fr-fr/aide/contact", name: "Contact", published: true },
        ],
      },
      { trailingSlash: false, originFor },
    );
    const byLocale = Object.fromEntries(links.map((l) => [l.hreflang, l.href]));
    expect(byLocale).toEqual({
      "de-AT": "https://at.example/service/kontakt",
      "de-CH": "https://ch.example/service/kontakt",
      "de-DE": "https://de.example/service/kontakt",
      "de-IT": "https://it.example/de/service/kontakt",
      "de-LI": "https://li.example/service/kontakt",
      "de-LU": "https://lu.example/service/kontakt",
      "fr-BE": "https://be.example/aide/contact",
      "fr-CH": "https://ch.example/fr/aide/contact",
      "fr-FR": "https://fr.example/aide/contact",
      "fr-LU": "https://lu.example/fr/aide/contact",
    });
  });

  it("points the home page at the site root, with the channel's trailing slash", () => {
    const links = hreflangLinks(
      { fullSlug: "en-gb/home", alternates: [] },
      { trailingSlash: true, originFor },
    );
    expect(links).toEqual([
      { hreflang: "en-GB", href: "https://gb.example/" },
      { hreflang: "en-US", href: "https://us.example/" },
    ]);
  });

  it("leaves out locales whose site has no host", () => {
    const links = hreflangLinks(
      { fullSlug: "nl-nl/home", alternates: [] },
      { trailingSlash: false, originFor: (c) => (c === "NL" ? "https://nl.example" : null) },
    );
    expect(links).toEqual([{ hreflang: "nl-NL", href: "https://nl.example/" }]);
  });

  it("leaves out the locales that show a story kept out of search engines, fallbacks too", () => {
    const links = hreflangLinks(
      {
        fullSlug: "fr-fr/aide/contact",
        alternates: [
          { fullSlug: "de-de/service/kontakt", name: "Kontakt", published: true },
          { fullSlug: "de-ch/service/kontakt", name: "Kontakt", published: true },
        ],
      },
      {
        trailingSlash: false,
        originFor,
        indexable: (fullSlug) => fullSlug !== "de-de/service/kontakt",
      },
    );
    // de-CH has its own story; the other German locales show the German one, not indexed.
    expect(links.map((l) => l.hreflang)).toEqual(["de-CH", "fr-BE", "fr-CH", "fr-FR", "fr-LU"]);
  });
});

describe("redirect targets", () => {
  const hosts = new Set(["cards.localhost", "www.wallora.example"]);

  it.each([
    ["/service/kontakt", "/service/kontakt"],
    ["/fotobuch?aktion=1#oben", "/fotobuch?aktion=1#oben"],
    ["https://www.wallora.example/leinwand", "https://www.wallora.example/leinwand"],
    ["http://cards.localhost/", "http://cards.localhost/"],
  ])("allows %s", (target, expected) => {
    expect(safeRedirectTarget(target, hosts)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example/phish",
    "/\\evil.example",
    "https://evil.example/",
    "https://user:pass@cards.localhost/",
    "mailto:service@example.com",
    "relative/path",
    "",
    42,
    null,
  ])("refuses %s", (target) => {
    expect(safeRedirectTarget(target, hosts)).toBeNull();
  });
});

describe("story content", () => {
  it("needs a component and a _uid", () => {
    expect(isStoryContent({ component: "Page", _uid: "a", body: [] })).toBe(true);
    expect(isStoryContent({ component: "Page" })).toBe(false);
    expect(isStoryContent({ component: "", _uid: "a" })).toBe(false);
    expect(isStoryContent([{ component: "Page", _uid: "a" }])).toBe(false);
    expect(isStoryContent("Page")).toBe(false);
  });
});

describe("x-default", () => {
  const de = { hreflang: "de-DE", href: "https://de.example/ueber-uns" };
  const fr = { hreflang: "fr-FR", href: "https://fr.example/a-propos" };

  it("sends visitors no version fits to the German page", () => {
    expect(withXDefault([fr, de])).toEqual([fr, de, { hreflang: "x-default", href: de.href }]);
  });

  it("falls back to the first version when there is no German one, and adds none to none", () => {
    expect(withXDefault([fr])).toEqual([fr, { hreflang: "x-default", href: fr.href }]);
    expect(withXDefault([])).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { createHostTable } from "../../config/hosts";
import { hreflangAlternates, samePathEverywhere } from "./alternates.server";

const hosts = createHostTable();
const requestUrl = new URL("http://localhost:3000/products");

describe("hreflang alternates", () => {
  it("links every locale on its country host with its language prefix", () => {
    const links = hreflangAlternates({
      channel: "cards",
      paths: samePathEverywhere("/products"),
      hosts,
      requestUrl,
    });
    const byLang = Object.fromEntries(links.map((l) => [l.hrefLang, l.href]));
    expect(byLang["de-DE"]).toBe("http://cards.localhost:3000/products");
    expect(byLang["fr-CH"]).toBe("http://ch.cards.localhost:3000/fr/products");
    expect(byLang["de-CH"]).toBe("http://ch.cards.localhost:3000/products");
    expect(byLang["nl-BE"]).toBe("http://be.cards.localhost:3000/nl/products");
    expect(byLang["en-US"]).toBe("http://us.cards.localhost:3000/products");
    expect(byLang["x-default"]).toBe(byLang["de-DE"]);
    expect(links).toHaveLength(18);
  });

  it("links only the locales the page exists in, in the channel's trailing-slash form", () => {
    const links = hreflangAlternates({
      channel: "wallart",
      paths: { "en-GB": "/canvas-prints", "fr-FR": "/toile" },
      hosts,
      requestUrl,
    });
    expect(links).toEqual([
      {
        rel: "alternate",
        hrefLang: "en-GB",
        href: "http://gb.wallart.localhost:3000/canvas-prints/",
      },
      { rel: "alternate", hrefLang: "fr-FR", href: "http://fr.wallart.localhost:3000/toile/" },
      {
        rel: "alternate",
        hrefLang: "x-default",
        href: "http://gb.wallart.localhost:3000/canvas-prints/",
      },
    ]);
  });
});

/**
 * Every product page the main navigation links to shows at least one catalogue price, in
 * every locale of both shops: the header's links are followed as a browser without
 * JavaScript would. The magazine, help, offers, basket and
 * wishlist are not product pages.
 */
import { describe, expect, it } from "vitest";
import { COUNTRIES, type Country } from "../../domain/locales";
import { useTestShop } from "../../server/testing/shop";

const NOT_PRODUCTS =
  /^\/(?:[a-z]{2}\/)?(magazin|magazine|revista|service|help|ayuda|aide|assistenza|klantenservice|angebote|offers|ofertas|promotions|offerte|aanbiedingen|warenkorb|basket|panier|carrello|carrito|winkelmand|wunschliste|wishlist|liste-de-souhaits|lista-dei-desideri|lista-de-deseos|verlanglijst)(\/|$)/;

/** Every storefront of a brand: its host and the path of its home page. */
function storefronts(channel: "cards" | "wallart") {
  return (Object.entries(COUNTRIES) as [Country, readonly string[]][]).flatMap(
    ([country, languages]) =>
      languages.map((language, index) => {
        const host =
          country === "DE"
            ? `${channel}.localhost`
            : `${country.toLowerCase()}.${channel}.localhost`;
        const slash = channel === "wallart" ? "/" : "";
        return {
          host,
          home: index === 0 ? "/" : `/${language}${slash}`,
          locale: `${language}-${country}`,
        };
      }),
  );
}

describe("the navigation's product pages", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });
  const get = async (host: string, path: string) => {
    const response = await test.request(`http://${host}${path}`, {
      headers: { "User-Agent": "Googlebot/2.1" },
    });
    return { status: response.status, html: await response.text() };
  };

  for (const channel of ["cards", "wallart"] as const) {
    it.each(storefronts(channel))(
      `${channel} $locale: every product page in the header shows a price`,
      async ({ host, home }) => {
        const page = await get(host, home);
        expect(page.status).toBe(200);
        const header = /<header[\s\S]*?<\/header>/.exec(page.html)?.[0] ?? "";
        const links = [
          ...new Set([...header.matchAll(/href="(\/[^"]+)"/g)].map((m) => m[1]!)),
        ].filter((path) => path !== home && !NOT_PRODUCTS.test(path));
        expect(links.length).toBeGreaterThan(3);
        for (const path of links) {
          const product = await get(host, path);
          expect(product.status, `${host}${path}`).toBe(200);
          expect(product.html, `${host}${path} shows no price`).toContain("price-tag__current");
        }
      },
    );
  }
});

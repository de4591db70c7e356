/**
 * The browsing pages over HTTP, as a browser without JavaScript gets them: the card designs
 * of the URL's state, the theme pages of published themes only, prices in each shop's
 * currency and language.
 */
import { describe, expect, it } from "vitest";
import { useTestShop } from "../../server/testing/shop";

describe("browsing pages", () => {
  const test = useTestShop();
  const page = async (target: string, status = 200) => {
    const response = await test.request(target);
    expect(response.status, target).toBe(status);
    return response.text();
  };
  const themeCards = (html: string) => html.match(/class="theme-card"/g)?.length ?? 0;

  it("list 12 designs by default and the URL's filters and page size", async () => {
    expect(themeCards(await page("/vorkonfigurator-karten"))).toBe(12);
    const red = await page("/vorkonfigurator-karten?color=red&pageSize=48");
    expect(themeCards(red)).toBe(48);
    expect(red).toContain('<option value="red" selected="">Rot</option>');
    // An unknown value is left out; the rest of the state applies.
    expect(themeCards(await page("/vorkonfigurator-karten?color=plaid&pageSize=48"))).toBe(48);
  });

  it("say so when nothing matches and offer the reset", async () => {
    const html = await page(
      "/vorkonfigurator-karten?category=business&punching=heart&label=sale&color=red",
    );
    expect(themeCards(html)).toBe(0);
    expect(html).toContain("Kein Design passt zu Ihrer Auswahl.");
    expect(html).toContain("Filter zurücksetzen");
  });

  it("show a published theme with its prices and the configurator, drafts and unknown ids not", async () => {
    const html = await page("/themes/hochzeit-001");
    expect(html).toContain("Hochzeit – Sternenglanz");
    expect(html).toMatch(/action="\/configurator-card"/);
    // The form and the sample link name the theme's own card (a photo card of 210x100), the
    // one the page prices.
    expect(html).toContain('<input type="hidden" name="cardType" value="photo-card"/>');
    expect(html).toContain('<input type="hidden" name="refinement" value="none"/>');
    expect(html).toMatch(
      /configurator-card\?themeId=hochzeit-001&amp;cardType=photo-card&amp;size=210x100&amp;refinement=none&amp;envelope=none&amp;s=sample/,
    );
    await page("/themes/einschulung-023", 404);
    await page("/themes/not-a-theme", 404);
  });

  it("give a theme page its own description and canonical address for search results", async () => {
    const html = await page("/themes/hochzeit-001");
    expect(html).toContain(
      '<meta name="description" content="Design „Hochzeit – Sternenglanz“ bei Cardelia: mit eigenen Fotos und Texten gestalten, hochwertig gedruckt und schnell geliefert."/>',
    );
    // Asked on the alias host localhost, it names the German card shop's own host, as
    // content pages and the sitemap do.
    expect(html).toContain(
      '<link rel="canonical" href="http://cards.localhost/themes/hochzeit-001"/>',
    );
  });

  it("describe the product overview and its aliases for search results with their introduction", async () => {
    expect(await page("/products")).toContain(
      '<meta name="description" content="Wählen Sie ein Produkt und gestalten Sie es mit Ihren eigenen Fotos."/>',
    );
    expect(await page("/vorkonfigurator-karten")).toMatch(
      /<meta name="description" content="Wählen Sie ein Design[^"]*"\/>/,
    );
  });

  it("describe a theme to search engines as a product with its prices and its place in the shop", async () => {
    const response = await test.request("/themes/hochzeit-001");
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "");
    const scripts = [
      ...html.matchAll(/<script type="application\/ld\+json"([^>]*)>([^<]*)<\/script>/g),
    ];
    expect(scripts).toHaveLength(2);
    for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce?.[1]}"`);
    const [product, breadcrumb] = scripts.map(([, , json]) => JSON.parse(json!));
    expect(product).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Hochzeit – Sternenglanz",
      image: "http://cards.localhost/web-api/studio/templates/hochzeit-001/preview.jpg?width=600",
      sku: "hochzeit-001",
      brand: { "@type": "Brand", name: "Cardelia" },
      offers: {
        "@type": "AggregateOffer",
        lowPrice: "1.67",
        highPrice: "2.39",
        priceCurrency: "EUR",
      },
    });
    // The page shows the same price as a from-price.
    expect(html).toContain("2,39");
    expect(breadcrumb["@type"]).toBe("BreadcrumbList");
    expect(breadcrumb.itemListElement.map((i: { item: string }) => i.item)).toEqual([
      "http://cards.localhost/",
      "http://cards.localhost/vorkonfigurator-karten",
      "http://cards.localhost/themes/hochzeit-001",
    ]);
    expect(breadcrumb.itemListElement[1].name).toBe("Karten gestalten");

    // A poster design has one price, and no card page to be browsed from.
    const poster = await page("http://wallart.localhost/themes/poster-hochzeit-001/");
    const [posterProduct, posterCrumbs] = [
      ...poster.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g),
    ].map(([, json]) => JSON.parse(json!));
    expect(posterProduct.brand.name).toBe("Wallora");
    expect(posterProduct.offers).toMatchObject({ "@type": "Offer", priceCurrency: "EUR" });
    expect(posterCrumbs.itemListElement.map((i: { item: string }) => i.item)).toEqual([
      "http://wallart.localhost/",
      "http://wallart.localhost/themes/poster-hochzeit-001/",
    ]);
  });

  it("price in each shop's currency and language", async () => {
    const swiss = await page("http://ch.cards.localhost/fr/vorkonfigurator-karten");
    expect(swiss).toContain("Créer vos cartes");
    expect(swiss).toContain("CHF");
    const american = await page("http://us.cards.localhost/products");
    expect(american).toContain("$");
  });

  it("show the families of the shop, with prices only where the shop shows them", async () => {
    const cards = await page("/products");
    expect(cards).toContain('href="/vorkonfigurator-karten"');
    expect(cards).toContain('href="/vorkonfigurator-kalender"');
    const wallart = await page("http://wallart.localhost/products/");
    const families = wallart.slice(wallart.indexOf('class="product-tiles"'));
    expect(families.slice(0, families.indexOf("</ul>"))).not.toContain("€");
    await page("http://wallart.localhost/vorkonfigurator-karten/", 404);
  });
});

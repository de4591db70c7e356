import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, jsonLdText, productJsonLd } from "./structuredData";

const product = {
  name: "Hochzeit – Sternenglanz",
  image: "https://shop.example/web-api/themes/hochzeit-001/preview.svg",
  sku: "hochzeit-001",
  brand: "Cardelia",
  url: "https://shop.example/themes/hochzeit-001",
  currency: "eur" as const,
};

describe("structured data", () => {
  it("can never close its script element or open markup", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script> & <!-- \u2028" });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text).name).toBe("</script><script>alert(1)</script> & <!-- \u2028");
  });

  it("offers a product at one price as an Offer in the currency's ISO code", () => {
    const data = productJsonLd({ ...product, pricesMinor: [1290] });
    expect(data).toMatchObject({
      "@type": "Product",
      sku: "hochzeit-001",
      brand: { "@type": "Brand", name: "Cardelia" },
      offers: { "@type": "Offer", price: "12.90", priceCurrency: "EUR" },
    });
  });

  it("offers a product priced by quantity from its lowest to its highest unit price", () => {
    const data = productJsonLd({ ...product, pricesMinor: [239, 215, 191, 167] });
    expect(data.offers).toEqual({
      "@type": "AggregateOffer",
      lowPrice: "1.67",
      highPrice: "2.39",
      offerCount: 4,
      priceCurrency: "EUR",
      url: product.url,
    });
    expect(productJsonLd({ ...product, pricesMinor: [] })).not.toHaveProperty("offers");
  });

  it("counts the breadcrumb's steps from 1", () => {
    const data = breadcrumbJsonLd([
      { name: "Startseite", url: "https://shop.example/" },
      { name: "Karten gestalten", url: "https://shop.example/vorkonfigurator-karten" },
    ]);
    expect(data.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Startseite", item: "https://shop.example/" },
      {
        "@type": "ListItem",
        position: 2,
        name: "Karten gestalten",
        item: "https://shop.example/vorkonfigurator-karten",
      },
    ]);
  });
});

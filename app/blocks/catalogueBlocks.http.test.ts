/**
 * The calculator block on the seed pages over HTTP, as a browser without JavaScript sees
 * it: catalogue prices in the shop's currency, the URL's choice rendered on the server,
 * a SKU's preselection, every format on "format not included?", and the configurator link
 * of the choice.
 */
import { describe, expect, it } from "vitest";
import { useTestShop } from "../../server/testing/shop";

describe("the catalogue blocks on the seed pages", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  const page = async (target: string) => {
    const response = await test.request(target, { headers: { "User-Agent": "Googlebot/2.1" } });
    expect(response.status, target).toBe(200);
    const html = await response.text();
    return html.slice(
      html.indexOf('class="calculator"'),
      html.indexOf("</section>", html.indexOf('class="calculator"')),
    );
  };
  /** The value of the checked radio button of a name. */
  const checked = (html: string, name: string) =>
    [...html.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g"))]
      .map((m) => m[0])
      .find((input) => input.includes("checked"))
      ?.match(/value="([^"]+)"/)?.[1];
  const cta = (html: string) =>
    /class="button calculator__cta"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*class="button calculator__cta"/
      .exec(html)
      ?.slice(1)
      .find(Boolean)
      ?.replaceAll("&amp;", "&");

  it("offers the shop's materials and formats with catalogue prices and the designer link", async () => {
    const html = await page("http://wallart.localhost/leinwand/");
    expect(html).toContain("Klassiker");
    expect(html).toContain("Leinwand");
    expect(html).toContain("Acrylglas");
    expect(html).toMatch(/\d+,\d\d\u00a0€/);
    expect(html).toContain("Format nicht dabei?");
    expect(cta(html)).toMatch(/^\/configurator-photo-frame\/?\?materialType=\w+/);
  });

  it("renders the URL's material and format, and its price, without JavaScript", async () => {
    const html = await page("http://wallart.localhost/leinwand/?material=acrylglas&format=900x600");
    expect(checked(html, "material")).toBe("acrylglas");
    expect(checked(html, "format")).toBe("900x600");
    expect(cta(html)).toContain("materialType=acrylglas");
    expect(cta(html)).toContain("formatType=900x600");
    const api = await test.request(
      "http://wallart.localhost/price-api/prices/article?article=wallart-acrylglas-900x600",
    );
    const { price } = (await api.json()) as { price: { formatted: { current: string } } };
    expect(html).toContain(price.formatted.current);
  });

  it("lets a SKU preselect material and format", async () => {
    const html = await page("http://wallart.localhost/leinwand/?sku=wallart-bestsellers");
    expect(checked(html, "material")).toBe("leinwand");
    expect(checked(html, "format")).toBe("600x400");
  });

  it("lists every format on 'format not included?' without JavaScript", async () => {
    const listed = (await page("http://wallart.localhost/leinwand/?material=leinwand")).match(
      /name="format"/g,
    )!.length;
    const all = (
      await page("http://wallart.localhost/leinwand/?material=leinwand&formats=all")
    ).match(/name="format"/g)!.length;
    expect(listed).toBeLessThanOrEqual(7);
    expect(all).toBeGreaterThan(listed);
  });

  it("prices in the Swiss shop in francs and in the US shop in dollars and inches", async () => {
    expect(await page("http://ch.wallart.localhost/leinwand/")).toContain("CHF");
    const us = await page("http://us.wallart.localhost/canvas-print/");
    expect(us).toContain("$");
    expect(us).toMatch(/ in\b/);
  });

  it("shows photo books on the card shop's photo book page", async () => {
    const html = await page("http://localhost/fotobuch");
    expect(html).toContain("Digitaldruck-Fotobuch");
    expect(cta(html)).toMatch(/^\/configurator-photobook\?printing=\w+&photobookFormat=\d+x\d+/);
  });

  it("shows an occasion's popular designs on its category page and links to browse them all", async () => {
    const response = await test.request("/karten/christmas");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/class="theme-card"/g)?.length).toBe(12);
    expect(html).toContain('href="/vorkonfigurator-karten?occasion=weihnachten"');
    const overview = await (await test.request("/karten")).text();
    expect(overview.match(/class="theme-card"/g)?.length).toBe(24);
    // The filters keep the occasion the link chose.
    const browse = await (
      await test.request("/vorkonfigurator-karten?occasion=weihnachten")
    ).text();
    expect(browse).toContain('type="hidden" name="occasion" value="weihnachten"');
  });
});

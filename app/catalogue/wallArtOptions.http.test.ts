/**
 * The calculator's choices as the server renders them and carries them on: a British
 * canvas with a mirrored edge and the deep (3.8 cm) stretcher frame is priced with the
 * frame's surcharge, explained, and reaches the studio and the basket line with both
 * options at the page's price; the photo box's quantity chooser names "[n] photos in
 * format [format]" and its price goes to the designer for that number of photos. The
 * canvas page's sub-navigation tiles (?format=square, ?edge=mirrored) each show their own.
 */
import { describe, expect, it } from "vitest";
import { designerLinkToCart } from "../../server/testing/designedLine";
import { useTestShop } from "../../server/testing/shop";

const decode = (text: string) =>
  text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
const calculatorOf = (html: string) => {
  const start = html.indexOf('class="calculator"');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
};
/** The calculator's shown price (its current one, after a struck-through original). */
const priceOf = (html: string) => {
  const result = html.slice(html.indexOf("calculator__price"));
  return decode(/price-tag__current[^"]*">([^<]+)</.exec(result)?.[1] ?? "");
};
const pounds = (text: string) => Number(/£([\d,]+\.\d\d)/.exec(text)![1]!.replace(",", ""));

describe("wall-art options and the photo box's quantity on the product page", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });
  const get = (target: string, cookie = "") =>
    test.request(target, { headers: cookie ? { cookie } : {} });

  it("prices, explains and carries a mirrored edge and a deep frame into the basket", async () => {
    const origin = "http://gb.wallart.localhost";
    const base = `${origin}/canvas-print/?material=leinwand&format=600x400`;
    const plain = calculatorOf(decode(await (await get(base)).text()));
    expect(plain).toContain('name="canvasEdge"');
    expect(plain).toContain('name="canvasStretcherFrame"');
    expect(plain).not.toMatch(/catalogue\.[a-z]/i);
    const plainPrice = priceOf(plain);
    expect(plainPrice).toContain("£");

    const chosen = calculatorOf(
      decode(await (await get(`${base}&canvasEdge=mirrored&canvasStretcherFrame=38`)).text()),
    );
    expect(chosen).toContain("Mirrored edge");
    expect(chosen).toContain("Deep frame (3.8 cm)");
    expect(chosen).toContain("mirrored onto the sides");
    expect(chosen).toContain("about 4 cm");
    const surcharge =
      /Deep frame \(3\.8 cm\)<\/span><span class="calculator__option-price">\+ £(\d+\.\d\d)/.exec(
        chosen,
      );
    expect(surcharge).not.toBeNull();
    const price = priceOf(chosen);
    expect(pounds(price)).toBeCloseTo(pounds(plainPrice) + Number(surcharge![1]), 2);

    const cta = /calculator__cta" href="([^"]+)"/.exec(chosen)![1]!;
    expect(cta).toContain("canvasEdge=mirrored");
    expect(cta).toContain("canvasStretcherFrame=38");
    const configurator = await get(new URL(cta, origin).href);
    expect(configurator.status).toBe(302);
    const designerUrl = new URL(configurator.headers.get("location")!, origin);
    expect(designerUrl.searchParams.get("canvasEdge")).toBe("mirrored");
    expect(designerUrl.searchParams.get("canvasStretcherFrame")).toBe("38");
    expect(decode(await (await get(designerUrl.href)).text())).toContain(price);

    // Into the basket as the studio puts it there: the link's article with its design.
    const cookie = `visitor_key=${crypto.randomUUID()}`;
    const added = await designerLinkToCart(test.request, designerUrl, cookie);
    expect(added.status, await added.clone().text()).toBe(201);
    const basket = decode(await (await get(`${origin}/basket/`, cookie)).text());
    const line = basket.slice(basket.indexOf("cart-line"));
    expect(line).toContain("Edge: Mirrored edge");
    expect(line).toContain("Stretcher frame: Deep frame (3.8 cm)");
    expect(line).toContain(price);
  });

  it("refuses a canvas option on a poster rather than pricing something else", async () => {
    const origin = "http://wallart.localhost";
    const cookie = `visitor_key=${crypto.randomUUID()}`;
    const response = await test.request(`${origin}/web-api/cart/items`, {
      method: "POST",
      body: JSON.stringify({
        kind: "article",
        product: "photoframe",
        options: { materialType: "poster", formatType: "600x400", canvasEdge: "mirrored" },
        quantity: 1,
      }),
      headers: { "content-type": "application/json", origin, cookie },
    });
    // Refused for the option (ahead of the design it would need as well).
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: object }).errors).toHaveProperty("options");
    const basket = decode(await (await get(`${origin}/warenkorb/`, cookie)).text());
    expect(basket).not.toContain("cart-line__price");
  });

  it("shows each sub-navigation tile's own choice: a shape's formats, an edge", async () => {
    const page = async (query: string) =>
      calculatorOf(decode(await (await get(`http://wallart.localhost/leinwand/${query}`)).text()));
    const formats = (html: string) =>
      [...html.matchAll(/name="format" value="(\d+)x(\d+)"/g)].map(([, w, h]) => [
        Number(w),
        Number(h),
      ]);
    const checked = (html: string, name: string) =>
      [...html.matchAll(/<input[^>]*>/g)]
        .map(([input]) => input)
        .filter((input) => input.includes(`name="${name}"`) && / checked/.test(input))
        .map((input) => /value="([^"]+)"/.exec(input)?.[1])[0];
    const square = await page("?format=square");
    const portrait = await page("?format=portrait");
    expect(formats(square).length).toBeGreaterThan(0);
    expect(formats(square).every(([w, h]) => w === h)).toBe(true);
    expect(formats(portrait).every(([w, h]) => w! < h!)).toBe(true);
    expect(checked(square, "format")).not.toBe(checked(portrait, "format"));
    expect(checked(await page("?edge=mirrored"), "canvasEdge")).toBe("mirrored");
    expect(checked(await page(""), "canvasEdge")).toBe("coloured");
  });

  it("names the photo box's number of photos and format, and prices that number", async () => {
    const origin = "http://gb.cards.localhost";
    const page = calculatorOf(decode(await (await get(`${origin}/photo-box?quantity=100`)).text()));
    expect(page).toContain('name="quantity"');
    expect(page).toMatch(/100 photos in format \d+ x \d+ cm/);
    // The chosen number against the most the chosen box takes (the small one: 250), tied
    // to the chooser it describes.
    const count = /<span class="calculator__count" id="([^"]+)">([^<]*)<\/span>/.exec(page);
    expect(count?.[2]).toBe("100 of 250");
    expect(page).toContain(`aria-describedby="${count?.[1]}"`);
    const price = priceOf(page);
    const cta = /calculator__cta" href="([^"]+)"/.exec(page)![1]!;
    expect(cta).toContain("quantity=100");
    const configurator = await get(new URL(cta, origin).href);
    expect(configurator.status).toBe(302);
    const designerUrl = new URL(configurator.headers.get("location")!, origin);
    expect(designerUrl.searchParams.get("quantity")).toBe("100");
    expect(decode(await (await get(designerUrl.href)).text())).toContain(price);
  });
});

/**
 * From a price calculator into the cart as a browser without JavaScript goes: another
 * material and another format than the page's own picked, the calculator's button followed
 * through the configurator to the designer, which opens the studio at that price, the
 * studio's cart request made (the link's article with a design of the visitor's), and the
 * price the calculator showed found on the cart line. Photo boxes and prints carry their paper finish
 * and number, a wall picture no frame it was not priced with, a frame the picture it holds.
 */
import { describe, expect, it } from "vitest";
import { CART_PATHS } from "../../domain/cart";
import { designerLinkToCart } from "../../server/testing/designedLine";
import { useTestShop } from "../../server/testing/shop";

const PAGES = [
  { product: "photobox", page: "http://localhost/fotobox", currency: "€" },
  { product: "photobox", page: "http://ch.cards.localhost/fotobox", currency: "CHF" },
  { product: "photobox", page: "http://gb.cards.localhost/photo-box", currency: "£" },
  { product: "photobox", page: "http://us.cards.localhost/photo-box", currency: "$" },
  { product: "photoprint", page: "http://localhost/fotos-drucken", currency: "€" },
  { product: "photoprint", page: "http://gb.cards.localhost/photo-prints", currency: "£" },
  { product: "photoprint", page: "http://us.cards.localhost/photo-prints", currency: "$" },
  { product: "wallart", page: "http://wallart.localhost/leinwand/", currency: "€" },
  { product: "wallart", page: "http://us.wallart.localhost/canvas-print/", currency: "$" },
  { product: "photoframe", page: "http://wallart.localhost/bilderrahmen/", currency: "€" },
  { product: "photoframe", page: "http://us.wallart.localhost/framed-prints/", currency: "$" },
];

/** The cart page of a storefront, as the channel writes it. */
const cartPath = (url: URL) =>
  `${/^(us|gb)\./.test(url.hostname) ? CART_PATHS.en : CART_PATHS.de}${url.hostname.includes("wallart") ? "/" : ""}`;

const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&quot;", '"');

describe("a calculator's choice into the cart", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });
  const get = (target: string, cookie = "") =>
    test.request(target, { headers: cookie ? { cookie } : {} });

  /** The calculator of a page: its HTML, the checked and other values of a radio group. */
  const calculator = async (url: URL) => {
    const response = await get(url.href);
    expect(response.status, url.href).toBe(200);
    const html = decode(await response.text());
    const start = html.indexOf('class="calculator"');
    expect(start, url.href).toBeGreaterThan(-1);
    const block = html.slice(start, html.indexOf("</section>", start));
    const group = (name: string) => {
      const inputs = [...block.matchAll(/<input[^>]*type="radio"[^>]*>/g)]
        .map(([input]) => input)
        .filter((input) => input.includes(`name="${name}"`) && !/\sdisabled/.test(input));
      const value = (input: string) => /value="([^"]+)"/.exec(input)![1]!;
      const checked = inputs.find((input) => /\schecked/.test(input));
      return {
        checked: checked ? value(checked) : null,
        others: inputs.filter((i) => i !== checked).map(value),
      };
    };
    return { block, group };
  };

  it.each(PAGES)(
    "charges for a $product from $page what its calculator says for another choice",
    async ({ page, currency }) => {
      const url = new URL(page);
      const first = await calculator(url);
      const material = first.group("material").others[0] ?? first.group("material").checked!;
      url.searchParams.set("material", material);
      const second = await calculator(url);
      expect(second.group("material").checked).toBe(material);
      const format = second.group("format").others.at(-1)!;
      url.searchParams.set("format", format);
      const { block, group } = await calculator(url);
      expect(group("format").checked).toBe(format);
      const price = /calculator__price[^]*?price-tag__current[^>]*>([^<]+)</.exec(block)?.[1] ?? "";
      expect(price).toContain(currency);
      const cta = /<a[^>]*calculator__cta[^>]*href="([^"]+)"/.exec(block)?.[1] ?? "";
      expect(cta).toContain("configurator-");

      const configurator = await get(new URL(cta, url).href);
      expect(configurator.status).toBe(302);
      const designerUrl = new URL(configurator.headers.get("location")!, url);
      const designer = decode(await (await get(designerUrl.href)).text());
      // The designer opens the studio at the calculator's price; the studio puts the link's
      // article with its design into the cart.
      expect(designer).toContain("designer--studio");
      expect(designer).toContain(price);
      const cookie = `visitor_key=${crypto.randomUUID()}`;
      const added = await designerLinkToCart(test.request, designerUrl, cookie);
      expect(added.status, await added.clone().text()).toBe(201);
      const cart = decode(await (await get(new URL(cartPath(url), url).href, cookie)).text());
      // The line's own price element, not the price anywhere on the page (its data too).
      expect(/class="cart-line__price">([^<]+)</.exec(cart)?.[1]).toBe(price);
    },
  );
});

/**
 * Express production from the express shop into the cart, as a browser without JavaScript
 * goes: each tile of the shop's express block names the surcharge at the catalogue's price,
 * the tile's own form puts that express article into the cart, the cart line costs what
 * the tile said (in euros, pounds and dollars, on both brands), the checkout's summary
 * lists it, and the cart API prices it the same.
 */
import { describe, expect, it } from "vitest";
import { decodeHtml, formFields, pageAfter, postForm } from "../../server/testing/pageForms";
import { useTestShop } from "../../server/testing/shop";

const PAGES = [
  { page: "http://localhost/service/versand", checkout: "/kasse", currency: "€" },
  { page: "http://wallart.localhost/service/versand/", checkout: "/kasse/", currency: "€" },
  { page: "http://gb.wallart.localhost/help/delivery/", checkout: "/checkout/", currency: "£" },
  { page: "http://us.cards.localhost/help/delivery", checkout: "/checkout", currency: "$" },
];

describe("an express production from the express shop into the cart", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });
  const get = (target: string, cookie = "") =>
    test.request(target, { headers: cookie ? { cookie } : {} });

  it.each(PAGES)(
    "costs in the cart what its tile on $page says",
    async ({ page, checkout, currency }) => {
      const response = await get(page);
      expect(response.status).toBe(200);
      const html = decodeHtml(await response.text());
      const tiles = [...html.matchAll(/<li>(<a class="product-tile"[^]*?)<\/li>/g)]
        .map((m) => m[1]!)
        .filter((tile) => tile.includes('name="product" value="express"'));
      expect(tiles.length).toBeGreaterThanOrEqual(2);
      // The last tile (not the first one a default would give).
      const tile = tiles.at(-1)!;
      const surcharge = /\+([^<]+?)<\/span>/.exec(tile)![1]!;
      expect(surcharge).toContain(currency);
      const form = /<form[^>]*action="([^"]+)"[^>]*>([^]*?)<\/form>/.exec(tile)!;
      const name = /aria-label="[^:]+: ([^"]+)"/.exec(form[2]!)![1]!;
      const url = new URL(page);
      const added = await postForm(test.request, new URL(form[1]!, url), formFields(form[2]!));
      expect(added.status).toBe(303);
      const { cookie, html: cart } = await pageAfter(test.request, added, url);
      const line = cart.slice(cart.indexOf("cart__line"));
      // Named by the product it speeds up, priced as the tile said.
      expect(line).toContain(name);
      expect(/cart__line[^]*?price-tag__current[^>]*>([^<]+)</.exec(cart)?.[1] ?? line).toContain(
        surcharge,
      );
      const api = (await (await get(new URL("/web-api/cart", url).href, cookie)).json()) as {
        lines: { product: string; price: { formatted: { current: string } } }[];
      };
      expect(api.lines.map((l) => [l.product, l.price.formatted.current])).toEqual([
        ["express", surcharge],
      ]);
      // The checkout's summary lists it at that price.
      const summary = decodeHtml(await (await get(new URL(checkout, url).href, cookie)).text());
      expect(summary).toContain(surcharge);
    },
  );

  it("refuses an article that is no express production", async () => {
    const added = await test.request("http://localhost/warenkorb", {
      method: "POST",
      body: new URLSearchParams({
        intent: "add",
        product: "express",
        options: "article=card-folded-card-148x105",
        quantity: "1",
      }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    // Not for sale, the status the cart API gives the same refusal.
    expect(added.status).toBe(422);
  });
});

/**
 * Gift vouchers from their page into the cart as a browser without JavaScript goes: the
 * page lists the vouchers the shop sells at the catalogue's prices, each row's form puts
 * that voucher into the cart, and the cart line costs what the row said, in each currency.
 */
import { describe, expect, it } from "vitest";
import { useTestShop } from "../../server/testing/shop";

const PAGES = [
  { page: "http://localhost/gutscheine", currency: "€", name: "Geschenkgutschein über" },
  { page: "http://ch.cards.localhost/gutscheine", currency: "CHF", name: "Geschenkgutschein über" },
  { page: "http://gb.cards.localhost/gift-vouchers", currency: "£", name: "Gift voucher worth" },
  { page: "http://us.cards.localhost/gift-vouchers", currency: "$", name: "Gift voucher worth" },
];

const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&quot;", '"');

describe("a gift voucher from its page into the cart", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });
  const get = (target: string, cookie = "") =>
    test.request(target, { headers: cookie ? { cookie } : {} });

  it.each(PAGES)("costs in the cart what $page says", async ({ page, currency, name }) => {
    const response = await get(page);
    expect(response.status).toBe(200);
    const html = decode(await response.text());
    const start = html.indexOf(`class="accessories gift-vouchers"`);
    expect(start).toBeGreaterThan(-1);
    const block = html.slice(start, html.indexOf("</section>", start));
    const rows = [...block.matchAll(/<tr>([^]*?)<\/tr>/g)]
      .map((m) => m[1]!)
      .filter((r) => r.includes("<form"));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    // The last voucher (not the first one a default would give).
    const row = rows.at(-1)!;
    const price = /accessories__price">([^<]+)</.exec(row)![1]!;
    expect(price).toContain(currency);
    expect(row).toContain(`${name} ${price}`);
    const form = /<form[^>]*action="([^"]+)"[^>]*>([^]*?)<\/form>/.exec(row)!;
    const fields = new URLSearchParams();
    for (const [input] of form[2]!.matchAll(/<input[^>]*>/g))
      fields.append(/name="([^"]+)"/.exec(input)![1]!, /value="([^"]*)"/.exec(input)![1]!);
    const url = new URL(page);
    const added = await test.request(new URL(form[1]!, url).href, {
      method: "POST",
      body: fields,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url.origin },
    });
    expect(added.status).toBe(303);
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0]!;
    const cart = decode(
      await (await get(new URL(added.headers.get("location")!, url).href, cookie)).text(),
    );
    const line = cart.slice(cart.indexOf("cart__line"));
    expect(line).toContain(`${name} ${price}`);
    // Its name says what it is: no "Accessory:" label before it.
    expect(line).not.toMatch(/(?:Zubehör|Accessory|Accessories): /);
    expect(/cart__line[^]*?price-tag__current[^>]*>([^<]+)</.exec(cart)?.[1] ?? line).toContain(
      price,
    );
  });

  it("refuses an article that is no gift voucher", async () => {
    const added = await test.request("http://localhost/warenkorb", {
      method: "POST",
      body: new URLSearchParams({
        intent: "add",
        product: "gift-voucher",
        options: "article=card-folded-card-148x105",
        quantity: "1",
      }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    // Not for sale, the status the cart API gives the same refusal.
    expect(added.status).toBe(422);
  });
});

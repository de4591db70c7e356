/**
 * A product page reads the catalogue once per catalogue version: a second render answers
 * its calculator from what the first prepared, without asking the catalogue again, and
 * an import of the catalogue drops what was prepared, so the next render asks again.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { useTestShop } from "../../server/testing/shop";

describe("the catalogue data of product pages", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });
  // A session cookie: the page is rendered for the request, never from the page cache.
  const render = async (target: string) => {
    const response = await test.request(target, { headers: { cookie: "shop_session=memo" } });
    expect(response.status, target).toBe(200);
    return response.text();
  };
  afterEach(() => vi.restoreAllMocks());

  it("prepares a product page's calculator once per catalogue version", async () => {
    const calculator = vi.spyOn(test.services.catalogue, "calculator");
    const first = await render("http://wallart.localhost/leinwand/");
    const asked = calculator.mock.calls.length;
    expect(asked).toBeGreaterThan(0);

    const second = await render("http://wallart.localhost/leinwand/");
    expect(calculator).toHaveBeenCalledTimes(asked);
    // The same prices, from what the first render prepared. Sorted: the first render streams
    // the calculator in after the rest (its code is loaded on first use), the second has it
    // in place, so the same prices come in another order.
    const prices = (html: string) => html.match(/\d+,\d\d\u00a0€/g)?.sort();
    expect(prices(second)).toEqual(prices(first));

    // An import (forced, as by `npm run catalogue:import -- --force`) drops it.
    const imported = await test.services.catalogue.sync(true);
    expect(imported.changed).toBe(true);
    await render("http://wallart.localhost/leinwand/");
    expect(calculator.mock.calls.length).toBe(asked * 2);
  });

  it("prepares a product detail container once for the same choice", async () => {
    const details = vi.spyOn(test.services.productDetails, "details");
    await render("http://cards.localhost/fotobuch");
    const asked = details.mock.calls.length;
    expect(asked).toBeGreaterThan(0);
    await render("http://cards.localhost/fotobuch");
    expect(details).toHaveBeenCalledTimes(asked);
    // Another choice in the query is another question.
    await render("http://cards.localhost/fotobuch?pages=40");
    expect(details.mock.calls.length).toBeGreaterThan(asked);
  });
});

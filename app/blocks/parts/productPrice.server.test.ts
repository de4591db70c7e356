import { describe, expect, it } from "vitest";
import type { PreparedPrice } from "../types";
import { withItemPrices } from "./productPrice.server";
import { loggedIds } from "./seedBlock.testing";

const item = (uid: string, priceProduct: string | null) => ({
  _uid: uid,
  title: uid,
  priceProduct,
  price: null as PreparedPrice | null,
});

describe("the from-price step of a block's items", () => {
  it("gives each item that names a product its from-price, none for a product not sold (logged) and asks nothing for an item without one", async () => {
    const asked: string[] = [];
    let prices: unknown[] = [];
    const ids = await loggedIds(async () => {
      const priced = await withItemPrices(
        {
          heading: "kept",
          items: [
            item("sold", "calendar"),
            item("not-sold", "no-such-article"),
            item("none", null),
          ],
        },
        async (reference) => {
          asked.push(reference);
          if (reference === "no-such-article") throw new Error("not sold");
          return { current: "9,99 €", original: null, from: true };
        },
      );
      expect(priced.heading).toBe("kept");
      expect(priced.items.map((i) => i.title)).toEqual(["sold", "not-sold", "none"]);
      prices = priced.items.map((i) => i.price?.current ?? null);
    });
    expect(asked).toEqual(["calendar", "no-such-article"]);
    expect(prices).toEqual(["9,99 €", null, null]);
    expect(ids).toEqual(["unknown-price-product"]);
  });
});

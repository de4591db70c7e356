import { describe, expect, it } from "vitest";
import { loggedIds, readSeed, request, stepOf } from "../parts/seedBlock.testing";
import { SUB_TEASERS } from "./subTeasers.server";

describe("the sub-teasers on the server", () => {
  it("reads the seed example and gives each item that names a product its from-price, none for a product not sold (logged)", async () => {
    const seed = readSeed(SUB_TEASERS, "SubTeasers");
    expect(seed.items.length).toBeGreaterThan(0);
    const [item] = seed.items;
    const block = {
      ...seed,
      items: [
        { ...item!, _uid: "sold", priceProduct: "calendar" },
        { ...item!, _uid: "not-sold", priceProduct: "no-such-article" },
        { ...item!, _uid: "none", priceProduct: null },
      ],
    };
    const asked: string[] = [];
    let prices: unknown[] = [];
    const ids = await loggedIds(async () => {
      const prepared = await stepOf(SUB_TEASERS)(
        block,
        async (reference) => {
          asked.push(reference);
          if (reference === "no-such-article") throw new Error("not sold");
          return { current: "9,99 €", original: null, from: true };
        },
        request(),
      );
      prices = prepared.items.map((i) => i.price?.current ?? null);
    });
    expect(asked).toEqual(["calendar", "no-such-article"]);
    expect(prices).toEqual(["9,99 €", null, null]);
    expect(ids).toEqual(["unknown-price-product"]);
  });
});

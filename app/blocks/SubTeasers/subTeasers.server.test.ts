import { describe, expect, it } from "vitest";
import { readSeed, request, stepOf } from "../parts/seedBlock.testing";
import { SUB_TEASERS } from "./subTeasers.server";

describe("the sub-teasers on the server", () => {
  it("reads the seed example, and its request step prices the tiles by the product each names", async () => {
    const seed = readSeed(SUB_TEASERS, "SubTeasers");
    expect(seed.items.length).toBeGreaterThan(0);
    const tiles = seed.items.map((i) => ({ ...i, priceProduct: "calendar" }));
    const price = { current: "9,99 €", original: null, from: true };
    const prepared = await stepOf(SUB_TEASERS)(
      { ...seed, items: tiles },
      async () => price,
      request(),
    );
    expect(prepared.items.map((i) => i.price)).toEqual(tiles.map(() => price));
  });
});

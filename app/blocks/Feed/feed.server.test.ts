import { describe, expect, it } from "vitest";
import { readSeed, request, stepOf } from "../parts/seedBlock.testing";
import { FEED } from "./feed.server";

describe("the feed on the server", () => {
  it("reads the seed example, and its request step prices the items by the product each names", async () => {
    const seed = readSeed(FEED, "Feed");
    expect(seed.items.length).toBeGreaterThan(0);
    const block = { ...seed, items: seed.items.map((i) => ({ ...i, priceProduct: "calendar" })) };
    const price = { current: "9,99 €", original: null, from: true };
    const prepared = await stepOf(FEED)(block, async () => price, request());
    expect(prepared.items.map((i) => i.price)).toEqual(seed.items.map(() => price));
  });
});

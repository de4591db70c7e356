import { describe, expect, it } from "vitest";
import { loggedIds, readSeed, request, stepOf } from "../parts/seedBlock.testing";
import { FORMATS_AND_PRICES } from "./formatsAndPrices.server";

describe("the formats-and-prices block on the server", () => {
  it("reads the seed example and asks its source for the product without a SKU; no tables when it fails (logged)", async () => {
    const block = readSeed(FORMATS_AND_PRICES, "FormatsAndPrices");
    expect(block.data).toBeNull();
    const asked: [string, string | null][] = [];
    const ids = await loggedIds(async () => {
      const prepared = await stepOf(FORMATS_AND_PRICES)(
        block,
        (product, sku) => {
          asked.push([product, sku]);
          return Promise.reject(new Error("down"));
        },
        request(),
      );
      expect(prepared.data).toBeNull();
    });
    expect(asked).toEqual([[block.product, null]]);
    expect(ids).toEqual(["calculator-data-error"]);
  });
});

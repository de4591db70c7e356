import { describe, expect, it } from "vitest";
import {
  loggedIds,
  readRaw,
  readSeed,
  request,
  seedBlock,
  stepOf,
} from "../parts/seedBlock.testing";
import { CALCULATOR } from "./calculator.server";

describe("the calculator on the server", () => {
  it("reads the seed example, splits its groups' materials and keeps its call-to-action colours only as a pair", () => {
    const seed = seedBlock("Calculator") as object;
    expect(readSeed(CALCULATOR, "Calculator").data).toBeNull();
    const block = readRaw(CALCULATOR, {
      ...seed,
      groups: [{ _uid: "g", name: "Leinwand", materials: "canvas, , poster" }],
      ctaBackgroundColor: "#112233",
      ctaTextColor: "",
    });
    expect(block.groups).toEqual([{ name: "Leinwand", materials: ["canvas", "poster"] }]);
    expect(block.ctaColors).toBeNull();
  });

  it("asks its source with the page's SKU, then without it, and stays without data when both fail (logged)", async () => {
    const block = readSeed(CALCULATOR, "Calculator");
    const asked: [string, string | null][] = [];
    const ids = await loggedIds(async () => {
      const prepared = await stepOf(CALCULATOR)(
        block,
        {
          calculator: (product, sku) => {
            asked.push([product, sku]);
            return Promise.reject(new Error("down"));
          },
          sku: "SKU-1",
        },
        request(),
      );
      expect(prepared.data).toBeNull();
    });
    expect(asked).toEqual([
      [block.product, "SKU-1"],
      [block.product, null],
    ]);
    expect(ids).toEqual(["calculator-data-error"]);
  });
});

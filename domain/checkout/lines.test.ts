import { describe, expect, it } from "vitest";
import { isPersonalised, lineTitle } from "./lines";

describe("order lines", () => {
  it("marks made-to-order articles personalised, accessories and samples not", () => {
    expect(isPersonalised("card", { designId: "d1" })).toBe(true);
    expect(isPersonalised("photoprint", { format: "10x15" })).toBe(true);
    expect(isPersonalised("accessory", { article: "envelope" })).toBe(false);
    expect(isPersonalised("card", { sample: "1" })).toBe(false);
    expect(isPersonalised("card", { sample: "true" })).toBe(false);
    // The cart keeps "sample=false" on a card that is no sample: it is made to order.
    expect(isPersonalised("card", { themeId: "t1", sample: "false" })).toBe(true);
  });

  it("names a line by product and its labelled choices", () => {
    expect(
      lineTitle(
        "card",
        [
          { name: "format", label: "A6", labelKey: "x" },
          { name: "paper", label: null, labelKey: "paper.matt" },
        ],
        {},
      ),
    ).toBe("card, A6");
    expect(lineTitle("photoprint", [], { format: "10x15" })).toBe("photoprint, 10x15");
    expect(lineTitle("card", [], {})).toBe("card");
  });
});

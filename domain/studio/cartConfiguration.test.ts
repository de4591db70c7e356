import { describe, expect, it } from "vitest";
import { cartConfigurationOf } from "./configuration";

describe("the cart's configuration of a design", () => {
  it("prices a photo book for the pages the design has", () => {
    const configuration = {
      kind: "photobook",
      photobookType: "printing",
      size: "a4",
      pages: 24,
      quantity: 1,
    };
    expect(
      cartConfigurationOf(configuration, {
        product: { family: "photobook", format: "297x210", options: {}, pages: 40 },
      }),
    ).toEqual({ ...configuration, pages: 40 });
  });

  it("keeps every other configuration as the studio opened it", () => {
    const card = { kind: "card", cardType: "folded-card", size: "148x105", quantity: 10 };
    expect(
      cartConfigurationOf(card, {
        product: { family: "card", format: "148x105", options: {}, pages: 40 },
      }),
    ).toBe(card);
    const book = { kind: "photobook", pages: 24 };
    expect(
      cartConfigurationOf(book, {
        product: { family: "photobook", format: "297x210", options: {} },
      }),
    ).toBe(book);
  });
});

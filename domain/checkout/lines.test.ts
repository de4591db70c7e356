import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { LANGUAGES, type Language } from "../locales";
import { isPersonalised, lineTitle, PRODUCT_NAMES } from "./lines";

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
        "de",
      ),
    ).toBe("Karte, A6");
    expect(lineTitle("photoprint", [], { format: "10x15" }, "en")).toBe("Photo prints, 10x15");
    expect(lineTitle("card", [], {}, "fr")).toBe("Carte");
    expect(lineTitle("something-new", [], {}, "it")).toBe("Something-new");
  });

  it("names products as the storefront's cart does, in every language", () => {
    const file = (language: Language) => (language === "en" ? "en-GB" : language);
    for (const language of Object.keys(LANGUAGES) as Language[]) {
      const messages = JSON.parse(
        readFileSync(`app/i18n/messages/${file(language)}.json`, "utf8"),
      ) as { designer: { products: Record<string, string> } };
      expect(PRODUCT_NAMES[language], language).toEqual(messages.designer.products);
    }
  });
});

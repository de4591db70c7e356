import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { productRefOf } from "./studio/configuration";
import { printProfile } from "./studio/profiles";
import { cardTemplate } from "./studio/templates";
import { themeCard, themeCardOptions, themeCardPriceQuery, type ThemeArticle } from "./themeCard";

interface Theme {
  id: string;
  occasion: string;
  style: string;
  palette: string[];
  article: string;
}
const read = <T>(file: string) => JSON.parse(readFileSync(file, "utf8")) as T;
const themes = read<{ themes: Theme[] }>("catalogue/cards/themes.json").themes;
const articles = read<{ articles: ThemeArticle[] }>("catalogue/cards/articles.json").articles;
const themeOf = (id: string) => themes.find((t) => t.id === id)!;
const articleOf = (theme: Theme) => articles.find((a) => a.article === theme.article)!;

describe("a theme's card", () => {
  it.each([
    // A panorama photo card, a square folded card, a flat card, and a portrait design printed
    // on the landscape folded card its article is.
    ["kommunion-059", "photo-card", "210x100"],
    ["kommunion-062", "folded-card", "148x148"],
    ["konfirmation-003", "flat-card", "148x105"],
    ["kommunion-063", "folded-card", "148x105"],
  ])(
    "%s is its article's %s of %s, plain and without an envelope, and its template that size",
    (id, cardType, size) => {
      const theme = themeOf(id);
      const card = themeCard(articleOf(theme))!;
      expect(card).toEqual({
        article: theme.article,
        cardType,
        size,
        refinement: "none",
        envelope: "none",
      });
      // What the theme page prices is what the designer link names.
      expect(themeCardPriceQuery(card, 100)).toEqual({
        article: theme.article,
        quantity: 100,
        refinement: "none",
        envelope: null,
      });
      const options = themeCardOptions(card);
      expect(options).toEqual({ cardType, size, refinement: "none", envelope: "none" });
      // The studio's template of that configuration has the card's own size on every surface.
      const product = productRefOf({
        kind: "card",
        ...(options as { cardType: string; size: string; refinement: string; envelope: string }),
        quantity: 100,
        sample: false,
      });
      const doc = cardTemplate(theme, product, printProfile(product)!, "de");
      const [width, height] = size.split("x").map(Number);
      for (const surface of doc.surfaces) expect(surface.trim).toEqual({ width, height });
    },
  );

  it("takes the first refinement when a card is sold only refined, and no collage", () => {
    const card: ThemeArticle = {
      article: "card-x",
      kind: "card",
      format: "148x105",
      formatGroup: "flat-card",
      attributes: { refinements: ["gold", "silver"] },
    };
    expect(themeCard(card)?.refinement).toBe("gold");
    expect(themeCard({ ...card, attributes: {} })?.refinement).toBe("none");
    expect(themeCard({ ...card, kind: "collage" })).toBeNull();
    expect(themeCard({ ...card, format: null })).toBeNull();
  });
});

/**
 * The card a theme (a card design) is sold as: the one rule for what its theme page prices
 * and what its "design now" button opens the studio with, so the page's price, the
 * studio's price and the cart line's price are the price of the same card.
 */

/** A catalogue article as the theme names it (the card its design was made for). */
export interface ThemeArticle {
  article: string;
  kind: string;
  format: string | null;
  formatGroup: string | null;
  attributes: Readonly<Record<string, unknown>>;
}

/** A theme's card: its article and the card options the product details and the cart name. */
export interface ThemeCard {
  article: string;
  cardType: string;
  size: string;
  refinement: string;
  envelope: string;
}

/**
 * The card of a theme's article: the theme's own card type and size, plain (no refinement
 * where the card is sold without one, else the first it is sold with) and without an
 * envelope, as the theme page prices it. Null when the article is no card (a collage
 * design) or lacks its type or size.
 */
export function themeCard(article: ThemeArticle): ThemeCard | null {
  if (article.kind !== "card" || !article.formatGroup || !article.format) return null;
  const sold = article.attributes.refinements;
  const refinements = Array.isArray(sold) && sold.length > 0 ? sold.map(String) : ["none"];
  return {
    article: article.article,
    cardType: article.formatGroup,
    size: article.format,
    refinement: refinements.includes("none") ? "none" : refinements[0]!,
    envelope: "none",
  };
}

/** The card's options as a designer link carries them (the product details' names). */
export function themeCardOptions(card: ThemeCard): Record<string, string> {
  return {
    cardType: card.cardType,
    size: card.size,
    refinement: card.refinement,
    envelope: card.envelope,
  };
}

/** The catalogue's card price question for `quantity` of a theme's card. */
export function themeCardPriceQuery(card: ThemeCard, quantity: number) {
  return {
    article: card.article,
    quantity,
    refinement: card.refinement,
    envelope: card.envelope === "none" ? null : card.envelope,
  };
}

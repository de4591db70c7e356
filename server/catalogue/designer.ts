/** What the designer would put into the cart for a designer link's parameters. */
import { configurationPrice, type Configuration } from "../../domain/configurationPrice";
import { photobookOrientation } from "../../domain/designerLinks";
import { frameOptionsIn } from "../../domain/frames";
import { optionsInQuery } from "../../domain/wallArtOptions";
import {
  type CatalogueContext,
  type DesignerOffer,
  type ArticleRow,
  type CatalogueCore,
  type Snapshot,
} from "./snapshot";

export function designerCalls(core: CatalogueCore) {
  const {
    snapshot,
    priceCatalogue,
    accessoryMinor,
    view,
    articleView,
    fromView,
    requireArticle,
    ofKind,
  } = core;
  /**
   * The articles of a designer link's product family that its parameters pick (a
   * parameter the link leaves out picks every value), priced or not; null for a product
   * that is no such family (a card, an accessory, a voucher …).
   */
  function matchingArticles(
    s: Snapshot,
    product: string,
    params: Record<string, string | undefined>,
  ): ArticleRow[] | null {
    const size = params.width && params.height ? `${params.width}x${params.height}` : params.format;
    const attribute = (name: string) => (a: ArticleRow) => [a.attributes[name]];
    // Per family: the article kind and which parameter picks by which property.
    const families: Record<string, { kind: string; picks: Pick[] }> = {
      calendar: {
        kind: "calendar",
        picks: [
          [attribute("calendarType"), params.calendarType],
          [attribute("formatCode"), params.format],
          [attribute("mounting"), params.mounting],
        ],
      },
      photobook: {
        kind: "photobook",
        picks: [
          [attribute("photobookType"), params.printing],
          [attribute("cover"), params.cover],
          [attribute("binding"), params.binding],
          [attribute("paper"), params.paper],
          // A size in mm or cm, or only the page orientation.
          [(a) => [a.format, a.attributes.formatKey, photobookOrientation(a.format ?? "")], size],
        ],
      },
      photobox: {
        kind: "photobox",
        picks: [
          [(a) => [a.formatGroup], params.type],
          [(a) => [a.format], size],
          [attribute("paperFinish"), params.finish],
        ],
      },
      photoprint: {
        kind: "photoprint",
        picks: [
          [(a) => [a.format], size],
          [attribute("paperFinish"), params.finish],
        ],
      },
      photoframe: {
        kind: "wallart",
        picks: [
          [attribute("material"), params.materialType],
          [(a) => [a.format], params.formatType],
        ],
      },
      collage: { kind: "collage", picks: [[(a) => [a.format], params.formatType]] },
    };
    // Only the table's own entries: a product named like an object's property is none.
    const family = Object.hasOwn(families, product) ? families[product] : undefined;
    if (!family) return null;
    let list = ofKind(s, family.kind);
    for (const [read, value] of family.picks)
      if (value) list = list.filter((a) => read(a).includes(value));
    return list;
  }

  return {
    /**
     * What the designer would put into the cart for a designer link's parameters: the one
     * article they name with its price for the quantity, or, while they leave a choice
     * open (a calendar without format, say), the lowest price among the articles left.
     */
    async designerOffer(
      ctx: CatalogueContext,
      product: string,
      params: Record<string, string | undefined>,
    ): Promise<DesignerOffer | null> {
      const s = await snapshot(ctx.channel);
      const quantity = Math.max(1, Number(params.quantity ?? params.amount ?? 1) || 1);
      if (product === "accessory") {
        // An accessory is bought as it is: its article names it.
        const a = s.byArticle.get(params.article ?? "");
        if (!a || a.kind !== "card-accessory") return null;
        const price = view(ctx, accessoryMinor(s, ctx, a, quantity));
        if (!price) return null;
        return {
          article: { ...articleView(s, ctx, a, quantity), price },
          price,
          priceLabel: price.formatted.current,
        };
      }
      if (product === "gift-voucher" || product === "express") {
        // A gift voucher (one article per value) and an express production (one article per
        // product it speeds up) are bought as they are, at their tier price.
        const a = s.byArticle.get(params.article ?? "");
        if (!a || a.kind !== product) return null;
        const priced = configurationPrice(priceCatalogue(s, ctx), ctx.country, {
          product: "article",
          article: a.article,
          quantity,
        });
        const price = view(ctx, priced.ok ? priced.price : null);
        if (!price) return null;
        return {
          article: { ...articleView(s, ctx, a, quantity), price },
          price,
          priceLabel: price.formatted.current,
        };
      }
      if (product === "card") {
        const theme = s.themes.find((t) => t.id === params.themeId && t.status === "published");
        if (!theme) return null;
        const card = articleView(s, ctx, requireArticle(s, theme.article), quantity);
        return {
          article: card,
          price: card.price,
          priceLabel: card.price?.formatted.current ?? null,
        };
      }
      const list = matchingArticles(s, product, params);
      if (!list || list.length === 0) return null;
      if (list.length > 1) {
        const from = fromView(s, ctx, list, quantity);
        return { article: null, price: from, priceLabel: from?.label ?? null };
      }
      const chosen = list[0]!;
      const article = articleView(s, ctx, chosen, quantity);
      // A framed picture costs the picture and its frame in the same size; a frame the
      // link names but the picture's size does not come in is not sold (never left out).
      let frame: string | null = null;
      if (product === "photoframe" && params.frameType) {
        const found = ofKind(s, "frame").find(
          (a) => a.formatGroup === params.frameType && a.format === chosen.format,
        );
        if (!found) return null;
        frame = found.article;
      }
      const config: Configuration =
        product === "photobox" || product === "photoprint"
          ? { product: "photobox", article: chosen.article, quantity }
          : product === "photoframe"
            ? // The material's options the link names (edge, stretcher depth …) add theirs;
              // the frame's colour, mat and glazing must be ones the frame is sold with.
              {
                product: "wallart",
                article: chosen.article,
                frame,
                options: optionsInQuery(params),
                frameOptions: frameOptionsIn(params),
                quantity,
              }
            : { product: "article", article: chosen.article, quantity };
      const price = configurationPrice(priceCatalogue(s, ctx), ctx.country, config);
      const priced = view(ctx, price.ok ? price.price : null);
      if (!priced) return null;
      return { article, price: priced, priceLabel: priced.formatted.current };
    },

    /**
     * Whether the shop has any article of a designer link's product family that the
     * link's parameters pick (a framed picture's material alone, a box type), whatever
     * its price: the shop sells that product even where no price fits the link's quantity
     * or country. False for a product that is no such family (a card, an accessory).
     */
    async sellsDesignerProduct(
      ctx: CatalogueContext,
      product: string,
      params: Record<string, string | undefined>,
    ): Promise<boolean> {
      const s = await snapshot(ctx.channel);
      return (matchingArticles(s, product, params)?.length ?? 0) > 0;
    },
  };
}

/** How a designer parameter picks articles: the values it may match, and the parameter. */
type Pick = [(a: ArticleRow) => unknown[], string | undefined];

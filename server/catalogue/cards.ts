/** Cards and their accessories: card prices with refinements, accessories, envelope orders. */
import { CARD_ACCESSORY_TYPES } from "../../domain/catalogue";
import {
  accessoryOverlayValue,
  cardAccessoryPriceLabel,
  cardAccessoryPriceMinor,
  cardFormatClass,
} from "../../domain/cataloguePrices";
import { isSquareWithinTolerance, parseFormat } from "../../domain/formats";
import {
  type CatalogueContext,
  type ArticleRow,
  type CatalogueCore,
  notFound,
  invalid,
} from "./snapshot";

export function cardCalls(core: CatalogueCore) {
  const {
    snapshot,
    tiersOf,
    minorPrice,
    accessoryMinor,
    configured,
    view,
    articleView,
    requireArticle,
    ofKind,
  } = core;
  function accessoryPriceView(
    ctx: CatalogueContext,
    formatClass: "standard" | "compact" | "large",
  ) {
    const minor = cardAccessoryPriceMinor(formatClass, ctx.country);
    return {
      price: minor === null ? null : view(ctx, { current: minor, original: null }),
      label: cardAccessoryPriceLabel(formatClass, ctx.country),
      overlayValue: accessoryOverlayValue(ctx.country),
    };
  }
  return {
    async accessories(ctx: CatalogueContext, type?: string) {
      const s = await snapshot(ctx.channel);
      const list = ofKind(s, "card-accessory", "card-refinement").filter(
        (a) => !type || a.formatGroup === type || a.attributes.refinement === type,
      );
      if (list.length === 0)
        throw notFound(`No accessories${type ? ` of type ${type}` : ""} in this shop`);
      return { accessories: list.map((a) => articleView(s, ctx, a)) };
    },

    async accessoryPrice(ctx: CatalogueContext, article: string, quantity: number) {
      const s = await snapshot(ctx.channel);
      const a = requireArticle(s, article, ["card-accessory", "card-refinement"]);
      return {
        ...articleView(s, ctx, a, quantity),
        price: view(ctx, accessoryMinor(s, ctx, a, quantity)),
      };
    },

    /** The accessories that fit a card: envelopes and inlays of its size, and the rest. */
    async cardAccessories(ctx: CatalogueContext, cardArticle: string) {
      const s = await snapshot(ctx.channel);
      const card = requireArticle(s, cardArticle, ["card"]);
      const { width, height } = parseFormat(card.format);
      const cardSquare = isSquareWithinTolerance(width, height);
      const fits = (a: ArticleRow) => {
        if (!a.format) return true;
        const d = parseFormat(a.format);
        if (a.formatGroup === "inlay") return a.format === card.format;
        // An envelope fits when it is larger than the card and square only for square cards.
        return (
          d.width >= Math.max(width, height) &&
          d.height >= Math.min(width, height) &&
          isSquareWithinTolerance(d.width, d.height) === cardSquare
        );
      };
      const formatClass = cardFormatClass(card.format!);
      return {
        card: articleView(s, ctx, card),
        formatClass,
        fixedPrice: formatClass ? accessoryPriceView(ctx, formatClass) : null,
        accessories: ofKind(s, "card-accessory")
          .filter(fits)
          .map((a) => articleView(s, ctx, a)),
        types: CARD_ACCESSORY_TYPES,
      };
    },

    async cardAccessoryPrice(ctx: CatalogueContext, format: string) {
      const formatClass = cardFormatClass(format);
      if (!formatClass) throw invalid("format", "format must be 'WxH' in mm");
      return { format, formatClass, ...accessoryPriceView(ctx, formatClass) };
    },

    async cardAccessoryOrder(
      ctx: CatalogueContext,
      order: {
        card: string;
        quantity: number;
        accessories: { article: string; quantity?: number }[];
      },
    ) {
      const s = await snapshot(ctx.channel);
      const card = requireArticle(s, order.card, ["card"]);
      const lines = order.accessories.map((line, index) => {
        const a = s.byArticle.get(line.article);
        if (!a || (a.kind !== "card-accessory" && a.kind !== "card-refinement"))
          throw invalid(`accessories.${index}.article`, `unknown accessory ${line.article}`);
        const quantity = line.quantity ?? order.quantity;
        // Envelopes and inlays take the fixed price of the card's format class in DE, AT, CH.
        const priced = accessoryMinor(s, ctx, a, quantity, card);
        if (!priced) throw notFound(`No price for ${a.article}`);
        const total = { current: priced.current, original: null };
        const perPiece = { current: priced.current / quantity, original: null };
        return {
          article: a.article,
          quantity,
          unitPrice: view(ctx, perPiece),
          price: view(ctx, total),
          minor: total.current,
        };
      });
      const cardPrice = minorPrice(s, ctx, card.article, order.quantity);
      if (!cardPrice) throw notFound(`No price for ${card.article}`);
      const totalMinor = cardPrice.current + lines.reduce((sum, l) => sum + l.minor, 0);
      return {
        card: { ...articleView(s, ctx, card, order.quantity), quantity: order.quantity },
        lines: lines.map(({ minor: _minor, ...line }) => line),
        total: view(ctx, { current: totalMinor, original: null }),
      };
    },

    async cardPrice(
      ctx: CatalogueContext,
      q: { article: string; quantity: number; refinement: string; envelope?: string | null },
    ) {
      const s = await snapshot(ctx.channel);
      const card = requireArticle(s, q.article, ["card"]);
      const total = configured(s, ctx, {
        product: "card",
        article: card.article,
        refinement: q.refinement,
        envelope: q.envelope ?? null,
        quantity: q.quantity,
      });
      const refinement =
        q.refinement === "none"
          ? null
          : minorPrice(s, ctx, `card-refinement-${q.refinement}`, q.quantity);
      return {
        ...articleView(s, ctx, card, q.quantity),
        quantity: q.quantity,
        refinement: q.refinement,
        refinementPrice: view(ctx, refinement),
        unitPrice: view(ctx, { current: Math.round(total.current / q.quantity), original: null }),
        price: view(ctx, total),
        tiers: tiersOf(s, ctx, card.article).map((t) => ({
          minQuantity: t.minQuantity,
          unitPrice: view(ctx, { current: t.unit, original: t.unitOriginal ?? null }),
        })),
      };
    },
  };
}

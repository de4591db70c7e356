/**
 * The product detail containers' answers: for a product (calendar, card, collage, photo
 * book, accessory) and what a shopper asked for, the options the catalogue sells with
 * the chosen ones, the amounts, the price of the whole choice and the configurator link.
 * The page renders it first; the container asks again (GET /web-api/product-details)
 * when an option changes. Prices come from the same catalogue calls as the price API.
 */
import type { PriceView } from "../../domain/cataloguePrices";
import {
  amountWithin,
  DEFAULT_CARD_QUANTITY,
  DETAIL_OPTIONS,
  DETAIL_QUANTITIES,
  detailLink,
  detailSelection,
  type DetailPreset,
  type DetailAmountView,
  type DetailKind,
  type ProductDetails,
} from "../../domain/productDetails";
import type { CatalogueContext, CatalogueService } from "./service";
import { attr, createDetailOffers, key, sizeLabel } from "./detailOffers";

/** A shopper's request: option values, amounts and the sample flag, as the query has them. */
export type DetailAsk = Readonly<Record<string, string | undefined>>;

export function createProductDetails(catalogue: CatalogueService) {
  const { offerOf } = createDetailOffers(catalogue);
  const size = sizeLabel;
  /** The price of the whole choice from the catalogue's price calls. */
  async function priceOf(
    kind: DetailKind,
    ctx: CatalogueContext,
    values: Record<string, string>,
    article: string,
    amounts: { quantity: number; pages: number | null; sample: boolean },
  ): Promise<PriceView | null> {
    const quantity = amounts.sample ? 1 : amounts.quantity;
    switch (kind) {
      case "calendar":
        return (
          await catalogue.calendarPrice(ctx, {
            calendarType: values.calendarType!,
            format: values.size!,
            mounting: values.mounting!,
            quantity,
          })
        ).price;
      case "photobook":
        return (
          await catalogue.photobookPrice(ctx, {
            type: values.photobookType!,
            cover: values.cover!,
            variantKey: values.paper!,
            format: values.size!,
            ...(amounts.pages === null ? {} : { pages: amounts.pages }),
            quantity,
          })
        ).price;
      case "card":
        // Refinement and envelopes are part of the card's one price rule.
        return (
          await catalogue.cardPrice(ctx, {
            article,
            quantity,
            refinement: values.refinement!,
            envelope: values.envelope === "none" ? null : values.envelope!,
          })
        ).price;
      case "collage":
        return (await catalogue.article(ctx, article, quantity)).price;
      case "accessory":
        return (await catalogue.accessoryPrice(ctx, article, quantity)).price;
    }
  }

  async function delivery(ctx: CatalogueContext): Promise<ProductDetails["delivery"]> {
    const shipping = await catalogue.shipping(ctx).catch(() => null);
    const standard = shipping?.methods.find((m) => m.method === "standard");
    if (!standard?.price) return null;
    return {
      daysMin: standard.daysMin,
      daysMax: standard.daysMax,
      price: standard.price.formatted.current,
      freeFrom: standard.freeFrom?.formatted.current ?? null,
    };
  }

  /**
   * What was asked as the shop sells it: the container's state and the price of the whole
   * choice, with the amounts it was priced for (the cart keeps exactly these).
   */
  async function configure(
    ctx: CatalogueContext,
    kind: DetailKind,
    asked: DetailAsk,
    preset: DetailPreset = {},
    today = new Date(),
  ): Promise<Configured | null> {
    const offer = await offerOf(kind, ctx, preset, today);
    const names = DETAIL_OPTIONS[kind];
    const selection = detailSelection(names, offer.variants, asked, offer.preferred);
    if (!selection.variant) return null;
    const article = selection.variant.article;
    const amounts: DetailAmountView[] = [];
    const limits = DETAIL_QUANTITIES[kind];
    const sample = kind === "card" ? asked.sample === "true" : null;
    const fallback = kind === "card" ? DEFAULT_CARD_QUANTITY : 1;
    const quantity = sample ? 1 : amountWithin(asked.quantity, limits, fallback);
    if (limits.max > 1) amounts.push({ name: "quantity", value: quantity, ...limits });
    let pages: number | null = null;
    const book = kind === "photobook" ? await catalogue.article(ctx, article) : undefined;
    if (book) {
      const pageLimits = {
        min: Number(book.attributes.pagesMin),
        max: Number(book.attributes.pagesMax),
        step: Number(book.attributes.pagesStep),
      };
      pages = amountWithin(asked.pages, pageLimits, pageLimits.min);
      amounts.push({ name: "pages", value: pages, ...pageLimits });
    }
    const values = selection.values;
    const price = await priceOf(kind, ctx, values, article, {
      quantity,
      pages,
      sample: sample ?? false,
    });
    const details: ProductDetails = {
      kind,
      options: names.map((name) => ({
        name,
        value: values[name]!,
        choices: selection.offered[name]!.map((value) => ({
          value,
          label: offer.labels.get(key(name, value)) ?? null,
          labelKey: offer.labelKeys[name]?.(value) ?? `blocks.details.values.${value}`,
          extra: offer.extras?.get(key(name, value)) ?? null,
          nameKey: offer.names?.get(key(name, value)) ?? null,
        })),
      })),
      amounts,
      sample,
      price: price
        ? {
            current: price.formatted.current,
            original: price.formatted.original,
            currentMinor: price.priceCurrentMinor,
          }
        : null,
      article: article || null,
      link: detailLink(kind, {
        values,
        quantity,
        pages,
        sample: sample ?? false,
        themeId: preset.themeId ?? null,
        designGroupId: preset.designGroupId ?? null,
        size: book?.format ?? null,
      }),
      notes: book ? [{ key: "binding", value: attr(book, "binding") }] : [],
      delivery: await delivery(ctx),
    };
    return { details, price, quantity, pages, sample: sample ?? false };
  }

  return {
    /**
     * The card accessories of the shop as a price list: each with the card formats it fits
     * (an envelope the cards it holds, an inlay its card's size) and its price per piece.
     */
    async accessoryList(ctx: CatalogueContext, types: readonly string[] = []) {
      const wanted = new Set(types);
      const [{ accessories }, cards] = await Promise.all([
        catalogue.accessories(ctx),
        catalogue.articlesOf(ctx, "card"),
      ]);
      const fits = new Map<string, Set<string>>();
      for (const card of cards) {
        for (const a of (await catalogue.cardAccessories(ctx, card.article)).accessories) {
          if (!a.format) continue;
          const sizes = fits.get(a.article) ?? new Set<string>();
          sizes.add(size(ctx, card.format) ?? "");
          fits.set(a.article, sizes);
        }
      }
      const rows = accessories.filter(
        (a) =>
          a.kind === "card-accessory" && (wanted.size === 0 || wanted.has(a.formatGroup ?? "")),
      );
      return Promise.all(
        rows.map(async (a) => ({
          article: a.article,
          type: a.formatGroup ?? "",
          name: attr(a, "envelope") || null,
          size: a.format ? size(ctx, a.format) : null,
          fits: [...(fits.get(a.article) ?? [])],
          price:
            (await catalogue.accessoryPrice(ctx, a.article, 1)).price?.formatted.current ?? null,
        })),
      );
    },

    /** The container's state for what was asked; null when the shop sells no such product. */
    async details(
      ctx: CatalogueContext,
      kind: DetailKind,
      asked: DetailAsk,
      preset: DetailPreset = {},
      today = new Date(),
    ): Promise<ProductDetails | null> {
      return (await configure(ctx, kind, asked, preset, today))?.details ?? null;
    },

    configure,
  };
}

/** A choice as the shop sells it: its container state, its price and its amounts. */
export interface Configured {
  details: ProductDetails;
  price: PriceView | null;
  quantity: number;
  pages: number | null;
  sample: boolean;
}

export type ProductDetailsService = ReturnType<typeof createProductDetails>;

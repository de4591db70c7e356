/**
 * The product detail containers' answers: for a product (calendar, card, collage, photo
 * book, accessory) and what a shopper asked for, the options the catalogue sells with
 * the chosen ones, the amounts, the price of the whole choice and the configurator link.
 * The page renders it first; the container asks again (GET /web-api/product-details)
 * when an option changes. Prices come from the same catalogue calls as the price API.
 */
import { CHANNELS } from "../../config/channels";
import { formatLabel } from "../../domain/formats";
import type { PriceView } from "../../domain/cataloguePrices";
import {
  amountWithin,
  calendarStartLabel,
  calendarStarts,
  DEFAULT_CARD_QUANTITY,
  defaultCalendarStart,
  DETAIL_OPTIONS,
  DETAIL_QUANTITIES,
  detailLink,
  detailSelection,
  type DetailPreset,
  type DetailAmountView,
  type DetailKind,
  type DetailVariant,
  type ProductDetails,
} from "../../domain/productDetails";
import type { ArticleView, CatalogueContext, CatalogueService } from "./service";

/** A shopper's request: option values, amounts and the sample flag, as the query has them. */
export type DetailAsk = Readonly<Record<string, string | undefined>>;

interface Offer {
  variants: DetailVariant[];
  preferred: Record<string, string | readonly string[] | null | undefined>;
  /** A value's own label (a size), when it has one. */
  labels: Map<string, string | null>;
  /** The text resource of a value without a label, by option. */
  labelKeys: Partial<Record<string, (value: string) => string>>;
  /** What a value adds per piece, by option and value. */
  extras?: Map<string, string>;
  /** The name shown before a value's label, by option and value. */
  names?: Map<string, string>;
}

/** The text resource of an envelope's name (C6, DIN long …). */
const envelopeKey = (name: string) => `blocks.details.envelopes.${name}`;

const key = (name: string, value: string) => `${name}=${value}`;

export function createProductDetails(catalogue: CatalogueService) {
  const attr = (a: ArticleView, name: string) => String(a.attributes[name] ?? "");
  const size = (ctx: CatalogueContext, format: string | null) =>
    format ? formatLabel(format, ctx.locale, { withUnit: true }) : "";

  async function calendarOffer(ctx: CatalogueContext, preset: DetailPreset, today: Date) {
    const { designGroups } = await catalogue.calendarDesignGroups(ctx);
    const labels = new Map<string, string | null>();
    const variants = designGroups.flatMap((group) => {
      const starts = calendarStarts(today, group.startMonths as number[]);
      for (const start of starts)
        labels.set(key("start", start), calendarStartLabel(start, ctx.locale));
      return group.formats.flatMap((format) => {
        labels.set(key("size", format.code), format.label);
        return format.mountings.flatMap((mounting) =>
          starts.map((start) => ({
            article: "",
            values: {
              calendarType: String(group.calendarType),
              size: format.code,
              mounting: String(mounting),
              start,
            },
          })),
        );
      });
    });
    const offer: Offer = {
      variants,
      preferred: { calendarType: preset.calendarType, start: defaultCalendarStart(today) },
      labels,
      labelKeys: {
        calendarType: (v) => `products.calendarTypes.${v}`,
        mounting: (v) => `blocks.details.mountings.${v}`,
      },
    };
    return offer;
  }

  async function photobookOffer(ctx: CatalogueContext, preset: DetailPreset) {
    // A partner's format is sold through the partner, not chosen in the shop.
    const articles = (await catalogue.articlesOf(ctx, "photobook")).filter(
      (a) => !attr(a, "formatKey").endsWith("-sendmoments"),
    );
    const labels = new Map<string, string | null>();
    const variants = articles.map((a) => {
      labels.set(key("size", attr(a, "formatKey")), size(ctx, a.format));
      return {
        article: a.article,
        values: {
          photobookType: attr(a, "photobookType"),
          cover: attr(a, "cover"),
          paper: attr(a, "variantKey"),
          size: attr(a, "formatKey"),
        },
      };
    });
    // The shop's cover lamination comes first; a real photo book's matt cover is soft-touch.
    const lamination = CHANNELS[ctx.channel].features.defaultPhotobookCoverLamination;
    const offer: Offer = {
      variants,
      preferred: {
        photobookType: preset.photobookType,
        paper: lamination === "matt" ? ["matt", "softtouch"] : ["glossy"],
      },
      labels,
      labelKeys: {
        photobookType: (v) => `catalogue.kinds.${v}`,
        cover: (v) => `blocks.details.covers.${v}`,
        paper: (v) =>
          CHANNELS[ctx.channel].features.laminationDisplay
            ? `blocks.details.papersLaminated.${v}`
            : `blocks.details.papers.${v}`,
      },
    };
    return offer;
  }

  async function cardOffer(ctx: CatalogueContext, preset: DetailPreset) {
    const theme = preset.themeId ? await catalogue.theme(ctx, preset.themeId) : null;
    const all = await catalogue.articlesOf(ctx, "card");
    const themeCard = theme ? all.find((a) => a.article === theme.article) : undefined;
    const cards = themeCard ? all.filter((a) => a.formatGroup === themeCard.formatGroup) : all;
    const labels = new Map<string, string | null>();
    const extras = new Map<string, string>();
    const names = new Map<string, string>();
    const variants: DetailVariant[] = [];
    for (const card of cards) {
      labels.set(key("size", card.format ?? ""), size(ctx, card.format));
      const { accessories, fixedPrice } = await catalogue.cardAccessories(ctx, card.article);
      const envelopes = accessories.filter((a) => a.formatGroup === "envelope");
      for (const envelope of envelopes) {
        labels.set(key("envelope", envelope.article), size(ctx, envelope.format));
        names.set(key("envelope", envelope.article), envelopeKey(attr(envelope, "envelope")));
        const perPiece = fixedPrice?.price?.formatted.current ?? envelope.price?.formatted.current;
        if (perPiece) extras.set(key("envelope", envelope.article), perPiece);
      }
      const refinements = (card.attributes.refinements as string[] | undefined) ?? ["none"];
      for (const refinement of refinements)
        for (const envelope of ["none", ...envelopes.map((e) => e.article)])
          variants.push({
            article: card.article,
            values: {
              cardType: card.formatGroup ?? "",
              size: card.format ?? "",
              refinement,
              envelope,
            },
          });
    }
    const offer: Offer = {
      variants,
      preferred: {
        refinement: CHANNELS[ctx.channel].features.defaultRefinement,
        envelope: "none",
      },
      labels,
      extras,
      names,
      labelKeys: {
        cardType: (v) => `themes.values.${v}`,
        refinement: (v) => `blocks.details.refinements.${v}`,
        envelope: () => "blocks.details.noEnvelope",
      },
    };
    return offer;
  }

  async function collageOffer(ctx: CatalogueContext, preset: DetailPreset) {
    const [{ defaultId, designGroups }, articles] = await Promise.all([
      catalogue.collageDesignGroups(ctx, preset.designs?.length ? [...preset.designs] : undefined),
      catalogue.articlesOf(ctx, "collage"),
    ]);
    const labels = new Map<string, string | null>();
    const names = new Map(designGroups.map((g) => [String(g.id), g.name]));
    const variants = designGroups.flatMap((group) =>
      articles
        .filter((a) => group.formats.some((f) => f.value === a.format))
        .map((a) => {
          labels.set(key("size", a.format ?? ""), size(ctx, a.format));
          return {
            article: a.article,
            values: {
              design: String(group.id),
              collageMaterial: attr(a, "material"),
              size: a.format ?? "",
            },
          };
        }),
    );
    const offer: Offer = {
      variants,
      // The shop's default collage design comes first.
      preferred: { design: String(defaultId) },
      labels,
      labelKeys: {
        design: (v) => `catalogue.collageDesigns.${names.get(v) ?? v}`,
        collageMaterial: (v) => `catalogue.kinds.${v}`,
      },
    };
    return offer;
  }

  async function accessoryOffer(ctx: CatalogueContext, preset: DetailPreset) {
    const wanted = new Set(preset.accessoryTypes ?? []);
    const { accessories } = await catalogue.accessories(ctx);
    const labels = new Map<string, string | null>();
    const names = new Map<string, string>();
    const variants = accessories
      .filter((a) => a.kind === "card-accessory")
      .filter((a) => wanted.size === 0 || wanted.has(a.formatGroup ?? ""))
      .map((a) => {
        if (a.format) labels.set(key("accessory", a.article), size(ctx, a.format));
        if (attr(a, "envelope"))
          names.set(key("accessory", a.article), envelopeKey(attr(a, "envelope")));
        return {
          article: a.article,
          values: { accessoryType: a.formatGroup ?? "", accessory: a.article },
        };
      });
    const offer: Offer = {
      variants,
      preferred: {},
      labels,
      names,
      labelKeys: {
        accessoryType: (v) => `blocks.details.accessoryTypes.${v}`,
        accessory: (v) => `blocks.details.accessoryTypes.${v.replace(/^accessory-/, "")}`,
      },
    };
    return offer;
  }

  function offerOf(kind: DetailKind, ctx: CatalogueContext, preset: DetailPreset, today: Date) {
    switch (kind) {
      case "calendar":
        return calendarOffer(ctx, preset, today);
      case "photobook":
        return photobookOffer(ctx, preset);
      case "card":
        return cardOffer(ctx, preset);
      case "collage":
        return collageOffer(ctx, preset);
      case "accessory":
        return accessoryOffer(ctx, preset);
    }
  }

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

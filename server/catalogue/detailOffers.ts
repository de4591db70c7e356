/**
 * What each product detail container offers: the catalogue's variants of a calendar, photo
 * book, card, collage or accessory with the labels, extras and names of their values.
 */
import { CHANNELS } from "../../config/channels";
import { photobookSizeLabel } from "../../domain/catalogue";
import { formatLabel } from "../../domain/formats";
import {
  calendarStartLabel,
  calendarStarts,
  defaultCalendarStart,
  type DetailPreset,
  type DetailKind,
  type DetailVariant,
} from "../../domain/productDetails";
import type { ArticleView, CatalogueContext, CatalogueService } from "./service";

export interface Offer {
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

export const key = (name: string, value: string) => `${name}=${value}`;

/** An article's attribute as text. */
export const attr = (a: ArticleView, name: string) => String(a.attributes[name] ?? "");
/** A format as the locale writes it, with its unit. */
export const sizeLabel = (ctx: CatalogueContext, format: string | null) =>
  format ? formatLabel(format, ctx.locale, { withUnit: true }) : "";

export function createDetailOffers(catalogue: CatalogueService) {
  const size = sizeLabel;
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
      labels.set(
        key("size", attr(a, "formatKey")),
        photobookSizeLabel(attr(a, "formatKey"), a.format, ctx.locale),
      );
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

  return { offerOf };
}

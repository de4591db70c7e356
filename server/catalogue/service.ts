/**
 * The catalogue service: one object the API routers and the route loaders share. It
 * imports the seed catalogue at start (when the files changed), keeps a read-only
 * snapshot of each channel's catalogue in memory (the catalogue only changes through
 * an import, which drops the snapshot), and answers every catalogue question for a
 * request context (channel, country, locale) with prices in the country's currency.
 *
 * Errors a caller can fix are thrown as {@link CatalogueError}: `invalid` names the
 * field that is wrong, `not_found` the article or entry that does not exist.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { CHANNELS, type ChannelId } from "../../config/channels";
import {
  CARD_ACCESSORY_TYPES,
  CARD_FILTERS,
  DEFAULT_FRAME_FOR_MATERIAL,
  FRAME_FINISHES,
  FRAME_TYPES,
  GLASS_TYPES,
  MATERIAL_OPTION_GROUPS,
  MATERIALS,
  MAT_COLOURS,
  MAT_SIZES,
  MAT_TYPES,
  OCCASIONS,
  OPTION_GROUPS,
  PAPER_FINISHES,
  PHOTOBOOK_CATEGORIES,
  PHOTOBOOK_FORMATS,
  PRODUCT_TYPES,
  REFINEMENTS,
  THEME_PAGE_SIZES,
  THEME_SORTS,
  photobookCategoryIdsFor,
  printRatiosFor,
  stretcherFrameLabel,
  type FrameType,
  type Material,
  type OptionGroup,
  type PhotobookFormatKey,
  type ThemeSort,
} from "../../domain/catalogue";
import {
  accessoryOverlayValue,
  cardAccessoryPriceLabel,
  cardAccessoryPriceMinor,
  cardFormatClass,
  currencyOfCountry,
  fromPrice,
  fromPriceLabel,
  fromWordFor,
  priceView,
  type MinorPrice,
  type PriceView,
  type QuantityTier,
} from "../../domain/cataloguePrices";
import {
  accessoryPrice,
  configurationPrice,
  pageLimits,
  tierPrice,
  type Configuration,
  type PriceCatalogue,
} from "../../domain/configurationPrice";
import { photobookOrientation } from "../../domain/designerLinks";
import { formatLabel, isSquareWithinTolerance, parseFormat } from "../../domain/formats";
import {
  COUNTRIES,
  defaultLocaleFor,
  localeFor,
  localeSettings,
  type Country,
  type Language,
  type Locale,
} from "../../domain/locales";
import { languagePrefix, LOCALISED_CATEGORY_PATHS, categoryForPath } from "../../domain/paths";
import { DEFAULT_PHOTOBOX_QUANTITY, PHOTOBOX_QUANTITIES } from "../../domain/photobox";
import type { Db } from "../../db/client";
import {
  catalogueArticles,
  catalogueDesignGroups,
  cataloguePrices,
  catalogueShipping,
  catalogueSkuContainers,
  catalogueThemes,
  catalogueVouchers,
} from "../../db/schema";
import type { Logger } from "../logger";
import { importCatalogue, importedCatalogueHash, type CatalogueImportResult } from "./import";

/** Who asks: the site's channel and country, and the visitor's locale. */
export interface CatalogueContext {
  channel: ChannelId;
  country: Country;
  locale: Locale;
}

export class CatalogueError extends Error {
  constructor(
    readonly kind: "invalid" | "not_found",
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
const notFound = (message: string) => new CatalogueError("not_found", message);
const invalid = (field: string, message: string) => new CatalogueError("invalid", message, field);

type ArticleRow = typeof catalogueArticles.$inferSelect;
type ThemeRow = typeof catalogueThemes.$inferSelect;
type DesignGroupRow = typeof catalogueDesignGroups.$inferSelect;
type VoucherRow = typeof catalogueVouchers.$inferSelect;
type ShippingRow = typeof catalogueShipping.$inferSelect;
type SkuRow = typeof catalogueSkuContainers.$inferSelect;

interface Snapshot {
  articles: ArticleRow[];
  byArticle: Map<string, ArticleRow>;
  /** article → country → tiers, lowest minimum quantity first. */
  prices: Map<string, Map<string, QuantityTier[]>>;
  themes: ThemeRow[];
  designGroups: DesignGroupRow[];
  vouchers: VoucherRow[];
  shipping: ShippingRow[];
  skuContainers: SkuRow[];
}

/** An article as the API shows it, priced for the context. */
export interface ArticleView {
  article: string;
  kind: string;
  productType: string;
  format: string | null;
  formatLabel: string | null;
  formatGroup: string | null;
  attributes: Record<string, unknown>;
  price: PriceView | null;
}

/** An article the designer would put into the cart, or the lowest price of those it might. */
export interface DesignerOffer {
  /** The one article the parameters name, if they name one. */
  article: ArticleView | null;
  price: PriceView | null;
  /** "12,99 €", or "ab 9,99 €" while the parameters leave a choice open. */
  priceLabel: string | null;
}

export interface ThemeQuery {
  aspectRatio?: string[];
  category?: string[];
  color?: string[];
  label?: string[];
  product?: string[];
  punching?: string[];
  style?: string[];
  occasion?: string[];
  sort: ThemeSort;
  pageSize: number;
  page: number;
}

const lang = (locale: Locale) => locale.slice(0, 2) as Language;

export interface CatalogueServiceOptions {
  db: Db;
  log: Logger;
  /** The seed catalogue folder (default ./catalogue). */
  dir?: string;
  /** Import the seed at start when its files changed (default true). */
  importOnStart?: boolean;
}

export async function createCatalogueService(options: CatalogueServiceOptions) {
  const { db, log } = options;
  const dir = path.resolve(options.dir ?? "catalogue");
  const snapshots = new Map<ChannelId, Promise<Snapshot>>();
  let version: string | null = null;

  async function sync(force = false): Promise<CatalogueImportResult> {
    const result = await importCatalogue(db, { dir, log, force });
    if (result.changed) snapshots.clear();
    version = result.hash;
    return result;
  }
  if (options.importOnStart ?? true) await sync();
  else version = await importedCatalogueHash(db);

  async function load(channel: ChannelId): Promise<Snapshot> {
    const [articles, priceRows, themes, designGroups, vouchers, shipping, skuContainers] =
      await Promise.all([
        db.select().from(catalogueArticles).where(eq(catalogueArticles.channel, channel)),
        db.select().from(cataloguePrices).where(eq(cataloguePrices.channel, channel)),
        db.select().from(catalogueThemes).where(eq(catalogueThemes.channel, channel)),
        db.select().from(catalogueDesignGroups).where(eq(catalogueDesignGroups.channel, channel)),
        db.select().from(catalogueVouchers).where(eq(catalogueVouchers.channel, channel)),
        db.select().from(catalogueShipping).where(eq(catalogueShipping.channel, channel)),
        db.select().from(catalogueSkuContainers).where(eq(catalogueSkuContainers.channel, channel)),
      ]);
    articles.sort((a, b) => a.sortOrder - b.sortOrder);
    designGroups.sort((a, b) => a.sortOrder - b.sortOrder);
    const prices = new Map<string, Map<string, QuantityTier[]>>();
    for (const p of priceRows) {
      let byCountry = prices.get(p.article);
      if (!byCountry) prices.set(p.article, (byCountry = new Map()));
      const list = byCountry.get(p.country) ?? [];
      list.push({
        minQuantity: p.minQuantity,
        unit: p.priceCurrent,
        unitOriginal: p.priceOriginal,
      });
      list.sort((a, b) => a.minQuantity - b.minQuantity);
      byCountry.set(p.country, list);
    }
    return {
      articles,
      byArticle: new Map(articles.map((a) => [a.article, a])),
      prices,
      themes,
      designGroups,
      vouchers,
      shipping,
      skuContainers,
    };
  }
  function snapshot(channel: ChannelId): Promise<Snapshot> {
    let s = snapshots.get(channel);
    if (!s) {
      s = load(channel);
      snapshots.set(channel, s);
      s.catch(() => snapshots.delete(channel));
    }
    return s;
  }

  // ------------------------------------------------------------ prices
  // Every price comes from the rules of domain/configurationPrice.ts over the snapshot.

  function tiersOf(s: Snapshot, ctx: CatalogueContext, article: string): QuantityTier[] {
    return s.prices.get(article)?.get(ctx.country) ?? [];
  }
  /** The snapshot as the price rules read it, for the visitor's country. */
  const priceCatalogue = (s: Snapshot, ctx: CatalogueContext): PriceCatalogue => ({
    article: (id) => s.byArticle.get(id),
    tiers: (article) => tiersOf(s, ctx, article),
  });
  /** The price of `quantity` pieces of an article by its tiers. */
  function minorPrice(
    s: Snapshot,
    ctx: CatalogueContext,
    article: string,
    quantity = 1,
  ): MinorPrice | null {
    return tierPrice(tiersOf(s, ctx, article), quantity);
  }
  /** The price of `quantity` pieces of an accessory (fixed per format class in DE, AT, CH). */
  function accessoryMinor(
    s: Snapshot,
    ctx: CatalogueContext,
    a: ArticleRow,
    quantity: number,
    card: ArticleRow | null = null,
  ): MinorPrice | null {
    return accessoryPrice(priceCatalogue(s, ctx), ctx.country, a, quantity, card);
  }
  /** A configuration's whole price, or the CatalogueError naming what is wrong. */
  function configured(s: Snapshot, ctx: CatalogueContext, config: Configuration): MinorPrice {
    const priced = configurationPrice(priceCatalogue(s, ctx), ctx.country, config);
    if (priced.ok) return priced.price;
    throw priced.field === "article"
      ? notFound(priced.message)
      : invalid(priced.field, priced.message);
  }
  const view = (ctx: CatalogueContext, price: MinorPrice | null) =>
    price ? priceView(price, currencyOfCountry(ctx.country), ctx.locale) : null;

  function articleView(
    s: Snapshot,
    ctx: CatalogueContext,
    a: ArticleRow,
    quantity = 1,
  ): ArticleView {
    return {
      article: a.article,
      kind: a.kind,
      productType: a.productType,
      format: a.format,
      formatLabel: a.format ? formatLabel(a.format, ctx.locale, { withUnit: true }) : null,
      formatGroup: a.formatGroup,
      attributes: a.attributes,
      price: view(ctx, minorPrice(s, ctx, a.article, quantity)),
    };
  }
  function fromView(s: Snapshot, ctx: CatalogueContext, list: ArticleRow[], quantity = 1) {
    const best = fromPrice(
      list
        .map((a) => minorPrice(s, ctx, a.article, quantity))
        .filter((p): p is MinorPrice => p !== null),
    );
    if (!best) return null;
    return {
      ...view(ctx, best)!,
      label: fromPriceLabel(best, ctx.locale, fromWordFor(ctx.locale)),
    };
  }
  function requireArticle(s: Snapshot, article: string, kinds?: string[]): ArticleRow {
    const a = s.byArticle.get(article);
    if (!a || (kinds && !kinds.includes(a.kind))) throw notFound(`No article ${article}`);
    return a;
  }
  const ofKind = (s: Snapshot, ...kinds: string[]) =>
    s.articles.filter((a) => kinds.includes(a.kind));
  const groupBy = <T>(list: T[], key: (t: T) => string) => {
    const map = new Map<string, T[]>();
    for (const item of list) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
    return map;
  };

  // ------------------------------------------------------------ themes

  function themeName(t: ThemeRow, locale: Locale): string {
    return t.names[lang(locale)] ?? t.names.en ?? t.id;
  }
  function themeView(ctx: CatalogueContext, s: Snapshot, t: ThemeRow) {
    return {
      id: t.id,
      name: themeName(t, ctx.locale),
      productType: t.productType,
      occasion: t.occasion,
      category: t.category,
      color: t.color,
      style: t.style,
      aspectRatio: t.aspectRatio,
      label: t.label,
      product: t.product,
      punching: t.punching,
      format: t.format,
      formatLabel: formatLabel(t.format, ctx.locale, { withUnit: true }),
      popularity: t.popularity,
      status: t.status,
      createdAt: t.createdAt.toISOString(),
      previewImage: `/web-api/themes/${t.id}/preview.svg`,
      price: fromView(s, ctx, [requireArticle(s, t.article)]),
      article: t.article,
    };
  }

  /** Takes up an import another process made (its snapshots are dropped then). */
  async function refresh(): Promise<boolean> {
    const imported = await importedCatalogueHash(db);
    if (imported === version) return false;
    snapshots.clear();
    version = imported;
    return true;
  }

  const service = {
    dir,
    sync,
    refresh,
    /** The hash of the imported catalogue files (part of cache keys). */
    version: () => version,

    async article(ctx: CatalogueContext, article: string, quantity = 1): Promise<ArticleView> {
      const s = await snapshot(ctx.channel);
      return articleView(s, ctx, requireArticle(s, article), quantity);
    },

    /** Every article of the given kinds in this shop, in the catalogue's order. */
    async articlesOf(ctx: CatalogueContext, ...kinds: string[]): Promise<ArticleView[]> {
      const s = await snapshot(ctx.channel);
      return ofKind(s, ...kinds).map((a) => articleView(s, ctx, a));
    },

    /**
     * Prices of the articles of a format group (a material, a calendar type …), by format,
     * for one product: a material is sold as wall art and as a collage at other prices, and
     * one list of both named the same format twice. Without `product` the group's first
     * product in catalogue order answers.
     */
    async formatGroup(
      ctx: CatalogueContext,
      formatGroup: string,
      formats?: string[],
      product?: string,
    ) {
      const s = await snapshot(ctx.channel);
      const inGroup = s.articles.filter((a) => a.formatGroup === formatGroup && a.format);
      const kind = product ?? inGroup[0]?.kind;
      const list = inGroup.filter(
        (a) => a.kind === kind && (!formats || formats.includes(a.format!)),
      );
      if (list.length === 0)
        throw notFound(`No format group ${formatGroup}${product ? ` of ${product}` : ""}`);
      return {
        formatGroup,
        product: kind!,
        from: fromView(s, ctx, list),
        formats: list.map((a) => ({ ...articleView(s, ctx, a), image: previewPath(a) })),
      };
    },

    async themes(ctx: CatalogueContext, q: ThemeQuery) {
      const s = await snapshot(ctx.channel);
      const filters: [keyof ThemeRow, string[] | undefined][] = [
        ["aspectRatio", q.aspectRatio],
        ["category", q.category],
        ["color", q.color],
        ["label", q.label],
        ["product", q.product],
        ["punching", q.punching],
        ["style", q.style],
        ["occasion", q.occasion],
      ];
      const published = s.themes.filter((t) => t.status === "published");
      const matching = published.filter((t) =>
        filters.every(([key, values]) => !values?.length || values.includes(String(t[key]))),
      );
      matching.sort((a, b) =>
        q.sort === "created"
          ? b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id)
          : b.popularity - a.popularity || a.id.localeCompare(b.id),
      );
      const total = matching.length;
      const pages = Math.max(1, Math.ceil(total / q.pageSize));
      const start = (q.page - 1) * q.pageSize;
      // The facets count what each further filter value would show among published themes.
      const facets = Object.fromEntries(
        filters.map(([key]) => {
          const counts: Record<string, number> = {};
          for (const t of published) {
            const v = t[key];
            if (v !== null) counts[String(v)] = (counts[String(v)] ?? 0) + 1;
          }
          return [key, counts];
        }),
      );
      return {
        themes: matching.slice(start, start + q.pageSize).map((t) => themeView(ctx, s, t)),
        pagination: { page: q.page, pageSize: q.pageSize, total, pages },
        sort: q.sort,
        facets,
      };
    },

    async theme(ctx: CatalogueContext, id: string) {
      const s = await snapshot(ctx.channel);
      const t = s.themes.find((x) => x.id === id && x.status === "published");
      if (!t) throw notFound(`No theme ${id}`);
      return themeView(ctx, s, t);
    },

    /** The ids of a channel's published themes (each has a theme page), in id order. */
    async publishedThemeIds(channel: ChannelId): Promise<string[]> {
      const s = await snapshot(channel);
      return s.themes
        .filter((t) => t.status === "published")
        .map((t) => t.id)
        .sort();
    },

    /** A small SVG preview of a theme, drawn from its palette and name. */
    async themePreview(ctx: CatalogueContext, id: string): Promise<string> {
      const s = await snapshot(ctx.channel);
      const t = s.themes.find((x) => x.id === id && x.status === "published");
      if (!t) throw notFound(`No theme ${id}`);
      return themeSvg(t, themeName(t, ctx.locale));
    },

    async aspectRatios(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      const allowed = printRatiosFor(ctx.locale);
      const byRatio = groupBy(
        s.articles.filter((a) => typeof a.attributes.ratio === "string" && a.format),
        (a) => String(a.attributes.ratio),
      );
      const ratios = allowed
        .filter((r) => byRatio.has(r))
        .map((ratio) => ({
          value: ratio,
          labelTranslationKey: `catalogue.ratio.${ratio}`,
          formats: [...new Set(byRatio.get(ratio)!.map((a) => a.format!))].map((f) => ({
            value: f,
            label: formatLabel(f, ctx.locale, { withUnit: true }),
          })),
        }));
      const themeRatios = [...new Set(s.themes.map((t) => t.aspectRatio))].sort();
      return { ratios, themeAspectRatios: themeRatios };
    },

    async calculator(ctx: CatalogueContext, product: string | undefined, sku: string | undefined) {
      const s = await snapshot(ctx.channel);
      const kindFor: Record<string, string> = {
        wallart: "wallart",
        photoframe: "frame",
        collage: "collage",
        photobox: "photobox",
        photoprint: "photoprint",
        photobook: "photobook",
        calendar: "calendar",
      };
      const preselected = sku ? s.skuContainers.find((c) => c.sku === sku) : undefined;
      if (sku && !preselected) throw notFound(`No SKU container ${sku}`);
      const skuArticle = preselected ? s.byArticle.get(preselected.articles[0]!) : undefined;
      const chosen =
        product ??
        (skuArticle
          ? Object.keys(kindFor).find((k) => kindFor[k] === skuArticle.kind)
          : undefined) ??
        (ctx.channel === "wallart" ? "wallart" : "photobox");
      const list = ofKind(s, kindFor[chosen]!);
      if (list.length === 0) throw notFound(`No ${chosen} articles in this shop`);
      const groups = groupBy(list, (a) => a.formatGroup ?? a.kind);
      const options = [...groups].map(([value, articles]) => {
        const withFormat = articles.filter((a) => a.format);
        const seen = new Set<string>();
        const formats = withFormat
          .filter((a) => !seen.has(a.format!) && seen.add(a.format!))
          .map((a) => {
            const quantity =
              a.kind === "photobox" || a.kind === "photoprint" ? DEFAULT_PHOTOBOX_QUANTITY : 1;
            const p = view(ctx, minorPrice(s, ctx, a.article, quantity));
            return {
              value: a.format!,
              label: formatLabel(a.format!, ctx.locale, { withUnit: true }),
              article: a.article,
              priceCurrent: p?.priceCurrent ?? null,
              priceOriginal: p?.priceOriginal ?? null,
              price: p,
              context: {
                formatType:
                  (a.attributes.ratio as string | undefined) ??
                  a.attributes.formatCode ??
                  a.attributes.formatKey ??
                  null,
                materialType: (a.attributes.material as string | undefined) ?? null,
                photoboxType: (a.attributes.photoboxType as string | undefined) ?? null,
                frameType: (a.attributes.frameType as string | undefined) ?? null,
              },
            };
          });
        const middle = formats[Math.floor(formats.length / 2)]?.value ?? null;
        return {
          value,
          labelTranslationKey: `catalogue.${chosen}.${value}`,
          initiallySelectedFormat:
            skuArticle && skuArticle.formatGroup === value ? skuArticle.format : middle,
          context: {
            materialType: MATERIALS.includes(value as Material) ? value : null,
            frameType: DEFAULT_FRAME_FOR_MATERIAL[value as Material] ?? null,
          },
          from: fromView(s, ctx, articles),
          formats,
        };
      });
      return {
        product: chosen,
        isCollage: chosen === "collage",
        selectedValue:
          skuArticle && groups.has(skuArticle.formatGroup ?? "")
            ? skuArticle.formatGroup
            : options[0]!.value,
        options,
        // A discounted option carries a sale label with its discount.
        labels: options.flatMap((option, index) =>
          option.from?.hasDiscount
            ? [
                {
                  index,
                  text: `-${option.from.discountPercent}\u00a0%`,
                  backgroundColor: "#b3262f",
                  textColor: "#ffffff",
                },
              ]
            : [],
        ),
      };
    },

    async calendarDesignGroups(ctx: CatalogueContext, calendarType?: string) {
      const s = await snapshot(ctx.channel);
      const groups = s.designGroups.filter(
        (g) =>
          g.kind === "calendar" && (!calendarType || g.attributes.calendarType === calendarType),
      );
      if (groups.length === 0)
        throw notFound(`No calendar design groups${calendarType ? ` for ${calendarType}` : ""}`);
      return {
        designGroups: groups.map((g) => {
          const articles = ofKind(s, "calendar").filter(
            (a) => a.attributes.calendarType === g.attributes.calendarType,
          );
          return {
            id: g.id,
            name: g.name,
            calendarType: g.attributes.calendarType,
            startMonths: g.attributes.startMonths,
            formats: [...new Set(articles.map((a) => a.attributes.formatCode as string))].map(
              (code) => ({
                code,
                format: articles.find((a) => a.attributes.formatCode === code)!.format,
                label: formatLabel(
                  articles.find((a) => a.attributes.formatCode === code)!.format!,
                  ctx.locale,
                  { withUnit: true },
                ),
                mountings: articles
                  .filter((a) => a.attributes.formatCode === code)
                  .map((a) => a.attributes.mounting),
              }),
            ),
            from: fromView(s, ctx, articles),
          };
        }),
      };
    },

    async calendarPrice(
      ctx: CatalogueContext,
      q: { calendarType: string; format: string; mounting: string; quantity: number },
    ) {
      const s = await snapshot(ctx.channel);
      const a = ofKind(s, "calendar").find(
        (x) =>
          x.attributes.calendarType === q.calendarType &&
          x.attributes.formatCode === q.format &&
          x.attributes.mounting === q.mounting,
      );
      if (!a) throw notFound(`No calendar ${q.calendarType} ${q.format} with ${q.mounting}`);
      return articleView(s, ctx, a, q.quantity);
    },

    async frame(ctx: CatalogueContext, frameType: string, format: string) {
      const s = await snapshot(ctx.channel);
      const a = ofKind(s, "frame").find((x) => x.formatGroup === frameType && x.format === format);
      if (!a) throw notFound(`No frame ${frameType} in ${format}`);
      return { ...articleView(s, ctx, a), ...frameDetails(frameType as FrameType) };
    },

    async frameVariants(ctx: CatalogueContext, frameTypes: string[] | undefined) {
      const s = await snapshot(ctx.channel);
      const wanted = frameTypes?.length ? frameTypes : [...FRAME_TYPES];
      const frames = ofKind(s, "frame");
      const result = wanted.map((frameType) => {
        const articles = frames.filter((a) => a.formatGroup === frameType);
        if (articles.length === 0) throw notFound(`No frame type ${frameType} in this shop`);
        return {
          frameType,
          ...frameDetails(frameType as FrameType),
          materials: MATERIALS.filter((m) => DEFAULT_FRAME_FOR_MATERIAL[m] === frameType),
          formats: articles.map((a) => a.format!),
          from: fromView(s, ctx, articles),
        };
      });
      return { frameTypes: result };
    },

    async photoFrameSelection(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      const wall = ofKind(s, "wallart");
      if (wall.length === 0) throw notFound("This shop sells no wall art");
      const materials = MATERIALS.filter((m) => wall.some((a) => a.formatGroup === m));
      return {
        materials: materials.map((m) => ({
          material: m,
          variants: wall.find((a) => a.formatGroup === m)!.attributes.variants,
          defaultFrame: DEFAULT_FRAME_FOR_MATERIAL[m] ?? null,
          optionGroups: optionGroupsView(m, ctx.locale),
          from: fromView(
            s,
            ctx,
            wall.filter((a) => a.formatGroup === m),
          ),
        })),
        frameTypes: FRAME_TYPES.map((f) => ({ frameType: f, ...frameDetails(f) })),
      };
    },

    async formatLimits(ctx: CatalogueContext, material: string) {
      const s = await snapshot(ctx.channel);
      const list = ofKind(s, "wallart").filter((a) => a.formatGroup === material);
      if (list.length === 0) throw notFound(`No material ${material} in this shop`);
      const dims = list.map((a) => parseFormat(a.format));
      const sides = dims.flatMap((d) => [d.width, d.height]);
      return {
        material,
        unit: "mm",
        minWidth: Math.min(...dims.map((d) => d.width)),
        maxWidth: Math.max(...dims.map((d) => d.width)),
        minHeight: Math.min(...dims.map((d) => d.height)),
        maxHeight: Math.max(...dims.map((d) => d.height)),
        minSide: Math.min(...sides),
        maxSide: Math.max(...sides),
        lengthUnit: localeSettings(ctx.locale).lengthUnit,
      };
    },

    async pricesFrom(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      const groups = groupBy(
        s.articles.filter((a) => a.formatGroup && a.format),
        (a) => `${a.kind}:${a.formatGroup}`,
      );
      return {
        from: [...groups].map(([key, list]) => ({
          kind: key.split(":")[0]!,
          formatGroup: key.split(":")[1]!,
          price: fromView(s, ctx, list),
        })),
      };
    },

    async optionGroups(ctx: CatalogueContext, material?: string) {
      if (material && !MATERIALS.includes(material as Material))
        throw invalid("material", `unknown material ${material}`);
      const materials = material ? [material as Material] : [...MATERIALS];
      return {
        materials: materials.map((m) => ({
          material: m,
          optionGroups: optionGroupsView(m, ctx.locale),
        })),
      };
    },

    async photobookDesignGroupSets(
      ctx: CatalogueContext,
      categoryIds: number[] | undefined,
      setId?: number,
    ) {
      const s = await snapshot(ctx.channel);
      const allowed = photobookCategoryIdsFor(ctx.locale);
      const wanted = categoryIds?.length ? categoryIds : allowed;
      for (const id of wanted)
        if (!allowed.includes(id))
          throw invalid("categoryIds[]", `unknown category ${id} in ${ctx.locale}`);
      const groups = s.designGroups.filter(
        (g) =>
          g.kind === "photobook" &&
          wanted.includes(g.attributes.categoryId as number) &&
          (setId === undefined || g.setId === setId),
      );
      if (groups.length === 0)
        throw notFound(setId ? `No design group set ${setId}` : "No photo book design groups");
      const sets = groupBy(groups, (g) => String(g.setId));
      return {
        sets: [...sets].map(([id, list]) => ({
          id: Number(id),
          categoryId: list[0]!.attributes.categoryId as number,
          categoryName:
            PHOTOBOOK_CATEGORIES[
              list[0]!.attributes.categoryId as keyof typeof PHOTOBOOK_CATEGORIES
            ],
          designGroups: list.map((g) => ({
            id: g.id,
            name: g.name,
            orientation: g.attributes.orientation,
            templateId: g.attributes.templateId,
          })),
        })),
      };
    },

    async photobookPrice(
      ctx: CatalogueContext,
      q: {
        type: string;
        cover: string;
        variantKey: string;
        format: string;
        pages?: number;
        quantity: number;
      },
    ) {
      const s = await snapshot(ctx.channel);
      const a = ofKind(s, "photobook").find(
        (x) =>
          x.attributes.photobookType === q.type &&
          x.attributes.cover === q.cover &&
          x.attributes.variantKey === q.variantKey &&
          x.attributes.formatKey === q.format,
      );
      if (!a) throw notFound(`No photo book ${q.type} ${q.cover} ${q.variantKey} ${q.format}`);
      const pages = q.pages ?? pageLimits(a).min;
      const book = { product: "photobook" as const, article: a.article, pages };
      const unit = configured(s, ctx, { ...book, quantity: 1 });
      const total = configured(s, ctx, { ...book, quantity: q.quantity });
      const extra = minorPrice(s, ctx, `${a.article}-extra-pages`);
      const formatKey = q.format as PhotobookFormatKey;
      return {
        ...articleView(s, ctx, a),
        formatLabel:
          ctx.locale === "en-US" && PHOTOBOOK_FORMATS[formatKey].us
            ? PHOTOBOOK_FORMATS[formatKey].us
            : PHOTOBOOK_FORMATS[formatKey].label,
        pages,
        quantity: q.quantity,
        extraPagePrice: view(ctx, extra),
        unitPrice: view(ctx, unit),
        price: view(ctx, total),
      };
    },

    async photoboxData(ctx: CatalogueContext, type?: string) {
      const s = await snapshot(ctx.channel);
      const list = ofKind(s, "photobox", "photoprint").filter(
        (a) => !type || a.formatGroup === type,
      );
      if (list.length === 0)
        throw notFound(`No photobox${type ? ` of type ${type}` : ""} in this shop`);
      const types = groupBy(list, (a) => a.formatGroup!);
      return {
        quantities: PHOTOBOX_QUANTITIES,
        defaultQuantity: DEFAULT_PHOTOBOX_QUANTITY,
        paperFinishes: PAPER_FINISHES,
        types: [...types].map(([photoboxType, articles]) => ({
          type: photoboxType,
          labelTranslationKey:
            photoboxType === "large"
              ? "catalogue.photobox.max"
              : `catalogue.photobox.${photoboxType}`,
          maxQuantity: articles[0]!.attributes.maxQuantity,
          formats: [...new Set(articles.map((a) => a.format!))].map((f) => ({
            value: f,
            label: formatLabel(f, ctx.locale, { withUnit: true }),
            finishes: articles.filter((a) => a.format === f).map((a) => a.attributes.paperFinish),
          })),
          from: fromView(s, ctx, articles),
        })),
      };
    },

    async photoboxPrice(
      ctx: CatalogueContext,
      q: { type: string; format: string; finish: string; quantity: number },
    ) {
      const s = await snapshot(ctx.channel);
      const a = ofKind(s, "photobox", "photoprint").find(
        (x) =>
          x.formatGroup === q.type &&
          x.format === q.format &&
          x.attributes.paperFinish === q.finish,
      );
      if (!a) throw notFound(`No photobox ${q.type} ${q.format} ${q.finish}`);
      const max = a.attributes.maxQuantity as number;
      if (q.quantity > max) throw invalid("quantity", `at most ${max} prints in this photobox`);
      const total = configured(s, ctx, {
        product: "photobox",
        article: a.article,
        quantity: q.quantity,
      });
      return {
        ...articleView(s, ctx, a),
        quantity: q.quantity,
        unitPrice: view(ctx, {
          current: total.current / q.quantity,
          original: total.original === null ? null : total.original / q.quantity,
        }),
        price: view(ctx, total),
      };
    },

    localizedUrls(ctx: CatalogueContext, pathname: string) {
      const category = categoryForPath(pathname);
      if (!category) throw notFound(`No localised category for ${pathname}`);
      const urls: { locale: Locale; path: string }[] = [];
      for (const [country, languages] of Object.entries(COUNTRIES) as [
        Country,
        readonly Language[],
      ][]) {
        for (const language of languages) {
          const locale = localeFor(country, language);
          const paths = LOCALISED_CATEGORY_PATHS[category][language];
          if (!locale || !paths?.length) continue;
          urls.push({ locale, path: `${languagePrefix(country, language)}${paths[0]}` });
        }
      }
      return { category, current: ctx.locale, urls };
    },

    async initialData(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      const settings = localeSettings(ctx.locale);
      return {
        channel: ctx.channel,
        country: ctx.country,
        locale: ctx.locale,
        defaultLocale: defaultLocaleFor(ctx.country),
        currency: currencyOfCountry(ctx.country),
        lengthUnit: settings.lengthUnit,
        brandName: CHANNELS[ctx.channel].brandName,
        features: CHANNELS[ctx.channel].features,
        catalogueVersion: version,
        productTypes: PRODUCT_TYPES.filter((p) => s.articles.some((a) => a.productType === p)),
        themes: {
          filters: CARD_FILTERS,
          occasions: OCCASIONS.filter((o) => s.themes.some((t) => t.occasion === o)),
          pageSizes: THEME_PAGE_SIZES,
          sorts: THEME_SORTS,
        },
        refinements: REFINEMENTS,
        defaultRefinement: CHANNELS[ctx.channel].features.defaultRefinement,
        accessoryOverlayValue: accessoryOverlayValue(ctx.country),
      };
    },

    async skuContainer(ctx: CatalogueContext, sku: string) {
      const s = await snapshot(ctx.channel);
      const c = s.skuContainers.find((x) => x.sku === sku);
      if (!c) throw notFound(`No SKU container ${sku}`);
      return {
        sku: c.sku,
        attributes: c.attributes,
        articles: c.articles.map((id) => articleView(s, ctx, requireArticle(s, id))),
      };
    },

    async giftVouchers(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      return { articles: ofKind(s, "gift-voucher").map((a) => articleView(s, ctx, a)) };
    },

    /** A voucher or gift voucher code checked for this shop, now, and an order value. */
    async voucher(
      ctx: CatalogueContext,
      code: string,
      orderValueMinor?: number,
      kind?: "voucher" | "gift",
    ) {
      const s = await snapshot(ctx.channel);
      const v = s.vouchers.find((x) => x.code === code.toUpperCase() && (!kind || x.kind === kind));
      if (!v) throw notFound(`No voucher ${code}`);
      const now = Date.now();
      const currency = currencyOfCountry(ctx.country);
      let reason: string | null = null;
      if (!v.countries.includes(ctx.country)) reason = "not-valid-in-country";
      else if (v.validFrom && v.validFrom.getTime() > now) reason = "not-yet-valid";
      else if (v.validUntil && v.validUntil.getTime() < now) reason = "expired";
      else if (
        v.minOrderMinor !== null &&
        orderValueMinor !== undefined &&
        orderValueMinor < v.minOrderMinor
      )
        reason = "minimum-order-value";
      const discount =
        v.valueMinor !== null
          ? v.valueMinor
          : orderValueMinor !== undefined
            ? Math.round((orderValueMinor * (v.percent ?? 0)) / 100)
            : null;
      return {
        code: v.code,
        kind: v.kind,
        valid: reason === null,
        reason,
        percent: v.percent,
        value: v.valueMinor === null ? null : view(ctx, { current: v.valueMinor, original: null }),
        minimumOrderValue:
          v.minOrderMinor === null ? null : view(ctx, { current: v.minOrderMinor, original: null }),
        discount:
          discount === null || reason !== null
            ? null
            : view(ctx, { current: discount, original: null }),
        validUntil: v.validUntil?.toISOString() ?? null,
        currency,
      };
    },

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

    async shipping(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      const methods = s.shipping.filter((x) => x.country === ctx.country);
      if (methods.length === 0) throw notFound(`No shipping to ${ctx.country}`);
      return {
        country: ctx.country,
        methods: methods.map((m) => ({
          method: m.method,
          price: view(ctx, { current: m.priceMinor, original: null }),
          freeFrom:
            m.freeFromMinor === null
              ? null
              : view(ctx, { current: m.freeFromMinor, original: null }),
          daysMin: m.daysMin,
          daysMax: m.daysMax,
        })),
      };
    },

    async expressShop(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      const list = ofKind(s, "express");
      if (list.length === 0) throw notFound("No express articles in this shop");
      return {
        articles: list.map((a) => ({
          ...articleView(s, ctx, a),
          product: articleView(s, ctx, requireArticle(s, a.attributes.forArticle as string)),
        })),
      };
    },

    async collageDesignGroups(ctx: CatalogueContext, names?: string[]) {
      const s = await snapshot(ctx.channel);
      const groups = s.designGroups.filter(
        (g) => g.kind === "collage" && (!names?.length || names.includes(g.name)),
      );
      if (groups.length === 0) throw notFound("No collage design groups");
      return {
        defaultId: CHANNELS[ctx.channel].features.defaultCollageId,
        designGroups: groups.map((g) => collageView(s, ctx, g)),
      };
    },

    async collageDesignGroup(ctx: CatalogueContext, id: number) {
      const s = await snapshot(ctx.channel);
      const g = s.designGroups.find((x) => x.kind === "collage" && x.id === id);
      if (!g) throw notFound(`No collage design group ${id}`);
      return collageView(s, ctx, g);
    },
    /**
     * The product families this shop sells, in catalogue order, each with its lowest price
     * and, for calendars, photo boxes and wall art, the kinds a shopper starts from.
     */
    async productFamilies(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      const families: { family: string; kinds: string[]; choose: (a: ArticleRow) => string }[] = [
        { family: "card", kinds: ["card"], choose: (a) => String(a.formatGroup) },
        {
          family: "calendar",
          kinds: ["calendar"],
          choose: (a) => String(a.attributes.calendarType),
        },
        {
          family: "photobook",
          kinds: ["photobook"],
          choose: (a) => String(a.attributes.photobookType),
        },
        { family: "photobox", kinds: ["photobox"], choose: (a) => String(a.formatGroup) },
        { family: "photoprint", kinds: ["photoprint"], choose: (a) => String(a.formatGroup) },
        { family: "photoframe", kinds: ["wallart"], choose: (a) => String(a.attributes.material) },
        { family: "collage", kinds: ["collage"], choose: (a) => String(a.attributes.material) },
      ];
      return families
        .flatMap(({ family, kinds, choose }) => {
          const articles = ofKind(s, ...kinds);
          if (articles.length === 0) return [];
          const types = groupBy(articles, choose);
          return [
            {
              family,
              from: fromView(s, ctx, articles),
              types: [...types].map(([type, list]) => ({ type, from: fromView(s, ctx, list) })),
              firstArticle: articles[0]!.sortOrder,
            },
          ];
        })
        .sort((a, b) => a.firstArticle - b.firstArticle)
        .map(({ firstArticle: _order, ...family }) => family);
    },

    /**
     * The templates of a photo book design group by page orientation: `id` names a design
     * group set, or one group of a set (then its whole set counts).
     */
    async photobookTemplates(ctx: CatalogueContext, id: number) {
      const s = await snapshot(ctx.channel);
      const books = s.designGroups.filter((g) => g.kind === "photobook");
      const setId = books.find((g) => g.setId === id || g.id === id)?.setId;
      if (setId === undefined) return null;
      const templates: Partial<Record<"landscape" | "portrait" | "square", string>> = {};
      for (const g of books.filter((x) => x.setId === setId)) {
        const key = ORIENTATION_KEYS[g.attributes.orientation as string];
        if (key && templates[key] === undefined) templates[key] = String(g.attributes.templateId);
      }
      return templates;
    },

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
      const size =
        params.width && params.height ? `${params.width}x${params.height}` : params.format;
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
          ],
        },
        photoprint: { kind: "photoprint", picks: [[(a) => [a.format], size]] },
        photoframe: {
          kind: "wallart",
          picks: [
            [attribute("material"), params.materialType],
            [(a) => [a.format], params.formatType],
          ],
        },
        collage: { kind: "collage", picks: [[(a) => [a.format], params.formatType]] },
      };
      const family = families[product];
      if (!family) return null;
      let list = ofKind(s, family.kind);
      for (const [read, value] of family.picks)
        if (value) list = list.filter((a) => read(a).includes(value));
      if (list.length === 0) return null;
      if (list.length > 1) {
        const from = fromView(s, ctx, list, quantity);
        return { article: null, price: from, priceLabel: from?.label ?? null };
      }
      const chosen = list[0]!;
      const article = articleView(s, ctx, chosen, quantity);
      // A framed picture costs the picture and its frame in the same size.
      const frame =
        product === "photoframe" && params.frameType
          ? ofKind(s, "frame").find(
              (a) => a.formatGroup === params.frameType && a.format === chosen.format,
            )
          : undefined;
      const price = configurationPrice(priceCatalogue(s, ctx), ctx.country, {
        product: "wallart",
        article: chosen.article,
        frame: frame?.article ?? null,
        quantity,
      });
      const priced = view(ctx, price.ok ? price.price : null);
      return { article, price: priced, priceLabel: priced?.formatted.current ?? null };
    },
  };

  function collageView(s: Snapshot, ctx: CatalogueContext, g: DesignGroupRow) {
    const formats = (g.attributes.formats as string[]) ?? [];
    const articles = ofKind(s, "collage").filter((a) => formats.includes(a.format!));
    return {
      id: g.id,
      name: g.name,
      images: g.attributes.images,
      ratio: g.attributes.ratio,
      formats: formats.map((f) => ({
        value: f,
        label: formatLabel(f, ctx.locale, { withUnit: true }),
      })),
      from: fromView(s, ctx, articles),
    };
  }

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

  return service;
}

/** How a designer parameter picks articles: the values it may match, and the parameter. */
type Pick = [(a: ArticleRow) => unknown[], string | undefined];

/** The catalogue's page orientations as a design group names them. */
const ORIENTATION_KEYS: Record<string, "landscape" | "portrait" | "square"> = {
  "din-landscape": "landscape",
  "din-portrait": "portrait",
  square: "square",
};

export type CatalogueService = Awaited<ReturnType<typeof createCatalogueService>>;

function frameDetails(frameType: FrameType) {
  const finishes = FRAME_FINISHES[frameType];
  return {
    finishes,
    defaultFinish: finishes[0]!,
    blackVariant: finishes.find((f) => f.includes("black"))!,
    matTypes: MAT_TYPES,
    matSizes: MAT_SIZES,
    matColours: MAT_COLOURS,
    glass: frameType === "fotorahmen" ? [] : GLASS_TYPES,
    back: "normal",
  };
}

function optionGroupsView(material: Material, locale: Locale) {
  const unit = localeSettings(locale).lengthUnit;
  return MATERIAL_OPTION_GROUPS[material].map((group: OptionGroup) => ({
    group,
    default: OPTION_GROUPS[group][0],
    values: OPTION_GROUPS[group].map((value) => ({
      value,
      labelTranslationKey: `catalogue.option.${group}.${value}`,
      ...(group === "canvasStretcherFrame"
        ? { label: stretcherFrameLabel(value as "25" | "38", unit) }
        : {}),
    })),
  }));
}

/** The preview image of an article's format group (a generated SVG per material and format). */
function previewPath(a: ArticleRow): string | null {
  return a.format
    ? `/web-api/catalogue-preview/${encodeURIComponent(a.formatGroup ?? a.kind)}/${a.format}.svg`
    : null;
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** A theme preview: the card's proportions, its palette as background and shapes, its name. */
export function themeSvg(
  t: { format: string; palette: string[]; punching: string },
  name: string,
): string {
  const { width, height } = parseFormat(t.format);
  const w = 240;
  const h = Math.round((w * height) / width);
  const [a = "#ffffff", b = "#cccccc", c = "#ffffff"] = t.palette;
  const corner = t.punching === "round" ? 16 : 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(name)}"><rect width="${w}" height="${h}" rx="${corner}" fill="${a}"/><circle cx="${w * 0.78}" cy="${h * 0.28}" r="${Math.min(w, h) * 0.22}" fill="${b}" opacity=".75"/><rect x="${w * 0.08}" y="${h * 0.62}" width="${w * 0.84}" height="${h * 0.26}" rx="4" fill="${c}" opacity=".85"/><text x="${w / 2}" y="${h * 0.78}" font-family="Georgia,serif" font-size="${Math.max(10, Math.round(w / 18))}" text-anchor="middle" fill="#222">${escapeXml(name)}</text></svg>`;
}

/** A format preview: the format's proportions with its size written inside. */
export function formatSvg(group: string, format: string): string | null {
  const { width, height } = parseFormat(format);
  if (width === 0) return null;
  const scale = 240 / Math.max(width, height);
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect x="1" y="1" width="${w - 2}" height="${h - 2}" fill="#f5f7f8" stroke="#1f4e5f" stroke-width="2"/><text x="${w / 2}" y="${h / 2}" font-family="Arial,sans-serif" font-size="14" text-anchor="middle" fill="#1f4e5f">${escapeXml(group)} ${width / 10}×${height / 10}</text></svg>`;
}

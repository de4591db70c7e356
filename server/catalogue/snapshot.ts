/**
 * The catalogue's snapshot and import: the seed is imported at start when its files
 * changed, each channel's catalogue is read once into a snapshot (dropped by an import),
 * and the helpers every concern's calls share view and price its articles for a context.
 * Prices come from the one rule set of domain/configurationPrice.ts.
 *
 * Errors a caller can fix are thrown as {@link CatalogueError}: `invalid` names the
 * field that is wrong, `not_found` the article or entry that does not exist.
 */
import path from "node:path";
import { CATALOGUE_TAG, tagPage } from "../pageTags";
import { eq } from "drizzle-orm";
import { type ChannelId } from "../../config/channels";
import {
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
  tierPrice,
  type Configuration,
  type PriceCatalogue,
} from "../../domain/configurationPrice";
import { formatLabel } from "../../domain/formats";
import { type Country, type Locale } from "../../domain/locales";
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
import { createCatalogueMemo } from "./memo";

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
export const notFound = (message: string) => new CatalogueError("not_found", message);
export const invalid = (field: string, message: string) =>
  new CatalogueError("invalid", message, field);

export type ArticleRow = typeof catalogueArticles.$inferSelect;
export type ThemeRow = typeof catalogueThemes.$inferSelect;
export type DesignGroupRow = typeof catalogueDesignGroups.$inferSelect;
export type VoucherRow = typeof catalogueVouchers.$inferSelect;
export type ShippingRow = typeof catalogueShipping.$inferSelect;
export type SkuRow = typeof catalogueSkuContainers.$inferSelect;

export interface Snapshot {
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

export interface CatalogueServiceOptions {
  db: Db;
  log: Logger;
  /** The seed catalogue folder (default ./catalogue). */
  dir?: string;
  /** Import the seed at start when its files changed (default true). */
  importOnStart?: boolean;
}

export async function createCatalogueCore(options: CatalogueServiceOptions) {
  const { db, log } = options;
  const dir = path.resolve(options.dir ?? "catalogue");
  const snapshots = new Map<ChannelId, Promise<Snapshot>>();
  // What pages read, worked out from the snapshots: dropped with them.
  const memo = createCatalogueMemo();
  let version: string | null = null;
  const dropSnapshots = () => {
    snapshots.clear();
    memo.clear();
  };

  async function sync(force = false): Promise<CatalogueImportResult> {
    const result = await importCatalogue(db, { dir, log, force });
    if (result.changed) dropSnapshots();
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
    // The page being rendered shows catalogue data: an import drops it (server/pageTags.ts).
    tagPage(CATALOGUE_TAG);
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

  /** Takes up an import another process made (its snapshots are dropped then). */
  async function refresh(): Promise<boolean> {
    const imported = await importedCatalogueHash(db);
    if (imported === version) return false;
    dropSnapshots();
    version = imported;
    return true;
  }

  return {
    dir,
    sync,
    refresh,
    /** The hash of the imported catalogue files (part of cache keys). */
    version: () => version,
    /** Answers prepared from the snapshots, kept until an import (memo.ts). */
    memo: memo.get,
    snapshot,
    tiersOf,
    priceCatalogue,
    minorPrice,
    accessoryMinor,
    configured,
    view,
    articleView,
    fromView,
    requireArticle,
    ofKind,
    groupBy,
  };
}

export type CatalogueCore = Awaited<ReturnType<typeof createCatalogueCore>>;

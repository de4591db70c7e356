/** What every page of a shop asks: articles, site data, vouchers, shipping, SKU containers, families. */
import { CHANNELS } from "../../config/channels";
import {
  CARD_FILTERS,
  OCCASIONS,
  REFINEMENTS,
  THEME_PAGE_SIZES,
  THEME_SORTS,
} from "../../domain/catalogue";
import { PRODUCT_TYPES } from "../../domain/productFamilies";
import {
  accessoryOverlayValue,
  currencyOfCountry,
  fromPriceLabel,
  fromWordFor,
} from "../../domain/cataloguePrices";
import {
  isForShopAndCountry,
  minimumOrderRefusal,
  validityRefusal,
  voucherDiscount,
  voucherRuleOf,
  type VoucherCart,
} from "../../domain/vouchers";
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
import {
  type CatalogueContext,
  type ArticleView,
  type ArticleRow,
  type CatalogueCore,
  type Snapshot,
  notFound,
} from "./snapshot";
import {
  articlesOfProduct,
  isOverviewFamily,
  parsePriceProduct,
  PRICE_FAMILY_GROUPS,
  type PriceFamily,
} from "../../domain/priceProducts";

export function shopCalls(core: CatalogueCore) {
  const { snapshot, view, articleView, fromView, accessoryMinor, requireArticle, ofKind, version } =
    core;
  return {
    async article(ctx: CatalogueContext, article: string, quantity = 1): Promise<ArticleView> {
      const s = await snapshot(ctx.channel);
      return articleView(s, ctx, requireArticle(s, article), quantity);
    },

    /** Every article of the given kinds in this shop, in the catalogue's order. */
    async articlesOf(ctx: CatalogueContext, ...kinds: string[]): Promise<ArticleView[]> {
      const s = await snapshot(ctx.channel);
      return ofKind(s, ...kinds).map((a) => articleView(s, ctx, a));
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
        catalogueVersion: version(),
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
      const currency = currencyOfCountry(ctx.country);
      // Amounts and minimums are money of the shopper's currency, and the rules are the
      // cart's own (domain/vouchers.ts): shop and country, dates, and with an order value its
      // minimum and the discount. The check knows no cart lines and no shopper, so a code
      // for some products counts the whole order value here, and its limits and a first
      // order's rule are checked when the code is applied to a cart.
      const rule = { ...voucherRuleOf(v, currencyOfCountry), products: null };
      const minimum = rule.minOrder?.[currency] ?? null;
      const value = rule.amounts?.[currency] ?? null;
      const cart: VoucherCart = {
        channel: ctx.channel,
        country: ctx.country,
        currency,
        subtotalMinor: orderValueMinor ?? 0,
        shippingMinor: 0,
        now: new Date(),
      };
      const refusal = !isForShopAndCountry(rule, cart)
        ? { reason: "not-valid-in-country" }
        : (validityRefusal(rule, cart.now) ??
          (orderValueMinor === undefined ? null : minimumOrderRefusal(rule, cart)));
      const reason = refusal?.reason ?? null;
      const discount = orderValueMinor === undefined ? value : voucherDiscount(rule, cart);
      return {
        code: v.code,
        kind: v.kind,
        valid: reason === null,
        reason,
        percent: v.percent,
        value: value === null ? null : view(ctx, { current: value, original: null }),
        minimumOrderValue:
          minimum === null ? null : view(ctx, { current: minimum, original: null }),
        discount:
          discount === null || reason !== null
            ? null
            : view(ctx, { current: discount, original: null }),
        validUntil: v.validUntil?.toISOString() ?? null,
        currency,
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
    /**
     * The product families this shop sells, in catalogue order, each with its lowest price
     * and, for calendars, photo boxes and wall art, the kinds a shopper starts from.
     */
    async productFamilies(ctx: CatalogueContext) {
      const s = await snapshot(ctx.channel);
      return familiesOf(s)
        .filter(({ family }) => isOverviewFamily(family))
        .map(({ family, articles, types }) => ({
          family,
          from: fromView(s, ctx, articles),
          types: [...types].map(([type, list]) => ({ type, from: fromView(s, ctx, list) })),
        }));
    },

    /**
     * The from-price of a product content names (domain/priceProducts.ts), from the same
     * groups and the same rule as the product overview, so a teaser, a tile and the
     * overview always agree. A product this shop does not sell is not_found.
     */
    async productFromPrice(ctx: CatalogueContext, reference: string) {
      const product = parsePriceProduct(reference);
      if (!product) throw notFound(`No product ${reference}`);
      const s = await snapshot(ctx.channel);
      // An envelope or inlay has its fixed price per format class where the shop has one.
      const single = product.family === undefined ? s.byArticle.get(product.article) : undefined;
      if (single?.kind === "card-accessory") {
        const price = accessoryMinor(s, ctx, single, 1);
        if (!price) throw notFound(`No price for ${reference} in this shop`);
        return {
          ...view(ctx, price)!,
          label: fromPriceLabel(price, ctx.locale, fromWordFor(ctx.locale)),
        };
      }
      const articles = articlesOfProduct(s.articles, product);
      const from = fromView(s, ctx, articles);
      if (!from) throw notFound(`No price for ${reference} in this shop`);
      return from;
    },
  };
}

/**
 * The families of a shop's catalogue with their articles and the kinds a shopper starts
 * from, in catalogue order (domain/priceProducts.ts groups them).
 */
function familiesOf(s: Snapshot) {
  return (Object.keys(PRICE_FAMILY_GROUPS) as PriceFamily[])
    .flatMap((family) => {
      const articles = articlesOfProduct(s.articles, { family, kind: null });
      if (articles.length === 0) return [];
      const types = new Map<string, ArticleRow[]>();
      const { kindOf } = PRICE_FAMILY_GROUPS[family];
      for (const a of articles) types.set(kindOf(a), [...(types.get(kindOf(a)) ?? []), a]);
      return [{ family, articles, types, firstArticle: articles[0]!.sortOrder }];
    })
    .sort((a, b) => a.firstArticle - b.firstArticle);
}

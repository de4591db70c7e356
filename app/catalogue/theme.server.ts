/**
 * The theme page's work on the server: the published design, its prices by quantity (a
 * card) or its article (a collage design), and the page's structured data and meta.
 */
import type { RouterContextProvider } from "react-router";
import { CHANNELS } from "../../config/channels";
import { localiseHref } from "../../domain/links";
import { isLanguage, localeSettings } from "../../domain/locales";
import { THEME_LABEL_COLORS } from "../../domain/productFamilies";
import { isValidThemeId } from "../../domain/props";
import { hreflangAlternates, samePathEverywhere } from "./alternates.server";
import { breadcrumbJsonLd, productJsonLd } from "../../domain/structuredData";
import { shopContext } from "../context";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import { themePicture } from "../../domain/studio/studioLinks";
import { themeCard, themeCardOptions, themeCardPriceQuery } from "../../domain/themeCard";
import type { CatalogueContext, CatalogueService } from "../../server/catalogue/service";

const isNotFound = (error: unknown) =>
  error instanceof Error && (error as { kind?: string }).kind === "not_found";

/**
 * The card a published theme is sold as (its page's prices and its button's choice), or
 * null for an unknown theme or one that is no card.
 */
export async function themeCardOf(catalogue: CatalogueService, ctx: CatalogueContext, id: string) {
  const theme = await catalogue.theme(ctx, id).catch(() => null);
  const article = theme ? await catalogue.article(ctx, theme.article).catch(() => null) : null;
  return article ? themeCard(article) : null;
}

/** A theme (card design) page: preview, size, prices by quantity and the way to the designer. */
export async function loadThemePage({
  params,
  url,
  context,
  request,
}: {
  params: { id?: string; lang?: string };
  url: URL;
  context: Readonly<RouterContextProvider>;
  request: Request;
}) {
  const id = (params.id ?? "").trim();
  if (!isValidThemeId(id)) notFound(url.pathname);
  if (params.lang !== undefined && !isLanguage(params.lang)) notFound(url.pathname);
  const { platform, locale, channel, country, language } = context.get(localeContext);
  const { catalogue, hosts } = context.get(shopContext).services;
  const ctx = { channel, country, locale };
  // Unknown, and drafts too: only published themes have a page.
  const theme = await catalogue.theme(ctx, id).catch((error: unknown) => {
    if (isNotFound(error)) notFound(url.pathname);
    throw error;
  });
  const t = serverT(locale);
  const isCard = theme.productType !== "collage" && theme.product !== "collage";
  // A card theme is shown as its template drawn with sample photos.
  const picturedAs = { ...theme, product: isCard ? theme.product : "collage" };
  const themeArticle = await catalogue.article(ctx, theme.article);
  // The theme's own card: the page prices it, and its button's link names it to the studio.
  const choice = isCard ? themeCard(themeArticle) : null;
  const card = choice ? await catalogue.cardPrice(ctx, themeCardPriceQuery(choice, 1)) : null;
  const article = isCard ? null : themeArticle;
  const brand = CHANNELS[channel];
  // Absolute URLs in the visitor's shop: its canonical origin (an alias host's page names
  // the canonical host's, as content pages and the sitemap do), language prefix and
  // trailing slash.
  const requestUrl = new URL(request.url);
  const origin = hosts.originFor({ channel, country }, requestUrl) ?? requestUrl.origin;
  const at = { country, language, locale, trailingSlash: brand.features.trailingSlash };
  const absolute = (path: string) => `${origin}${localiseHref(path, at)?.href ?? path}`;
  const pageUrl = absolute(`/themes/${encodeURIComponent(theme.id)}`);
  const unitPrices = card
    ? card.tiers.flatMap((tier) => (tier.unitPrice ? [tier.unitPrice.priceCurrentMinor] : []))
    : [(article?.price ?? theme.price)?.priceCurrentMinor].filter((p) => p !== undefined);
  const structuredData = [
    productJsonLd({
      name: theme.name,
      image: `${origin}${themePicture(picturedAs)}`,
      sku: theme.id,
      brand: brand.brandName,
      url: pageUrl,
      currency: localeSettings(locale).currency,
      pricesMinor: unitPrices,
    }),
    // Card designs are browsed on the card page; other designs have no such page.
    breadcrumbJsonLd([
      { name: t("common.home"), url: absolute("/") },
      ...(isCard
        ? [{ name: t("products.cardsTitle"), url: absolute("/vorkonfigurator-karten") }]
        : []),
      { name: theme.name, url: pageUrl },
    ]),
  ];
  return {
    id: theme.id,
    name: theme.name,
    image: themePicture(picturedAs),
    formatLabel: theme.formatLabel,
    label: theme.label
      ? { text: t(`themes.values.${theme.label}`), ...THEME_LABEL_COLORS[theme.label]! }
      : null,
    price: theme.price
      ? {
          current: theme.price.formatted.current,
          original: theme.price.formatted.original,
          from: card ? card.tiers.length > 1 : false,
        }
      : null,
    tiers: (card?.tiers ?? []).map((tier) => ({
      minQuantity: tier.minQuantity,
      price: tier.unitPrice?.formatted.current ?? "",
    })),
    // The card the button designs (its options go along to the card configurator).
    card: choice ? themeCardOptions(choice) : null,
    // Cards go to the card configurator; a collage design to the collage configurator.
    collageHref: article
      ? `/configurator-collage?${new URLSearchParams({
          materialType: String(article.attributes.material ?? "poster"),
          formatType: String(article.format ?? ""),
        })}`
      : null,
    structuredData,
    title: pageTitle(t("themes.title", { name: theme.name }), brand.brandName),
    description: t("themes.metaDescription", { name: theme.name, brand: brand.brandName }),
    canonical: pageUrl,
    // The same design's page in every locale (the sitemap names the same ones).
    alternates:
      platform === "web"
        ? hreflangAlternates({
            channel,
            paths: samePathEverywhere(`/themes/${encodeURIComponent(theme.id)}`),
            hosts,
            requestUrl,
          })
        : [],
  };
}

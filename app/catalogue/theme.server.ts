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
import { breadcrumbJsonLd, productJsonLd } from "../../domain/structuredData";
import { shopContext } from "../context";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import { themePicture } from "../../domain/studio/studioLinks";

const isNotFound = (error: unknown) =>
  error instanceof Error && (error as { kind?: string }).kind === "not_found";

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
  const { locale, channel, country, language } = context.get(localeContext);
  const { catalogue } = context.get(shopContext).services;
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
  const card = isCard
    ? await catalogue.cardPrice(ctx, { article: theme.article, quantity: 1, refinement: "none" })
    : null;
  const article = isCard ? null : await catalogue.article(ctx, theme.article);
  const brand = CHANNELS[channel];
  // Absolute URLs in the visitor's shop: its origin, language prefix and trailing slash.
  const origin = new URL(request.url).origin;
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
  };
}

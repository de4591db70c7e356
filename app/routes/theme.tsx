import { useLoaderData } from "react-router";
import type { Route } from "./+types/theme";
import { CHANNELS } from "../../config/channels";
import { MAX_CARD_QUANTITY } from "../../domain/designerLinks";
import { localiseHref } from "../../domain/links";
import { isLanguage, localeSettings } from "../../domain/locales";
import { THEME_LABEL_COLORS } from "../../domain/productFamilies";
import { isValidThemeId } from "../../domain/props";
import { breadcrumbJsonLd, productJsonLd } from "../../domain/structuredData";
import { LabelBadge } from "../ui/LabelBadge";
import { PriceTag } from "../ui/PriceTag";
import { shopContext } from "../context";
import { useT } from "../i18n/i18n";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import { JsonLd } from "../ui/JsonLd";
import { LocaleLink, useLocaleHref } from "../ui/LocaleLink";
import "../catalogue/catalogue.css";

const isNotFound = (error: unknown) =>
  error instanceof Error && (error as { kind?: string }).kind === "not_found";

/** A theme (card design) page: preview, size, prices by quantity and the way to the designer. */
export async function loader({ params, url, context, request }: Route.LoaderArgs) {
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
      image: `${origin}${theme.previewImage}`,
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
    image: theme.previewImage,
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

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData.title },
    { name: "description", content: loaderData.description },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
  ];
}

/** The card configurator as a GET form: the quantity chosen here goes along. */
function CardConfigurator({ themeId }: { themeId: string }) {
  const t = useT();
  const target = useLocaleHref(`/configurator-card?themeId=${encodeURIComponent(themeId)}`);
  const sample = useLocaleHref(
    `/configurator-card?themeId=${encodeURIComponent(themeId)}&s=sample`,
  );
  if (!target || target.external || !sample) return null;
  const [action = "", query = ""] = target.href.split("?");
  return (
    <>
      <form className="theme-page__order" method="get" action={action}>
        {[...new URLSearchParams(query)].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="theme-page__quantity">
          <span>{t("themes.quantity")}</span>
          <input
            type="number"
            name="quantity"
            min={1}
            max={MAX_CARD_QUANTITY}
            defaultValue={10}
            inputMode="numeric"
            required
          />
        </label>
        <button type="submit" className="button">
          {t("themes.design")}
        </button>
      </form>
      <p className="theme-page__sample">
        <a href={sample.href}>{t("themes.sample")}</a>
        <span>{t("themes.sampleNote")}</span>
      </p>
    </>
  );
}

export default function Theme() {
  const { id, name, image, formatLabel, label, price, tiers, collageHref, structuredData } =
    useLoaderData<typeof loader>();
  const t = useT();
  return (
    <article className="page-section theme-page">
      {structuredData.map((data) => (
        <JsonLd key={data["@type"]} data={data} />
      ))}
      <div className="theme-page__media">
        <img src={image} alt={name} width={480} height={480} fetchPriority="high" />
        {label ? <LabelBadge label={label} /> : null}
      </div>
      <div className="theme-page__details">
        <h1>{name}</h1>
        <dl className="theme-page__facts">
          <div>
            <dt>{t("themes.formatLabel")}</dt>
            <dd>{formatLabel}</dd>
          </div>
          {price ? (
            <div>
              <dt>{t(tiers.length ? "themes.priceLabel" : "designer.price")}</dt>
              <dd>
                <PriceTag price={price} />
              </dd>
            </div>
          ) : null}
        </dl>
        {tiers.length > 1 ? (
          <section aria-labelledby="theme-tiers">
            <h2 id="theme-tiers" className="theme-page__subtitle">
              {t("themes.tiers")}
            </h2>
            <ul className="theme-page__tiers" role="list">
              {tiers.map((tier) => (
                <li key={tier.minQuantity}>
                  <span>{t("themes.fromQuantity", { count: tier.minQuantity })}</span>
                  <span>{tier.price}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {collageHref ? (
          <LocaleLink className="button" to={collageHref}>
            {t("themes.design")}
          </LocaleLink>
        ) : (
          <CardConfigurator themeId={id} />
        )}
      </div>
    </article>
  );
}

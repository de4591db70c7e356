import { useLoaderData } from "react-router";
import type { Route } from "./+types/products";
import { isLanguage } from "../../domain/locales";
import { useT } from "../i18n/i18n";
import { CHANNELS } from "../../config/channels";
import { serverT } from "../i18n/messages.server";
import { shopContext } from "../context";
import { loadCalendarTypes, loadFamilies, loadThemes } from "../catalogue/browsing.server";
import { ProductTiles } from "../catalogue/ProductTiles";
import { ThemeBrowser } from "../catalogue/ThemeBrowser";
import { hreflangAlternates, samePathEverywhere } from "../catalogue/alternates.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import "../catalogue/catalogue.css";

/** What the alias shows: every product family, the card designs, or the calendar types. */
type View = "products" | "cards" | "calendars";
const VIEWS: Record<string, View> = {
  products: "products",
  "vorkonfigurator-karten": "cards",
  "vorkonfigurator-kalender": "calendars",
};
const TITLES: Record<View, string> = {
  products: "products.title",
  cards: "products.cardsTitle",
  calendars: "products.calendarsTitle",
};
/** The introduction under the heading, also the page's description for search results. */
const INTROS: Record<View, string> = {
  products: "products.intro",
  cards: "products.cardsIntro",
  calendars: "products.calendarsIntro",
};

/**
 * The pre-configurator: the product overview and its aliases (vorkonfigurator-karten:
 * card designs to browse, vorkonfigurator-kalender: the calendar types).
 */
export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) notFound(url.pathname);
  const { platform, locale, channel, rest } = context.get(localeContext);
  const alias = rest.split("/").filter(Boolean).at(-1) ?? "products";
  const view = VIEWS[alias] ?? "products";
  const alternates =
    platform === "web"
      ? hreflangAlternates({
          channel,
          paths: samePathEverywhere(rest),
          hosts: context.get(shopContext).services.hosts,
          requestUrl: new URL(request.url),
        })
      : [];
  const [families, calendarTypes, themes] = await Promise.all([
    loadFamilies(context),
    view === "calendars" ? loadCalendarTypes(context) : null,
    view === "calendars" ? null : loadThemes(context, url.searchParams),
  ]);
  // A shop that sells no cards (or no calendars) has no page to browse them.
  const sells = (family: string) => families.some((f) => f.family === family);
  if ((view === "cards" && !sells("card")) || (view === "calendars" && !sells("calendar")))
    notFound(url.pathname);
  return {
    view,
    platform,
    alternates,
    families: view === "products" ? families : null,
    calendarTypes,
    themes,
    title: pageTitle(serverT(locale)(TITLES[view]), CHANNELS[channel].brandName),
    description: serverT(locale)(INTROS[view]),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData.title },
    { name: "description", content: loaderData.description },
    ...loaderData.alternates.map((link) => ({ tagName: "link" as const, ...link })),
  ];
}

export default function Products() {
  const { view, platform, families, calendarTypes, themes } = useLoaderData<typeof loader>();
  const t = useT();
  const intro = INTROS[view];
  return (
    <div className="page-section catalogue-page">
      <h1 id="catalogue-title">{t(TITLES[view])}</h1>
      <p className="block-intro">{t(intro)}</p>
      {platform === "desktop" ? <p className="notice">{t("products.desktopNote")}</p> : null}
      {families ? (
        <section aria-labelledby="families-title">
          <h2 id="families-title" className="block-title">
            {t("products.families")}
          </h2>
          <ProductTiles
            labelledBy="families-title"
            tiles={families.map((f) => ({
              key: f.family,
              name: t(`designer.products.${f.family}`),
              href: f.href,
              picture: f.picture,
              price: f.price,
              priceProduct: f.family,
            }))}
          />
        </section>
      ) : null}
      {calendarTypes ? (
        <ProductTiles
          labelledBy="catalogue-title"
          tiles={calendarTypes.map((c) => ({
            key: c.type,
            name: t(`products.calendarTypes.${c.type}`),
            href: c.href,
            picture: c.picture,
            price: c.price,
            priceProduct: `calendar:${c.type}`,
          }))}
        />
      ) : null}
      {themes ? <ThemeBrowser list={themes} heading={t("products.themesHeading")} /> : null}
    </div>
  );
}

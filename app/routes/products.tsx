import { useLoaderData } from "react-router";
import type { Route } from "./+types/products";
import { isLanguage } from "../../domain/locales";
import { useT } from "../i18n/i18n";
import { CHANNELS } from "../../config/channels";
import { serverT } from "../i18n/messages.server";
import { shopContext } from "../context";
import { hreflangAlternates, samePathEverywhere } from "../lib/alternates.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";

/** The product overview and its aliases (vorkonfigurator-kalender, vorkonfigurator-karten). */
export function loader({ params, context, url, request }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) notFound(url.pathname);
  const { platform, locale, channel, rest } = context.get(localeContext);
  const alternates =
    platform === "web"
      ? hreflangAlternates({
          channel,
          paths: samePathEverywhere(rest),
          hosts: context.get(shopContext).services.hosts,
          requestUrl: new URL(request.url),
        })
      : [];
  return {
    platform,
    alternates,
    title: pageTitle(serverT(locale)("products.title"), CHANNELS[channel].brandName),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData.title },
    ...loaderData.alternates.map((link) => ({ tagName: "link" as const, ...link })),
  ];
}

export default function Products() {
  const { platform } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="page-section">
      <h1>{t("products.title")}</h1>
      <p>{t("products.intro")}</p>
      {platform === "desktop" ? <p className="notice">{t("products.desktopNote")}</p> : null}
    </section>
  );
}

import { useLoaderData } from "react-router";
import type { Route } from "./+types/products";
import { isLanguage } from "../../domain/locales";
import { useT } from "../i18n/i18n";
import { CHANNELS } from "../../config/channels";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";

/** The product overview and its aliases (vorkonfigurator-kalender, vorkonfigurator-karten). */
export function loader({ params, context, url }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) notFound(url.pathname);
  const { platform, locale, channel } = context.get(localeContext);
  return {
    platform,
    title: pageTitle(serverT(locale)("products.title"), CHANNELS[channel].brandName),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData.title }];
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

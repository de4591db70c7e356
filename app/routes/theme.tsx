import { useLoaderData } from "react-router";
import type { Route } from "./+types/theme";
import { isLanguage } from "../../domain/locales";
import { isValidThemeId } from "../../domain/props";
import { useT } from "../i18n/i18n";
import { CHANNELS } from "../../config/channels";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { localeContext } from "../lib/site";
import { pageTitle } from "../lib/meta";

/** A theme page; an empty id makes the route invalid. */
export function loader({ params, url, context }: Route.LoaderArgs) {
  const id = (params.id ?? "").trim();
  if (!isValidThemeId(id)) notFound(url.pathname);
  if (params.lang !== undefined && !isLanguage(params.lang)) notFound(url.pathname);
  const { locale, channel } = context.get(localeContext);
  return {
    id,
    title: pageTitle(serverT(locale)("themes.title", { id }), CHANNELS[channel].brandName),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData.title }];
}

export default function Theme() {
  const { id } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="page-section">
      <h1>{t("themes.title", { id })}</h1>
      <p>{t("themes.intro")}</p>
    </section>
  );
}

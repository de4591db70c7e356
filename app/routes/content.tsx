import { useLoaderData } from "react-router";
import { useRootData } from "../root";
import type { Route } from "./+types/content";
import { isAppRoute, isSaneSlug } from "../../domain/paths";
import { useT } from "../i18n/i18n";
import { CHANNELS } from "../../config/channels";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";

/** First segments that belong to other routes: never content (e.g. "/themes/" without an id). */
const RESERVED = new Set(["themes", "_icons", "d"]);

/**
 * The catch-all content route behind the slug sanity check. App routes (configurator,
 * account, cart, …) are never content pages.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  const { rest, channel } = context.get(localeContext);
  const first = rest.split("/")[1] ?? "";
  if (!isSaneSlug(rest) || isAppRoute(rest) || RESERVED.has(first)) notFound(url.pathname);
  return {
    slug: rest === "/" ? "home" : rest.replace(/^\/|\/$/g, ""),
    title: pageTitle(undefined, CHANNELS[channel].brandName),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData.title }];
}

export default function ContentPage() {
  const { slug } = useLoaderData<typeof loader>();
  const root = useRootData();
  const t = useT();
  return (
    <section className="page-section" data-slug={slug}>
      <h1>{root?.brand.tagline}</h1>
      <p>{t("content.placeholder")}</p>
    </section>
  );
}

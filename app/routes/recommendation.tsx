import type { Route } from "./+types/recommendation";
import { CHANNELS } from "../../config/channels";
import { RECOMMENDATION_VOUCHER } from "../../domain/recommendation";
import { useT } from "../i18n/i18n";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { useRootData } from "../lib/rootData";
import { localeContext } from "../lib/site";
import { recommendationAction } from "../recommendation/recommendation.server";
import { RecommendationForm } from "../recommendation/RecommendationForm";
import "../account/account.css";
import "../recommendation/recommendation.css";
import { withErrorStoryOn404 } from "../furniture/furniture.server";

/** /recommendation and its word in every language: recommend the shop to a friend. */
function pageLoader({ context, url }: Route.LoaderArgs) {
  const { unknownPrefix, locale, channel } = context.get(localeContext);
  if (unknownPrefix) notFound(url.pathname);
  const t = serverT(locale);
  return { title: pageTitle(t("recommendation.title"), CHANNELS[channel].brandName) };
}

/** Its 404 brings the error story along (the layout reads none for the app's own pages). */
export const loader = withErrorStoryOn404(pageLoader);

export function action({ context, request }: Route.ActionArgs) {
  return recommendationAction({ context, request });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export default function Recommendation() {
  const t = useT();
  const brand = useRootData()?.brand.name ?? "";
  return (
    <section className="page-section account">
      <h1>{t("recommendation.title")}</h1>
      <p>{t("recommendation.intro", { brand, percent: RECOMMENDATION_VOUCHER.percent })}</p>
      <RecommendationForm />
    </section>
  );
}

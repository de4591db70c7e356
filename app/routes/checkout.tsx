import { useLoaderData } from "react-router";
import type { Route } from "./+types/checkout";
import { CHANNELS } from "../../config/channels";
import { CART_PATHS } from "../../domain/cart";
import { isLanguage } from "../../domain/locales";
import { cartLoader } from "../cart/cart.server";
import { useT } from "../i18n/i18n";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { useRootData } from "../lib/rootData";
import { localeContext } from "../lib/site";
import { LocaleLink } from "../ui/LocaleLink";
import "../cart/cart.css";

/** The step after the cart: the order's total and what the checkout will ask for. */
export async function loader(args: Route.LoaderArgs) {
  if (args.params.lang !== undefined && !isLanguage(args.params.lang)) notFound(args.url.pathname);
  const response = await cartLoader(args);
  const { locale, channel } = args.context.get(localeContext);
  return {
    articles: response.data.articles,
    total: response.data.total,
    title: pageTitle(serverT(locale)("cart.checkoutTitle"), CHANNELS[channel].brandName),
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Checkout() {
  const { articles, total } = useLoaderData<typeof loader>();
  const t = useT();
  const root = useRootData();
  return (
    <section className="page-section cart checkout">
      <h1>{t("cart.checkoutTitle")}</h1>
      <p className="cart__hint">{t("cart.checkoutOrder", { count: articles, total })}</p>
      <h2>{t("cart.nextSteps")}</h2>
      <ol className="checkout__steps">
        <li>{t("cart.stepAddress")}</li>
        <li>{t("cart.stepPayment")}</li>
        <li>{t("cart.stepReview")}</li>
      </ol>
      <p>{t("cart.checkoutNote")}</p>
      {root ? (
        <LocaleLink className="button button--ghost" to={CART_PATHS[root.language]}>
          {t("cart.backToCart")}
        </LocaleLink>
      ) : null}
    </section>
  );
}

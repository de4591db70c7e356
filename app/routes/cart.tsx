import type { Route } from "./+types/cart";
import { CHANNELS } from "../../config/channels";
import { cartAction, cartLoader } from "../cart/cart.server";
import { CartPage } from "../cart/CartPage";
import { isLanguage } from "../../domain/locales";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import "../cart/cart.css";
import { withErrorStoryOn404 } from "../furniture/furniture.server";

/** The cart page in every language (/warenkorb, /basket, /panier …). */
async function pageLoader(args: Route.LoaderArgs) {
  if (args.params.lang !== undefined && !isLanguage(args.params.lang)) notFound(args.url.pathname);
  const response = await cartLoader(args);
  const { locale, channel } = args.context.get(localeContext);
  return {
    ...response.data,
    title: pageTitle(serverT(locale)("cart.title"), CHANNELS[channel].brandName),
  };
}

/** Its 404 brings the error story along (the layout reads none for the app's own pages). */
export const loader = withErrorStoryOn404(pageLoader);

export function action(args: Route.ActionArgs) {
  return cartAction(args);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

export default CartPage;

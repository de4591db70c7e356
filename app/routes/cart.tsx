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

/** The cart page in every language (/warenkorb, /basket, /panier …). */
export async function loader(args: Route.LoaderArgs) {
  if (args.params.lang !== undefined && !isLanguage(args.params.lang)) notFound(args.url.pathname);
  const response = await cartLoader(args);
  const { locale, channel } = args.context.get(localeContext);
  return {
    ...response.data,
    title: pageTitle(serverT(locale)("cart.title"), CHANNELS[channel].brandName),
  };
}

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

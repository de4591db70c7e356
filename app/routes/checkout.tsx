import type { Route } from "./+types/checkout";
import { CHANNELS } from "../../config/channels";
import { isLanguage } from "../../domain/locales";
import { CheckoutPage } from "../checkout/CheckoutPage";
import { checkoutAction, checkoutLoader } from "../checkout/checkout.server";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import { withErrorStoryOn404 } from "../furniture/furniture.server";

/** The checkout after the cart (/kasse, /checkout, /commander …): the order form. */
async function pageLoader(args: Route.LoaderArgs) {
  if (args.params.lang !== undefined && !isLanguage(args.params.lang)) notFound(args.url.pathname);
  const response = await checkoutLoader(args);
  const { locale, channel } = args.context.get(localeContext);
  return {
    ...response.data,
    title: pageTitle(serverT(locale)("cart.checkoutTitle"), CHANNELS[channel].brandName),
  };
}

/** Its 404 brings the error story along (the layout reads none for the app's own pages). */
export const loader = withErrorStoryOn404(pageLoader);

export async function action(args: Route.ActionArgs) {
  return checkoutAction(args);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Checkout() {
  return <CheckoutPage />;
}

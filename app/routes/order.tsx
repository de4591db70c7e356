import type { Route } from "./+types/order";
import { CHANNELS } from "../../config/channels";
import { isLanguage } from "../../domain/locales";
import { OrderPage } from "../checkout/OrderPage";
import { orderLoader } from "../checkout/order.server";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/meta";
import { localeContext } from "../lib/site";
import { withErrorStoryOn404 } from "../furniture/furniture.server";

/** An order's page under its token (/bestellung/{token}) and its confirmation (…/danke). */
async function pageLoader(args: Route.LoaderArgs) {
  if (args.params.lang !== undefined && !isLanguage(args.params.lang)) notFound(args.url.pathname);
  const response = await orderLoader(args);
  const { channel } = args.context.get(localeContext);
  return {
    ...response.data,
    pageTitle: pageTitle(response.data.title, CHANNELS[channel].brandName),
  };
}

/** Its 404 brings the error story along (the layout reads none for the app's own pages). */
export const loader = withErrorStoryOn404(pageLoader);

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.pageTitle },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export default function Order() {
  return <OrderPage />;
}

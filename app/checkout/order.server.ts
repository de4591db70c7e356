/**
 * An order's page for whoever holds its token (a guest's mails link here): its state, lines,
 * totals, addresses, the transfer instructions of an invoice payment and its documents. Below
 * it, the confirmation the shopper comes back to from the payment: the same page with a
 * thank-you; a failed payment sends them back to the checkout, their cart untouched.
 */
import { recentTime } from "../../domain/relativeTime";
import { data, redirect, type RouterContextProvider } from "react-router";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS } from "../../config/channels";
import { CHECKOUT_PATHS } from "../../domain/cart";
import {
  COUNTRY_TIME_ZONES,
  maskEmail,
  orderMailProgress,
  type MailProgress,
} from "../../domain/checkout/orderMails";
import { formatPrice } from "../../domain/money";
import { CONFIRMATION_SEGMENTS, ORDER_TOKEN_PATTERN } from "../../domain/orderPaths";
import { localisedShopPath } from "../../domain/paths";
import { shopContext } from "../context";
import { serverT } from "../i18n/messages.server";
import { notFound } from "../lib/http";
import { localeContext } from "../lib/site";
import { ordersOf } from "./checkout.server";

type Context = Readonly<RouterContextProvider>;
const PERSONAL = { "Cache-Control": CACHE_TIERS.never };

export async function orderLoader({
  context: ctx,
  request,
  params,
}: {
  context: Context;
  request: Request;
  params: { token?: string; confirmation?: string };
}) {
  const site = ctx.get(localeContext);
  const { services } = ctx.get(shopContext);
  const url = new URL(request.url);
  const token = params.token ?? "";
  const confirmation = params.confirmation !== undefined;
  if (confirmation && params.confirmation !== CONFIRMATION_SEGMENTS[site.language])
    notFound(url.pathname);
  if (!ORDER_TOKEN_PATTERN.test(token)) notFound(url.pathname);
  const orders = ordersOf(services);
  const order = orders ? await orders.get(token) : null;
  // Another brand's order is not this shop's to show.
  if (!order || order.channel !== site.channel) notFound(url.pathname);
  const checkout = localisedShopPath(CHECKOUT_PATHS[site.language], {
    country: site.country,
    language: site.language,
    trailingSlash: CHANNELS[site.channel].features.trailingSlash,
  });
  if (confirmation && order.payment?.status === "failed" && order.state === "placed") {
    throw redirect(`${checkout}?order=${encodeURIComponent(token)}`, { headers: PERSONAL });
  }
  const t = serverT(site.locale);
  const money = (minor: number) => formatPrice(minor / 100, order.locale);
  const rate = (r: number) =>
    `${new Intl.NumberFormat(site.locale, { maximumFractionDigits: 2 }).format(r)}\u00a0%`;
  const documents = await services.invoices.ofOrder(token);
  const instructions = order.payment?.instructions ?? null;
  const progress = orderMailProgress((await orders?.timeline?.(token)) ?? [], {
    boundAtPlacing: instructions !== null,
  });
  const sentAt = new Intl.DateTimeFormat(site.locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: COUNTRY_TIME_ZONES[order.country],
  });
  // A mail sent within the hour is "5 minutes ago"; an older one has its date and time.
  const now = Date.now();
  const when = (sent: Date | string) =>
    recentTime(new Date(sent), now, site.locale) ?? sentAt.format(new Date(sent));
  const mail = (p: MailProgress) => (p ? { sentAt: p.sent ? when(p.sent) : null } : null);
  return data(
    {
      confirmation,
      title: t("order.title", { number: order.orderNumber }),
      number: order.orderNumber,
      email: order.email,
      state: order.state,
      placedAt: new Intl.DateTimeFormat(site.locale, { dateStyle: "long" }).format(
        new Date(order.placedAt),
      ),
      paymentFailed: order.payment?.status === "failed",
      paymentPending:
        order.state === "placed" && !instructions && order.payment?.status !== "failed",
      checkout: `${checkout}?order=${encodeURIComponent(token)}`,
      lines: order.lines.map((line) => ({
        position: line.position,
        title: line.title,
        quantity: line.quantity,
        total: money(line.totalMinor),
        personalised: line.personalised,
        proof: line.designId
          ? `/web-api/studio/designs/${encodeURIComponent(line.designId)}/proof/1.jpg?width=240`
          : null,
      })),
      subtotal: money(order.totals.subtotalMinor),
      discount: order.totals.discountMinor > 0 ? money(order.totals.discountMinor) : null,
      shipping: money(order.totals.shippingMinor),
      shippingMethod: t(`checkout.shippingMethods.${order.shippingMethod}`),
      total: money(order.totals.totalMinor),
      taxes: order.taxLines.map((tax) => ({ rate: rate(tax.rate), amount: money(tax.vatMinor) })),
      shippingAddress: order.shippingAddress,
      billingAddress: order.billingAddress,
      trackingUrl: order.trackingUrl,
      mails: {
        to: maskEmail(order.email),
        confirmation: mail(progress.confirmation),
        invoice: mail(progress.invoice),
        waiting: progress.waiting,
      },
      // The codes of the gift vouchers it bought, once paid (whoever holds the token sees them,
      // as the buyer hands them on).
      giftVouchers: order.giftVouchers.map((v) => ({
        code: v.code,
        text: t("order.giftVoucher", {
          amount: money(v.amountMinor),
          code: v.code,
          date: v.validUntil
            ? new Intl.DateTimeFormat(site.locale, { dateStyle: "long", timeZone: "UTC" }).format(
                new Date(v.validUntil),
              )
            : "–",
        }),
      })),
      documents: documents.map((d) => ({
        number: d.number,
        kind: d.kind,
        href: `/web-api/orders/${encodeURIComponent(token)}/invoices/${encodeURIComponent(d.number)}`,
      })),
      transfer: instructions
        ? {
            beneficiary: instructions.beneficiary,
            iban: instructions.iban,
            bic: instructions.bic,
            reference: instructions.reference,
            amount: formatPrice(instructions.amountMinor / 100, order.locale),
            qrKind: instructions.qrKind,
            qrSvg: instructions.qrSvg,
          }
        : null,
    },
    { headers: PERSONAL },
  );
}
export type OrderLoaderData = Awaited<ReturnType<typeof orderLoader>>["data"];

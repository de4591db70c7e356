/**
 * The order e-mails, per brand and language, through the shop's one outbox: the order
 * confirmation (every line with its VAT rate and whether it is personalised, the totals,
 * the VAT contained per rate, both addresses, the terms and the withdrawal notice), payment
 * received, the invoice (linked: the outbox keeps no attachments, and the link serves the
 * stored PDF), shipped (with the carrier's tracking link), cancelled and refunded, and the
 * codes of the gift vouchers an order bought.
 *
 * The order service calls these at its state changes; links are absolute, built from the
 * host table for the order's brand and country (never from a request's Host header).
 */
import { CHANNELS } from "../../config/channels";
import type { HostTable } from "../../config/hosts";
import { localeSettings, type Language, type Locale } from "../../domain/locales";
import { formatPrice } from "../../domain/money";
import { confirmationPath, orderPath, TERMS_PATHS } from "../../domain/orderPaths";
import { languagePrefix } from "../../domain/paths";
import type { Mail, Mailer } from "../customers/mail";
import { formatRate } from "./invoicePdf";
import type { BoughtGiftVoucher } from "./giftVouchers";
import type { DocumentAddress, OrderDocument } from "./orderDocument";
import { ORDER_MAIL_TEXTS, type OrderMailKind } from "./orderMailTexts";

/** What a mail needs beyond the order. */
export type OrderMailExtras =
  | { kind: "order-confirmation" }
  | { kind: "payment-received" }
  | { kind: "invoice"; invoiceNumber: string }
  | { kind: "shipped"; trackingUrl: string | null; carrier?: string; trackingNumber?: string }
  | { kind: "cancelled" }
  | { kind: "refunded"; amountMinor: number }
  | { kind: "gift-vouchers"; vouchers: readonly BoughtGiftVoucher[] };

/** Where the shop's pages for an order's brand and country are (origin and language prefix). */
export type SiteRoot = (order: Pick<OrderDocument, "channel" | "locale">) => string;

export interface OrderMails {
  confirmation(order: OrderDocument): Promise<void>;
  paymentReceived(order: OrderDocument): Promise<void>;
  invoice(order: OrderDocument, invoiceNumber: string): Promise<void>;
  /** Handed to the carrier; the tracking link when the carrier gave one. */
  shipped(
    order: OrderDocument,
    shipment: { trackingUrl: string | null; carrier?: string; trackingNumber?: string },
  ): Promise<void>;
  cancelled(order: OrderDocument): Promise<void>;
  refunded(order: OrderDocument, amountMinor: number): Promise<void>;
  /** The codes of the gift vouchers the order bought. */
  giftVouchers(order: OrderDocument, vouchers: readonly BoughtGiftVoucher[]): Promise<void>;
}

/** The absolute link that serves an issued invoice or credit note's stored PDF. */
export function invoiceUrl(root: string, token: string, number: string): string {
  return `${new URL(root).origin}/web-api/orders/${encodeURIComponent(token)}/invoices/${encodeURIComponent(number)}`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function addressText(a: DocumentAddress): string[] {
  return [
    a.company ?? "",
    `${a.firstName} ${a.lastName}`,
    a.street,
    a.addressLine2 ?? "",
    `${a.postalCode} ${a.city}`,
    a.country,
  ].filter((line) => line !== "");
}

/** One block of the mail: a heading (may be empty) and its lines, as text and as HTML. */
interface Block {
  heading?: string;
  lines: string[];
  link?: { label: string; href: string };
}

/** The order's summary: lines, totals, VAT per rate, addresses and payment. */
function summary(order: OrderDocument, language: Language): Block[] {
  const t = ORDER_MAIL_TEXTS[language];
  const money = (minor: number) => formatPrice(minor / 100, order.locale);
  const rate = (r: number) => formatRate(r, order.locale);
  const lines = order.lines.map(
    (line) =>
      `${line.quantity} × ${line.title}${line.personalised ? ` (${t.personalised})` : ""} – ${money(line.totalMinor)}`,
  );
  const totals = [
    `${t.subtotal}: ${money(order.subtotalMinor)}`,
    `${t.shipping} (${order.shippingMethod}): ${money(order.shippingMinor)}`,
    ...(order.discountMinor > 0
      ? [
          `${t.discount}${order.voucherCode ? ` (${order.voucherCode})` : ""}: -${money(order.discountMinor)}`,
        ]
      : []),
    `${t.total}: ${money(order.totalMinor)}`,
    ...order.taxLines.map((tax) => `${t.vatContained(rate(tax.rate))}: ${money(tax.taxMinor)}`),
  ];
  return [
    { heading: `${t.order} ${order.number}`, lines },
    { lines: totals },
    { heading: t.shipTo, lines: addressText(order.shippingAddress) },
    {
      heading: t.billTo,
      lines: order.billingAddress ? addressText(order.billingAddress) : [t.sameAddress],
    },
    { lines: [`${t.payment}: ${order.paymentMethod}`] },
  ];
}

/** The mail of one kind for one order, in the order's language and brand. */
export function orderMail(order: OrderDocument, extras: OrderMailExtras, root: string): Mail {
  const language = localeSettings(order.locale as Locale).language;
  const t = ORDER_MAIL_TEXTS[language];
  const brand = CHANNELS[order.channel].brandName;
  const kind: OrderMailKind = extras.kind;
  const money = (minor: number) => formatPrice(minor / 100, order.locale);
  const orderLink = {
    label: t.viewOrder,
    href: `${root}${orderPath(language, order.token)}`,
  };
  const blocks: Block[] = [{ lines: [t.leads[kind]] }];
  switch (extras.kind) {
    case "order-confirmation":
      blocks.push(...summary(order, language), {
        lines: [],
        link: { label: t.terms, href: `${root}${TERMS_PATHS[language]}` },
      });
      blocks.push({ heading: t.withdrawalTitle, lines: [t.withdrawal, t.withdrawalExclusion] });
      break;
    case "payment-received":
      blocks.push({
        lines: [`${t.order} ${order.number}`, `${t.total}: ${money(order.totalMinor)}`],
      });
      break;
    case "invoice":
      blocks.push({
        lines: [`${t.order} ${order.number}`],
        link: {
          label: `${t.downloadInvoice} ${extras.invoiceNumber}`,
          href: invoiceUrl(root, order.token, extras.invoiceNumber),
        },
      });
      break;
    case "shipped":
      blocks.push({
        lines: [`${t.order} ${order.number}`],
        ...(extras.trackingUrl
          ? {
              link: {
                label: t.tracking(extras.carrier, extras.trackingNumber),
                href: extras.trackingUrl,
              },
            }
          : {}),
      });
      blocks.push({ heading: t.shipTo, lines: addressText(order.shippingAddress) });
      break;
    case "cancelled":
      blocks.push({ lines: [`${t.order} ${order.number}`] });
      break;
    case "refunded":
      blocks.push({
        lines: [`${t.order} ${order.number}`, `${t.refundedAmount}: ${money(extras.amountMinor)}`],
      });
      break;
    case "gift-vouchers": {
      const day = new Intl.DateTimeFormat(order.locale, { dateStyle: "long", timeZone: "UTC" });
      blocks.push({
        lines: [
          `${t.order} ${order.number}`,
          ...extras.vouchers.map((v) =>
            t.giftVoucher(
              money(v.amountMinor),
              v.code,
              v.validUntil ? day.format(new Date(v.validUntil)) : "–",
            ),
          ),
          t.giftVoucherUse,
        ],
      });
      break;
    }
  }
  blocks.push({ lines: [], link: orderLink });
  const hello = t.hello(order.billingAddress?.firstName ?? order.shippingAddress.firstName);
  const text = [
    hello,
    "",
    ...blocks.flatMap((b) => [
      ...(b.heading ? [b.heading] : []),
      ...b.lines,
      ...(b.link ? [`${b.link.label}: ${b.link.href}`] : []),
      "",
    ]),
    `${t.team} ${brand}`,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    ...blocks.map((b) =>
      [
        b.heading ? `<h2 style="font-size:16px">${escapeHtml(b.heading)}</h2>` : "",
        b.lines.length ? `<p>${b.lines.map(escapeHtml).join("<br>")}</p>` : "",
        b.link ? `<p><a href="${escapeHtml(b.link.href)}">${escapeHtml(b.link.label)}</a></p>` : "",
      ].join(""),
    ),
    `<p>${escapeHtml(t.team)} ${escapeHtml(brand)}</p>`,
  ].join("\n");
  return {
    channel: order.channel,
    recipient: order.email,
    subject: `${t.subjects[kind](order.number)} – ${brand}`,
    text,
    html,
    kind,
  };
}

/**
 * The site root of an order's brand and country from the host table; `base` stands for the
 * request (local hosts keep its protocol and port).
 */
export function siteRootFrom(hosts: HostTable, base: URL): SiteRoot {
  return (order) => {
    const { country, language } = localeSettings(order.locale);
    const origin = hosts.originFor({ channel: order.channel, country }, base) ?? base.origin;
    return `${origin}${languagePrefix(country, language)}`;
  };
}

export function createOrderMails({
  mailer,
  siteRoot,
}: {
  mailer: Mailer;
  siteRoot: SiteRoot;
}): OrderMails {
  const send = (order: OrderDocument, extras: OrderMailExtras) =>
    mailer.send(orderMail(order, extras, siteRoot(order)));
  return {
    confirmation: (order) => send(order, { kind: "order-confirmation" }),
    paymentReceived: (order) => send(order, { kind: "payment-received" }),
    invoice: (order, invoiceNumber) => send(order, { kind: "invoice", invoiceNumber }),
    shipped: (order, shipment) => send(order, { kind: "shipped", ...shipment }),
    cancelled: (order) => send(order, { kind: "cancelled" }),
    refunded: (order, amountMinor) => send(order, { kind: "refunded", amountMinor }),
    giftVouchers: (order, vouchers) => send(order, { kind: "gift-vouchers", vouchers }),
  };
}

/** The confirmation page's absolute link (for the payment providers' return address). */
export function confirmationUrl(root: string, order: Pick<OrderDocument, "locale" | "token">) {
  return `${root}${confirmationPath(localeSettings(order.locale).language, order.token)}`;
}

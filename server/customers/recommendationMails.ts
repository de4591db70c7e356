/**
 * The recommendation's two e-mails as text and HTML, in the language of the shop the
 * recommendation was sent from: the friend's invitation with their first-order voucher
 * (answers go to the sender, who wrote it), and the sender's thanks with their voucher.
 */
import { CHANNELS, type ChannelId } from "../../config/channels";
import { localeSettings, type Locale } from "../../domain/locales";
import { RECOMMENDATION_VOUCHER } from "../../domain/recommendation";
import type { Mail } from "./mail";
import { MAIL_TEXTS } from "./mailTexts";
import { RECOMMENDATION_MAIL_TEXTS } from "./recommendationMailTexts";

export interface RecommendationSite {
  channel: ChannelId;
  locale: Locale;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A voucher's last day as the shopper's language writes dates. */
function dateOf(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(date);
}

function textsOf(site: RecommendationSite) {
  const language = localeSettings(site.locale).language;
  return {
    texts: RECOMMENDATION_MAIL_TEXTS[language],
    team: MAIL_TEXTS[language].team,
    brand: CHANNELS[site.channel].brandName,
  };
}

/** The friend's invitation: who recommends the shop, their words if any, the voucher, the shop. */
export function friendMail(options: {
  site: RecommendationSite;
  recipient: string;
  sender: { name: string; email: string };
  message: string;
  voucher: { code: string; validUntil: Date };
  shopUrl: string;
}): Mail {
  const { site, sender, message, voucher, shopUrl } = options;
  const { texts, team, brand } = textsOf(site);
  const offer = texts.friendVoucher(
    RECOMMENDATION_VOUCHER.percent,
    voucher.code,
    dateOf(voucher.validUntil, site.locale),
  );
  const words = message ? [texts.friendMessage(sender.name), message] : [];
  const text = [
    texts.friendHello,
    texts.friendLead(sender.name, brand),
    ...words,
    offer,
    `${texts.friendShop}: ${shopUrl}`,
    `${team} ${brand}`,
    texts.friendWhy(sender.name),
  ];
  const html = [
    `<p>${escapeHtml(texts.friendHello)}</p>`,
    `<p>${escapeHtml(texts.friendLead(sender.name, brand))}</p>`,
    ...(message
      ? [
          `<p>${escapeHtml(texts.friendMessage(sender.name))}</p>`,
          `<blockquote>${escapeHtml(message).replace(/\r?\n/g, "<br>")}</blockquote>`,
        ]
      : []),
    `<p>${escapeHtml(offer)}</p>`,
    `<p><a href="${escapeHtml(shopUrl)}">${escapeHtml(texts.friendShop)}</a></p>`,
    `<p>${escapeHtml(`${team} ${brand}`)}</p>`,
    `<p><small>${escapeHtml(texts.friendWhy(sender.name))}</small></p>`,
  ];
  return {
    channel: site.channel,
    recipient: options.recipient,
    replyTo: sender.email,
    subject: texts.friendSubject(sender.name, brand),
    text: text.join("\n\n"),
    html: html.join("\n"),
    kind: "recommendation",
  };
}

/** The sender's thanks once the friend's first order is paid, with their own voucher. */
export function senderMail(options: {
  site: RecommendationSite;
  recipient: string;
  name: string;
  voucher: { code: string; validUntil: Date };
  shopUrl: string;
}): Mail {
  const { site, name, voucher, shopUrl } = options;
  const { texts, team, brand } = textsOf(site);
  const lines = [
    texts.senderHello(name),
    texts.senderLead,
    texts.senderVoucher(
      RECOMMENDATION_VOUCHER.percent,
      voucher.code,
      dateOf(voucher.validUntil, site.locale),
    ),
  ];
  return {
    channel: site.channel,
    recipient: options.recipient,
    subject: texts.senderSubject(brand),
    text: [...lines, `${texts.senderShop}: ${shopUrl}`, `${team} ${brand}`].join("\n\n"),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(shopUrl)}">${escapeHtml(texts.senderShop)}</a></p>`,
      `<p>${escapeHtml(`${team} ${brand}`)}</p>`,
    ].join("\n"),
    kind: "recommendation-thanks",
  };
}

/** The account e-mails as text and HTML, in the customer's language and brand. */
import { CHANNELS } from "../../config/channels";
import { localeSettings } from "../../domain/locales";
import type { Mail } from "./mail";
import { MAIL_TEXTS, type AccountMail } from "./mailTexts";
import type { ChannelId } from "../../config/channels";
import type { Locale } from "../../domain/locales";

/** Absolute links into the shop for the mails (built from the host table, never the request's Host). */
export interface MailLinks {
  verify(token: string): string;
  /** The reset page: with a token to set a password, without one to ask for a link. */
  reset(token: string | null): string;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function accountMail(
  kind: AccountMail,
  customer: { email: string; firstName: string; channel: string },
  site: { channel: ChannelId; locale: Locale },
  link: string,
): Mail {
  const texts = MAIL_TEXTS[localeSettings(site.locale).language];
  const text = texts[kind];
  const brand = CHANNELS[site.channel].brandName;
  const hello = texts.hello(customer.firstName);
  const plain = [
    hello,
    "",
    text.lead,
    "",
    `${text.action}: ${link}`,
    "",
    text.notYou,
    "",
    `${texts.team} ${brand}`,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(text.lead)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(text.action)}</a></p>`,
    `<p>${escapeHtml(text.notYou)}</p>`,
    `<p>${escapeHtml(texts.team)} ${escapeHtml(brand)}</p>`,
  ].join("\n");
  return {
    channel: site.channel,
    recipient: customer.email,
    subject: `${text.subject} – ${brand}`,
    text: plain,
    html,
    kind,
  };
}

/**
 * The contact form's two e-mails as text and HTML, in the language of the shop the
 * shopper wrote from: the message for customer service (answers go to the shopper) and
 * the shopper's receipt (answers go to customer service). The receipt carries nothing the
 * sender typed: anybody can type someone else's address, and the shop's name must not
 * carry their text into a stranger's inbox.
 */
import { CHANNELS, type ChannelId } from "../../config/channels";
import type { ContactFormInput } from "../../domain/contactForm";
import { localeSettings, type Locale } from "../../domain/locales";
import { CONTACT_MAIL_TEXTS, type ContactMailTexts } from "./contactMailTexts";
import type { Mail } from "./mail";
import { MAIL_TEXTS } from "./mailTexts";

export interface ContactSite {
  channel: ChannelId;
  locale: Locale;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The message's fields, each as a label and its value (the order number only when given). */
function fields(input: ContactFormInput, texts: ContactMailTexts): [string, string][] {
  return [
    [texts.labels.name, input.name],
    [texts.labels.email, input.email],
    [texts.labels.topic, input.topic],
    ...(input.orderNumber
      ? ([[texts.labels.orderNumber, input.orderNumber]] as [string, string][])
      : []),
  ];
}

function plainMessage(input: ContactFormInput, texts: ContactMailTexts): string[] {
  return [
    ...fields(input, texts).map(([label, value]) => `${label}: ${value}`),
    "",
    `${texts.labels.message}:`,
    input.message,
  ];
}

function htmlMessage(input: ContactFormInput, texts: ContactMailTexts): string[] {
  const rows = fields(input, texts)
    .map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return [
    `<table>${rows}</table>`,
    `<p><strong>${escapeHtml(texts.labels.message)}:</strong></p>`,
    `<p>${escapeHtml(input.message).replace(/\r?\n/g, "<br>")}</p>`,
  ];
}

/** The message for customer service: to the brand's service address, answers to the shopper. */
export function contactServiceMail(
  input: ContactFormInput,
  site: ContactSite,
  serviceAddress: string,
): Mail {
  const texts = CONTACT_MAIL_TEXTS[localeSettings(site.locale).language];
  const brand = CHANNELS[site.channel].brandName;
  const lead = texts.serviceLead(brand, site.locale);
  return {
    channel: site.channel,
    recipient: serviceAddress,
    replyTo: input.email,
    subject: `${texts.serviceSubject(input.topic)} – ${input.name}`,
    text: [lead, "", ...plainMessage(input, texts), "", texts.serviceReply].join("\n"),
    html: [
      `<p>${escapeHtml(lead)}</p>`,
      ...htmlMessage(input, texts),
      `<p>${escapeHtml(texts.serviceReply)}</p>`,
    ].join("\n"),
    kind: "contact-form",
  };
}

/** The shopper's receipt: a fixed text in their language, answers go to customer service. */
export function contactReceiptMail(
  recipient: string,
  site: ContactSite,
  serviceAddress: string,
): Mail {
  const language = localeSettings(site.locale).language;
  const texts = CONTACT_MAIL_TEXTS[language];
  const { team } = MAIL_TEXTS[language];
  const brand = CHANNELS[site.channel].brandName;
  const lines = [texts.receiptHello, texts.receiptLead, texts.receiptNotYou, `${team} ${brand}`];
  return {
    channel: site.channel,
    recipient,
    replyTo: serviceAddress,
    subject: texts.receiptSubject(brand),
    text: lines.join("\n\n"),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
    kind: "contact-form-receipt",
  };
}

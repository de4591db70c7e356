/**
 * The contact form: a shopper's message goes to the customer service of the brand and
 * country they wrote from, answers going straight back to them, and the shopper gets a
 * short receipt without the message (the address is typed, not proven: a copy would let
 * anybody send their text to a stranger under the shop's name). Both mails go through the
 * outbox; nothing else about the message is kept.
 *
 * A message is taken only with a valid, unused spam-protection solution, and only so many
 * per network address and per sender address (over both brands) in an hour, so nobody
 * floods the service or fills someone else's inbox with receipts.
 */
import { createHash } from "node:crypto";
import {
  CONTACT_FORM_ACTION,
  readContactForm,
  serviceAddressOf,
  type ContactFormErrors,
} from "../../domain/contactForm";
import { MS_PER_HOUR } from "../../domain/constants";
import type { Db } from "../../db/client";
import { hit, type Window } from "../../db/throttle";
import type { ContentClient } from "../content/client";
import type { Env } from "../env";
import { contactReceiptMail, contactServiceMail, type ContactSite } from "./contactMails";
import type { Mailer } from "./mail";
import type { SpamProtection } from "./spamProtection";

export const CONTACT_MESSAGES_PER_ADDRESS: Window = { ms: MS_PER_HOUR, limit: 10 };
export const CONTACT_MESSAGES_PER_SENDER: Window = { ms: MS_PER_HOUR, limit: 5 };

/** A message as it arrives: the form's fields (unchecked), the spam-protection token, the caller. */
export interface ContactRequest {
  site: ContactSite;
  form: unknown;
  token: string;
  /** The network address it came from, for the throttle. */
  ip: string;
}

export type ContactResult =
  | { ok: true }
  | { ok: false; problem: "invalid"; errors: ContactFormErrors }
  | { ok: false; problem: "spam-protection" }
  | { ok: false; problem: "throttled" };

export interface ContactForm {
  send(request: ContactRequest): Promise<ContactResult>;
}

/**
 * The throttle's keys: the network address, and the sender's address only as a hash (one
 * window for both brands: the receipts go to the same inbox).
 */
export function contactThrottleKeys(ip: string, email: string) {
  const sender = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return { address: `contact:ip:${ip}`, sender: `contact:from:${sender}` };
}

export function createContactForm(options: {
  db: Db;
  env: Env;
  mailer: Mailer;
  spamProtection: SpamProtection;
  /** Where the global configuration is read (its help section names the service address). */
  content?: Pick<ContentClient, "getStory">;
}): ContactForm {
  const { db, env, mailer, spamProtection, content } = options;

  /** The service address of the brand's country site, else the shop's sender address. */
  async function serviceAddress(site: ContactSite): Promise<string> {
    const config = await content
      ?.getStory({
        channel: site.channel,
        locale: site.locale,
        slug: "config",
        version: "published",
      })
      .catch(() => null);
    return serviceAddressOf(config?.content) ?? env.MAIL_FROM;
  }

  return {
    async send(request) {
      const reading = readContactForm(request.form);
      if (!reading.ok) return { ok: false, problem: "invalid", errors: reading.errors };
      if (!(await spamProtection.verify(request.token, CONTACT_FORM_ACTION))) {
        return { ok: false, problem: "spam-protection" };
      }
      const message = reading.data;
      const keys = contactThrottleKeys(request.ip, message.email);
      // Both windows count every message, so a sender cannot spread over addresses.
      const byAddress = await hit(db, keys.address, CONTACT_MESSAGES_PER_ADDRESS);
      const bySender = await hit(db, keys.sender, CONTACT_MESSAGES_PER_SENDER);
      if (!byAddress || !bySender) return { ok: false, problem: "throttled" };
      const to = await serviceAddress(request.site);
      await mailer.send({ ...contactServiceMail(message, request.site, to), toShop: true });
      await mailer.send(contactReceiptMail(message.email, request.site, to));
      return { ok: true };
    },
  };
}

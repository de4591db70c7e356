/**
 * Newsletter subscriptions with double opt-in: a sign-up is pending until the link of its
 * confirmation mail is followed, and expires unconfirmed after a week. Every mail carries
 * an unsubscribe link; an unsubscribed address is forgotten a month later (`expiresAt`
 * then says when). One entry per address and brand, also when two processes take the
 * same sign-up at once (the database's unique index decides). The answer to a sign-up is
 * the same whether the address was known or not.
 *
 * A signed-in customer keeps their own address's subscription in their account: an address
 * the account has confirmed needs no confirmation mail, so it subscribes at once; an address
 * not confirmed yet goes the double opt-in way like everybody else.
 */
import { and, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { MS_PER_DAY, MS_PER_HOUR } from "../../domain/constants";
import { localeSettings, type Locale, type Language } from "../../domain/locales";
import { deleteInBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import { newsletterSubscriptions } from "../../db/schema";
import type { Mailer } from "./mail";
import { newToken, tokenHash } from "./secrets";
import { hit, type Window } from "../../db/throttle";

/** An unconfirmed sign-up is forgotten after a week. */
export const PENDING_MS = 7 * MS_PER_DAY;
/**
 * An unsubscribed address is forgotten a month later: until then its mails' unsubscribe
 * links still answer "unsubscribed" instead of "unknown link".
 */
export const UNSUBSCRIBED_KEPT_MS = 30 * MS_PER_DAY;
export const SIGN_UPS_PER_ADDRESS: Window = { ms: MS_PER_HOUR, limit: 20 };
export const MAILS_PER_RECIPIENT: Window = { ms: MS_PER_HOUR, limit: 3 };

export interface NewsletterLinks {
  confirm(token: string): string;
  unsubscribe(token: string): string;
}

export interface NewsletterSignUp {
  channel: ChannelId;
  locale: Locale;
  email: string;
  source: string;
  ip: string;
  links: NewsletterLinks;
}

/** Where an address stands with a brand's newsletter ("none": never, unsubscribed or expired). */
export type SubscriptionStatus = "confirmed" | "pending" | "none";

export interface Newsletter {
  subscribe(signUp: NewsletterSignUp): Promise<{ throttled: boolean }>;
  /** Where an address stands with a brand's newsletter. */
  statusOf(channel: ChannelId, email: string): Promise<SubscriptionStatus>;
  /**
   * Subscribes an address that is known to belong to the person asking (a signed-in
   * customer's confirmed address): confirmed at once, without a confirmation mail.
   */
  subscribeConfirmed(input: {
    channel: ChannelId;
    locale: Locale;
    email: string;
    source: string;
  }): Promise<void>;
  /** Ends the subscription of an address (confirmed or pending); false when there was none. */
  unsubscribeAddress(channel: ChannelId, email: string): Promise<boolean>;
  /** Forgets an address's entry with a brand altogether (its account was deleted). */
  forget(channel: ChannelId, email: string): Promise<void>;
  /** Confirms a pending subscription; false for an unknown, used or expired link. */
  confirm(token: string): Promise<boolean>;
  /** Ends a subscription; false for an unknown link. */
  unsubscribe(token: string): Promise<boolean>;
  /** Forgets sign-ups never confirmed in time and addresses unsubscribed a month ago; says how many. */
  prune(now?: Date): Promise<{ pending: number; unsubscribed: number }>;
}

const TEXTS: Record<
  Language,
  {
    subject: string;
    hello: string;
    lead: string;
    action: string;
    notYou: string;
    unsubscribe: string;
  }
> = {
  de: {
    subject: "Bitte bestätigen Sie Ihre Newsletter-Anmeldung",
    hello: "Hallo,",
    lead: "schön, dass Sie unseren Newsletter lesen möchten. Bitte bestätigen Sie Ihre Anmeldung; der Link gilt sieben Tage.",
    action: "Anmeldung bestätigen",
    notYou:
      "Sie haben sich nicht angemeldet? Dann ignorieren Sie diese E-Mail; Sie erhalten keinen Newsletter.",
    unsubscribe: "Abmelden",
  },
  en: {
    subject: "Please confirm your newsletter sign-up",
    hello: "Hello,",
    lead: "thank you for signing up for our newsletter. Please confirm it; the link is valid for seven days.",
    action: "Confirm sign-up",
    notYou: "You did not sign up? Then ignore this e-mail; you will not receive the newsletter.",
    unsubscribe: "Unsubscribe",
  },
  fr: {
    subject: "Veuillez confirmer votre inscription à la newsletter",
    hello: "Bonjour,",
    lead: "merci de vous être inscrit à notre newsletter. Veuillez confirmer votre inscription ; le lien est valable sept jours.",
    action: "Confirmer l'inscription",
    notYou:
      "Vous ne vous êtes pas inscrit ? Ignorez cet e-mail ; vous ne recevrez pas la newsletter.",
    unsubscribe: "Se désinscrire",
  },
  it: {
    subject: "Conferma la tua iscrizione alla newsletter",
    hello: "Ciao,",
    lead: "grazie per esserti iscritto alla nostra newsletter. Conferma l'iscrizione; il link è valido sette giorni.",
    action: "Conferma l'iscrizione",
    notYou: "Non ti sei iscritto? Ignora questa e-mail; non riceverai la newsletter.",
    unsubscribe: "Annulla l'iscrizione",
  },
  es: {
    subject: "Confirma tu suscripción al boletín",
    hello: "Hola:",
    lead: "gracias por suscribirte a nuestro boletín. Confirma tu suscripción; el enlace es válido siete días.",
    action: "Confirmar suscripción",
    notYou: "¿No te has suscrito? Ignora este correo; no recibirás el boletín.",
    unsubscribe: "Darse de baja",
  },
  nl: {
    subject: "Bevestig je aanmelding voor de nieuwsbrief",
    hello: "Hallo,",
    lead: "leuk dat je onze nieuwsbrief wilt lezen. Bevestig je aanmelding; de link is zeven dagen geldig.",
    action: "Aanmelding bevestigen",
    notYou: "Heb je je niet aangemeld? Negeer deze e-mail dan; je ontvangt geen nieuwsbrief.",
    unsubscribe: "Afmelden",
  },
};

function normalise(email: string): string {
  return email.trim().toLowerCase();
}

/** Until when an address unsubscribed now is kept. */
function unsubscribedUntil(): Date {
  return new Date(Date.now() + UNSUBSCRIBED_KEPT_MS);
}

/**
 * Removes an address's entry with a brand, also inside a transaction of the caller (the
 * deletion of an account takes its subscription along).
 */
export async function forgetSubscriber(db: Db, channel: string, email: string): Promise<void> {
  await db
    .delete(newsletterSubscriptions)
    .where(
      and(
        eq(newsletterSubscriptions.channel, channel),
        eq(newsletterSubscriptions.email, normalise(email)),
      ),
    );
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function createNewsletter(options: { db: Db; mailer: Mailer }): Newsletter {
  const { db, mailer } = options;

  async function sendConfirmation(
    signUp: NewsletterSignUp,
    confirmToken: string,
    unsubscribeToken: string,
  ) {
    const text = TEXTS[localeSettings(signUp.locale).language];
    const brand = CHANNELS[signUp.channel].brandName;
    const confirm = signUp.links.confirm(confirmToken);
    const unsubscribe = signUp.links.unsubscribe(unsubscribeToken);
    await mailer.send({
      channel: signUp.channel,
      recipient: signUp.email,
      kind: "newsletter-confirm",
      subject: `${text.subject} – ${brand}`,
      text: [
        text.hello,
        "",
        text.lead,
        "",
        `${text.action}: ${confirm}`,
        "",
        text.notYou,
        "",
        `${text.unsubscribe}: ${unsubscribe}`,
      ].join("\n"),
      html: [
        `<p>${escapeHtml(text.hello)}</p>`,
        `<p>${escapeHtml(text.lead)}</p>`,
        `<p><a href="${escapeHtml(confirm)}">${escapeHtml(text.action)}</a></p>`,
        `<p>${escapeHtml(text.notYou)}</p>`,
        `<p><small><a href="${escapeHtml(unsubscribe)}">${escapeHtml(text.unsubscribe)}</a></small></p>`,
      ].join("\n"),
    });
  }

  return {
    async subscribe(signUp) {
      const email = signUp.email.trim().toLowerCase();
      if (!(await hit(db, `newsletter:ip:${signUp.ip}`, SIGN_UPS_PER_ADDRESS)))
        return { throttled: true };
      const [existing] = await db
        .select()
        .from(newsletterSubscriptions)
        .where(
          and(
            eq(newsletterSubscriptions.channel, signUp.channel),
            eq(newsletterSubscriptions.email, email),
          ),
        );
      // A confirmed subscriber gets nothing new: the answer is the same all the same.
      if (existing?.status === "confirmed") return { throttled: false };
      if (!(await hit(db, `newsletter:to:${signUp.channel}:${email}`, MAILS_PER_RECIPIENT))) {
        return { throttled: false };
      }
      const confirmToken = newToken();
      const unsubscribeToken = newToken();
      const pending = {
        locale: signUp.locale,
        status: "pending" as const,
        source: signUp.source,
        confirmTokenHash: tokenHash(confirmToken),
        unsubscribeTokenHash: tokenHash(unsubscribeToken),
        expiresAt: new Date(Date.now() + PENDING_MS),
      };
      const [row] = await db
        .insert(newsletterSubscriptions)
        .values({ channel: signUp.channel, email, ...pending })
        .onConflictDoUpdate({
          target: [newsletterSubscriptions.channel, newsletterSubscriptions.email],
          set: pending,
          // Never turn a confirmed subscription back into a pending one.
          setWhere: sql`${newsletterSubscriptions.status} <> 'confirmed'`,
        })
        .returning({ id: newsletterSubscriptions.id });
      if (row) await sendConfirmation({ ...signUp, email }, confirmToken, unsubscribeToken);
      return { throttled: false };
    },

    async confirm(token) {
      const rows = await db
        .update(newsletterSubscriptions)
        .set({
          status: "confirmed",
          confirmedAt: new Date(),
          confirmTokenHash: null,
          expiresAt: null,
        })
        .where(
          and(
            eq(newsletterSubscriptions.confirmTokenHash, tokenHash(token)),
            eq(newsletterSubscriptions.status, "pending"),
            gt(newsletterSubscriptions.expiresAt, new Date()),
          ),
        )
        .returning({ id: newsletterSubscriptions.id });
      return rows.length > 0;
    },

    async unsubscribe(token) {
      const rows = await db
        .update(newsletterSubscriptions)
        .set({ status: "unsubscribed", confirmTokenHash: null, expiresAt: unsubscribedUntil() })
        .where(eq(newsletterSubscriptions.unsubscribeTokenHash, tokenHash(token)))
        .returning({ id: newsletterSubscriptions.id });
      return rows.length > 0;
    },

    async statusOf(channel, email) {
      const [row] = await db
        .select({
          status: newsletterSubscriptions.status,
          expiresAt: newsletterSubscriptions.expiresAt,
        })
        .from(newsletterSubscriptions)
        .where(
          and(
            eq(newsletterSubscriptions.channel, channel),
            eq(newsletterSubscriptions.email, normalise(email)),
          ),
        );
      if (row?.status === "confirmed") return "confirmed";
      // A pending sign-up whose link has expired is as good as none.
      if (row?.status === "pending" && row.expiresAt && row.expiresAt > new Date())
        return "pending";
      return "none";
    },

    async subscribeConfirmed(input) {
      const now = new Date();
      const confirmed = {
        locale: input.locale,
        status: "confirmed" as const,
        source: input.source,
        confirmTokenHash: null,
        expiresAt: null,
        confirmedAt: now,
      };
      await db
        .insert(newsletterSubscriptions)
        .values({
          channel: input.channel,
          email: normalise(input.email),
          // Every entry has an unsubscribe token; the mails that carry it issue their own.
          unsubscribeTokenHash: tokenHash(newToken()),
          ...confirmed,
        })
        .onConflictDoUpdate({
          target: [newsletterSubscriptions.channel, newsletterSubscriptions.email],
          set: confirmed,
          // A subscription confirmed before keeps its date.
          setWhere: sql`${newsletterSubscriptions.status} <> 'confirmed'`,
        });
    },

    async unsubscribeAddress(channel, email) {
      const rows = await db
        .update(newsletterSubscriptions)
        .set({ status: "unsubscribed", confirmTokenHash: null, expiresAt: unsubscribedUntil() })
        .where(
          and(
            eq(newsletterSubscriptions.channel, channel),
            eq(newsletterSubscriptions.email, normalise(email)),
            ne(newsletterSubscriptions.status, "unsubscribed"),
          ),
        )
        .returning({ id: newsletterSubscriptions.id });
      return rows.length > 0;
    },

    async forget(channel, email) {
      await forgetSubscriber(db, channel, email);
    },

    async prune(now = new Date()) {
      // Addresses unsubscribed before they were given a date get theirs from this run.
      await db
        .update(newsletterSubscriptions)
        .set({ expiresAt: new Date(now.getTime() + UNSUBSCRIBED_KEPT_MS) })
        .where(
          and(
            eq(newsletterSubscriptions.status, "unsubscribed"),
            isNull(newsletterSubscriptions.expiresAt),
          ),
        );
      const expired = (status: "pending" | "unsubscribed") =>
        deleteInBatches(
          db,
          newsletterSubscriptions,
          and(
            eq(newsletterSubscriptions.status, status),
            lt(newsletterSubscriptions.expiresAt, now),
          )!,
        );
      return { pending: await expired("pending"), unsubscribed: await expired("unsubscribed") };
    },
  };
}

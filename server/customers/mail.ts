/**
 * E-mail through an outbox: every mail is first written to the database, then handed to
 * SMTP when SMTP_URL is configured; one the server refused is offered again with growing
 * pauses by the mail retry job (server/retention/mailRetry.ts), then given up. On
 * the embedded default nothing leaves the machine; the mails wait in the outbox, where
 * the development mailbox page shows them.
 *
 * Every mail passes two rules here, whoever wrote it: its header fields lose line breaks
 * and the characters that turn text right to left (a subject cannot be made to read as
 * something else, nor gain a header), and one address gets at most so many mails a day
 * from the shop, whatever the flows' own limits say.
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { createTransport, type Transporter } from "nodemailer";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { deleteInBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { hit, type Window } from "../../db/throttle";
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from "../../domain/constants";
import type { Env } from "../env";
import type { Logger } from "../logger";

export interface Mail {
  channel: ChannelId;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  /** Where an answer goes instead of the shop's sender address (null or absent: the sender). */
  replyTo?: string | null;
  /** The recipient is the shop's own service address: no daily limit per recipient. */
  toShop?: boolean;
}

/** Mails one address gets from the shop in a day, over every flow and brand. */
export const MAILS_PER_RECIPIENT_PER_DAY: Window = { ms: MS_PER_DAY, limit: 20 };

/**
 * Line breaks, other control characters and the bidirectional controls (embeddings,
 * overrides, isolates, the direction marks and the Arabic letter mark).
 */
const UNSAFE_IN_HEADER =
  /[\u0000-\u001f\u007f\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** A header field's value without line breaks, control or direction characters. */
export function cleanHeader(value: string): string {
  return value
    .replace(UNSAFE_IN_HEADER, (c) => (/[\t\r\n\u0085\u2028\u2029]/.test(c) ? " " : ""))
    .trim();
}

/** The per-recipient window's key: the address only as a hash. */
export function recipientKey(recipient: string): string {
  const address = recipient.trim().toLowerCase();
  return `mail:recipient:${createHash("sha256").update(address).digest("base64url")}`;
}

export interface StoredMail extends Mail {
  id: number;
  createdAt: Date;
  sentAt: Date | null;
}

/**
 * When a mail refused n times is due again, counted from its creation (the outbox keeps no
 * time of the last try): a minute, 5, 30 and 120 minutes; after the fifth refusal it is
 * given up. A mail never tried (its process ended while handing it over) is picked up after
 * a quarter of an hour, and only within a day (older links are dead).
 */
export const RETRY_DUE_AFTER_MS = [
  15 * MS_PER_MINUTE,
  MS_PER_MINUTE,
  5 * MS_PER_MINUTE,
  30 * MS_PER_MINUTE,
  2 * MS_PER_HOUR,
] as const;
const NEVER_TRIED_PICKED_UP_WITHIN_MS = MS_PER_DAY;
/** How often a mail is offered to the SMTP server before it is given up. */
export const MAX_SEND_ATTEMPTS = RETRY_DUE_AFTER_MS.length;
/** Mails one retry pass offers at most (the next pass takes the rest). */
const RETRY_BATCH = 100;
/** A sent mail stays a week (to answer "did you get it?"), an unsent one a month (its links are dead by then). */
export const SENT_MAIL_KEPT_MS = 7 * MS_PER_DAY;
export const UNSENT_MAIL_KEPT_MS = 30 * MS_PER_DAY;

export interface Mailer {
  /** Writes the mail to the outbox and, with SMTP, sends it. */
  send(mail: Mail): Promise<void>;
  /**
   * Offers the mails due again (refused before, see RETRY_DUE_AFTER_MS) to SMTP once more;
   * says how many went, were refused again, and were given up for good. One caller at a
   * time (the mail retry job's gate), or a mail may go twice.
   */
  retry(now?: Date): Promise<RetryResult>;
  /** The newest mails, for the development mailbox. */
  latest(limit?: number): Promise<StoredMail[]>;
  /** One mail of the outbox. */
  byId(id: number): Promise<StoredMail | null>;
  /** Deletes mails sent a week ago and mails never sent within a month; says how many. */
  prune(now?: Date): Promise<{ sent: number; unsent: number }>;
}

export interface RetryResult {
  sent: number;
  failed: number;
  givenUp: number;
}

export function createMailer(options: { db: Db; env: Env; log: Logger }): Mailer {
  const { db, env, log } = options;
  const transport: Transporter | null = env.SMTP_URL ? createTransport(env.SMTP_URL) : null;

  /** Hands one mail to SMTP; "failed" with the attempts used up is "given-up". */
  async function deliver(id: number, mail: Mail): Promise<"sent" | "failed" | "given-up"> {
    if (!transport) return "failed";
    try {
      await transport.sendMail({
        from: { name: CHANNELS[mail.channel].brandName, address: env.MAIL_FROM },
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
      return "sent";
    } catch (error) {
      log.error({ err: error, id: "mail-send-failed", mail: id }, "mail not sent");
      const [row] = await db
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: String(error).slice(0, 500),
        })
        .where(eq(mailOutbox.id, id))
        .returning({ attempts: mailOutbox.attempts });
      if ((row?.attempts ?? 0) < MAX_SEND_ATTEMPTS) return "failed";
      log.error(
        { id: "mail-given-up", mail: id, kind: mail.kind, attempts: row?.attempts },
        "mail given up after its last attempt",
      );
      return "given-up";
    }
  }

  return {
    async send(given) {
      const { toShop, ...fields } = given;
      const mail: Mail = {
        ...fields,
        recipient: cleanHeader(fields.recipient),
        subject: cleanHeader(fields.subject),
        replyTo: fields.replyTo ? cleanHeader(fields.replyTo) : fields.replyTo,
      };
      if (!toShop && !(await hit(db, recipientKey(mail.recipient), MAILS_PER_RECIPIENT_PER_DAY))) {
        log.warn({ id: "mail-recipient-limit", kind: mail.kind }, "mail not sent: recipient limit");
        return;
      }
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (row) await deliver(row.id, mail);
    },
    async retry(now = new Date()) {
      const result: RetryResult = { sent: 0, failed: 0, givenUp: 0 };
      if (!transport) return result;
      const ago = (ms: number) => new Date(now.getTime() - ms);
      const due = RETRY_DUE_AFTER_MS.map((ms, attempts) =>
        and(eq(mailOutbox.attempts, attempts), lte(mailOutbox.createdAt, ago(ms))),
      );
      const waiting = await db
        .select()
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            or(...due),
            or(
              gt(mailOutbox.attempts, 0),
              gt(mailOutbox.createdAt, ago(NEVER_TRIED_PICKED_UP_WITHIN_MS)),
            ),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(RETRY_BATCH);
      for (const row of waiting) {
        const outcome = await deliver(row.id, { ...row, channel: row.channel as ChannelId });
        if (outcome === "sent") result.sent += 1;
        else if (outcome === "failed") result.failed += 1;
        else result.givenUp += 1;
      }
      return result;
    },
    async latest(limit = 50) {
      const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
      return rows.map((row) => ({ ...row, channel: row.channel as ChannelId }));
    },
    async byId(id) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row ? { ...row, channel: row.channel as ChannelId } : null;
    },
    async prune(now = new Date()) {
      const before = (ms: number) => new Date(now.getTime() - ms);
      const sent = await deleteInBatches(
        db,
        mailOutbox,
        lt(mailOutbox.sentAt, before(SENT_MAIL_KEPT_MS)),
      );
      const unsent = await deleteInBatches(
        db,
        mailOutbox,
        and(isNull(mailOutbox.sentAt), lt(mailOutbox.createdAt, before(UNSENT_MAIL_KEPT_MS)))!,
      );
      return { sent, unsent };
    },
  };
}

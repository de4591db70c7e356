/**
 * The outbox as the back office's mailbox: every mail the shop wrote, searchable by
 * recipient, readable as it was sent, and sent again (a new mail in the outbox, so the
 * original stays as it was; the resend is in the audit log).
 */
import { and, desc, eq, ilike, inArray, lt } from "drizzle-orm";
import type { ChannelId } from "../../config/channels";
import type { Db } from "../../db/client";
import { jobs, mailOutbox } from "../../db/schema";
import { JOB_KINDS } from "../orders/service";
import type { Mailer, StoredMail } from "../customers/mail";
import type { Actor, OperatorService } from "./operators";

export const MAILBOX_PAGE = 50;

export function createAdminMailbox(options: {
  db: Db;
  mailer: Mailer;
  operators: OperatorService;
}) {
  const { db, mailer, operators } = options;
  const stored = (row: typeof mailOutbox.$inferSelect): StoredMail => ({
    ...row,
    channel: row.channel as ChannelId,
  });
  return {
    /** The newest mails, those to addresses containing `recipient`, older than `before` (an id). */
    /** Whether an order's mail is still waiting to be written: the list asks again until not. */
    async mailsOnTheirWay(): Promise<boolean> {
      const [row] = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, JOB_KINDS.mail), inArray(jobs.state, ["queued", "running"])))
        .limit(1);
      return row !== undefined;
    },

    async search(filter: { recipient?: string; before?: number } = {}): Promise<StoredMail[]> {
      const where = [];
      const q = filter.recipient?.trim();
      if (q) where.push(ilike(mailOutbox.recipient, `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
      if (filter.before) where.push(lt(mailOutbox.id, filter.before));
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(MAILBOX_PAGE);
      return rows.map(stored);
    },

    byId: (id: number) => mailer.byId(id),

    /** Sends a mail of the outbox again to its recipient; false when it is gone. */
    async resend(actor: Actor, id: number): Promise<boolean> {
      const mail = await mailer.byId(id);
      if (!mail) return false;
      await mailer.send({
        channel: mail.channel,
        recipient: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        kind: mail.kind,
        replyTo: mail.replyTo,
      });
      await operators.audit(actor, "mail.resend", `mail:${id}`, { kind: mail.kind });
      return true;
    },

    /** The mails of one address (a customer's page). */
    async to(channel: string, recipient: string): Promise<StoredMail[]> {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.channel, channel), eq(mailOutbox.recipient, recipient)))
        .orderBy(desc(mailOutbox.id));
      return rows.map(stored);
    },
  };
}

export type AdminMailbox = ReturnType<typeof createAdminMailbox>;

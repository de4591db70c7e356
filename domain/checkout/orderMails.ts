/**
 * What an order's page tells its shopper about the mails the order sends: the confirmation
 * and the invoice, each either sent (when, to which address, the address partly hidden as the
 * page can be opened by whoever holds its link) or on its way. Read from the order's timeline,
 * where the jobs write every mail they send.
 */
import type { Country } from "../locales";

/** The zone an order's times are shown in: the shop country's own. */
export const COUNTRY_TIME_ZONES: Readonly<Record<Country, string>> = {
  DE: "Europe/Berlin",
  AT: "Europe/Vienna",
  CH: "Europe/Zurich",
  LI: "Europe/Vaduz",
  LU: "Europe/Luxembourg",
  IT: "Europe/Rome",
  GB: "Europe/London",
  US: "America/New_York",
  ES: "Europe/Madrid",
  FR: "Europe/Paris",
  BE: "Europe/Brussels",
  NL: "Europe/Amsterdam",
};

/** `anna@example.com` → `a***@example.com`: enough to recognise, not to read. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

export interface TimelineEntry {
  kind: string;
  toState: string | null;
  createdAt: Date;
}

/** A mail: sent at a time, on its way (its job is queued), or not due (null). */
export type MailProgress = { sent: Date } | { sent: null } | null;

export interface OrderMailProgress {
  confirmation: MailProgress;
  invoice: MailProgress;
  /** True while a mail that is due has not gone out yet. */
  waiting: boolean;
}

/**
 * The confirmation is due once the order binds the shopper: at once for a payment by bank
 * transfer (its instructions are the confirmation's news), otherwise once the payment arrived.
 * The invoice is due once the order was paid.
 */
export function orderMailProgress(
  timeline: readonly TimelineEntry[],
  { boundAtPlacing }: { boundAtPlacing: boolean },
): OrderMailProgress {
  const sentAt = (kind: string) => timeline.find((e) => e.kind === kind)?.createdAt ?? null;
  const paid = timeline.some((e) => e.toState === "paid");
  const progress = (due: boolean, sent: Date | null): MailProgress =>
    sent ? { sent } : due ? { sent: null } : null;
  const confirmation = progress(boundAtPlacing || paid, sentAt("mail.placed"));
  const invoice = progress(paid, sentAt("mail.invoice"));
  return {
    confirmation,
    invoice,
    waiting: confirmation?.sent === null || invoice?.sent === null,
  };
}

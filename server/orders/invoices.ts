/**
 * Invoices and credit notes. An order gets one invoice when it is paid, each refund one
 * credit note. Numbers run without gaps per brand, kind and year: the counter row is taken
 * and the document written in one transaction, so a failed write gives its number back.
 * The PDF is rendered once and kept byte for byte; a later download is that document,
 * whatever changed in the texts or the seller's details since. Asking again for a document
 * that exists answers it (the order service may call twice after a retry).
 */
import { createHash } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { ChannelId } from "../../config/channels";
import type { Db } from "../../db/client";
import { invoiceCounters, invoices } from "../../db/schema";
import { currencyFor } from "../../domain/money";
import { renderInvoicePdf } from "./invoicePdf";
import type { OrderDocument } from "./orderDocument";

export type InvoiceKind = "invoice" | "credit-note";

export interface StoredInvoice {
  number: string;
  kind: InvoiceKind;
  orderNumber: string;
  orderToken: string;
  currency: string;
  totalMinor: number;
  sha256: string;
  createdAt: Date;
}

export interface InvoiceService {
  /** The order's invoice, issued at the first call. */
  issueInvoice(order: OrderDocument, now?: Date): Promise<StoredInvoice>;
  /** The credit note of one refund (`ref`: the refund's id), issued at the first call. */
  issueCreditNote(
    order: OrderDocument,
    refund: { ref: string; amountMinor: number },
    now?: Date,
  ): Promise<StoredInvoice>;
  /** The order's documents, oldest first. */
  ofOrder(orderToken: string): Promise<StoredInvoice[]>;
  /** One document's PDF as it was issued, or null. */
  pdf(orderToken: string, number: string): Promise<{ number: string; pdf: Buffer } | null>;
}

const BRAND_LETTER: Record<ChannelId, string> = { cards: "C", wallart: "W" };
const KIND_MARK: Record<InvoiceKind, string> = { invoice: "INV", "credit-note": "CN" };

/** "C-INV-2026-000001": brand, kind, year and the year's running number. */
export function invoiceNumber(
  channel: ChannelId,
  kind: InvoiceKind,
  year: number,
  sequence: number,
): string {
  return `${BRAND_LETTER[channel]}-${KIND_MARK[kind]}-${year}-${String(sequence).padStart(6, "0")}`;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === "23505" ||
  (error as { cause?: { code?: string } }).cause?.code === "23505";

function stored(row: typeof invoices.$inferSelect): StoredInvoice {
  return {
    number: row.number,
    kind: row.kind as InvoiceKind,
    orderNumber: row.orderNumber,
    orderToken: row.orderToken,
    currency: row.currency,
    totalMinor: row.totalMinor,
    sha256: row.sha256,
    createdAt: row.createdAt,
  };
}

export function createInvoiceService({ db }: { db: Db }): InvoiceService {
  async function existing(token: string, kind: InvoiceKind, refundRef: string) {
    const [row] = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.orderToken, token),
          eq(invoices.kind, kind),
          eq(invoices.refundRef, refundRef),
        ),
      );
    return row ? stored(row) : null;
  }

  async function issue(
    order: OrderDocument,
    kind: InvoiceKind,
    refund: { ref: string; amountMinor: number } | null,
    now: Date,
  ): Promise<StoredInvoice> {
    const refundRef = refund?.ref ?? "";
    const found = await existing(order.token, kind, refundRef);
    if (found) return found;
    const invoice = kind === "credit-note" ? await issueInvoice(order, now) : null;
    const year = now.getUTCFullYear();
    try {
      return await db.transaction(async (tx) => {
        const [counter] = await tx
          .insert(invoiceCounters)
          .values({ channel: order.channel, kind, year, last: 1 })
          .onConflictDoUpdate({
            target: [invoiceCounters.channel, invoiceCounters.kind, invoiceCounters.year],
            set: { last: sql`${invoiceCounters.last} + 1` },
          })
          .returning({ last: invoiceCounters.last });
        const sequence = counter?.last ?? 1;
        const number = invoiceNumber(order.channel, kind, year, sequence);
        const pdf = await renderInvoicePdf(order, {
          kind,
          number,
          issuedAt: now,
          ...(invoice ? { invoiceNumber: invoice.number } : {}),
          ...(refund ? { refundMinor: refund.amountMinor } : {}),
        });
        const [row] = await tx
          .insert(invoices)
          .values({
            channel: order.channel,
            kind,
            year,
            sequence,
            number,
            orderNumber: order.number,
            orderToken: order.token,
            refundRef,
            currency: currencyFor(order.locale),
            totalMinor: refund ? -refund.amountMinor : order.totalMinor,
            pdf,
            sha256: createHash("sha256").update(pdf).digest("hex"),
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error("invoice not written");
        return stored(row);
      });
    } catch (error) {
      // Another call issued it at the same moment: its transaction won, this one's number
      // went back with the rollback.
      if (isUniqueViolation(error)) {
        const again = await existing(order.token, kind, refundRef);
        if (again) return again;
      }
      throw error;
    }
  }

  async function issueInvoice(order: OrderDocument, now = new Date()) {
    return issue(order, "invoice", null, now);
  }

  return {
    issueInvoice,
    issueCreditNote: (order, refund, now = new Date()) => issue(order, "credit-note", refund, now),
    async ofOrder(orderToken) {
      const rows = await db
        .select()
        .from(invoices)
        .where(eq(invoices.orderToken, orderToken))
        .orderBy(asc(invoices.id));
      return rows.map(stored);
    },
    async pdf(orderToken, number) {
      const [row] = await db
        .select({ number: invoices.number, pdf: invoices.pdf })
        .from(invoices)
        .where(and(eq(invoices.orderToken, orderToken), eq(invoices.number, number)));
      return row ?? null;
    },
  };
}

/**
 * What follows an order's changes, run as durable jobs so a failing mail server or a crash in
 * between loses nothing: the order mails and the invoice (server/orders/mails.ts, ./invoices.ts),
 * credit notes for refunds, and the payments' reconcile run. Every mail and document sent is
 * written into the order's timeline.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderEvents, orders } from "../../db/schema";
import type { HostTable } from "../../config/hosts";
import type { JobQueue } from "../jobs/queue";
import type { PaymentService } from "../payments/service";
import type { InvoiceService } from "./invoices";
import { createOrderMails, siteRootFrom } from "./mails";
import type { Mailer } from "../customers/mail";
import { orderDocumentOf, type OrderViewFields } from "./orderDocument";
import { JOB_KINDS, recordEvent, type OrderMailKind, type OrderService } from "./service";

export function registerOrderEffects({
  db,
  queue,
  orders: orderService,
  payments,
  invoices,
  mailer,
  hosts,
  fallbackOrigin,
}: {
  db: Db;
  queue: JobQueue;
  orders: OrderService;
  payments: PaymentService;
  invoices: InvoiceService;
  mailer: Mailer;
  hosts: HostTable;
  /** The shop's origin when the order kept none (jobs run without a request). */
  fallbackOrigin: string;
}) {
  async function load(orderId: number) {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error(`No order ${orderId}`);
    const view = await orderService.viewOf(row);
    // Addresses were checked against the served countries when the order was placed.
    const doc = orderDocumentOf(view as OrderViewFields);
    const [placed] = await db
      .select({ data: orderEvents.data })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "placed")));
    const origin = typeof placed?.data.origin === "string" ? placed.data.origin : fallbackOrigin;
    const mails = createOrderMails({ mailer, siteRoot: siteRootFrom(hosts, new URL(origin)) });
    return { row, view, doc, mails };
  }

  queue.register(JOB_KINDS.mail, async (payload) => {
    const { row, view, doc, mails } = await load(Number(payload.orderId));
    const kind = payload.mail as OrderMailKind;
    switch (kind) {
      case "placed":
        await mails.confirmation(doc);
        break;
      case "paid":
        await mails.paymentReceived(doc);
        break;
      case "shipped":
        await mails.shipped(doc, { trackingUrl: view.trackingUrl });
        break;
      case "cancelled":
        await mails.cancelled(doc);
        break;
      case "refunded":
        await mails.refunded(doc, Number(payload.amountMinor));
        break;
      case "gift-vouchers":
        await mails.giftVouchers(doc, view.giftVouchers);
        break;
    }
    await recordEvent(db, row.id, `mail.${kind}`, "job", { to: row.email });
  });

  queue.register(JOB_KINDS.invoice, async (payload) => {
    const { row, doc, mails } = await load(Number(payload.orderId));
    // Issued once: an operator's resend mails the stored invoice again.
    const invoice = await invoices.issueInvoice(doc);
    if (!payload.resend)
      await recordEvent(db, row.id, "invoice.issued", "job", { number: invoice.number });
    await mails.invoice(doc, invoice.number);
    await recordEvent(db, row.id, "mail.invoice", "job", { to: row.email, number: invoice.number });
  });

  queue.register(JOB_KINDS.creditNote, async (payload) => {
    const { row, doc } = await load(Number(payload.orderId));
    const note = await invoices.issueCreditNote(doc, {
      ref: String(payload.refundRef),
      amountMinor: Number(payload.amountMinor),
    });
    await recordEvent(db, row.id, "credit_note.issued", "job", { number: note.number });
  });

  queue.register(JOB_KINDS.reconcile, async () => {
    await payments.reconcile();
  });
}

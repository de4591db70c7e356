/**
 * Invoices and credit notes: numbered without gaps per brand, kind and year from their own
 * counter rows, and kept exactly as issued (the PDF's bytes with their SHA-256), so a
 * download years later is the document the customer got. An order has one invoice; each
 * refund has one credit note.
 */
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Binary data: node-postgres reads it as a Buffer, PGlite as a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The last number given per brand, kind ("invoice" | "credit-note") and year. */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    channel: text("channel").notNull(),
    kind: text("kind").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.kind, t.year] })],
);

export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    kind: text("kind").notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** The printed number, e.g. "CR-2026-000001" (invoice) or "CG-2026-000001" (credit note). */
    number: text("number").notNull(),
    orderNumber: text("order_number").notNull(),
    orderToken: text("order_token").notNull(),
    /** The refund a credit note answers ("" for an invoice): one document per refund. */
    refundRef: text("refund_ref").notNull().default(""),
    currency: text("currency").notNull(),
    totalMinor: integer("total_minor").notNull(),
    pdf: bytea("pdf").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_number").on(t.channel, t.number),
    uniqueIndex("invoices_sequence").on(t.channel, t.kind, t.year, t.sequence),
    uniqueIndex("invoices_order_refund").on(t.orderToken, t.kind, t.refundRef),
    index("invoices_order").on(t.orderToken),
  ],
);

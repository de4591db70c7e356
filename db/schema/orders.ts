/**
 * Orders and what happens to them: the order with its lines and tax lines, its payments and
 * the provider events that moved them, a timeline of every change, and the durable jobs that
 * run after payment.
 *
 * - Numbers count per brand and year without gaps from `order_counters` (incremented under
 *   the row's lock in the order's own transaction).
 * - One order per checkout attempt (`idempotency_key` unique) and one live order per cart (a
 *   partial unique index on `cart_id` over the orders not cancelled).
 * - A provider event is stored once per (provider, event id), in the transaction of its effect.
 * - Jobs are claimed with `FOR UPDATE SKIP LOCKED` (ADR 0014).
 */
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  boolean,
} from "drizzle-orm/pg-core";
import type { StoredAddress } from "../../domain/checkout/addresses";
import { customers } from "./customers";

/** The last order number given per brand and year. */
export const orderCounters = pgTable(
  "order_counters",
  {
    channel: text("channel").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.year] })],
);

/** An address as the order keeps it; the type is the domain's (domain/checkout/addresses.ts). */
export type { StoredAddress };

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull(),
    /** The unguessable token of the order's links (guest status page, payment return). */
    token: text("token").notNull(),
    channel: text("channel").notNull(),
    locale: text("locale").notNull(),
    country: text("country").notNull(),
    currency: text("currency").notNull(),
    email: text("email").notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The cart the order was placed from (no foreign key: the cart goes once the order is paid). */
    cartId: integer("cart_id"),
    idempotencyKey: text("idempotency_key"),
    shippingAddress: jsonb("shipping_address").$type<StoredAddress>().notNull(),
    billingAddress: jsonb("billing_address").$type<StoredAddress>(),
    shippingMethod: text("shipping_method").notNull(),
    paymentMethod: text("payment_method").notNull(),
    voucherCode: text("voucher_code"),
    voucherUseId: integer("voucher_use_id"),
    subtotalMinor: integer("subtotal_minor").notNull(),
    discountMinor: integer("discount_minor").notNull(),
    shippingMinor: integer("shipping_minor").notNull(),
    totalMinor: integer("total_minor").notNull(),
    refundedMinor: integer("refunded_minor").notNull().default(0),
    state: text("state").notNull(),
    trackingUrl: text("tracking_url"),
    productionReadyAt: timestamp("production_ready_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_number").on(t.channel, t.number),
    uniqueIndex("orders_token").on(t.token),
    uniqueIndex("orders_idempotency_key").on(t.idempotencyKey),
    uniqueIndex("orders_live_cart")
      .on(t.cartId)
      .where(sql`${t.state} <> 'cancelled'`),
    index("orders_customer").on(t.customerId),
    index("orders_email").on(t.email),
    index("orders_state").on(t.state),
  ],
);

/** The frozen copy of a design as it was ordered (a later edit changes nothing here). */
export interface FrozenDesign {
  id: string;
  version: number;
  document: unknown;
}

export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    product: text("product").notNull(),
    configuration: jsonb("configuration").$type<Record<string, string>>().notNull(),
    /** The line's name as the shopper saw it. */
    title: text("title").notNull(),
    designId: text("design_id"),
    design: jsonb("design").$type<FrozenDesign>(),
    quantity: integer("quantity").notNull(),
    /** Gross price of the whole line (what the cart showed for its quantity) and per piece. */
    lineTotalMinor: integer("line_total_minor").notNull(),
    unitPriceMinor: integer("unit_price_minor").notNull(),
    vatRateBasisPoints: integer("vat_rate_bp").notNull(),
    personalised: boolean("personalised").notNull(),
    /** Where the print file, proof and preflight report are kept, once made. */
    printFile: text("print_file"),
    proofFile: text("proof_file"),
    preflight: jsonb("preflight").$type<Record<string, unknown>>(),
  },
  (t) => [uniqueIndex("order_lines_position").on(t.orderId, t.position)],
);

export const orderTaxLines = pgTable(
  "order_tax_lines",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    rateBasisPoints: integer("rate_bp").notNull(),
    grossMinor: integer("gross_minor").notNull(),
    netMinor: integer("net_minor").notNull(),
    vatMinor: integer("vat_minor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.rateBasisPoints] })],
);

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    /** Public id of the payment (the test provider's page and the return link use it). */
    ref: text("ref").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    /** pending → authorised → captured → (partly_)refunded; failed; cancelled. */
    status: text("status").notNull(),
    currency: text("currency").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    capturedMinor: integer("captured_minor").notNull().default(0),
    refundedMinor: integer("refunded_minor").notNull().default(0),
    idempotencyKey: text("idempotency_key").notNull(),
    redirectUrl: text("redirect_url"),
    instructions: jsonb("instructions").$type<Record<string, unknown>>(),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payments_ref").on(t.ref),
    uniqueIndex("payments_idempotency_key").on(t.idempotencyKey),
    uniqueIndex("payments_provider_ref").on(t.provider, t.providerRef),
    index("payments_order").on(t.orderId),
    index("payments_status").on(t.status),
  ],
);

/** Provider events, each kept once: a repeated delivery finds its row and changes nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_event").on(t.provider, t.eventId)],
);

/** The order's timeline: every change, webhook, mail and operator action. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    fromState: text("from_state"),
    toState: text("to_state"),
    /** Who: "shop", "customer", "provider:test", "job", "operator:12". */
    actor: text("actor").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order").on(t.orderId, t.id)],
);

/** Durable jobs: claimed with FOR UPDATE SKIP LOCKED, retried with back-off, failures kept. */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** One job per key while it exists (e.g. "print:42"): enqueuing twice adds nothing. */
    uniqueKey: text("unique_key"),
    /** queued | running | done | failed (attempts used up). */
    state: text("state").notNull().default("queued"),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lastError: text("last_error"),
    lockedBy: text("locked_by"),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_unique_key").on(t.uniqueKey),
    index("jobs_due").on(t.state, t.runAfter),
  ],
);

/**
 * The test payment provider's own books (it stands in for a payment service, which keeps its
 * payments on its side): kept in the shop's database so an unfinished test payment survives a
 * restart and every shop process sees the same one. Its signing secret is in `app_meta`.
 */
export const testPayments = pgTable("test_payments", {
  providerRef: text("provider_ref").primaryKey(),
  /** The shop's key for the payment: initiating it again answers the same one. */
  idempotencyKey: text("idempotency_key").notNull().unique(),
  /** pending | authorised | captured | partly_refunded | refunded | failed | cancelled. */
  status: text("status").notNull(),
  amountMinor: integer("amount_minor").notNull(),
  capturedMinor: integer("captured_minor").notNull().default(0),
  refundedMinor: integer("refunded_minor").notNull().default(0),
  failureReason: text("failure_reason"),
  /** The shop's payment request (amount, currency, return address …) as it came. */
  request: jsonb("request").$type<Record<string, unknown>>().notNull(),
  /** How many events the provider has sent about it (numbers its event ids). */
  events: integer("events").notNull().default(0),
  /** A payment left pending on the hosted page: when the provider approves it by itself. */
  settleAt: timestamp("settle_at", { withTimezone: true }),
  /** Refunds done, by the shop's idempotency key: `{refundRef, payment}`. */
  refunds: jsonb("refunds").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

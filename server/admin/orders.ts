/**
 * Orders seen from the back office: the list with its filters (state, brand, country,
 * payment method, dates, "needs attention") and search (order number, e-mail, name), and
 * one order with its lines, payments and provider events, timeline and mails. Changes go
 * through the order service (its state table) from the route; this part only reads.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import {
  jobs,
  mailOutbox,
  orderEvents,
  orderLines,
  orders,
  paymentEvents,
  payments,
} from "../../db/schema";
import { ORDER_STATES } from "../../domain/checkout/orderStates";
import { MS_PER_DAY } from "../../domain/constants";
import { giftVouchersOf } from "../orders/giftVouchers";
import { PENDING_TOO_LONG_MS } from "./dashboard";

export const ORDER_PAGE = 50;

/** An empty form field is no filter; anything else must be valid. */
export const blank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

/** The list's filters as the form sends them; each wrong field gets its message. */
export const orderFilterSchema = z.object({
  q: blank(z.string().trim().max(100, { error: "Search with at most 100 characters" })),
  state: blank(z.enum(ORDER_STATES, { error: "Choose a state" })),
  channel: blank(z.enum(["cards", "wallart"], { error: "Choose a brand" })),
  country: blank(
    z
      .string()
      .regex(/^[a-z]{2}$/i, { error: "Use a two-letter country code" })
      .transform((c) => c.toUpperCase()),
  ),
  payment: blank(z.string().regex(/^[a-z_]{1,20}$/, { error: "Choose a payment method" })),
  from: blank(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-11-30" })),
  to: blank(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-11-30" })),
  attention: blank(z.enum(["1"], { error: "Tick or leave it" })),
});
export type OrderFilter = z.output<typeof orderFilterSchema>;

function like(search: string): string {
  return `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

export function createOrderAdmin(options: { db: Db }) {
  const { db } = options;

  /** Orders with a job that failed for good, or a payment pending too long. */
  function needsAttention(now: Date): SQL {
    return or(
      sql`exists (select 1 from ${jobs} where ${jobs.state} = 'failed' and (${jobs.payload} ->> 'orderId')::text = ${orders.id}::text)`,
      sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} = 'pending' and ${payments.createdAt} < ${new Date(now.getTime() - PENDING_TOO_LONG_MS)})`,
      sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and (${orderLines.preflight} ->> 'ok') = 'false')`,
    )!;
  }

  return {
    /** The filter form's rules (the page validates its query with them). */
    schemas: { orderFilterSchema },

    /**
     * The newest orders matching the filter. Only a role that may read customers' data
     * (`byEmail`) searches by e-mail: for anyone else a search that matched the address
     * alone would still tell them whose order it is.
     */
    async list(filter: OrderFilter, options: { byEmail: boolean }, now = new Date()) {
      const where: SQL[] = [];
      if (filter.q) {
        const q = like(filter.q);
        where.push(
          or(
            ilike(orders.number, q),
            options.byEmail ? ilike(orders.email, q) : undefined,
            sql`(${orders.shippingAddress} ->> 'firstName') || ' ' || (${orders.shippingAddress} ->> 'lastName') ilike ${q}`,
          )!,
        );
      }
      if (filter.state) where.push(eq(orders.state, filter.state));
      if (filter.channel) where.push(eq(orders.channel, filter.channel));
      if (filter.country) where.push(eq(orders.country, filter.country));
      if (filter.payment) where.push(eq(orders.paymentMethod, filter.payment));
      if (filter.from) where.push(gte(orders.createdAt, new Date(`${filter.from}T00:00:00Z`)));
      if (filter.to) {
        where.push(
          lt(orders.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + MS_PER_DAY)),
        );
      }
      if (filter.attention) where.push(needsAttention(now));
      return db
        .select({
          id: orders.id,
          number: orders.number,
          channel: orders.channel,
          country: orders.country,
          email: orders.email,
          shippingAddress: orders.shippingAddress,
          state: orders.state,
          paymentMethod: orders.paymentMethod,
          currency: orders.currency,
          totalMinor: orders.totalMinor,
          refundedMinor: orders.refundedMinor,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(orders.id))
        .limit(ORDER_PAGE);
    },

    /** The order of a number (numbers carry the brand's letter, so they are unique). */
    async byNumber(number: string) {
      const [row] = await db.select().from(orders).where(eq(orders.number, number.trim())).limit(1);
      return row ?? null;
    },

    async byId(id: number) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row ?? null;
    },

    /**
     * Whether a job of the order (a print file, a credit note, a mail) is still waiting or
     * running: the order page asks again until it is done.
     */
    async working(orderId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            inArray(jobs.state, ["queued", "running"]),
            sql`${jobs.payload} ->> 'orderId' = ${String(orderId)}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Everything the order page shows beside the order service's view. */
    async extras(order: { id: number; email: string; number: string; channel: string }) {
      const [lines, paymentRows, events, mails, giftVouchers] = await Promise.all([
        db
          .select()
          .from(orderLines)
          .where(eq(orderLines.orderId, order.id))
          .orderBy(asc(orderLines.position)),
        db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
        db
          .select()
          .from(orderEvents)
          .where(eq(orderEvents.orderId, order.id))
          .orderBy(asc(orderEvents.id)),
        db
          .select({
            id: mailOutbox.id,
            subject: mailOutbox.subject,
            kind: mailOutbox.kind,
            createdAt: mailOutbox.createdAt,
          })
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.channel, order.channel),
              eq(mailOutbox.recipient, order.email),
              ilike(mailOutbox.subject, like(order.number)),
            ),
          )
          .orderBy(asc(mailOutbox.id)),
        giftVouchersOf(db, order.id),
      ]);
      const providerEvents = paymentRows.length
        ? await db
            .select()
            .from(paymentEvents)
            .where(
              inArray(
                paymentEvents.paymentId,
                paymentRows.map((p) => p.id),
              ),
            )
            .orderBy(asc(paymentEvents.id))
        : [];
      return { lines, payments: paymentRows, providerEvents, events, mails, giftVouchers };
    },
  };
}

export type OrderAdmin = ReturnType<typeof createOrderAdmin>;

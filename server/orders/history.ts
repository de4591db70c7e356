/**
 * A customer's orders as their account lists them, and "order again". An account finds the
 * orders placed while signed in and those placed as a guest with its e-mail address (the
 * account's address is confirmed, so it is the same person). Ordering again puts a copy of
 * each line into the cart; a line made from a design gets a copy of the design as it was
 * ordered, as a new design of the customer's, so editing it never touches the order's.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { ChannelId } from "../../config/channels";
import type { Db } from "../../db/client";
import { orderLines, orders, studioDesigns } from "../../db/schema";
import { STUDIO_DESIGN_PARAM } from "../../domain/studio/studioLinks";
import type { CartService } from "../cart/service";
import type { CatalogueContext } from "../catalogue/service";

export interface OrderSummary {
  number: string;
  token: string;
  state: string;
  placedAt: Date;
  currency: string;
  totalMinor: number;
  articles: number;
}

/** Most orders an account lists. */
export const ORDER_HISTORY_LIMIT = 100;

export function createOrderHistory({ db, cart }: { db: Db; cart: Pick<CartService, "add"> }) {
  const mine = (customer: { id: number; email: string }, channel: ChannelId) =>
    and(
      eq(orders.channel, channel),
      or(
        eq(orders.customerId, customer.id),
        and(
          sql`${orders.customerId} is null`,
          sql`lower(${orders.email}) = ${customer.email.trim().toLowerCase()}`,
        ),
      ),
    );

  return {
    /** The customer's orders in this brand, newest first. */
    async ofCustomer(
      customer: { id: number; email: string },
      channel: ChannelId,
    ): Promise<OrderSummary[]> {
      const rows = await db
        .select({
          id: orders.id,
          number: orders.number,
          token: orders.token,
          state: orders.state,
          placedAt: orders.createdAt,
          currency: orders.currency,
          totalMinor: orders.totalMinor,
        })
        .from(orders)
        .where(mine(customer, channel))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(ORDER_HISTORY_LIMIT);
      const counts = rows.length
        ? await db
            .select({
              orderId: orderLines.orderId,
              articles: sql<number>`sum(${orderLines.quantity})::int`,
            })
            .from(orderLines)
            .where(
              inArray(
                orderLines.orderId,
                rows.map((r) => r.id),
              ),
            )
            .groupBy(orderLines.orderId)
        : [];
      return rows.map(({ id, ...row }) => ({
        ...row,
        articles: counts.find((c) => c.orderId === id)?.articles ?? 0,
      }));
    },

    /**
     * Puts a copy of each line of one of the customer's orders into their cart; says how many
     * lines went in (a product the shop no longer sells is left out). Null: not their order.
     */
    async orderAgain(
      customer: { id: number; email: string },
      ctx: CatalogueContext,
      token: string,
    ): Promise<{ added: number; skipped: number } | null> {
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.token, token), mine(customer, ctx.channel)));
      if (!order) return null;
      const lines = await db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id))
        .orderBy(orderLines.position);
      let added = 0;
      for (const line of lines) {
        const options = { ...line.configuration };
        if (line.designId && line.design) {
          const [original] = await db
            .select({ configuration: studioDesigns.configuration, themeId: studioDesigns.themeId })
            .from(studioDesigns)
            .where(eq(studioDesigns.id, line.designId));
          const id = randomBytes(18).toString("base64url");
          await db.insert(studioDesigns).values({
            id,
            channel: ctx.channel,
            customerId: customer.id,
            configuration: original?.configuration ?? { product: line.product },
            themeId: original?.themeId ?? null,
            document: line.design.document as Record<string, unknown>,
          });
          options[STUDIO_DESIGN_PARAM] = id;
        }
        const result = await cart.add(
          ctx,
          { customerId: customer.id },
          { product: line.product, options, quantity: line.quantity },
        );
        if (result.ok) added += 1;
      }
      return { added, skipped: lines.length - added };
    },
  };
}

export type OrderHistory = ReturnType<typeof createOrderHistory>;

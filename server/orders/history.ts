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
import type { StoredAddress } from "../../db/schema/orders";
import { cartArticleInput } from "../../domain/cartInput";
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

/** Most addresses the checkout offers from a customer's earlier orders. */
export const ADDRESS_BOOK_LIMIT = 5;

/** Most orders an account lists. */
export const ORDER_HISTORY_LIMIT = 100;

export function createOrderHistory({
  db,
  cart,
}: {
  db: Db;
  cart: Pick<CartService, "add" | "addForDesign">;
}) {
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
     * The customer's address book: the delivery addresses of their orders to this country,
     * newest first, each once. Kept with the orders rather than in a list of its own, so there
     * is nothing to keep in step and an address goes when its orders go.
     */
    async addresses(
      customer: { id: number; email: string },
      channel: ChannelId,
      country: string,
    ): Promise<StoredAddress[]> {
      const rows = await db
        .select({ address: orders.shippingAddress })
        .from(orders)
        .where(and(mine(customer, channel), eq(orders.country, country)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(50);
      const seen = new Set<string>();
      const book: StoredAddress[] = [];
      for (const { address } of rows) {
        const key = JSON.stringify([
          address.firstName,
          address.lastName,
          address.company ?? "",
          address.street,
          address.addressLine2 ?? "",
          address.postalCode,
          address.city,
        ]).toLowerCase();
        if (seen.has(key)) continue;
        seen.add(key);
        book.push(address);
        if (book.length === ADDRESS_BOOK_LIMIT) break;
      }
      return book;
    },

    /**
     * Puts a copy of each line of one of the customer's orders into their cart; says how many
     * lines went in and how many were left out (a product the shop no longer sells as it was).
     * A printed line ordered before orders kept its design goes in as a line that needs its
     * design, to be designed in the studio from the cart. Null: not their order.
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
        // Only what the cart still takes as it is (a product no longer sold is left out).
        const article = cartArticleInput.safeParse({
          product: line.product,
          options: line.configuration,
          quantity: line.quantity,
        });
        if (!article.success) continue;
        const options = { ...article.data.options };
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
        const owner = { customerId: customer.id };
        const input = { ...article.data, options };
        const result = options[STUDIO_DESIGN_PARAM]
          ? await cart.add(ctx, owner, input)
          : await cart.addForDesign(ctx, owner, input);
        if (result.ok) added += 1;
      }
      return { added, skipped: lines.length - added };
    },
  };
}

export type OrderHistory = ReturnType<typeof createOrderHistory>;

/**
 * Customers seen from the back office: search, one person's data (their log-in history
 * among it), the export of everything the shop holds about them (JSON), and erasure.
 * Erasure deletes the account with its sessions, log-in history, tokens, cart, wishlist,
 * pictures, studio designs and photos, the newsletter entry, the recommendations they sent
 * and the mails to the address; voucher uses stay (they count towards limits) without the
 * person. Orders and their invoices are kept as the law asks (bookkeeping), no longer linked
 * to an account and anonymised as domain/customerErasure.ts says; while an order of the
 * person is still open, the erasure waits.
 */
import { and, desc, eq, ilike, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  cartLines,
  carts,
  customerPictures,
  customerLogIns,
  customers,
  customerSessions,
  customerSignUps,
  mailOutbox,
  newsletterSubscriptions,
  orders,
  recommendations,
  studioDesigns,
  studioPhotos,
  voucherUses,
  wishlistItems,
} from "../../db/schema";
import { anonymisedAddress, ERASED_EMAIL, OPEN_ORDER_STATES } from "../../domain/customerErasure";
import type { Actor, OperatorService } from "./operators";

export type CustomerRow = typeof customers.$inferSelect;

/** `text` as a LIKE pattern that matches only itself. */
function literal(text: string): string {
  return text.replace(/[%_\\]/g, (c) => `\\${c}`);
}

function like(search: string): string {
  return `%${literal(search.trim())}%`;
}

/** The person's orders: those of the account, and those placed as a guest with its address. */
function ordersOf(customer: CustomerRow) {
  return or(
    eq(orders.customerId, customer.id),
    and(eq(orders.channel, customer.channel), ilike(orders.email, literal(customer.email.trim()))),
  );
}

/** The recommendations a customer sent from their own address in their shop. */
function senderOf(customer: CustomerRow) {
  return and(
    eq(recommendations.channel, customer.channel),
    ilike(recommendations.senderEmail, literal(customer.email.trim())),
  );
}

export function createCustomerAdmin(options: { db: Db; operators: OperatorService }) {
  const { db, operators } = options;

  async function byId(id: number): Promise<CustomerRow | null> {
    const [row] = await db.select().from(customers).where(eq(customers.id, id));
    return row ?? null;
  }

  /** Everything about one person the back office shows (no password hash). */
  async function details(id: number) {
    const customer = await byId(id);
    if (!customer) return null;
    const { passwordHash: _hash, ...account } = customer;
    const [
      sessions,
      logIns,
      newsletter,
      pictures,
      vouchers,
      mails,
      orderRows,
      wishlist,
      recommended,
      designs,
      photos,
    ] = await Promise.all([
      db
        .select({
          createdAt: customerSessions.createdAt,
          lastSeenAt: customerSessions.lastSeenAt,
          expiresAt: customerSessions.expiresAt,
        })
        .from(customerSessions)
        .where(eq(customerSessions.customerId, id))
        .orderBy(desc(customerSessions.createdAt)),
      db
        .select({
          at: customerLogIns.createdAt,
          method: customerLogIns.method,
          network: customerLogIns.network,
          browser: customerLogIns.browser,
        })
        .from(customerLogIns)
        .where(eq(customerLogIns.customerId, id))
        .orderBy(desc(customerLogIns.createdAt), desc(customerLogIns.id)),
      db
        .select({
          status: newsletterSubscriptions.status,
          locale: newsletterSubscriptions.locale,
          source: newsletterSubscriptions.source,
          createdAt: newsletterSubscriptions.createdAt,
          confirmedAt: newsletterSubscriptions.confirmedAt,
        })
        .from(newsletterSubscriptions)
        .where(
          and(
            eq(newsletterSubscriptions.channel, customer.channel),
            eq(newsletterSubscriptions.email, customer.email),
          ),
        ),
      db
        .select({
          id: customerPictures.id,
          name: customerPictures.name,
          caption: customerPictures.caption,
          status: customerPictures.status,
          createdAt: customerPictures.createdAt,
        })
        .from(customerPictures)
        .where(eq(customerPictures.customerId, id)),
      db
        .select({
          code: voucherUses.code,
          state: voucherUses.state,
          discountMinor: voucherUses.discountMinor,
          currency: voucherUses.currency,
          orderRef: voucherUses.orderRef,
          createdAt: voucherUses.createdAt,
        })
        .from(voucherUses)
        .where(eq(voucherUses.customerId, id)),
      db
        .select({
          id: mailOutbox.id,
          subject: mailOutbox.subject,
          kind: mailOutbox.kind,
          createdAt: mailOutbox.createdAt,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.channel, customer.channel), eq(mailOutbox.recipient, customer.email)),
        )
        .orderBy(desc(mailOutbox.id)),
      db
        .select({
          id: orders.id,
          number: orders.number,
          state: orders.state,
          currency: orders.currency,
          totalMinor: orders.totalMinor,
          refundedMinor: orders.refundedMinor,
          shippingAddress: orders.shippingAddress,
          billingAddress: orders.billingAddress,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(ordersOf(customer))
        .orderBy(desc(orders.id)),
      db
        .select({ themeId: wishlistItems.themeId, createdAt: wishlistItems.createdAt })
        .from(wishlistItems)
        .where(eq(wishlistItems.customerId, id)),
      // Recommendations name their sender by address (the friend only as a hash).
      db
        .select({
          senderName: recommendations.senderName,
          senderEmail: recommendations.senderEmail,
          locale: recommendations.locale,
          senderCode: recommendations.senderCode,
          createdAt: recommendations.createdAt,
          rewardedAt: recommendations.rewardedAt,
        })
        .from(recommendations)
        .where(senderOf(customer)),
      db
        .select({
          id: studioDesigns.id,
          configuration: studioDesigns.configuration,
          themeId: studioDesigns.themeId,
          document: studioDesigns.document,
          version: studioDesigns.version,
          createdAt: studioDesigns.createdAt,
          updatedAt: studioDesigns.updatedAt,
        })
        .from(studioDesigns)
        .where(eq(studioDesigns.customerId, id)),
      db
        .select({
          id: studioPhotos.id,
          width: studioPhotos.width,
          height: studioPhotos.height,
          capturedAt: studioPhotos.capturedAt,
          createdAt: studioPhotos.createdAt,
        })
        .from(studioPhotos)
        .where(eq(studioPhotos.customerId, id)),
    ]);
    const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.customerId, id));
    const cartItems = cart
      ? await db
          .select({
            product: cartLines.product,
            quantity: cartLines.quantity,
            createdAt: cartLines.createdAt,
          })
          .from(cartLines)
          .where(eq(cartLines.cartId, cart.id))
      : [];
    return {
      account,
      newsletter: newsletter[0] ?? null,
      sessions,
      logIns,
      cart: cartItems,
      orders: orderRows,
      pictures,
      vouchers,
      mails,
      wishlist,
      recommendations: recommended,
      studio: { designs, photos },
    };
  }

  return {
    /** Customers whose address, name or number contains the search (newest first). */
    async search(search: string, limit = 50): Promise<CustomerRow[]> {
      const q = search.trim();
      const where = q
        ? or(
            ilike(customers.email, like(q)),
            ilike(customers.firstName, like(q)),
            ilike(customers.lastName, like(q)),
            ilike(customers.number, like(q)),
          )
        : undefined;
      return db.select().from(customers).where(where).orderBy(desc(customers.id)).limit(limit);
    },

    byId,
    details,

    /** The export of a person's data, written to the audit log. */
    async exportData(actor: Actor, id: number) {
      const data = await details(id);
      if (!data) return null;
      await operators.audit(actor, "customer.export", `customer:${id}`, {
        number: data.account.number,
      });
      return { exportedAt: new Date().toISOString(), ...data };
    },

    /**
     * Erases the account and the personal data around it, and anonymises the person's
     * orders (the invoices stay as issued). Refused while an order is still open (it needs
     * the address to be made and shipped). The audit log keeps only the customer number and
     * how many orders were anonymised (no address, no name).
     */
    async erase(
      actor: Actor,
      id: number,
    ): Promise<
      { ok: true } | { ok: false; reason: "unknown" } | { ok: false; openOrders: string[] }
    > {
      const customer = await byId(id);
      if (!customer) return { ok: false, reason: "unknown" };
      const open = await db
        .select({ number: orders.number })
        .from(orders)
        .where(and(ordersOf(customer), inArray(orders.state, [...OPEN_ORDER_STATES])));
      if (open.length) return { ok: false, openOrders: open.map((o) => o.number) };
      const anonymised = await db.transaction(async (tx) => {
        const kept = await tx
          .select({
            id: orders.id,
            shippingAddress: orders.shippingAddress,
            billingAddress: orders.billingAddress,
          })
          .from(orders)
          .where(ordersOf(customer));
        for (const order of kept) {
          await tx
            .update(orders)
            .set({
              email: ERASED_EMAIL,
              customerId: null,
              shippingAddress: anonymisedAddress(order.shippingAddress),
              billingAddress: order.billingAddress && anonymisedAddress(order.billingAddress),
              updatedAt: new Date(),
            })
            .where(eq(orders.id, order.id));
        }
        await tx
          .delete(newsletterSubscriptions)
          .where(
            and(
              eq(newsletterSubscriptions.channel, customer.channel),
              eq(newsletterSubscriptions.email, customer.email),
            ),
          );
        await tx
          .delete(customerSignUps)
          .where(
            and(
              eq(customerSignUps.channel, customer.channel),
              eq(customerSignUps.email, customer.email),
            ),
          );
        await tx
          .delete(mailOutbox)
          .where(
            and(eq(mailOutbox.channel, customer.channel), eq(mailOutbox.recipient, customer.email)),
          );
        await tx.delete(recommendations).where(senderOf(customer));
        // Sessions, the log-in history, tokens, the cart, the wishlist, the pictures and the
        // studio's designs and photos go with the account (cascade; the photo files follow
        // with the studio's next sweep of files without a row); voucher uses keep counting
        // without the person (set null).
        await tx.delete(customers).where(eq(customers.id, id));
        return kept.length;
      });
      await operators.audit(actor, "customer.erase", `customer:${id}`, {
        number: customer.number,
        ordersAnonymised: anonymised,
      });
      return { ok: true };
    },
  };
}

export type CustomerAdmin = ReturnType<typeof createCustomerAdmin>;

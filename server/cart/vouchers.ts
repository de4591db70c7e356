/**
 * Vouchers of a cart: the rules of domain/vouchers.ts applied with the ledger's counts, and
 * the ledger itself. A use is reserved when a checkout starts, redeemed with the order and
 * released when the checkout is abandoned; reserved and redeemed uses count against limits.
 */
import { and, eq, inArray, isNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { catalogueVouchers, orders, voucherUses } from "../../db/schema";
import { currencyOfCountry } from "../../domain/cataloguePrices";
import {
  checkVoucher,
  voucherRuleOf,
  type VoucherCart,
  type VoucherRule,
  type VoucherVerdict,
} from "../../domain/vouchers";

const COUNTING = ["reserved", "redeemed"] as const;

/** A checkout not finished within this time is abandoned: its reservation is released. */
export const RESERVATION_KEPT_MS = 60 * 60 * 1000;

/** Who uses the voucher: the cart (its own reservation does not count against it) and customer. */
export interface VoucherUser {
  cartId: number | null;
  customerId: number | null;
  /** The address the order goes to, once the checkout knows it (a first-order voucher asks). */
  email?: string;
}

export type Reserved = { ok: true; use: number; discountMinor: number } | VoucherVerdict;

export function createVoucherLedger(db: Db) {
  type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

  async function ruleOf(q: Db | Tx, channel: string, code: string, lock = false) {
    const query = q
      .select()
      .from(catalogueVouchers)
      .where(
        and(eq(catalogueVouchers.channel, channel), eq(catalogueVouchers.code, code.toUpperCase())),
      );
    const [row] = lock ? await query.for("update") : await query;
    return row ? voucherRuleOf(row, currencyOfCountry) : null;
  }

  async function usage(q: Db | Tx, rule: VoucherRule, user: VoucherUser) {
    const counting = and(
      eq(voucherUses.channel, rule.channel),
      eq(voucherUses.code, rule.code),
      inArray(voucherUses.state, [...COUNTING]),
      // The cart's own open reservation is the use being checked, not another one.
      user.cartId === null
        ? undefined
        : or(
            isNull(voucherUses.cartId),
            ne(voucherUses.cartId, user.cartId),
            ne(voucherUses.state, "reserved"),
          ),
    );
    const [row] = await q
      .select({
        total: sql<number>`count(*)::int`,
        byCustomer:
          user.customerId === null
            ? sql<number>`0`
            : sql<number>`(count(*) filter (where ${voucherUses.customerId} = ${user.customerId}))::int`,
      })
      .from(voucherUses)
      .where(counting);
    return {
      total: Number(row?.total ?? 0),
      byCustomer: Number(row?.byCustomer ?? 0),
      ...(rule.firstOrderOnly ? { ordersBefore: await ordersBefore(q, rule.channel, user) } : {}),
    };
  }

  /**
   * The shopper's earlier orders in the shop, by account or by address: every order that was
   * paid at some time (placed-but-unpaid and cancelled ones were never bought).
   */
  async function ordersBefore(q: Db | Tx, channel: string, user: VoucherUser) {
    const email = user.email?.trim().toLowerCase();
    const who = [
      user.customerId === null ? undefined : eq(orders.customerId, user.customerId),
      email ? sql`lower(${orders.email}) = ${email}` : undefined,
    ].filter((c) => c !== undefined);
    if (who.length === 0) return 0;
    const [row] = await q
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.channel, channel),
          notInArray(orders.state, ["placed", "cancelled"]),
          or(...who),
        ),
      );
    return Number(row?.count ?? 0);
  }

  async function move(
    use: number,
    from: "reserved",
    to: "redeemed" | "released",
    orderRef?: string,
  ) {
    const moved = await db
      .update(voucherUses)
      .set({ state: to, updatedAt: new Date(), ...(orderRef ? { orderRef } : {}) })
      .where(and(eq(voucherUses.id, use), eq(voucherUses.state, from)))
      .returning({ id: voucherUses.id });
    return moved.length === 1;
  }

  return {
    /** The voucher's rule for a shop, or null when the shop has no such code. */
    rule: (channel: string, code: string) => ruleOf(db, channel, code),

    /** Whether the code applies to this cart, and what it takes off. */
    async check(code: string, cart: VoucherCart, user: VoucherUser): Promise<VoucherVerdict> {
      const rule = await ruleOf(db, cart.channel, code);
      if (!rule) return checkVoucher(null, cart, { total: 0, byCustomer: 0 });
      return checkVoucher(rule, cart, await usage(db, rule, user));
    },

    /**
     * Reserves a use for a checkout that starts: checked and written under a lock on the
     * voucher, so two checkouts at once cannot both take the last use.
     */
    async reserve(code: string, cart: VoucherCart, user: VoucherUser): Promise<Reserved> {
      return db.transaction(async (tx) => {
        const rule = await ruleOf(tx, cart.channel, code, true);
        const verdict = checkVoucher(
          rule,
          cart,
          rule ? await usage(tx, rule, user) : { total: 0, byCustomer: 0 },
        );
        if (!verdict.ok || !rule) return verdict;
        if (user.cartId !== null)
          await tx
            .update(voucherUses)
            .set({ state: "released", updatedAt: new Date() })
            .where(
              and(
                eq(voucherUses.cartId, user.cartId),
                eq(voucherUses.code, rule.code),
                eq(voucherUses.state, "reserved"),
              ),
            );
        const [row] = await tx
          .insert(voucherUses)
          .values({
            channel: rule.channel,
            code: rule.code,
            cartId: user.cartId,
            customerId: user.customerId,
            state: "reserved",
            discountMinor: verdict.discountMinor,
            currency: verdict.currency,
          })
          .returning({ id: voucherUses.id });
        return { ok: true as const, use: row!.id, discountMinor: verdict.discountMinor };
      });
    },

    /** The order is placed: the reserved use becomes a redemption (false if it was not reserved). */
    redeem: (use: number, orderRef: string) => move(use, "reserved", "redeemed", orderRef),

    /** The checkout is abandoned: the reserved use no longer counts (false if it was not reserved). */
    release: (use: number) => move(use, "reserved", "released"),

    /** Releases reservations older than RESERVATION_KEPT_MS (checkouts left unfinished). */
    async releaseAbandoned(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - RESERVATION_KEPT_MS);
      const released = await db
        .update(voucherUses)
        .set({ state: "released", updatedAt: now })
        .where(and(eq(voucherUses.state, "reserved"), lt(voucherUses.createdAt, before)))
        .returning({ id: voucherUses.id });
      return released.length;
    },
  };
}

export type VoucherLedger = ReturnType<typeof createVoucherLedger>;

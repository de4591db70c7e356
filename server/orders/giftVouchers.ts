/**
 * Gift vouchers bought with an order: issued when the order is paid, in the same transaction
 * as the payment, as codes of the voucher ledger (catalogue vouchers of source 'order', used
 * once, never replaced by a catalogue import); the codes are mailed by a job and shown on the
 * order's page and in the back office.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, or, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { catalogueVouchers, orderLines } from "../../db/schema";
import { GIFT_VOUCHER_PRODUCT, giftVouchersToIssue } from "../../domain/giftVouchers";
import type { Currency } from "../../domain/locales";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A bought gift voucher as the order shows it. */
export interface BoughtGiftVoucher {
  code: string;
  currency: string;
  amountMinor: number;
  validUntil: string | null;
}

/**
 * Issues a code for every gift voucher the order bought (none when it bought none, or when
 * they were issued already). Returns how many were issued now.
 */
export async function issueGiftVouchers(
  tx: Tx,
  order: { id: number; channel: string; currency: string },
  paidAt = new Date(),
): Promise<number> {
  const lines = await tx
    .select({
      id: orderLines.id,
      product: orderLines.product,
      quantity: orderLines.quantity,
      unitPriceMinor: orderLines.unitPriceMinor,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  if (!lines.some((l) => l.product === GIFT_VOUCHER_PRODUCT)) return 0;
  const issued = await tx
    .select({ code: catalogueVouchers.code })
    .from(catalogueVouchers)
    .where(eq(catalogueVouchers.orderId, order.id))
    .limit(1);
  if (issued.length > 0) return 0;
  const codes = giftVouchersToIssue(
    lines,
    { currency: order.currency.toLowerCase() as Currency, paidAt },
    (n) => randomBytes(n),
  );
  if (codes.length === 0) return 0;
  await tx.insert(catalogueVouchers).values(
    codes.map((c) => ({
      channel: order.channel,
      code: c.code,
      kind: "gift",
      countries: c.countries,
      percent: null,
      amounts: { [c.currency]: c.amountMinor },
      maxTotal: 1,
      maxPerCustomer: null,
      validFrom: paidAt,
      validUntil: c.validUntil,
      source: "order",
      orderId: order.id,
    })),
  );
  return codes.length;
}

/** The gift vouchers an order bought, in the order they were issued. */
export async function giftVouchersOf(db: Db | Tx, orderId: number): Promise<BoughtGiftVoucher[]> {
  const rows = await db
    .select({
      code: catalogueVouchers.code,
      amounts: catalogueVouchers.amounts,
      validUntil: catalogueVouchers.validUntil,
    })
    .from(catalogueVouchers)
    .where(eq(catalogueVouchers.orderId, orderId))
    .orderBy(asc(catalogueVouchers.code));
  return rows.flatMap((r) =>
    Object.entries(r.amounts ?? {}).map(([currency, amountMinor]) => ({
      code: r.code,
      currency,
      amountMinor,
      validUntil: r.validUntil?.toISOString() ?? null,
    })),
  );
}

/**
 * The order's money went back (refunded in full or cancelled after payment): its gift
 * vouchers end now, so a code is not money twice. A code used before stays used.
 */
export async function endGiftVouchers(tx: Tx, orderId: number, now = new Date()): Promise<number> {
  const ended = await tx
    .update(catalogueVouchers)
    .set({ validUntil: now })
    .where(
      and(
        eq(catalogueVouchers.orderId, orderId),
        or(isNull(catalogueVouchers.validUntil), gt(catalogueVouchers.validUntil, now)),
      ),
    )
    .returning({ code: catalogueVouchers.code });
  return ended.length;
}

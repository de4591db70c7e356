/**
 * Orders: placing one from a cart, reading it by its token, and every later change through the
 * order's state table (domain/checkout/orderStates.ts), each written with its timeline entry in
 * one transaction.
 *
 * Placing an order:
 * - the cart is priced afresh by the cart service (the one price rule); a total the shopper
 *   did not see (`expectedTotalMinor`) is refused with the new total;
 * - the same idempotency key answers the same order; the cart's row is locked while an order is
 *   written, and one live order per cart is a unique index, so clicks, reloads and concurrent
 *   posts make one order;
 * - the number comes from the brand's counter row in the same transaction (no gaps: a rolled
 *   back order gives its number back);
 * - the provider is asked after the order is stored; if it does not answer, the order is
 *   cancelled, its key freed for a new try and the cart left as it was;
 * - the cart is emptied (its row deleted) once the order binds: at once for a bank transfer,
 *   on payment for hosted providers, so a decline leaves the cart intact.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { ChannelId } from "../../config/channels";
import type { Db } from "../../db/client";
import {
  cartLines,
  carts,
  orderCounters,
  orderEvents,
  orderLines,
  orders,
  orderTaxLines,
  payments,
  type FrozenDesign,
  type StoredAddress,
} from "../../db/schema";
import type { Address } from "../../domain/checkout/addresses";
import {
  ADDRESS_EDITABLE_STATES,
  CAPTURE_STATES,
  RERENDER_STATES,
  type ResendableMail,
} from "../../domain/checkout/orderActions";
import { formatOrderNumber, type OrderBrand } from "../../domain/checkout/orderNumbers";
import { refundableMinor } from "../../domain/checkout/refundable";
import {
  transition,
  type OrderEvent,
  type OrderState,
  type TransitionResult,
} from "../../domain/checkout/orderStates";
import { taxClassOf, taxLines, vatRate, type TaxLine } from "../../domain/checkout/vat";
import { isPersonalised, lineTitle } from "../../domain/checkout/lines";
import { currencyOfCountry } from "../../domain/cataloguePrices";
import type { Country, Language, Locale } from "../../domain/locales";
import { lineDesignDifferences, type CartOwner, type CartService } from "../cart/service";
import { lineOptionsFollowing } from "../../domain/studio/configuration";
import type { DesignDocument } from "../../domain/studio/document";
import { needsDesign } from "../../domain/studio/studioLinks";
import { createVoucherLedger } from "../cart/vouchers";
import { RECOMMENDATION_REWARD_JOB } from "../customers/recommendations";
import {
  endGiftVouchers,
  giftVouchersOf,
  issueGiftVouchers,
  type BoughtGiftVoucher,
} from "./giftVouchers";
import type { CatalogueContext, CatalogueService } from "../catalogue/service";
import { enqueue, type NewJob } from "../jobs/queue";
import {
  ProviderUnavailable,
  type Initiated,
  type PaymentInstructions,
  type PaymentProvider,
  type PaymentRequest,
} from "../payments/provider";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** How long the shop waits for a provider before telling the shopper it does not answer. */
export const PROVIDER_TIMEOUT_MS = 15_000;

export interface PlaceOrderInput {
  ctx: CatalogueContext;
  owner: CartOwner;
  customerId: number | null;
  email: string;
  shippingAddress: Address;
  billingAddress: Address | null;
  shippingMethod: string;
  paymentMethod: string;
  idempotencyKey: string;
  /** The total the shopper saw; a different one now is `price_changed`. */
  expectedTotalMinor?: number | undefined;
  /** The shop's origin, for the provider's return and webhook links. */
  origin: string;
  now?: Date;
}

export interface PlacedOrder {
  orderToken: string;
  orderNumber: string;
  state: OrderState;
  total: { currency: string; amountMinor: number };
  payment: { redirectUrl: string } | { instructions: PaymentInstructions } | null;
}

export type PlaceResult =
  | { ok: true; created: boolean; order: PlacedOrder }
  | { ok: false; reason: "empty_cart" }
  | { ok: false; reason: "not_for_sale"; lines: number[] }
  | { ok: false; reason: "country_mismatch"; country: Country }
  | { ok: false; reason: "unknown_shipping_method"; offered: string[] }
  | { ok: false; reason: "unknown_payment_method"; offered: string[] }
  | { ok: false; reason: "voucher_refused"; code: string; why: string }
  | { ok: false; reason: "price_changed"; total: { currency: string; amountMinor: number } }
  | { ok: false; reason: "in_progress"; orderToken: string }
  | { ok: false; reason: "provider_unavailable"; provider: string };

export interface OrderLineView {
  position: number;
  product: string;
  title: string;
  configuration: Record<string, string>;
  designId: string | null;
  quantity: number;
  unitPriceMinor: number;
  totalMinor: number;
  vatRate: number;
  personalised: boolean;
  printFile: string | null;
  proofFile: string | null;
}

export interface OrderView {
  orderNumber: string;
  token: string;
  channel: ChannelId;
  locale: Locale;
  country: Country;
  state: OrderState;
  email: string;
  customerId: number | null;
  placedAt: string;
  shippingAddress: StoredAddress;
  billingAddress: StoredAddress | null;
  shippingMethod: string;
  paymentMethod: string;
  voucherCode: string | null;
  trackingUrl: string | null;
  productionReadyAt: string | null;
  lines: OrderLineView[];
  totals: {
    currency: string;
    subtotalMinor: number;
    discountMinor: number;
    shippingMinor: number;
    totalMinor: number;
    refundedMinor: number;
  };
  taxLines: { rate: number; grossMinor: number; netMinor: number; vatMinor: number }[];
  /** The codes of the gift vouchers it bought, once paid. */
  giftVouchers: BoughtGiftVoucher[];
  payment: {
    ref: string;
    provider: string;
    status: string;
    redirectUrl: string | null;
    instructions: PaymentInstructions | null;
    failureReason: string | null;
  } | null;
}

export type ChangeResult =
  | { ok: true; state: OrderState; changed: boolean }
  | { ok: false; reason: "not_found" }
  | {
      ok: false;
      reason: "not_allowed" | "invalid_amount" | "invalid_country" | "not_captured";
      state: OrderState;
    }
  | { ok: false; reason: "provider_unavailable" | "provider_refused"; detail: string };

/** Job kinds the order writes; their handlers live in ./effects.ts and ./printFiles.ts. */
export const JOB_KINDS = {
  mail: "order-mail",
  invoice: "order-invoice",
  creditNote: "order-credit-note",
  printLine: "order-print-line",
  readyCheck: "order-ready-check",
  reconcile: "payments-reconcile",
  capture: "payment-capture",
} as const;

export type OrderMailKind =
  "placed" | "paid" | "shipped" | "cancelled" | "refunded" | "gift-vouchers";

export {
  ADDRESS_EDITABLE_STATES,
  RERENDER_STATES,
  RESENDABLE_MAILS,
  type ResendableMail,
} from "../../domain/checkout/orderActions";

export interface OrderServiceOptions {
  db: Db;
  cart: CartService;
  catalogue: CatalogueService;
  providers: Readonly<Record<string, PaymentProvider>>;
  /** The payment methods offered, in order (a subset of the providers). */
  methods: readonly string[];
  /** A design's document now, to freeze with the line (null: no design of this owner). */
  loadDesign?: (designId: string, owner: CartOwner) => Promise<FrozenDesign | null>;
  providerTimeoutMs?: number;
}

const newToken = () => randomBytes(24).toString("base64url");

/** Resolves with the provider's answer, or fails as unavailable after `ms`. */
async function withTimeout<T>(provider: string, ms: number, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new ProviderUnavailable(provider, `No answer within ${ms} ms`)),
          ms,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Writes a timeline entry. */
export async function recordEvent(
  q: Db | Tx,
  orderId: number,
  kind: string,
  actor: string,
  data: Record<string, unknown> = {},
  states?: { from: OrderState; to: OrderState },
) {
  await q.insert(orderEvents).values({
    orderId,
    kind,
    actor,
    data,
    fromState: states?.from ?? null,
    toState: states?.to ?? null,
  });
}

/** The jobs and writes that follow a state change, inside its transaction. */
async function consequences(tx: Tx, order: OrderRow, to: OrderState, customerKnows: boolean) {
  const jobs: NewJob[] = [];
  const mail = (kind: OrderMailKind) =>
    jobs.push({
      kind: JOB_KINDS.mail,
      payload: { orderId: order.id, mail: kind },
      uniqueKey: `mail:${order.id}:${kind}`,
    });
  if (to === "paid") {
    // A hosted payment binds the order now: the confirmation goes with the payment receipt.
    if (!customerKnows) mail("placed");
    mail("paid");
    // A recommended friend's first paid order earns the sender a voucher.
    jobs.push({
      kind: RECOMMENDATION_REWARD_JOB,
      payload: { orderId: order.id },
      uniqueKey: `recommendation:${order.id}`,
    });
    jobs.push({
      kind: JOB_KINDS.invoice,
      payload: { orderId: order.id },
      uniqueKey: `invoice:${order.id}`,
    });
    const lines = await tx
      .select({ id: orderLines.id, designId: orderLines.designId })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    for (const line of lines.filter((l) => l.designId))
      jobs.push({
        kind: JOB_KINDS.printLine,
        payload: { orderId: order.id, lineId: line.id },
        uniqueKey: `print:${line.id}`,
      });
    // Nothing to print (no line has a design): the order is ready for production at once.
    if (!lines.some((l) => l.designId))
      jobs.push({
        kind: JOB_KINDS.readyCheck,
        payload: { orderId: order.id },
        uniqueKey: `ready:${order.id}`,
      });
    if (order.cartId !== null) await tx.delete(carts).where(eq(carts.id, order.cartId));
    // Gift vouchers bought are money from now on: issued with the payment, mailed by a job.
    if ((await issueGiftVouchers(tx, order)) > 0) mail("gift-vouchers");
  }
  // Money paid back: the gift vouchers it bought are no longer money.
  if (to === "refunded" || to === "cancelled") await endGiftVouchers(tx, order.id);
  if (to === "cancelled" && customerKnows) mail("cancelled");
  if (to === "shipped") mail("shipped");
  await enqueue(tx, ...jobs);
}

export function createOrderService(options: OrderServiceOptions) {
  const { db, cart, catalogue, providers, methods } = options;
  const ledger = createVoucherLedger(db);
  const timeoutMs = options.providerTimeoutMs ?? PROVIDER_TIMEOUT_MS;

  async function orderByToken(q: Db | Tx, token: string, lock = false) {
    const query = q.select().from(orders).where(eq(orders.token, token));
    const [row] = lock ? await query.for("update") : await query;
    return row ?? null;
  }

  async function paymentOf(q: Db | Tx, orderId: number) {
    const [row] = await q
      .select()
      .from(payments)
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.id))
      .limit(1);
    return row ?? null;
  }

  function placedAnswer(order: OrderRow, payment: PaymentRow | null): PlacedOrder {
    return {
      orderToken: order.token,
      orderNumber: order.number,
      state: order.state as OrderState,
      total: { currency: order.currency, amountMinor: order.totalMinor },
      payment: !payment
        ? null
        : payment.redirectUrl
          ? { redirectUrl: payment.redirectUrl }
          : payment.instructions
            ? { instructions: payment.instructions as unknown as PaymentInstructions }
            : null,
    };
  }

  /** The customer has been told of the order (a bank transfer binds at once). */
  const customerKnows = (order: OrderRow) =>
    order.paymentMethod === "invoice" || order.state !== "placed";

  /**
   * Moves an order through an event inside a transaction the caller holds (the order row
   * locked): the guarded transition, the row, the timeline and the consequences.
   */
  async function applyEvent(
    tx: Tx,
    order: OrderRow,
    event: OrderEvent,
    actor: string,
    data: Record<string, unknown> = {},
  ): Promise<TransitionResult> {
    const knew = customerKnows(order);
    const result = transition(order.state as OrderState, event);
    if (!result.ok) return result;
    const set: Partial<OrderRow> = { state: result.to, updatedAt: new Date() };
    if (event.type === "refund") set.refundedMinor = event.refundedBeforeMinor + event.amountMinor;
    await tx.update(orders).set(set).where(eq(orders.id, order.id));
    await recordEvent(tx, order.id, `state.${event.type}`, actor, data, {
      from: result.from,
      to: result.to,
    });
    await consequences(tx, { ...order, ...set } as OrderRow, result.to, knew);
    if (result.to === "cancelled" && order.voucherUseId !== null)
      await tx.execute(
        sql`UPDATE voucher_uses SET state = 'released', updated_at = now() WHERE id = ${order.voucherUseId} AND state = 'reserved'`,
      );
    // A paid order used its voucher, even if a concurrent second post of the same checkout
    // released the reservation meanwhile (the ledger keeps one reservation per cart and code).
    if (result.to === "paid" && order.voucherUseId !== null)
      await tx.execute(
        sql`UPDATE voucher_uses SET state = 'redeemed', order_ref = ${order.number}, updated_at = now() WHERE id = ${order.voucherUseId} AND state IN ('reserved', 'released')`,
      );
    return result;
  }

  /** Runs a change on the order of a token under its row lock. */
  async function change(
    token: string,
    run: (tx: Tx, order: OrderRow) => Promise<TransitionResult | ChangeResult>,
  ): Promise<ChangeResult> {
    return db.transaction(async (tx) => {
      const order = await orderByToken(tx, token, true);
      if (!order) return { ok: false as const, reason: "not_found" as const };
      const result = await run(tx, order);
      if ("to" in result && result.ok)
        return { ok: true as const, state: result.to, changed: true };
      if ("from" in result && !result.ok)
        return { ok: false as const, reason: result.reason, state: result.from };
      return result as ChangeResult;
    });
  }

  async function place(input: PlaceOrderInput): Promise<PlaceResult> {
    const now = input.now ?? new Date();
    const { ctx } = input;
    const existing = await db
      .select()
      .from(orders)
      .where(eq(orders.idempotencyKey, input.idempotencyKey));
    if (existing[0])
      return {
        ok: true,
        created: false,
        order: placedAnswer(existing[0], await paymentOf(db, existing[0].id)),
      };
    if (!methods.includes(input.paymentMethod) || !providers[input.paymentMethod])
      return { ok: false, reason: "unknown_payment_method", offered: [...methods] };
    if (input.shippingAddress.country !== ctx.country)
      return { ok: false, reason: "country_mismatch", country: ctx.country };

    const [cartRow] = await db
      .select()
      .from(carts)
      .where(
        and(
          eq(carts.channel, ctx.channel),
          "customerId" in input.owner
            ? eq(carts.customerId, input.owner.customerId)
            : eq(carts.visitorKey, input.owner.visitorKey),
        ),
      );
    let view = await cart.view(ctx, input.owner, now);
    if (!cartRow || view.lines.length === 0) return { ok: false, reason: "empty_cart" };

    // A studio design is frozen with its line; one its owner no longer has cannot be printed.
    const frozen = new Map<number, FrozenDesign | null>();
    for (const l of view.lines) {
      const designId = l.options.studioDesign;
      if (designId && options.loadDesign)
        frozen.set(l.line, await options.loadDesign(designId, input.owner));
    }
    const undesigned = [...frozen].filter(([, design]) => !design).map(([line]) => line);
    // A printed product is ordered only with its design: a line without one (kept in a cart
    // from before the cart asked for it) is not sold as it is, like a design that is gone.
    for (const l of view.lines)
      if (needsDesign(l.product) && !l.options.studioDesign) undesigned.push(l.line);
    if (undesigned.length > 0) return { ok: false, reason: "not_for_sale", lines: undesigned };
    // The line must be priced as the design it prints (product, format, options, pages,
    // prints, a calendar's first month). A design changed in the studio since it went into
    // the cart (pages added, the frame's colour changed) moves its line along, when taking
    // what the studio let change makes them agree, and the shopper is asked again with the
    // new total; a line that is another product than its design is not for sale as it is.
    let repriced = false;
    const mismatched: number[] = [];
    for (const l of view.lines) {
      const document = frozen.get(l.line)?.document as Partial<DesignDocument> | undefined;
      if (!document?.product) continue;
      // The surfaces too: a prints design's pictures make its prints with their copies.
      const design = {
        product: document.product,
        calendar: document.calendar,
        surfaces: document.surfaces,
      };
      if (lineDesignDifferences(l, design).length === 0) continue;
      const moved = lineOptionsFollowing(l.product, l.options, design);
      if (lineDesignDifferences({ ...l, options: moved }, design).length) {
        mismatched.push(l.line);
        continue;
      }
      await db.update(cartLines).set({ options: moved }).where(eq(cartLines.id, l.line));
      repriced = true;
    }
    if (mismatched.length > 0) return { ok: false, reason: "not_for_sale", lines: mismatched };
    if (repriced) view = await cart.view(ctx, input.owner, now);
    const unsold = view.lines.filter((l) => l.price === null).map((l) => l.line);
    if (unsold.length > 0) return { ok: false, reason: "not_for_sale", lines: unsold };

    const shipping = await catalogue.shipping(ctx).catch(() => null);
    const method = shipping?.methods.find((m) => m.method === input.shippingMethod);
    if (!method)
      return {
        ok: false,
        reason: "unknown_shipping_method",
        offered: shipping?.methods.map((m) => m.method) ?? [],
      };
    const currency = currencyOfCountry(ctx.country);
    const lineTotals = view.lines.map((l) => l.price!.priceCurrentMinor);
    const subtotalMinor = lineTotals.reduce((a, b) => a + b, 0);
    const freeFrom = method.freeFrom?.priceCurrentMinor ?? null;
    let shippingMinor =
      freeFrom !== null && subtotalMinor >= freeFrom ? 0 : (method.price?.priceCurrentMinor ?? 0);

    // The voucher: checked now, reserved in its ledger; a gift voucher is money already paid
    // (a means of payment), so it lowers what is paid but not the taxed amounts.
    let discountMinor = 0;
    let voucherUseId: number | null = null;
    let giftVoucher = false;
    if (cartRow.voucherCode) {
      const cheapest = Math.min(
        ...(shipping?.methods ?? []).map((m) => {
          const f = m.freeFrom?.priceCurrentMinor ?? null;
          return f !== null && subtotalMinor >= f ? 0 : (m.price?.priceCurrentMinor ?? 0);
        }),
      );
      const voucherCart = {
        channel: ctx.channel,
        country: ctx.country,
        currency,
        subtotalMinor,
        shippingMinor: cheapest,
        now,
        // A voucher for some products discounts only their lines, as the cart showed it.
        lines: view.lines.map((l) => ({
          product: l.product,
          totalMinor: l.price!.priceCurrentMinor,
        })),
      };
      const user = { cartId: cartRow.id, customerId: input.customerId, email: input.email };
      const verdict = await ledger.check(cartRow.voucherCode, voucherCart, user);
      if (!verdict.ok)
        return {
          ok: false,
          reason: "voucher_refused",
          code: cartRow.voucherCode,
          why: verdict.reason,
        };
      const reserved = await ledger.reserve(cartRow.voucherCode, voucherCart, user);
      if (!reserved.ok || !("use" in reserved))
        return {
          ok: false,
          reason: "voucher_refused",
          code: cartRow.voucherCode,
          why: reserved.ok ? "unknown" : reserved.reason,
        };
      voucherUseId = reserved.use;
      if (verdict.kind === "shipping") shippingMinor = 0;
      else discountMinor = Math.min(reserved.discountMinor, subtotalMinor);
      giftVoucher = verdict.kind === "gift";
    }
    const totalMinor = subtotalMinor - discountMinor + shippingMinor;
    const release = async () => {
      if (voucherUseId !== null) await ledger.release(voucherUseId);
    };
    // A line repriced after its design is confirmed again even when no total was shown.
    if (
      (repriced || input.expectedTotalMinor !== undefined) &&
      input.expectedTotalMinor !== totalMinor
    ) {
      await release();
      return { ok: false, reason: "price_changed", total: { currency, amountMinor: totalMinor } };
    }

    const designs = view.lines.map((l) => ({
      designId: l.options.studioDesign ?? null,
      design: frozen.get(l.line) ?? null,
    }));
    const lines = await Promise.all(
      view.lines.map(async (l, i) => {
        const { designId, design } = designs[i]!;
        const total = lineTotals[i]!;
        return {
          position: i + 1,
          product: l.product,
          configuration: l.options,
          title: lineTitle(
            l.product,
            l.choices ?? [],
            l.options,
            ctx.locale.slice(0, 2) as Language,
          ),
          designId,
          design,
          quantity: l.quantity,
          lineTotalMinor: total,
          unitPriceMinor: Math.round(total / l.quantity),
          vatRateBasisPoints: vatRate(ctx.country, taxClassOf(l.product)),
          personalised: isPersonalised(l.product, l.options),
        };
      }),
    );
    const taxes: TaxLine[] = taxLines(
      lines.map((l) => ({ grossMinor: l.lineTotalMinor, rateBasisPoints: l.vatRateBasisPoints })),
      giftVoucher ? 0 : discountMinor,
      shippingMinor,
    );
    const provider = providers[input.paymentMethod]!;

    let order: OrderRow;
    let payment: PaymentRow;
    try {
      const written = await db.transaction(async (tx) => {
        // One checkout at a time per cart: the second waits here, then finds the first's order.
        await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartRow.id)).for("update");
        const [again] = await tx
          .select()
          .from(orders)
          .where(eq(orders.idempotencyKey, input.idempotencyKey));
        if (again) return { again };
        const [live] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.cartId, cartRow.id), ne(orders.state, "cancelled")))
          .for("update");
        if (live) {
          const livePayment = await paymentOf(tx, live.id);
          // An earlier attempt nobody paid (the shopper came back from the provider's page and
          // ordered again): it gives way to this one. A paid one means the cart is done.
          if (live.state !== "placed" || live.paymentMethod === "invoice") return { busy: live };
          await applyEvent(tx, live, { type: "cancel" }, "shop", { reason: "superseded" });
          if (livePayment)
            await tx
              .update(payments)
              .set({ status: "cancelled", updatedAt: now })
              .where(and(eq(payments.id, livePayment.id), eq(payments.status, "pending")));
        }
        const year = now.getUTCFullYear();
        const [counter] = await tx
          .insert(orderCounters)
          .values({ channel: ctx.channel, year, last: 1 })
          .onConflictDoUpdate({
            target: [orderCounters.channel, orderCounters.year],
            set: { last: sql`${orderCounters.last} + 1` },
          })
          .returning({ last: orderCounters.last });
        const [row] = await tx
          .insert(orders)
          .values({
            number: formatOrderNumber(ctx.channel as OrderBrand, year, counter!.last),
            token: newToken(),
            channel: ctx.channel,
            locale: ctx.locale,
            country: ctx.country,
            currency,
            email: input.email,
            customerId: input.customerId,
            cartId: cartRow.id,
            idempotencyKey: input.idempotencyKey,
            shippingAddress: input.shippingAddress,
            billingAddress: input.billingAddress,
            shippingMethod: method.method,
            paymentMethod: input.paymentMethod,
            voucherCode: cartRow.voucherCode,
            voucherUseId,
            subtotalMinor,
            discountMinor,
            shippingMinor,
            totalMinor,
            state: "placed",
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await tx.insert(orderLines).values(lines.map((l) => ({ ...l, orderId: row!.id })));
        if (taxes.length > 0)
          await tx.insert(orderTaxLines).values(taxes.map((t) => ({ ...t, orderId: row!.id })));
        const ref = newToken();
        const [pay] = await tx
          .insert(payments)
          .values({
            ref,
            orderId: row!.id,
            provider: provider.id,
            status: "pending",
            currency,
            amountMinor: totalMinor,
            idempotencyKey: `pay-${ref}`,
          })
          .returning();
        await recordEvent(
          tx,
          row!.id,
          "placed",
          input.customerId ? `customer:${input.customerId}` : "customer",
          {
            paymentMethod: input.paymentMethod,
            totalMinor,
            origin: input.origin,
          },
        );
        return { order: row!, payment: pay! };
      });
      if ("again" in written && written.again) {
        await release();
        return { ok: true, created: false, order: await sentAgain(written.again) };
      }
      if ("busy" in written && written.busy) {
        await release();
        return { ok: false, reason: "in_progress", orderToken: written.busy.token };
      }
      order = (written as { order: OrderRow }).order;
      payment = (written as { payment: PaymentRow }).payment;
    } catch (error) {
      await release();
      // Two posts with one key at once: the loser's insert meets the winner's key.
      const [winner] = await db
        .select()
        .from(orders)
        .where(eq(orders.idempotencyKey, input.idempotencyKey));
      if (winner) return { ok: true, created: false, order: await sentAgain(winner) };
      const [live] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.cartId, cartRow.id), ne(orders.state, "cancelled")));
      if (live) return { ok: false, reason: "in_progress", orderToken: live.token };
      throw error;
    }

    let initiated: Initiated;
    try {
      initiated = await withTimeout(provider.id, timeoutMs, () =>
        provider.initiate(paymentRequest(order, payment)),
      );
    } catch (error) {
      const reason =
        error instanceof ProviderUnavailable ? "provider_unavailable" : "provider_error";
      await db.transaction(async (tx) => {
        const locked = await orderByToken(tx, order.token, true);
        await tx
          .update(payments)
          .set({ status: "failed", failureReason: reason, updatedAt: new Date() })
          .where(eq(payments.id, payment.id));
        // The key is freed: the shopper's next try with it places a fresh order.
        await tx.update(orders).set({ idempotencyKey: null }).where(eq(orders.id, order.id));
        if (locked)
          await applyEvent(tx, locked, { type: "cancel" }, `provider:${provider.id}`, {
            reason,
            message: (error as Error).message,
          });
      });
      return { ok: false, reason: "provider_unavailable", provider: provider.id };
    }
    return { ok: true, created: true, order: await initiatedAnswer(order, payment, initiated) };

    /** What the provider is asked for this order's payment (the same for a form sent again). */
    function paymentRequest(order: OrderRow, payment: PaymentRow): PaymentRequest {
      const billing = input.billingAddress ?? input.shippingAddress;
      return {
        paymentRef: payment.ref,
        idempotencyKey: payment.idempotencyKey,
        orderNumber: order.number,
        orderToken: order.token,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        country: ctx.country,
        locale: ctx.locale,
        email: input.email,
        description: `${order.number}`,
        returnUrl: `${input.origin}/web-api/payments/${payment.ref}/return`,
        webhookUrl: `${input.origin}/web-api/payments/webhooks/${payment.provider}`,
        billingName: `${billing.firstName} ${billing.lastName}`,
        billingAddress: {
          street: billing.street,
          postalCode: billing.postalCode,
          city: billing.city,
          country: billing.country,
        },
      };
    }

    /**
     * Keeps what the provider answered on the payment; only the first answer is written (a
     * form sent twice asks twice with one idempotency key and gets the same payment back).
     */
    async function initiatedAnswer(order: OrderRow, payment: PaymentRow, initiated: Initiated) {
      const instructions = "instructions" in initiated ? initiated.instructions : null;
      const redirectUrl = "redirectUrl" in initiated ? initiated.redirectUrl : null;
      await db.transaction(async (tx) => {
        const [first] = await tx
          .update(payments)
          .set({
            providerRef: initiated.providerRef,
            redirectUrl,
            instructions: instructions as unknown as Record<string, unknown> | null,
            updatedAt: new Date(),
          })
          .where(and(eq(payments.id, payment.id), isNull(payments.providerRef)))
          .returning({ id: payments.id });
        if (!first) return;
        await recordEvent(tx, order.id, "payment.initiated", `provider:${payment.provider}`, {
          providerRef: initiated.providerRef,
        });
        if (payment.provider === "invoice") {
          // A bank transfer binds the order now: the cart is done, the confirmation goes out.
          if (order.cartId !== null) await tx.delete(carts).where(eq(carts.id, order.cartId));
          await enqueue(tx, {
            kind: JOB_KINDS.mail,
            payload: { orderId: order.id, mail: "placed" },
            uniqueKey: `mail:${order.id}:placed`,
          });
        }
      });
      return placedAnswer(order, { ...payment, redirectUrl, instructions: instructions as never });
    }

    /**
     * The answer for a form sent again (a double click, a reload) while its first post may still
     * wait for the provider: an unpaid payment the provider has not answered for yet is asked
     * for again with its own idempotency key, so the shopper reaches the same payment page as
     * the first post, not the order page of an order nobody can pay.
     */
    async function sentAgain(order: OrderRow): Promise<PlacedOrder> {
      const payment = await paymentOf(db, order.id);
      const again = payment ? providers[payment.provider] : undefined;
      if (!payment || !again || payment.providerRef !== null || payment.status !== "pending")
        return placedAnswer(order, payment);
      if (order.state !== "placed") return placedAnswer(order, payment);
      try {
        const initiated = await withTimeout(again.id, timeoutMs, () =>
          again.initiate(paymentRequest(order, payment)),
        );
        return await initiatedAnswer(order, payment, initiated);
      } catch {
        // The first post decides what happens to an order whose provider failed.
        return placedAnswer(order, await paymentOf(db, order.id));
      }
    }
  }

  async function get(token: string): Promise<OrderView | null> {
    const order = await orderByToken(db, token);
    return order ? viewOf(order) : null;
  }

  async function viewOf(order: OrderRow): Promise<OrderView> {
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    const taxes = await db
      .select()
      .from(orderTaxLines)
      .where(eq(orderTaxLines.orderId, order.id))
      .orderBy(sql`${orderTaxLines.rateBasisPoints} desc`);
    const payment = await paymentOf(db, order.id);
    return {
      orderNumber: order.number,
      token: order.token,
      channel: order.channel as ChannelId,
      locale: order.locale as Locale,
      country: order.country as Country,
      state: order.state as OrderState,
      email: order.email,
      customerId: order.customerId,
      placedAt: order.createdAt.toISOString(),
      shippingAddress: order.shippingAddress,
      billingAddress: order.billingAddress,
      shippingMethod: order.shippingMethod,
      paymentMethod: order.paymentMethod,
      voucherCode: order.voucherCode,
      trackingUrl: order.trackingUrl,
      productionReadyAt: order.productionReadyAt?.toISOString() ?? null,
      lines: lines.map((l) => ({
        position: l.position,
        product: l.product,
        title: l.title,
        configuration: l.configuration,
        designId: l.designId,
        quantity: l.quantity,
        unitPriceMinor: l.unitPriceMinor,
        totalMinor: l.lineTotalMinor,
        vatRate: l.vatRateBasisPoints / 100,
        personalised: l.personalised,
        printFile: l.printFile,
        proofFile: l.proofFile,
      })),
      totals: {
        currency: order.currency,
        subtotalMinor: order.subtotalMinor,
        discountMinor: order.discountMinor,
        shippingMinor: order.shippingMinor,
        totalMinor: order.totalMinor,
        refundedMinor: order.refundedMinor,
      },
      taxLines: taxes.map((t) => ({
        rate: t.rateBasisPoints / 100,
        grossMinor: t.grossMinor,
        netMinor: t.netMinor,
        vatMinor: t.vatMinor,
      })),
      giftVouchers: await giftVouchersOf(db, order.id),
      payment: payment
        ? {
            ref: payment.ref,
            provider: payment.provider,
            status: payment.status,
            redirectUrl: payment.redirectUrl,
            instructions: (payment.instructions as PaymentInstructions | null) ?? null,
            failureReason: payment.failureReason,
          }
        : null,
    };
  }

  /** The order's timeline, oldest first. */
  async function timeline(token: string) {
    const order = await orderByToken(db, token);
    if (!order) return null;
    return db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.id));
  }

  /** Provider call for an operator's action, with the shop's timeout. */
  async function providerCall<T>(providerId: string, call: (p: PaymentProvider) => Promise<T>) {
    const provider = providers[providerId];
    if (!provider) throw new ProviderUnavailable(providerId, "Provider not configured");
    return withTimeout(providerId, timeoutMs, () => call(provider));
  }

  const service = {
    place,
    get,
    viewOf,
    timeline,
    applyEvent,
    orderByToken: (token: string) => orderByToken(db, token),
    paymentOf: (orderId: number) => paymentOf(db, orderId),

    /** The operator saw the money arrive (bank transfer) or confirms a payment: placed → paid. */
    async markPaid(token: string, actor: string): Promise<ChangeResult> {
      const order = await orderByToken(db, token);
      if (!order) return { ok: false, reason: "not_found" };
      const payment = await paymentOf(db, order.id);
      if (payment?.providerRef && order.state === "placed") {
        try {
          await providerCall(payment.provider, (p) =>
            p.capture(payment.providerRef!, order.totalMinor, `capture-${payment.ref}`),
          );
        } catch (error) {
          return { ok: false, reason: "provider_refused", detail: (error as Error).message };
        }
      }
      return change(token, async (tx, locked) => {
        const result = await applyEvent(tx, locked, { type: "pay" }, actor);
        if (result.ok && payment)
          await tx
            .update(payments)
            .set({ status: "captured", capturedMinor: locked.totalMinor, updatedAt: new Date() })
            .where(eq(payments.id, payment.id));
        return result;
      });
    },

    /**
     * Takes the money of a payment the provider only holds (authorised: the capture job did
     * not get it, say the provider was down). The order already counts as paid; it must still
     * stand (not cancelled, not refunded) and the payment must be held, or nothing happens.
     */
    async capture(token: string, actor: string): Promise<ChangeResult> {
      const order = await orderByToken(db, token);
      if (!order) return { ok: false, reason: "not_found" };
      const payment = await paymentOf(db, order.id);
      const capturable = (state: string, status: string | undefined) =>
        CAPTURE_STATES.includes(state as OrderState) && status === "authorised";
      if (!payment?.providerRef || !capturable(order.state, payment.status))
        return { ok: false, reason: "not_allowed", state: order.state as OrderState };
      let captured;
      try {
        captured = await providerCall(payment.provider, (p) =>
          p.capture(payment.providerRef!, payment.amountMinor, `capture-${payment.ref}`),
        );
      } catch (error) {
        return { ok: false, reason: "provider_refused", detail: (error as Error).message };
      }
      return change(token, async (tx, locked) => {
        const [held] = await tx
          .select()
          .from(payments)
          .where(eq(payments.id, payment.id))
          .for("update");
        // A webhook or the job may have recorded the capture meanwhile: nothing twice.
        if (!capturable(locked.state, held?.status))
          return { ok: false, reason: "not_allowed", state: locked.state as OrderState };
        await tx
          .update(payments)
          .set({ status: "captured", capturedMinor: captured.capturedMinor, updatedAt: new Date() })
          .where(eq(payments.id, payment.id));
        await recordEvent(tx, locked.id, "payment.captured", actor, {
          amountMinor: captured.capturedMinor,
        });
        return { ok: true, state: locked.state as OrderState, changed: true };
      });
    },

    /** Cancels an order not yet in production; a paid one is refunded in full first. */
    async cancel(token: string, actor: string, reason = ""): Promise<ChangeResult> {
      const order = await orderByToken(db, token);
      if (!order) return { ok: false, reason: "not_found" };
      const payment = await paymentOf(db, order.id);
      const probe = transition(order.state as OrderState, { type: "cancel" });
      if (!probe.ok) return { ok: false, reason: probe.reason, state: probe.from };
      let refundRef: string | null = null;
      // What was captured goes back; a payment the provider only holds is released instead.
      const backMinor = refundableMinor(order, payment);
      if (payment?.providerRef) {
        try {
          if (order.state === "paid" && backMinor > 0) {
            const refunded = await providerCall(payment.provider, (p) =>
              p.refund(payment.providerRef!, backMinor, `cancel-refund-${payment.ref}`),
            );
            refundRef = refunded.refundRef;
          } else {
            await providerCall(payment.provider, (p) => p.cancel(payment.providerRef!));
          }
        } catch (error) {
          return { ok: false, reason: "provider_refused", detail: (error as Error).message };
        }
      }
      return change(token, async (tx, locked) => {
        const result = await applyEvent(tx, locked, { type: "cancel" }, actor, {
          reason,
          refundRef,
        });
        if (result.ok && payment) {
          await tx
            .update(payments)
            .set({
              status: refundRef ? "refunded" : "cancelled",
              refundedMinor: refundRef ? backMinor : 0,
              updatedAt: new Date(),
            })
            .where(eq(payments.id, payment.id));
          if (refundRef) {
            await tx
              .update(orders)
              .set({ refundedMinor: backMinor })
              .where(eq(orders.id, locked.id));
            await enqueue(tx, {
              kind: JOB_KINDS.creditNote,
              payload: { orderId: locked.id, refundRef, amountMinor: backMinor },
              uniqueKey: `credit:${refundRef}`,
            });
          }
        }
        return result;
      });
    },

    /** Gives money back, in part or in full, through the provider. */
    async refund(
      token: string,
      amountMinor: number,
      actor: string,
      reason = "",
    ): Promise<ChangeResult> {
      const order = await orderByToken(db, token);
      if (!order) return { ok: false, reason: "not_found" };
      const payment = await paymentOf(db, order.id);
      // Only money the provider has taken can go back; a held payment is released by a
      // cancellation instead.
      if (payment?.providerRef && payment.capturedMinor === 0)
        return { ok: false, reason: "not_captured", state: order.state as OrderState };
      const event = {
        type: "refund" as const,
        amountMinor,
        refundedBeforeMinor: order.refundedMinor,
        paidMinor: order.refundedMinor + refundableMinor(order, payment),
      };
      const probe = transition(order.state as OrderState, event);
      if (!probe.ok) return { ok: false, reason: probe.reason, state: probe.from };
      let refundRef = `manual-${randomBytes(6).toString("hex")}`;
      if (payment?.providerRef) {
        try {
          const done = await providerCall(payment.provider, (p) =>
            p.refund(
              payment.providerRef!,
              amountMinor,
              `refund-${payment.ref}-${order.refundedMinor}-${amountMinor}`,
            ),
          );
          refundRef = done.refundRef;
        } catch (error) {
          return { ok: false, reason: "provider_refused", detail: (error as Error).message };
        }
      }
      return change(token, async (tx, locked) => {
        const result = await applyEvent(
          tx,
          locked,
          { ...event, refundedBeforeMinor: locked.refundedMinor },
          actor,
          { amountMinor, refundRef, reason },
        );
        if (result.ok) {
          if (payment)
            await tx
              .update(payments)
              .set({
                refundedMinor: locked.refundedMinor + amountMinor,
                status: result.to === "refunded" ? "refunded" : "partly_refunded",
                updatedAt: new Date(),
              })
              .where(eq(payments.id, payment.id));
          await enqueue(
            tx,
            {
              kind: JOB_KINDS.creditNote,
              payload: { orderId: locked.id, refundRef, amountMinor },
              uniqueKey: `credit:${refundRef}`,
            },
            {
              kind: JOB_KINDS.mail,
              payload: { orderId: locked.id, mail: "refunded", refundRef, amountMinor },
              uniqueKey: `mail:${locked.id}:refunded:${refundRef}`,
            },
          );
        }
        return result;
      });
    },

    /** Production has the files: paid → in production. */
    startProduction: (token: string, actor: string) =>
      change(token, (tx, order) => applyEvent(tx, order, { type: "start_production" }, actor)),

    /** Handed to the carrier, with its tracking link. */
    ship: (token: string, actor: string, trackingUrl: string | null) =>
      change(token, async (tx, order) => {
        if (trackingUrl) {
          await tx.update(orders).set({ trackingUrl }).where(eq(orders.id, order.id));
          order = { ...order, trackingUrl };
        }
        return applyEvent(tx, order, { type: "ship" }, actor, { trackingUrl });
      }),

    deliver: (token: string, actor: string) =>
      change(token, (tx, order) => applyEvent(tx, order, { type: "deliver" }, actor)),

    /**
     * A new delivery address until production starts (checked as the checkout checks it). The
     * country stays the order's: it set the shipping, the VAT and the currency.
     */
    editShippingAddress: (token: string, address: Address, actor: string) =>
      change(token, async (tx, order): Promise<ChangeResult> => {
        const state = order.state as OrderState;
        if (!ADDRESS_EDITABLE_STATES.includes(state))
          return { ok: false, reason: "not_allowed", state };
        if (address.country !== order.shippingAddress.country)
          return { ok: false, reason: "invalid_country", state };
        const before = order.shippingAddress as unknown as Record<string, unknown>;
        const after = address as unknown as Record<string, unknown>;
        const changed = Object.keys({ ...before, ...after }).filter(
          (k) => (before[k] ?? null) !== (after[k] ?? null),
        );
        if (changed.length === 0) return { ok: true, state, changed: false };
        await tx
          .update(orders)
          .set({ shippingAddress: address as StoredAddress, updatedAt: new Date() })
          .where(eq(orders.id, order.id));
        await recordEvent(tx, order.id, "address.shipping_changed", actor, { fields: changed });
        return { ok: true, state, changed: true };
      }),

    /**
     * Sends one of the order's mails again (through the outbox, as a job): only a mail the
     * order has sent before (its timeline says so).
     */
    resendMail: (token: string, mail: ResendableMail, actor: string) =>
      change(token, async (tx, order): Promise<ChangeResult> => {
        const state = order.state as OrderState;
        const [sent] = await tx
          .select({ id: orderEvents.id })
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, `mail.${mail}`)))
          .limit(1);
        if (!sent) return { ok: false, reason: "not_allowed", state };
        const again = `again:${newToken()}`;
        await enqueue(
          tx,
          mail === "invoice"
            ? {
                kind: JOB_KINDS.invoice,
                payload: { orderId: order.id, resend: true },
                uniqueKey: `invoice:${order.id}:${again}`,
              }
            : {
                kind: JOB_KINDS.mail,
                payload: { orderId: order.id, mail },
                uniqueKey: `mail:${order.id}:${mail}:${again}`,
              },
        );
        await recordEvent(tx, order.id, "mail.resend_requested", actor, { mail });
        return { ok: true, state, changed: true };
      }),

    /**
     * Makes a designed line's print file (with proof and preflight) again from its frozen
     * design, as a job: while the order is paid or in production, not once it has shipped.
     */
    rerenderPrintFile: (token: string, position: number, actor: string) =>
      change(token, async (tx, order): Promise<ChangeResult> => {
        const state = order.state as OrderState;
        if (!RERENDER_STATES.includes(state)) return { ok: false, reason: "not_allowed", state };
        const [line] = await tx
          .select({ id: orderLines.id, designId: orderLines.designId })
          .from(orderLines)
          .where(and(eq(orderLines.orderId, order.id), eq(orderLines.position, position)));
        if (!line?.designId) return { ok: false, reason: "not_allowed", state };
        await enqueue(tx, {
          kind: JOB_KINDS.printLine,
          payload: { orderId: order.id, lineId: line.id, again: true },
          uniqueKey: `print:${line.id}:again:${newToken()}`,
        });
        await recordEvent(tx, order.id, "print_file.rerender_requested", actor, {
          line: position,
        });
        return { ok: true, state, changed: true };
      }),

    /** A note in the timeline (an operator's remark, a mail sent). */
    async note(orderId: number, kind: string, actor: string, data: Record<string, unknown> = {}) {
      await recordEvent(db, orderId, kind, actor, data);
    },
  };
  return service;
}

export type OrderService = ReturnType<typeof createOrderService>;

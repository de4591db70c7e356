/**
 * The order's life as a state table. An order is placed, paid, goes into production, is
 * shipped and delivered; it can be cancelled before it is paid or while it is paid but not
 * yet made; money goes back in part or in full once it was paid. Every change asks
 * {@link transition}, so no path (webhook, job, operator) can skip a step or go back.
 */

export const ORDER_STATES = [
  "placed",
  "paid",
  "in_production",
  "shipped",
  "delivered",
  "cancelled",
  "partly_refunded",
  "refunded",
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** What can happen to an order. */
export type OrderEvent =
  | { type: "pay" }
  | { type: "start_production" }
  | { type: "ship" }
  | { type: "deliver" }
  | { type: "cancel" }
  /** Money back: the amount now, what was refunded before, and what was paid. */
  | { type: "refund"; amountMinor: number; refundedBeforeMinor: number; paidMinor: number };

export type OrderEventType = OrderEvent["type"];

/** States that have taken money (and can give it back). */
const PAID_STATES: ReadonlySet<OrderState> = new Set([
  "paid",
  "in_production",
  "shipped",
  "delivered",
  "partly_refunded",
]);

/**
 * Where each plain event may lead from each state. A partly refunded order is still made
 * and sent (one article was taken back, the rest goes on).
 */
const TABLE: Readonly<
  Record<Exclude<OrderEventType, "refund">, Partial<Record<OrderState, OrderState>>>
> = {
  pay: { placed: "paid" },
  start_production: { paid: "in_production", partly_refunded: "in_production" },
  ship: { in_production: "shipped", partly_refunded: "shipped" },
  deliver: { shipped: "delivered", partly_refunded: "delivered" },
  // A paid order that is not yet made may be cancelled; its money goes back by a refund.
  cancel: { placed: "cancelled", paid: "cancelled" },
};

export type TransitionResult =
  | { ok: true; from: OrderState; to: OrderState }
  | { ok: false; from: OrderState; reason: "not_allowed" | "invalid_amount" };

/**
 * The state an event leads to, or why it may not happen. A refund needs a paid state and an
 * amount above zero that, with what was refunded before, does not exceed what was paid; it
 * leads to `refunded` once everything is back, else to `partly_refunded`.
 */
export function transition(from: OrderState, event: OrderEvent): TransitionResult {
  if (event.type === "refund") {
    if (!PAID_STATES.has(from)) return { ok: false, from, reason: "not_allowed" };
    const after = event.refundedBeforeMinor + event.amountMinor;
    if (!Number.isInteger(event.amountMinor) || event.amountMinor <= 0 || after > event.paidMinor) {
      return { ok: false, from, reason: "invalid_amount" };
    }
    return { ok: true, from, to: after === event.paidMinor ? "refunded" : "partly_refunded" };
  }
  const to = TABLE[event.type][from];
  return to ? { ok: true, from, to } : { ok: false, from, reason: "not_allowed" };
}

/** True when the event may happen in the state (a refund judged by its state only). */
export function canHappen(from: OrderState, type: OrderEventType): boolean {
  if (type === "refund") return PAID_STATES.has(from);
  return TABLE[type][from] !== undefined;
}

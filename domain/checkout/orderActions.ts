/**
 * What the back office may still do to an order in a state, beside the state table's own
 * transitions: send one of its mails again, change its delivery address, make a print file
 * again, take the money of a payment the provider only holds.
 */
import type { OrderState } from "./orderStates";

/** The mails an operator may send again (a refund's names its amount, so it is not one). */
export const RESENDABLE_MAILS = [
  "placed",
  "paid",
  "invoice",
  "shipped",
  "cancelled",
  "gift-vouchers",
] as const;
export type ResendableMail = (typeof RESENDABLE_MAILS)[number];

/** States in which the delivery address may still change (production has not started). */
export const ADDRESS_EDITABLE_STATES: readonly OrderState[] = ["placed", "paid"];

/** States in which a print file may be made again (paid, not yet handed to the carrier). */
export const RERENDER_STATES: readonly OrderState[] = ["paid", "in_production"];

/**
 * States in which a payment the provider only holds may still be captured: the order counts
 * as paid and stands (money for a cancelled or refunded order is given back, not taken).
 */
export const CAPTURE_STATES: readonly OrderState[] = [
  "paid",
  "in_production",
  "shipped",
  "delivered",
];

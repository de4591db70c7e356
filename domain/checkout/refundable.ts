/**
 * How much of an order may still be given back. Money a payment provider handles can only
 * be refunded once it has been captured: a payment the provider merely holds (authorised)
 * has nothing to refund, its hold is released instead. A payment the shop settles by hand
 * (invoice, no provider reference) counts as the order's total once the order is paid.
 */
export function refundableMinor(
  order: { totalMinor: number; refundedMinor: number },
  payment: { providerRef: string | null; capturedMinor: number } | null,
): number {
  const received = payment?.providerRef
    ? Math.min(payment.capturedMinor, order.totalMinor)
    : order.totalMinor;
  return Math.max(0, received - order.refundedMinor);
}

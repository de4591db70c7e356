/**
 * Orders as tests insert them straight into the database (the back office's tests, which
 * need orders in every state without a shopper's checkout before them).
 */
import type { orders } from "../../db/schema";

/** A German guest's order by bank transfer of 40 EUR, as the tests insert it (fields overridable). */
export function testOrderValues(
  number: string,
  over: Partial<typeof orders.$inferInsert> = {},
): typeof orders.$inferInsert {
  return {
    number,
    token: `tok-${number}`,
    channel: "cards",
    locale: "de-DE",
    country: "DE",
    currency: "EUR",
    email: "erika@example.com",
    shippingAddress: {
      firstName: "Erika",
      lastName: "Muster",
      street: "Hauptstraße 5",
      postalCode: "10115",
      city: "Berlin",
      country: "DE",
    },
    shippingMethod: "standard",
    paymentMethod: "invoice",
    subtotalMinor: 4000,
    discountMinor: 0,
    shippingMinor: 0,
    totalMinor: 4000,
    state: "placed",
    ...over,
  };
}

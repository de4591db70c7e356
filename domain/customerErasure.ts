/**
 * What erasing a customer does to their orders. The orders and their invoices stay: the
 * bookkeeping law keeps them for years, and the invoice PDF, kept exactly as issued, is the
 * record of who was billed. The order row loses what points at the person: the e-mail
 * address and the names, street, town, postcode and phone of its addresses; the country stays
 * (taxes and statistics depend on it), as do the lines and the amounts. An order that is
 * still to be made or shipped needs its address: while one is open the erasure waits.
 */
import type { StoredAddress } from "./checkout/addresses";
import type { OrderState } from "./checkout/orderStates";

/** States in which an order still needs the person's address and e-mail. */
export const OPEN_ORDER_STATES: readonly OrderState[] = ["placed", "paid", "in_production"];

/** The e-mail an erased person's orders keep (a reserved domain: nothing is ever delivered). */
export const ERASED_EMAIL = "erased@erased.invalid";

/** An address with only its country left. */
export function anonymisedAddress(address: StoredAddress): StoredAddress {
  return {
    firstName: "",
    lastName: "",
    street: "",
    postalCode: "",
    city: "",
    country: address.country,
  };
}

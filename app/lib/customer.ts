/**
 * The customer as the storefront knows them. Anonymous HTML must
 * be cacheable, so the server always renders the anonymous customer; the accounts work
 * fills the store on the first client load (customer-data) and after log-in or sign-up.
 */
import { useSyncExternalStore } from "react";
import { ANONYMOUS_CUSTOMER, type Customer } from "../../domain/customerData";
import { pushDataLayer } from "./dataLayer";
import { shopHeaders, type ShopCallContext } from "./shopHeaders";

let current: Customer = ANONYMOUS_CUSTOMER;
const listeners = new Set<() => void>();

/** Replaces the customer (customer-data, log-in, sign-up, log-out). */
export function setCustomer(next: Customer): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Back to the anonymous customer. */
export function resetCustomer(): void {
  setCustomer(ANONYMOUS_CUSTOMER);
}

/** Calls the listener whenever the customer changes; returns the unsubscribe. */
export function subscribeCustomer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentCustomer(): Customer {
  return current;
}

/** The display name: the full name, else first and last name. */
export function displayName(customer: Customer): string {
  return customer.fullName || [customer.firstName, customer.lastName].filter(Boolean).join(" ");
}

/** The current customer; the server and the hydrating client see the anonymous one. */
export function useCustomer(): Customer {
  return useSyncExternalStore(
    subscribeCustomer,
    () => current,
    () => ANONYMOUS_CUSTOMER,
  );
}

/**
 * The customer in a customer-data answer, with the anonymous customer's values for what
 * it leaves out; null when the answer is not a customer at all.
 */
export function readCustomer(body: unknown): Customer | null {
  if (typeof body !== "object" || body === null) return null;
  const value = body as Partial<Customer>;
  if (typeof value.isLoggedIn !== "boolean") return null;
  return {
    ...ANONYMOUS_CUSTOMER,
    ...value,
    order: { ...ANONYMOUS_CUSTOMER.order, ...(typeof value.order === "object" ? value.order : {}) },
  };
}

/** The customer-data endpoint. */
export const CUSTOMER_DATA_URL = "/web-api/customer-data";

let requested = false;

/**
 * Loads the customer once per page load, on the first client render: the page's query
 * string goes along, the referrer in X-Referrer. A failure leaves the visitor anonymous
 * without a word (the page works the same for them).
 */
export function loadCustomerOnce(ctx: ShopCallContext): void {
  if (requested) return;
  requested = true;
  fetch(`${CUSTOMER_DATA_URL}${window.location.search}`, {
    credentials: "include",
    headers: { Accept: "application/json", ...shopHeaders(ctx), "X-Referrer": document.referrer },
  })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: unknown) => {
      const customer = readCustomer(body);
      if (!customer) return;
      setCustomer(customer);
      pushDataLayer({ event: "customerData", isLoggedIn: customer.isLoggedIn });
    })
    .catch(() => {});
}

/** The cart count the cart page read: the header's badge shows it at once. */
export function setCartArticles(count: number): void {
  if (current.order.cartArticlesAmount === count) return;
  setCustomer({ ...current, order: { ...current.order, cartArticlesAmount: count } });
}

/**
 * The customer as the storefront knows them. Anonymous HTML must
 * be cacheable, so the server always renders the anonymous customer; the accounts work
 * fills the store on the first client load (customer-data) and after log-in or sign-up.
 */
import { useSyncExternalStore } from "react";

export interface CustomerOrder {
  cartArticlesAmount: number;
  isWhitelabelOrder: boolean;
}

export interface Customer {
  emailHash: string | null;
  firstName: string;
  lastName: string;
  fullName: string;
  isLoggedIn: boolean;
  isWhitelabelCustomer: boolean;
  number: string | null;
  order: CustomerOrder;
  /** Customer type; 0 by default. */
  type: number;
}

export const ANONYMOUS_CUSTOMER: Customer = Object.freeze({
  emailHash: null,
  firstName: "",
  lastName: "",
  fullName: "",
  isLoggedIn: false,
  isWhitelabelCustomer: false,
  number: null,
  order: Object.freeze({ cartArticlesAmount: 0, isWhitelabelOrder: false }),
  type: 0,
});

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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The display name: the full name, else first and last name. */
export function displayName(customer: Customer): string {
  return customer.fullName || [customer.firstName, customer.lastName].filter(Boolean).join(" ");
}

/** The current customer; the server and the hydrating client see the anonymous one. */
export function useCustomer(): Customer {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => ANONYMOUS_CUSTOMER,
  );
}

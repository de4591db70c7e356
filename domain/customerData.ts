/**
 * The customer as the storefront shows them: what customer-data, a log-in and a password
 * reset answer, and the anonymous visitor everybody is until then.
 */

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
  /** Themes on the wishlist (brands that keep one), as the header's count shows them. */
  wishlistThemes: number;
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
  wishlistThemes: 0,
  type: 0,
});

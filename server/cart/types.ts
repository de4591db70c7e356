/**
 * What the cart service answers: its lines and views, and each change's outcome. Apart from
 * the service, so the handlers that map the outcomes and the service that builds the
 * handlers both read them without importing each other.
 */
import type { PriceView } from "../../domain/cataloguePrices";
import type { SettledChoice } from "../../domain/designerConfiguration";
import type { VoucherRefusal } from "../../domain/vouchers";

export type { SettledChoice };

/** Whose cart: a customer's, else the anonymous visitor's. */
export type CartOwner = { customerId: number } | { visitorKey: string };

export interface CartLineView {
  line: number;
  product: string;
  options: Record<string, string>;
  quantity: number;
  /** The line's price for its quantity; null when the catalogue no longer sells it. */
  price: PriceView | null;
  /** A configuration's options as its product page names them (label or text key). */
  choices?: LineChoice[];
  /**
   * A printed product kept without its studio design (from before the cart asked for one):
   * its price is null and it is not ordered until it is designed in the studio.
   */
  needsDesign?: true;
}

export interface LineChoice {
  name: string;
  label: string | null;
  labelKey: string;
}

export interface CartView {
  lines: CartLineView[];
  /** Articles in the cart, as the header's badge counts them. */
  articles: number;
  voucher: { code: string; valid: boolean; reason: string | null } | null;
  subtotal: PriceView;
  discount: PriceView | null;
  shipping: PriceView;
  /** The order value from which the cheapest shipping is free, if any. */
  freeShippingFrom: PriceView | null;
  total: PriceView;
}

export type CartChange =
  | { ok: true }
  | { ok: false; reason: "full" | "unknown-line" | "unknown-voucher" | "not-for-sale" };

/** A voucher kept with its discount now, or refused with the rule it fails. */
export type VoucherSet =
  | { ok: true; discountMinor: number }
  // The page's forms know one problem for a refused code; the API names the rule.
  | { ok: false; reason: "unknown-voucher"; refusal: { ok: false } & VoucherRefusal };

/** A configuration the shop does not sell as asked: the field that is wrong, and why. */
export interface NotForSale {
  ok: false;
  reason: "not-for-sale";
  field: string;
  message: string;
  /** Several paths at fault, each with its reason (an empty frame of a design, say). */
  errors?: Record<string, string>;
}

/** A line added or changed through the configuration rules, with its price. */
export type LineAdded =
  { ok: true; line: CartLineView } | NotForSale | { ok: false; reason: "full" };
export type LineChanged =
  { ok: true; line: CartLineView } | NotForSale | { ok: false; reason: "unknown-line" };

/**
 * The cart's answer before a configuration is added: its price and what the line would
 * keep, or why it would be refused, with the nearest choice the shop sells (null when the
 * shop sells no such product, or the refusal is about a preset such as an unknown theme).
 */
export type Quote =
  | ({ ok: true; price: PriceView } & SettledChoice)
  | { ok: false; field: string; message: string; nearest: SettledChoice | null };

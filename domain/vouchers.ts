/**
 * Voucher rules: whether a code may be used for a cart, and what it takes off, in the
 * cart's own currency. Amounts and minimum orders are per currency, because 15 € and
 * 15 CHF are different money; a voucher without an amount for a currency gives nothing there.
 * A voucher may name the product families it is for: it then discounts only their lines,
 * and its minimum order is an order of those.
 */
import type { Country, Currency } from "./locales";
import { PRODUCT_FAMILIES } from "./productFamilies";

/** What a voucher may be limited to: the cart lines' product families, and card accessories. */
export const VOUCHER_PRODUCTS = [...PRODUCT_FAMILIES, "accessory"] as const;

/** Minor units per currency (cents, Rappen, pence). */
export type AmountsByCurrency = Partial<Record<Currency, number>>;

export interface VoucherRule {
  code: string;
  channel: string;
  /** A discount voucher, a gift voucher (money already paid), or one that waives shipping. */
  kind: "voucher" | "gift" | "shipping";
  countries: readonly Country[];
  percent: number | null;
  amounts: AmountsByCurrency | null;
  minOrder: AmountsByCurrency | null;
  validFrom: Date | null;
  validUntil: Date | null;
  /** Most redemptions in all (reserved and redeemed count), and per customer; null: no limit. */
  maxTotal: number | null;
  maxPerCustomer: number | null;
  /** The product families (cart lines' products) it discounts; null or absent: the whole cart. */
  products?: readonly string[] | null;
  /** Only for a shopper without an earlier order in the shop (a recommended friend's voucher). */
  firstOrderOnly?: boolean;
}

/** A cart line as a voucher sees it: its product family and what it costs. */
export interface VoucherLine {
  product: string;
  totalMinor: number;
}

/** The cart a voucher is checked against. */
export interface VoucherCart {
  channel: string;
  country: Country;
  currency: Currency;
  subtotalMinor: number;
  /** The cheapest shipping the cart would pay without the voucher. */
  shippingMinor: number;
  now: Date;
  /**
   * The lines, for a voucher limited to some products; without them no line counts as one
   * of its products (it never discounts lines it cannot see).
   */
  lines?: readonly VoucherLine[];
}

/** How often the voucher is taken already (reservations and redemptions, not releases). */
export interface VoucherUsage {
  total: number;
  byCustomer: number;
  /** The shopper's orders in the shop so far (by account or address); unknown counts as none. */
  ordersBefore?: number;
}

export type VoucherRefusal =
  | { reason: "unknown" }
  | { reason: "not-valid-in-country" }
  | { reason: "not-yet-valid"; validFrom: Date }
  | { reason: "expired"; validUntil: Date }
  | { reason: "minimum-order-value"; minimumMinor: number; currency: Currency }
  | { reason: "used-up" }
  | { reason: "not-for-products" }
  | { reason: "first-order-only" };

export type VoucherVerdict =
  | { ok: true; kind: VoucherRule["kind"]; discountMinor: number; currency: Currency }
  | ({ ok: false } & VoucherRefusal);

/** The voucher belongs to the cart's shop and ships to its country. */
export function isForShopAndCountry(v: VoucherRule, cart: VoucherCart): boolean {
  return v.channel === cart.channel && v.countries.includes(cart.country);
}

/** Validity dates are inclusive at both ends; a missing date does not limit. */
export function validityRefusal(v: VoucherRule, now: Date): VoucherRefusal | null {
  if (v.validFrom && now < v.validFrom) return { reason: "not-yet-valid", validFrom: v.validFrom };
  if (v.validUntil && now > v.validUntil) return { reason: "expired", validUntil: v.validUntil };
  return null;
}

/**
 * What the voucher's products cost in the cart: the whole subtotal for a voucher of the
 * whole cart, else the lines of its product families.
 */
export function eligibleMinor(v: VoucherRule, cart: VoucherCart): number {
  if (!v.products) return cart.subtotalMinor;
  const products = new Set(v.products);
  return (cart.lines ?? [])
    .filter((line) => products.has(line.product))
    .reduce((sum, line) => sum + line.totalMinor, 0);
}

/**
 * The minimum order in the cart's currency, reached by the voucher's products; a voucher
 * with minimums but none for the currency is not sold there.
 */
export function minimumOrderRefusal(v: VoucherRule, cart: VoucherCart): VoucherRefusal | null {
  if (!v.minOrder) return null;
  const minimum = v.minOrder[cart.currency];
  if (minimum === undefined) return { reason: "not-valid-in-country" };
  return eligibleMinor(v, cart) < minimum
    ? { reason: "minimum-order-value", minimumMinor: minimum, currency: cart.currency }
    : null;
}

/** Used up once the total or this customer's count reaches its limit. */
export function isUsedUp(v: VoucherRule, usage: VoucherUsage): boolean {
  return (
    (v.maxTotal !== null && usage.total >= v.maxTotal) ||
    (v.maxPerCustomer !== null && usage.byCustomer >= v.maxPerCustomer)
  );
}

/**
 * What the voucher takes off: a percentage of its products' lines (rounded to the minor
 * unit), a fixed amount in the cart's currency, or the shipping; never more than those
 * lines (or the shipping) cost.
 */
export function voucherDiscount(v: VoucherRule, cart: VoucherCart): number | null {
  const eligible = eligibleMinor(v, cart);
  let discount: number;
  if (v.kind === "shipping") discount = cart.shippingMinor;
  else if (v.percent !== null) discount = Math.round((eligible * v.percent) / 100);
  else {
    const amount = v.amounts?.[cart.currency];
    if (amount === undefined) return null;
    discount = amount;
  }
  const ceiling = v.kind === "shipping" ? cart.shippingMinor : eligible;
  return Math.max(0, Math.min(discount, ceiling));
}

/**
 * Every rule in order: shop and country, dates, limits, the voucher's products in the cart,
 * minimum order, then the discount.
 */
export function checkVoucher(
  v: VoucherRule | null,
  cart: VoucherCart,
  usage: VoucherUsage,
): VoucherVerdict {
  if (!v) return { ok: false, reason: "unknown" };
  if (v.channel !== cart.channel) return { ok: false, reason: "unknown" };
  if (!isForShopAndCountry(v, cart)) return { ok: false, reason: "not-valid-in-country" };
  const dated = validityRefusal(v, cart.now);
  if (dated) return { ok: false, ...dated };
  if (isUsedUp(v, usage)) return { ok: false, reason: "used-up" };
  if (v.firstOrderOnly && (usage.ordersBefore ?? 0) > 0)
    return { ok: false, reason: "first-order-only" };
  // A cart with articles but none of the voucher's products; an empty one may still get them.
  if (v.products && cart.subtotalMinor > 0 && eligibleMinor(v, cart) === 0)
    return { ok: false, reason: "not-for-products" };
  const minimum = minimumOrderRefusal(v, cart);
  if (minimum) return { ok: false, ...minimum };
  const discountMinor = voucherDiscount(v, cart);
  if (discountMinor === null) return { ok: false, reason: "not-valid-in-country" };
  return { ok: true, kind: v.kind, discountMinor, currency: cart.currency };
}

/** A stored voucher as the catalogue keeps it (a gift's single value is in its countries' currency). */
export interface StoredVoucher {
  channel: string;
  code: string;
  kind: string;
  countries: readonly string[];
  percent: number | null;
  valueMinor: number | null;
  minOrderMinor: number | null;
  amounts: Record<string, number> | null;
  minOrder: Record<string, number> | null;
  maxTotal: number | null;
  maxPerCustomer: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  products?: readonly string[] | null;
  firstOrderOnly?: boolean;
}

/**
 * The rule of a stored voucher. A single value or minimum (a gift voucher's) is money of
 * its countries' one currency; a voucher whose countries pay in several has none then.
 */
export function voucherRuleOf(
  row: StoredVoucher,
  currencyOf: (country: Country) => Currency,
): VoucherRule {
  const countries = row.countries as Country[];
  const currencies = [...new Set(countries.map(currencyOf))];
  const single = (minor: number | null): AmountsByCurrency | null =>
    minor === null ? null : currencies.length === 1 ? { [currencies[0]!]: minor } : {};
  const kind = row.kind === "gift" || row.kind === "shipping" ? row.kind : "voucher";
  return {
    code: row.code,
    channel: row.channel,
    kind,
    countries,
    percent: row.percent,
    amounts: (row.amounts as AmountsByCurrency | null) ?? single(row.valueMinor),
    minOrder: (row.minOrder as AmountsByCurrency | null) ?? single(row.minOrderMinor),
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxTotal: row.maxTotal,
    maxPerCustomer: row.maxPerCustomer,
    products: row.products && row.products.length > 0 ? row.products : null,
    firstOrderOnly: row.firstOrderOnly === true,
  };
}

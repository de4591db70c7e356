/**
 * Who a personal API request speaks for, shared by the cart, the wishlist and the checkout:
 * the shop of the request's host, and the signed-in customer of that brand or else the
 * visitor of the visitor-key cookie. Their answers are never kept by a shared cache.
 */
import type { Context } from "hono";
import { visitorKey, visitorKeyCookie } from "../../domain/cookies";
import type { CatalogueContext } from "../catalogue/service";
import { isSecureRequest } from "../middleware/forwarded";
import { siteOrDefault } from "../middleware/site";
import type { ShopServices } from "../services";
import { requestSite } from "./formSite";

/** A customer's own list or cart, or a visitor's by their key. */
export type Shopper = { customerId: number } | { visitorKey: string };

/** The shop a request is for: the host's brand and country, and the request's language. */
export function shopOf(c: Context): CatalogueContext {
  const site = siteOrDefault(c);
  return { channel: site.channel, country: site.country, locale: requestSite(c).locale };
}

/** The signed-in customer of the brand, else the visitor with a key; null for neither. */
export async function shopperOf(
  customers: ShopServices["customers"],
  c: Context,
  channel: CatalogueContext["channel"],
): Promise<Shopper | null> {
  const cookies = c.req.header("cookie") ?? "";
  const customer = await customers.accounts.customerFor(customers.sessionToken(cookies), channel);
  if (customer) return { customerId: customer.id };
  const key = visitorKey(cookies);
  return key ? { visitorKey: key } : null;
}

/** The shopper of a write: a visitor without a key gets one with this answer. */
export async function writingShopperOf(
  customers: ShopServices["customers"],
  c: Context,
  channel: CatalogueContext["channel"],
): Promise<Shopper> {
  const shopper = await shopperOf(customers, c, channel);
  if (shopper) return shopper;
  const key = crypto.randomUUID();
  c.header("Set-Cookie", visitorKeyCookie(key, isSecureRequest(c.req.raw)), { append: true });
  return { visitorKey: key };
}

/** Middleware: the answer is one shopper's own, kept by no shared cache. */
export async function personal(c: Context, next: () => Promise<void>) {
  await next();
  c.header("Cache-Control", "private, no-store");
  c.header("Vary", "Cookie, X-Locale");
}

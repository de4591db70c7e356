/** The from-price step the teaser, the sub-teasers and the feed share. */
import { logError } from "../../lib/log";
import type { PreparedPrice } from "../types";
import type { PrepareContext } from "./block.server";

/**
 * A teaser, tile or feed item with the from-price of the product it names, asked of the
 * catalogue for this request's shop. A product the shop does not sell shows no price and
 * is logged with the block that names it.
 */
export async function withProductPrice<
  T extends { _uid: string; priceProduct: string | null; price: PreparedPrice | null },
>(item: T, ctx: PrepareContext): Promise<T> {
  const reference = item.priceProduct;
  if (!reference || !ctx.productPrice) return item;
  const price = await ctx.productPrice(reference).catch((error: unknown) => {
    logError("unknown-price-product", error, { uid: item._uid, reference });
    return null;
  });
  return { ...item, price };
}

/** A block whose items (sub-teasers, feed items) each show the from-price of their product. */
export async function withItemPrices<
  B extends { items: { _uid: string; priceProduct: string | null; price: PreparedPrice | null }[] },
>(block: B, ctx: PrepareContext): Promise<B> {
  return { ...block, items: await Promise.all(block.items.map((i) => withProductPrice(i, ctx))) };
}

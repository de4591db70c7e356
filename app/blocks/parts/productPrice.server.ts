/** The from-price step the teaser, the sub-teasers and the feed share, and its source. */
import { logError } from "../../lib/log";
import type { PreparedPrice } from "../types";

/**
 * The from-price of a product content names (a teaser's, a tile's, a feed item's
 * `priceProduct`), from the catalogue in the shop's currency; rejects for a product the
 * shop does not sell.
 */
export type ProductPriceSource = (reference: string) => Promise<PreparedPrice | null>;

/**
 * A teaser, tile or feed item with the from-price of the product it names, asked of the
 * catalogue for this request's shop. A product the shop does not sell shows no price and
 * is logged with the block that names it.
 */
export async function withProductPrice<
  T extends { _uid: string; priceProduct: string | null; price: PreparedPrice | null },
>(item: T, productPrice: ProductPriceSource): Promise<T> {
  const reference = item.priceProduct;
  if (!reference) return item;
  const price = await productPrice(reference).catch((error: unknown) => {
    logError("unknown-price-product", error, { uid: item._uid, reference });
    return null;
  });
  return { ...item, price };
}

/** A block whose items (sub-teasers, feed items) each show the from-price of their product. */
export async function withItemPrices<
  B extends { items: { _uid: string; priceProduct: string | null; price: PreparedPrice | null }[] },
>(block: B, productPrice: ProductPriceSource): Promise<B> {
  return {
    ...block,
    items: await Promise.all(block.items.map((i) => withProductPrice(i, productPrice))),
  };
}

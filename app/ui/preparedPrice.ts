/**
 * A catalogue price as a page shows it: the service's formatted price and original, and
 * whether it reads as a from-price. Shared by every feature that lists prices (the catalogue's
 * browsing pages, the blocks, the wishlist), so it sits with the price tag that shows it.
 */
import type { PreparedPrice } from "./types";

/** The page's view of a catalogue price (null when the catalogue has none). */
export function prepared(
  price: { formatted: { current: string; original: string | null } } | null,
  from: boolean,
): PreparedPrice | null {
  if (!price) return null;
  return { current: price.formatted.current, original: price.formatted.original, from };
}

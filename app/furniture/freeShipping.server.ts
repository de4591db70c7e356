/**
 * The free-shipping threshold a bar states: editors write {{freeShippingFrom}} where the
 * amount goes, and each shop fills in its own shipping rule in its own currency, so a
 * story another country borrows (de-DE's in Switzerland, en-GB's in the US) never promises
 * euros where francs are charged, nor another amount than the cart applies.
 */
import type { ActionBarData } from "./types";

/** Where a bar's text names the shop's free-shipping threshold. */
export const FREE_SHIPPING_FROM = "{{freeShippingFrom}}";

/**
 * A bar with the shop's free-shipping threshold filled in (formatted money); a bar that
 * names a threshold the shop does not have is not shown (null).
 */
export function withFreeShippingFrom(
  bar: ActionBarData,
  freeShippingFrom: string | null,
): ActionBarData | null {
  if (!bar.html.includes(FREE_SHIPPING_FROM)) return bar;
  if (freeShippingFrom === null) return null;
  const amount = freeShippingFrom.replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  return { ...bar, html: bar.html.replaceAll(FREE_SHIPPING_FROM, amount) };
}

export { freeShippingFromOf, type ShippingSource } from "../lib/storefrontFacts.server";

/**
 * The free-shipping threshold a bar states: editors write {{freeShippingFrom}} where the
 * amount goes, and each shop fills in its own shipping rule in its own currency, so a
 * story another country borrows (de-DE's in Switzerland, en-GB's in the US) never promises
 * euros where francs are charged, nor another amount than the cart applies.
 */
import type { ChannelId } from "../../config/channels";
import { localeSettings, type Country, type Locale } from "../../domain/locales";
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

/** What shipping calls the shop's catalogue answers (the methods of a country). */
export interface ShippingSource {
  shipping(ctx: { channel: ChannelId; country: Country; locale: Locale }): Promise<{
    methods: readonly {
      freeFrom: { priceCurrentMinor: number; formatted: { current: string } } | null;
    }[];
  }>;
}

/**
 * The lowest free-shipping threshold of the shop's country, formatted in its currency as
 * the cart shows it; null when shipping is never free there (or the catalogue cannot say).
 */
export async function freeShippingFromOf(
  catalogue: ShippingSource,
  ctx: { channel: ChannelId; locale: Locale },
): Promise<string | null> {
  const { country } = localeSettings(ctx.locale);
  const shipping = await catalogue.shipping({ ...ctx, country }).catch(() => null);
  const lowest = (shipping?.methods ?? [])
    .map((m) => m.freeFrom)
    .filter((f) => f !== null)
    .sort((a, b) => a.priceCurrentMinor - b.priceCurrentMinor)[0];
  return lowest?.formatted.current ?? null;
}

/**
 * The storefront's own facts filled into a story's texts on the server (company, hotline
 * and its hours, currency, free-shipping threshold), for the visitor's channel and locale:
 * a story borrowed from another country's folder never shows that country's facts.
 */
import type { ChannelId } from "../../config/channels";
import { storefrontFacts } from "../../config/countryFacts";
import { fillFacts, usesFactToken } from "../../domain/countryFacts";
import { localeSettings, type Country, type Locale } from "../../domain/locales";

/**
 * The content with the storefront's facts filled in. The catalogue is asked for the
 * free-shipping threshold only when a text names it.
 */
export async function withStorefrontFacts<T>(
  content: T,
  ctx: { channel: ChannelId; locale: Locale; catalogue?: ShippingSource | undefined },
): Promise<T> {
  if (content === null || typeof content !== "object") return content;
  const uses = tokensOf(content);
  if (!uses.any) return content;
  const threshold =
    ctx.catalogue && uses.freeShipping ? await freeShippingFromOf(ctx.catalogue, ctx) : null;
  const facts = storefrontFacts(ctx.channel, ctx.locale, threshold);
  // The same story with the same facts gives the same object, so what is kept per story
  // object downstream (the blocks' conversion) is kept for the filled story too.
  const key = JSON.stringify(facts);
  const byFacts = filled.get(content) ?? new Map<string, unknown>();
  const known = byFacts.get(key);
  if (known !== undefined) return known as T;
  const result = fillFacts(content, facts);
  byFacts.set(key, result);
  filled.set(content, byFacts);
  return result;
}

/** Filled stories by story object (gone with it) and facts. */
const filled = new WeakMap<object, Map<string, unknown>>();

/** Whether a story names facts at all, and the threshold, read once per story object. */
const tokens = new WeakMap<object, { any: boolean; freeShipping: boolean }>();

function tokensOf(content: object) {
  let found = tokens.get(content);
  if (!found) {
    const any = usesFactToken(content);
    found = { any, freeShipping: any && usesFactToken(content, "freeShippingFrom") };
    tokens.set(content, found);
  }
  return found;
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

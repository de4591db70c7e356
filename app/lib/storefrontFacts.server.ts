/**
 * The storefront's own facts filled into a story's texts on the server (company, hotline
 * and its hours, currency, free-shipping threshold, a product's from-price), for the
 * visitor's channel and locale: a story borrowed from another country's folder never shows
 * that country's facts or prices.
 */
import type { ChannelId } from "../../config/channels";
import { storefrontFacts } from "../../config/countryFacts";
import { fillFacts, usesFactToken } from "../../domain/countryFacts";
import { localeSettings, type Country, type Locale } from "../../domain/locales";
import { fillPriceTokens, priceTokenReferences } from "../../domain/priceProducts";
import { logError } from "./log";

/**
 * The content with the storefront's facts filled in. The catalogue is asked for the
 * free-shipping threshold only when a text names it.
 */
export async function withStorefrontFacts<T>(
  content: T,
  ctx: {
    channel: ChannelId;
    locale: Locale;
    catalogue?: (ShippingSource & Partial<PriceSource>) | undefined;
  },
): Promise<T> {
  if (content === null || typeof content !== "object") return content;
  const uses = tokensOf(content);
  if (!uses.any && uses.prices.length === 0) return content;
  const threshold =
    ctx.catalogue && uses.freeShipping ? await freeShippingFromOf(ctx.catalogue, ctx) : null;
  const facts = uses.any ? storefrontFacts(ctx.channel, ctx.locale, threshold) : {};
  const prices = await fromPricesOf(ctx.catalogue, ctx, uses.prices);
  // The same story with the same facts gives the same object, so what is kept per story
  // object downstream (the blocks' conversion) is kept for the filled story too.
  const key = JSON.stringify([facts, prices]);
  const byFacts = filled.get(content) ?? new Map<string, unknown>();
  const known = byFacts.get(key);
  if (known !== undefined) return known as T;
  const result = fillPriceTokens(fillFacts(content, facts), prices);
  byFacts.set(key, result);
  filled.set(content, byFacts);
  return result;
}

/** What from-prices the shop's catalogue answers (a product's, by its reference). */
export interface PriceSource {
  productFromPrice(
    ctx: { channel: ChannelId; country: Country; locale: Locale },
    reference: string,
  ): Promise<{ formatted: { current: string } }>;
}

/**
 * The from-prices the story's price tokens name, formatted in the shop's currency. A product
 * the shop does not sell (or no catalogue) is logged and left out, so its token shows
 * nothing rather than a placeholder.
 */
async function fromPricesOf(
  catalogue: Partial<PriceSource> | undefined,
  ctx: { channel: ChannelId; locale: Locale },
  references: readonly string[],
): Promise<Record<string, string>> {
  const { country } = localeSettings(ctx.locale);
  const entries = await Promise.all(
    references.map(async (reference) => {
      const price = await catalogue
        ?.productFromPrice?.({ ...ctx, country }, reference)
        .catch((error: unknown) => {
          logError("unknown-price-product", error, { reference, channel: ctx.channel });
          return null;
        });
      return price ? [[reference, price.formatted.current] as const] : [];
    }),
  );
  return Object.fromEntries(entries.flat());
}

/** Filled stories by story object (gone with it) and facts. */
const filled = new WeakMap<object, Map<string, unknown>>();

/**
 * Whether a story names facts at all, the threshold, and which products' from-prices, read
 * once per story object.
 */
const tokens = new WeakMap<object, { any: boolean; freeShipping: boolean; prices: string[] }>();

function tokensOf(content: object) {
  let found = tokens.get(content);
  if (!found) {
    const any = usesFactToken(content);
    found = {
      any,
      freeShipping: any && usesFactToken(content, "freeShippingFrom"),
      prices: priceTokenReferences(content),
    };
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

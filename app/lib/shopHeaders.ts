/**
 * The headers every shop call carries: X-Channel (channel and country) and X-Locale. Kept
 * apart from the request layer so a page that only needs the headers loads nothing more.
 */
import { channelHeader, type ChannelId } from "../../config/channelFeatures";
import type { Country, Locale } from "../../domain/locales";

export interface ShopCallContext {
  channel: ChannelId;
  country: Country;
  locale: Locale;
}

/** Builds the shop headers for a call. */
export function shopHeaders(ctx: ShopCallContext): Record<string, string> {
  return { "X-Channel": channelHeader(ctx.channel, ctx.country), "X-Locale": ctx.locale };
}

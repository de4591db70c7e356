/**
 * Each storefront's own facts: the company that sells, and the service hotline with its
 * hours, per channel and country. Content texts name them by token (domain/countryFacts.ts),
 * so a story a country borrows from another folder still shows this country's hotline.
 */
import {
  currencySign,
  dialString,
  formatHours,
  type Hotline,
  type StorefrontFacts,
} from "../domain/countryFacts";
import { localeSettings, type Country, type Locale } from "../domain/locales";
import { CHANNELS, type ChannelId } from "./channels";

/** The seller of every storefront of a channel (the imprint names the same company). */
const COMPANY: Record<ChannelId, string> = {
  cards: `${CHANNELS.cards.brandName} GmbH`,
  wallart: `${CHANNELS.wallart.brandName} GmbH`,
};

const WEEKDAYS = [1, 5] as const;
const SATURDAY = [6, 6] as const;

/** The hotlines by country; the wall-art channel answers from Hamburg in Germany. */
const HOTLINES: Record<Country, Hotline> = {
  DE: {
    number: "+49 30 2555 8800",
    hours: [
      { days: WEEKDAYS, opens: "08:00", closes: "20:00" },
      { days: SATURDAY, opens: "09:00", closes: "16:00" },
    ],
  },
  AT: {
    number: "+43 1 253 08 80",
    hours: [
      { days: WEEKDAYS, opens: "08:00", closes: "20:00" },
      { days: SATURDAY, opens: "09:00", closes: "16:00" },
    ],
  },
  CH: { number: "+41 44 585 29 60", hours: [{ days: WEEKDAYS, opens: "08:00", closes: "18:00" }] },
  LI: { number: "+423 237 44 80", hours: [{ days: WEEKDAYS, opens: "08:00", closes: "18:00" }] },
  LU: { number: "+352 20 88 44 10", hours: [{ days: WEEKDAYS, opens: "08:00", closes: "18:00" }] },
  IT: {
    number: "+39 02 8734 5120",
    hours: [
      { days: WEEKDAYS, opens: "09:00", closes: "18:00" },
      { days: SATURDAY, opens: "09:00", closes: "13:00" },
    ],
  },
  GB: {
    number: "+44 20 3885 0420",
    hours: [
      { days: WEEKDAYS, opens: "08:00", closes: "18:00" },
      { days: SATURDAY, opens: "09:00", closes: "13:00" },
    ],
  },
  US: {
    number: "+1 646 555 0142",
    hours: [{ days: WEEKDAYS, opens: "09:00", closes: "19:00" }],
    zoneLabel: "ET",
  },
  ES: {
    number: "+34 910 60 44 18",
    hours: [
      { days: WEEKDAYS, opens: "09:00", closes: "19:00" },
      { days: SATURDAY, opens: "10:00", closes: "14:00" },
    ],
  },
  FR: {
    number: "+33 1 84 88 52 30",
    hours: [
      { days: WEEKDAYS, opens: "09:00", closes: "19:00" },
      { days: SATURDAY, opens: "09:00", closes: "13:00" },
    ],
  },
  BE: { number: "+32 2 588 21 40", hours: [{ days: WEEKDAYS, opens: "09:00", closes: "18:00" }] },
  NL: {
    number: "+31 20 808 4560",
    hours: [
      { days: WEEKDAYS, opens: "09:00", closes: "18:00" },
      { days: SATURDAY, opens: "10:00", closes: "14:00" },
    ],
  },
};

/** A channel's own hotline where it has one. */
const CHANNEL_HOTLINES: Partial<Record<ChannelId, Partial<Record<Country, Hotline>>>> = {
  wallart: { DE: { ...HOTLINES.DE, number: "+49 40 2555 8800" } },
};

/** The hotline of a channel's storefront in a country. */
export function hotlineOf(channel: ChannelId, country: Country): Hotline {
  return CHANNEL_HOTLINES[channel]?.[country] ?? HOTLINES[country];
}

/** The company that sells on a channel's storefronts. */
export function companyOf(channel: ChannelId): string {
  return COMPANY[channel];
}

/**
 * The facts a storefront fills into its content texts; `freeShippingFrom` is the
 * catalogue's threshold in the shop's currency (the caller's, as it needs the catalogue).
 */
export function storefrontFacts(
  channel: ChannelId,
  locale: Locale,
  freeShippingFrom: string | null = null,
): StorefrontFacts {
  const { country, currency } = localeSettings(locale);
  const hotline = hotlineOf(channel, country);
  return {
    company: companyOf(channel),
    hotline: hotline.number,
    hotlineDial: dialString(hotline.number),
    hotlineHours: formatHours(hotline, locale),
    currency: currencySign(currency, locale),
    ...(freeShippingFrom !== null ? { freeShippingFrom } : {}),
  };
}

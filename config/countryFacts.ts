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

/** The company that sells on all of a channel's storefronts, as every country's imprint names it. */
export interface Seller {
  company: string;
  street: string;
  postcode: string;
  city: string;
  country: Country;
}

/** One seller per channel: the other countries' shops sell from Germany too. */
const SELLERS: Record<ChannelId, Seller> = {
  cards: {
    company: `${CHANNELS.cards.brandName} GmbH`,
    street: "Kastanienallee 12",
    postcode: "10435",
    city: "Berlin",
    country: "DE",
  },
  wallart: {
    company: `${CHANNELS.wallart.brandName} GmbH`,
    street: "Speicherstraße 8",
    postcode: "20457",
    city: "Hamburg",
    country: "DE",
  },
};

/** The international calling code of each country a shop serves, without "+". */
export const CALLING_CODES: Record<Country, string> = {
  DE: "49",
  AT: "43",
  CH: "41",
  LI: "423",
  LU: "352",
  IT: "39",
  GB: "44",
  US: "1",
  ES: "34",
  FR: "33",
  BE: "32",
  NL: "31",
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

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * What is wrong with a country's hotline: a number that does not dial into that country
 * (an Austrian shop's hotline starts with +43), hours on days that do not exist, or closing
 * before opening. Empty when it is right.
 */
export function hotlineProblems(country: Country, hotline: Hotline): string[] {
  const problems: string[] = [];
  const code = CALLING_CODES[country];
  if (!new RegExp(`^\\+${code} \\d[\\d ]+\\d$`).test(hotline.number))
    problems.push(`${country}: ${hotline.number} is not a number in +${code}`);
  if (hotline.hours.length === 0) problems.push(`${country}: no opening hours`);
  for (const { days, opens, closes } of hotline.hours) {
    const [from, to] = days;
    if (!(from >= 1 && from <= to && to <= 7)) problems.push(`${country}: days ${from}–${to}`);
    if (!TIME.test(opens) || !TIME.test(closes) || opens >= closes)
      problems.push(`${country}: hours ${opens}–${closes}`);
  }
  return problems;
}

/** Every hotline of the tables above, checked once when the module loads: a wrong one stops the boot. */
const problems = [
  ...Object.entries(HOTLINES).flatMap(([country, hotline]) =>
    hotlineProblems(country as Country, hotline),
  ),
  ...Object.values(CHANNEL_HOTLINES).flatMap((byCountry) =>
    Object.entries(byCountry ?? {}).flatMap(([country, hotline]) =>
      hotlineProblems(country as Country, hotline),
    ),
  ),
];
if (problems.length > 0) throw new Error(`Country facts: ${problems.join("; ")}`);

/** The hotline of a channel's storefront in a country. */
export function hotlineOf(channel: ChannelId, country: Country): Hotline {
  return CHANNEL_HOTLINES[channel]?.[country] ?? HOTLINES[country];
}

/** The company that sells on a channel's storefronts. */
export function companyOf(channel: ChannelId): string {
  return SELLERS[channel].company;
}

/** The seller's street, postcode and town as a letter is addressed to it. */
function addressOf(seller: Seller): string {
  return `${seller.street}, ${seller.postcode} ${seller.city}`;
}

/** The seller of a channel's storefronts with its address. */
export function sellerOf(channel: ChannelId): Seller {
  return SELLERS[channel];
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
    sellerAddress: addressOf(SELLERS[channel]),
    hotline: hotline.number,
    hotlineDial: dialString(hotline.number),
    hotlineHours: formatHours(hotline, locale),
    currency: currencySign(currency, locale),
    ...(freeShippingFrom !== null ? { freeShippingFrom } : {}),
  };
}

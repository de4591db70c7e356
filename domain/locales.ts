/**
 * Locales, countries and languages of the shop: the 17 supported
 * locales with their country, currency, length unit, content fallback and text resource.
 */

/** The supported locales, canonical spelling `ll-CC`. */
export const LOCALES = [
  "de-AT",
  "de-CH",
  "de-DE",
  "de-IT",
  "de-LI",
  "de-LU",
  "en-GB",
  "en-US",
  "es-ES",
  "fr-BE",
  "fr-CH",
  "fr-FR",
  "fr-LU",
  "it-CH",
  "it-IT",
  "nl-BE",
  "nl-NL",
] as const;

/** A supported locale in canonical spelling, e.g. "de-CH". */
export type Locale = (typeof LOCALES)[number];

/** The languages the shop is written in, with each language's home country. */
export const LANGUAGES = {
  de: { home: "DE" },
  en: { home: "GB" },
  es: { home: "ES" },
  fr: { home: "FR" },
  it: { home: "IT" },
  nl: { home: "NL" },
} as const satisfies Record<string, { home: string }>;

/** A two-letter lowercase language code the shop supports. */
export type Language = keyof typeof LANGUAGES;

/** The countries served, each with its languages in order; the first is the default. */
export const COUNTRIES = {
  DE: ["de"],
  AT: ["de"],
  CH: ["de", "fr", "it"],
  LI: ["de"],
  LU: ["de", "fr"],
  IT: ["it", "de"],
  GB: ["en"],
  US: ["en"],
  ES: ["es"],
  FR: ["fr"],
  BE: ["fr", "nl"],
  NL: ["nl"],
} as const satisfies Record<string, readonly [Language, ...Language[]]>;

/** A two-letter uppercase country code the shop serves. */
export type Country = keyof typeof COUNTRIES;

/** Every country code, in the order of {@link COUNTRIES}. */
export const COUNTRY_CODES = Object.keys(COUNTRIES) as Country[];

/** The text resources that exist. */
export const TEXT_RESOURCES = ["de", "es", "fr", "it", "nl", "en-GB", "en-US"] as const;

/** A text resource name: a language, or a locale for English. */
export type TextResource = (typeof TEXT_RESOURCES)[number];

/** Lowercase ISO currency codes used by the shop. */
export type Currency = "chf" | "eur" | "gbp" | "usd";

/** Length units used for sizes. */
export type LengthUnit = "cm" | "in";

/** Everything the shop derives from a locale. */
export interface LocaleSettings {
  locale: Locale;
  language: Language;
  country: Country;
  currency: Currency;
  lengthUnit: LengthUnit;
  /** Content and translation fallback locale, or null. */
  contentFallback: Locale | null;
  /** The text resource this locale reads. */
  translationLanguage: TextResource;
}

/**
 * Content fallbacks: a locale without a story of its own shows its fallback's (it-CH to
 * it-IT follows the same pattern).
 */
const CONTENT_FALLBACKS: Partial<Record<Locale, Locale>> = {
  "de-AT": "de-DE",
  "de-CH": "de-DE",
  "de-IT": "de-DE",
  "de-LI": "de-DE",
  "de-LU": "de-DE",
  "en-US": "en-GB",
  "fr-BE": "fr-FR",
  "fr-CH": "fr-FR",
  "fr-LU": "fr-FR",
  "it-CH": "it-IT",
  "nl-BE": "nl-NL",
};

/** Currency of a locale: chf for CH and LI, gbp for en-GB, usd for en-US, else eur. */
function currencyOf(country: Country): Currency {
  if (country === "CH" || country === "LI") return "chf";
  if (country === "GB") return "gbp";
  if (country === "US") return "usd";
  return "eur";
}

/** Builds the settings of one locale. */
function buildSettings(locale: Locale): LocaleSettings {
  const [language, country] = locale.split("-") as [Language, Country];
  return {
    locale,
    language,
    country,
    currency: currencyOf(country),
    lengthUnit: locale === "en-US" ? "in" : "cm",
    contentFallback: CONTENT_FALLBACKS[locale] ?? null,
    translationLanguage: language === "en" ? (locale as "en-GB" | "en-US") : language,
  };
}

/** Settings of every locale, keyed by locale. */
export const LOCALE_SETTINGS: Readonly<Record<Locale, LocaleSettings>> = Object.freeze(
  Object.fromEntries(LOCALES.map((l) => [l, Object.freeze(buildSettings(l))])) as Record<
    Locale,
    LocaleSettings
  >,
);

/** Storefronts described in header/footer plus those of the content configuration. */
export const STOREFRONT_LOCALES = [
  "de-DE",
  "en-GB",
  "en-US",
  "es-ES",
  "fr-FR",
  "it-IT",
  "nl-NL",
  "de-CH",
  "de-LI",
  "fr-BE",
] as const satisfies readonly Locale[];

const LOCALE_CODE = /^[a-z]{2}-[a-z]{2}$/i;

/** True when `s` has the locale-code shape: two letters, hyphen, two letters (any case). */
export function isLocaleCode(s: unknown): s is string {
  return typeof s === "string" && LOCALE_CODE.test(s);
}

/** True when `s` is a supported locale in canonical spelling ("de-CH", not "de-ch"). */
export function isSupportedLocale(s: unknown): s is Locale {
  return typeof s === "string" && (LOCALES as readonly string[]).includes(s);
}

/** The canonical supported locale for "de-ch", "DE-CH" or "de-CH"; null otherwise. */
export function parseLocale(s: unknown): Locale | null {
  if (!isLocaleCode(s)) return null;
  const canonical = `${s.slice(0, 2).toLowerCase()}-${s.slice(3).toUpperCase()}`;
  return isSupportedLocale(canonical) ? canonical : null;
}

/** The settings of a supported locale. */
export function localeSettings(locale: Locale): LocaleSettings {
  return LOCALE_SETTINGS[locale];
}

/** Locales to try for content and translations: the locale, then its fallback if any. */
export function contentLocaleChain(locale: Locale): Locale[] {
  const fallback = LOCALE_SETTINGS[locale].contentFallback;
  return fallback ? [locale, fallback] : [locale];
}

/** The lowercase locale code used by the content system, e.g. "de-ch". */
export function toContentLanguageCode(locale: Locale): string {
  return locale.toLowerCase();
}

/** True when `s` is a supported language code ("de", "en", ...). */
export function isLanguage(s: unknown): s is Language {
  return typeof s === "string" && Object.hasOwn(LANGUAGES, s);
}

/** True when `s` is a served country code in uppercase ("DE", "CH", ...). */
export function isCountry(s: unknown): s is Country {
  return typeof s === "string" && Object.hasOwn(COUNTRIES, s);
}

/** The default (first) language of a country. */
export function defaultLanguage(country: Country): Language {
  return COUNTRIES[country][0];
}

/** The languages offered in a country, default first. */
export function languagesOf(country: Country): readonly Language[] {
  return COUNTRIES[country];
}

/** The locale for a country and language, or null when the country does not offer it. */
export function localeFor(country: Country, language: Language): Locale | null {
  if (!(COUNTRIES[country] as readonly Language[]).includes(language)) return null;
  return parseLocale(`${language}-${country}`);
}

/** The default locale of a country (its default language). */
export function defaultLocaleFor(country: Country): Locale {
  return localeFor(country, defaultLanguage(country)) as Locale;
}

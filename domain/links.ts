/**
 * Locale-aware links: an internal path gets the current language prefix (when the
 * language is not the country's default), the channel's trailing-slash form and, for
 * configurator paths, the locale parameter. External links need an explicit opt-in and
 * unsafe protocols are refused.
 */
import type { Hreflang } from "./content";
import { LOCALES, localeSettings, type Country, type Language, type Locale } from "./locales";
import {
  isConfiguratorPath,
  languagePrefix,
  normalisePath,
  safeHref,
  splitPath,
  withConfiguratorLocale,
} from "./paths";

export interface LinkLocale {
  country: Country;
  language: Language;
  locale: Locale;
  trailingSlash: boolean;
}

export interface LocalisedHref {
  href: string;
  /** True for links that leave the shop (http(s) with a host, mailto:, tel:). */
  external: boolean;
}

/**
 * Targets already localised: a page renders dozens of links (navigation, footer, tiles), the
 * same ones on every page of a locale, and each was checked, split and normalised anew on
 * every render. The answers are frozen and shared; the memory starts again past its bound
 * (a page's own targets may come from its query).
 */
const localised = new Map<string, LocalisedHref | null>();
const LOCALISED_LIMIT = 10_000;

/** The href to render for a link target, or null when the target is refused. */
export function localiseHref(
  target: string,
  at: LinkLocale,
  options: { allowExternal?: boolean } = {},
): LocalisedHref | null {
  const key = `${at.country}|${at.language}|${at.locale}|${at.trailingSlash ? 1 : 0}|${options.allowExternal ? 1 : 0}|${target}`;
  const known = localised.get(key);
  if (known !== undefined) return known;
  const answer = localise(target, at, options.allowExternal ?? false);
  if (localised.size >= LOCALISED_LIMIT) localised.clear();
  localised.set(key, answer ? Object.freeze(answer) : null);
  return answer;
}

function localise(target: string, at: LinkLocale, allowExternal: boolean): LocalisedHref | null {
  const safe = safeHref(target, { allowExternal });
  if (safe === null) return null;
  if (!safe.startsWith("/") || safe.startsWith("//")) {
    return { href: safe, external: /^[a-z][a-z0-9+.-]*:|^\/\//i.test(safe) };
  }
  const cut = safe.search(/[?#]/);
  const pathname = cut < 0 ? safe : safe.slice(0, cut);
  const suffix = cut < 0 ? "" : safe.slice(cut);
  const prefixed =
    splitPath(pathname).prefix !== null
      ? pathname
      : `${languagePrefix(at.country, at.language)}${pathname}`;
  const normal = normalisePath(prefixed, { trailingSlash: at.trailingSlash });
  const href = `${normal}${suffix}`;
  return {
    href: isConfiguratorPath(normal) ? withConfiguratorLocale(href, at.locale) : href,
    external: false,
  };
}

/** The same path in every locale (pages that are not content stories, e.g. the products route). */
export function samePathEverywhere(path: string): Partial<Record<Locale, string>> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, path]));
}

/**
 * The hreflang links of a page that is not a content story: for every locale with a path,
 * that path on the locale's country site, with its language prefix and the channel's
 * trailing-slash form. `originFor` gives a country site's origin, or null to leave the
 * country out.
 */
export function pathHreflangs(
  paths: Partial<Record<Locale, string>>,
  options: { trailingSlash: boolean; originFor: (country: Country) => string | null },
): Hreflang[] {
  const links: Hreflang[] = [];
  for (const locale of LOCALES) {
    const path = paths[locale];
    if (path === undefined) continue;
    const { country, language } = localeSettings(locale);
    const origin = options.originFor(country);
    const href = localiseHref(path, {
      country,
      language,
      locale,
      trailingSlash: options.trailingSlash,
    });
    if (!origin || !href || href.external) continue;
    links.push({ hreflang: locale, href: `${origin}${href.href}` });
  }
  return links;
}

/** A `tel:` link for a phone number as people write it ("+49 30 2555 8800"). */
export function telHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, "")}`;
}

/**
 * hreflang alternates: for a page that exists in several locales of a channel, one
 * absolute link per locale (on that locale's country host, with its language prefix)
 * and x-default (de-DE, else the first).
 */
import { CHANNELS, type ChannelId } from "../../config/channels";
import type { HostTable } from "../../config/hosts";
import { localiseHref } from "../../domain/links";
import { LOCALES, localeSettings, type Locale } from "../../domain/locales";

export interface AlternateLink {
  rel: "alternate";
  hrefLang: string;
  href: string;
}

export function hreflangAlternates(input: {
  channel: ChannelId;
  /** The page's path per locale, without language prefix. */
  paths: Partial<Record<Locale, string>>;
  hosts: HostTable;
  requestUrl: URL;
}): AlternateLink[] {
  const links: AlternateLink[] = [];
  const trailingSlash = CHANNELS[input.channel].features.trailingSlash;
  for (const locale of LOCALES) {
    const path = input.paths[locale];
    if (path === undefined) continue;
    const { country, language } = localeSettings(locale);
    const origin = input.hosts.originFor({ channel: input.channel, country }, input.requestUrl);
    const href = localiseHref(path, { country, language, locale, trailingSlash });
    if (!origin || !href || href.external) continue;
    links.push({ rel: "alternate", hrefLang: locale, href: `${origin}${href.href}` });
  }
  const fallback = links.find((link) => link.hrefLang === "de-DE") ?? links[0];
  if (fallback) links.push({ ...fallback, hrefLang: "x-default" });
  return links;
}

/** The same path in every locale (pages that are not content stories, e.g. the products route). */
export function samePathEverywhere(path: string): Partial<Record<Locale, string>> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, path]));
}

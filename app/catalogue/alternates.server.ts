/**
 * hreflang alternates: for a page that exists in several locales of a channel, one
 * absolute link per locale (on that locale's country host, with its language prefix)
 * and x-default (`withXDefault`: de-DE, else the first).
 */
import { CHANNELS, type ChannelId } from "../../config/channels";
import type { HostTable } from "../../config/hosts";
import { withXDefault } from "../../domain/content";
import { pathHreflangs } from "../../domain/links";
import type { Locale } from "../../domain/locales";

export { samePathEverywhere } from "../../domain/links";

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
  const links = pathHreflangs(input.paths, {
    trailingSlash: CHANNELS[input.channel].features.trailingSlash,
    originFor: (country) =>
      input.hosts.originFor({ channel: input.channel, country }, input.requestUrl),
  });
  return withXDefault(links).map(({ hreflang, href }) => ({
    rel: "alternate",
    hrefLang: hreflang,
    href,
  }));
}

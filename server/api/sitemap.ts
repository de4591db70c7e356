import { Hono } from "hono";
import { CACHE_TIERS } from "../../config/cache";
import { CHANNELS } from "../../config/channels";
import type { Site } from "../../config/hosts";
import { hreflangLinks, withXDefault } from "../../domain/content";
import { pathHreflangs, samePathEverywhere } from "../../domain/links";
import {
  languagesOf,
  localeFor,
  localeSettings,
  type Country,
  type Locale,
} from "../../domain/locales";
import { isAppRoute, isConfiguratorPath, isProductsPath } from "../../domain/paths";
import { reviewsPath } from "../../domain/reviews";
import { sitemapUrls, sitemapXml, type SitemapUrl } from "../../domain/sitemap";
import { visitorOrigin } from "../middleware/forwarded";
import { hostSite } from "../middleware/site";
import { SITEMAP_PATH, sitemapKey, sitemapOrigin, type PageCache } from "../pageCache";
import type { ShopServices } from "../services";
import { problem } from "./problem";

/** When a crawler may ask again after the content or catalogue source failed (seconds). */
const RETRY_AFTER_SECONDS = 60;

/**
 * `/sitemap.xml` per host: the pages of the host's site in each of its languages (the
 * published content pages, the product overview with the card and calendar browsing
 * where the shop sells them, the published themes' pages, the shop's reviews page where it
 * has reviews), each with the hreflang alternates the page itself names (its versions on
 * every country's host, and x-default). Every address is on its country's canonical host,
 * as the pages' canonical links are, also when the sitemap is asked for on an alias host.
 * A host not in the hosts table has none.
 */
export function sitemapRoutes(services: ShopServices, pages: PageCache | null = null): Hono {
  const routes = new Hono();
  routes.get(SITEMAP_PATH, async (c) => {
    const site = hostSite(c);
    if (!site) return problem(c, 404, { code: "not_found", detail: "This host has no sitemap" });
    const unavailable = (error: unknown) =>
      services.log.warn({ err: error, ...site }, "sitemap unavailable");
    // The failure the build reported already (a background build has no other report).
    let reported: { error: unknown } | undefined;
    try {
      // Built for the site's canonical origin, and kept under that origin: the addresses
      // it lists and the copy it is kept as come from the same origin.
      const origin = sitemapOrigin(services.hosts, site, visitorOrigin(c.req.raw));
      // Shareable like a page (the tier the page cache keeps), so a CDN keeps it as long and
      // purges it by the same tags.
      const render = async () => {
        try {
          return new Response(sitemapXml(await sitemapOf(services, site, origin)), {
            headers: {
              "Content-Type": "application/xml; charset=utf-8",
              "Cache-Control": CACHE_TIERS.page,
            },
          });
        } catch (error) {
          unavailable(error);
          reported = { error };
          throw error;
        }
      };
      const key = pages && sitemapKey(origin);
      if (!pages || !key) return await render();
      // Built once per site, content version and catalogue version, and dropped by a
      // publish or unpublish in its space or a catalogue import (server/pageCache.ts).
      const scope = {
        channel: site.channel,
        content: await services.content.currentCv(site.channel),
        catalogue: services.catalogue.version(),
      };
      return await pages.serve(key, c.req.raw, render, scope);
    } catch (error) {
      if (!reported || reported.error !== error) unavailable(error);
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return problem(c, 503, {
        code: "unavailable",
        detail: "The sitemap cannot be made just now",
      });
    }
  });
  return routes;
}

/** True for a content path the storefront shows as a page (other routes take the rest). */
function isContentPath(path: string): boolean {
  return !isAppRoute(path) && !isConfiguratorPath(path) && !isProductsPath(path);
}

async function sitemapOf(services: ShopServices, site: Site, origin: string) {
  const { channel, country } = site;
  const locales = languagesOf(country)
    .map((language) => localeFor(country, language))
    .filter((locale): locale is Locale => locale !== null);
  const trailingSlash = CHANNELS[channel].features.trailingSlash;
  // The entries are this host's pages (every country site has a sitemap of its own); their
  // alternates are the ones each page names, on every country's host. Each country's
  // addresses are on its canonical host, as in the pages' canonical and alternate links.
  const requestUrl = new URL(origin);
  const originFor = (c: Country) => services.hosts.originFor({ channel, country: c }, requestUrl);
  const own = originFor(country) ?? origin;
  const here = (href: string) => href.startsWith(`${own}/`);
  const onlyHere = (c: Country) => (c === country ? own : null);
  const [pagesByLocale, families, themeIds, noindex, withReviews] = await Promise.all([
    Promise.all(locales.map((locale) => services.content.publishedPages(channel, locale))),
    services.catalogue.productFamilies({ channel, country, locale: locales[0]! }),
    services.catalogue.publishedThemeIds(channel),
    services.content.noindexPages(channel),
    services.content.localesWithReviews(channel),
  ]);

  // Content pages: the URL of each page in each language, with the page's translations as
  // its alternates, as the page names them (none that is kept out of search engines).
  const pages = locales.flatMap((locale, i) =>
    (pagesByLocale[i] ?? [])
      .filter(({ path, story }) => isContentPath(path) && story.content.robots !== "noindex")
      .flatMap(({ path, story }) =>
        pathHreflangs({ [locale]: path }, { trailingSlash, originFor: onlyHere }).map(
          ({ href }) => ({ loc: href, story }),
        ),
      ),
  );
  const urls: SitemapUrl[] = pages.map(({ loc, story }) => {
    const versions = hreflangLinks(story, {
      trailingSlash,
      originFor,
      indexable: (fullSlug) => !noindex.has(fullSlug),
    });
    const named = versions.some((link) => link.href === loc);
    return { loc, alternates: named ? withXDefault(versions) : [] };
  });

  // The browsing pages and the theme pages have the same path in every language.
  const sells = (family: string) => families.some((f) => f.family === family);
  const paths = [
    "/products",
    ...(sells("card") ? ["/vorkonfigurator-karten"] : []),
    ...(sells("calendar") ? ["/vorkonfigurator-kalender"] : []),
    ...themeIds.map((id) => `/themes/${encodeURIComponent(id)}`),
  ];
  const alternatesOf = (paths: Partial<Record<Locale, string>>) =>
    withXDefault(pathHreflangs(paths, { trailingSlash, originFor }));
  for (const path of paths) {
    urls.push(...sitemapUrls(alternatesOf(samePathEverywhere(path)), (v) => here(v.href)));
  }
  // The shop's reviews page, under its own word in each language of this host that shows
  // reviews; the page names the same locales' pages (no others: they have none).
  const reviewPaths = Object.fromEntries(
    withReviews.map((l) => [l, reviewsPath(localeSettings(l).language)]),
  );
  urls.push(...sitemapUrls(alternatesOf(reviewPaths), (v) => here(v.href)));
  return urls;
}

import { Hono } from "hono";
import { CHANNELS } from "../../config/channels";
import type { Site } from "../../config/hosts";
import { hreflangLinks } from "../../domain/content";
import { pathHreflangs, samePathEverywhere } from "../../domain/links";
import {
  languagesOf,
  localeFor,
  localeSettings,
  type Country,
  type Locale,
} from "../../domain/locales";
import { isAppRoute, isConfiguratorPath, isProductsPath } from "../../domain/paths";
import { configHasReviews, reviewsPath } from "../../domain/reviews";
import { sitemapUrls, sitemapXml, type SitemapUrl } from "../../domain/sitemap";
import { visitorOrigin } from "../middleware/forwarded";
import { hostSite } from "../middleware/site";
import type { ShopServices } from "../services";
import { problem } from "./problem";

/** When a crawler may ask again after the content or catalogue source failed (seconds). */
const RETRY_AFTER_SECONDS = 60;

/**
 * `/sitemap.xml` per host: the pages of the host's site in each of its languages (the
 * published content pages, the product overview with the card and calendar browsing
 * where the shop sells them, the published themes' pages, the shop's reviews page where it
 * has reviews), each with its versions in the host's other languages as hreflang alternates. A host not in the hosts table has none.
 */
export function sitemapRoutes(services: ShopServices): Hono {
  const routes = new Hono();
  routes.get("/sitemap.xml", async (c) => {
    const site = hostSite(c);
    if (!site) return problem(c, 404, { code: "not_found", detail: "This host has no sitemap" });
    let xml: string;
    try {
      xml = sitemapXml(await sitemapOf(services, site, visitorOrigin(c.req.raw)));
    } catch (error) {
      services.log.warn({ err: error, ...site }, "sitemap unavailable");
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return problem(c, 503, {
        code: "unavailable",
        detail: "The sitemap cannot be made just now",
      });
    }
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(xml);
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
  // This host's languages only: every country site has a sitemap of its own.
  const originFor = (c: Country) => (c === country ? origin : null);
  const [pagesByLocale, families, themeIds, configs] = await Promise.all([
    Promise.all(locales.map((locale) => services.content.publishedPages(channel, locale))),
    services.catalogue.productFamilies({ channel, country, locale: locales[0]! }),
    services.catalogue.publishedThemeIds(channel),
    Promise.all(
      locales.map((locale) =>
        services.content.getStory({ channel, locale, slug: "config", version: "published" }),
      ),
    ),
  ]);

  // Content pages: the URL of each page in each language, then the page's translations
  // on this host as its alternates, as far as they are listed too.
  const pages = locales.flatMap((locale, i) =>
    (pagesByLocale[i] ?? [])
      .filter(({ path, story }) => isContentPath(path) && story.content.robots !== "noindex")
      .flatMap(({ path, story }) =>
        pathHreflangs({ [locale]: path }, { trailingSlash, originFor }).map(({ href }) => ({
          loc: href,
          story,
        })),
      ),
  );
  const listed = new Set(pages.map((page) => page.loc));
  const urls: SitemapUrl[] = pages.map(({ loc, story }) => {
    const versions = hreflangLinks(story, { trailingSlash, originFor }).filter((link) =>
      listed.has(link.href),
    );
    const named = versions.length > 1 && versions.some((link) => link.href === loc);
    return { loc, alternates: named ? versions : [] };
  });

  // The browsing pages and the theme pages have the same path in every language.
  const sells = (family: string) => families.some((f) => f.family === family);
  const paths = [
    "/products",
    ...(sells("card") ? ["/vorkonfigurator-karten"] : []),
    ...(sells("calendar") ? ["/vorkonfigurator-kalender"] : []),
    ...themeIds.map((id) => `/themes/${encodeURIComponent(id)}`),
  ];
  for (const path of paths) {
    urls.push(
      ...sitemapUrls(pathHreflangs(samePathEverywhere(path), { trailingSlash, originFor })),
    );
  }
  // The shop's reviews page, under its own word in each language that shows reviews.
  const reviewPaths = Object.fromEntries(
    locales.flatMap((locale, i) =>
      configHasReviews(configs[i]?.content)
        ? [[locale, reviewsPath(localeSettings(locale).language)]]
        : [],
    ),
  );
  urls.push(...sitemapUrls(pathHreflangs(reviewPaths, { trailingSlash, originFor })));
  return urls;
}

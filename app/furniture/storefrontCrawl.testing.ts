/**
 * The storefront crawl shared by the two channels' test files (one per channel, so the two
 * run side by side). Every storefront shows its own country's facts, and no text the shop
 * failed to fill in. For each country's host of a channel (every language a host serves)
 * the crawl reads the host's sitemap and renders every page it lists (home, legal and
 * service pages, product, category and sub-category pages, the product overview and theme
 * lists), a sample of its theme pages, and the seed stories of the host's own content
 * folder that the sitemap leaves out (pages kept out of search engines, such as the
 * log-out page), all from the seed content and catalogue. No page names another country's
 * hotline, currency or company, a delivery area of another country, a `{{placeholder}}`, a
 * markdown link or an untranslated `catalogue.` key, even where its story comes from
 * another country's folder (fr-CH reads the French stories).
 *
 * What counts as another currency: a shop charges in its own currency only, so no page of
 * it names another one, not even beside its own (a Swiss page never says "€"); the
 * structured data's `priceCurrency` is the shop's. A number after "+" followed by a space
 * and a digit is read as a phone number's country code.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { CHANNELS, type ChannelId } from "../../config/channels";
import { CALLING_CODES, hotlineOf, sellerOf } from "../../config/countryFacts";
import { dialString } from "../../domain/countryFacts";
import {
  COUNTRIES,
  languagesOf,
  localeFor,
  localeSettings,
  toContentLanguageCode,
  type Country,
  type Language,
} from "../../domain/locales";
import { LOCALISED_CATEGORY_PATHS, languagePrefix } from "../../domain/paths";
import type { useTestShop } from "../../server/testing/shop";
import { crawl, type CrawledPage } from "../../scripts/crawl/crawler.js";

/** The signs of the currencies a shop must not show, by the currency it charges in. */
const FOREIGN_CURRENCY: Record<string, RegExp> = {
  eur: /CHF|£|US\$|\$\s?\d/,
  chf: /€|EUR\b|£|\$\s?\d/,
  gbp: /€|CHF|\$\s?\d/,
  usd: /€|CHF|£/,
};

/** Delivery promises that name one country's area: each fits one country's shop only. */
const DELIVERY_AREAS: [RegExp, Country][] = [
  [/France métropolitaine/, "FR"],
  [/Innerhalb Deutschlands/, "DE"],
  [/Innerhalb der Schweiz/, "CH"],
  [/Binnen Nederland/, "NL"],
  [/In Italia spediamo/, "IT"],
  [/within the UK/, "GB"],
  [/within the US/, "US"],
];

/** Legal pages (imprint, terms, privacy) and the service folder, by their slug in each language. */
const LEGAL =
  /^(impressum|agb|datenschutz|mentions-legales|cgv|confidentialite|imprint|terms|privacy|note-legali|condizioni|aviso-legal|condiciones|privacidad|colofon|voorwaarden)$/;
const IMPRINT = /^(impressum|mentions-legales|imprint|note-legali|aviso-legal|colofon)$/;
const SERVICE_FOLDERS = /^(service|aide|help|assistenza|ayuda|klantenservice)$/;

/**
 * Theme pages rendered per storefront language: the card shop's sitemap lists over 700 of
 * them, one template over catalogue data, so each storefront renders a few, different ones.
 */
const THEME_SAMPLE = 4;

/** What a page shows that does not belong there. */
const LITERAL: [RegExp, string][] = [
  [/\{\{[^}]*\}?\}?/, "a placeholder"],
  [/\[[^\]<>]{1,80}\]\(\/?[^)\s<>]*\)/, "a markdown link"],
  [/(?<![\w./-])catalogue\.[a-z][\w.]*/i, "a catalogue key"],
];

/** The page's visible text and links: scripts and the data they carry left out. */
function visible(html: string): string {
  // A random nonce can spell a currency code ("…GCHFrk…"), so it is left out as well.
  return html.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/\snonce="[^"]*"/g, "");
}

/** Each country's host of a channel. */
function hostsOf(channel: ChannelId) {
  return (Object.keys(COUNTRIES) as Country[]).map((country) => ({
    channel,
    country,
    host: `${country === "DE" ? "" : `${country.toLowerCase()}.`}${channel}.localhost`,
  }));
}

/** The error page's story is shown for addresses that do not exist, never at its own path. */
const NOT_PAGES = new Set(["error"]);

/** The paths of a content folder's page stories ("/" for the home story). */
function storyPaths(dir: string, below = ""): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return storyPaths(full, `${below}/${entry}`);
    if (!entry.endsWith(".json")) return [];
    const slug = `${below}/${entry.replace(/\.json$/, "")}`;
    if (NOT_PAGES.has(slug.slice(1))) return [];
    // Only pages: redirects, the configuration, campaigns and contact people are data.
    const story = JSON.parse(readFileSync(full, "utf8")) as { content?: { component?: string } };
    if (story.content?.component !== "Page") return [];
    return [slug === "/home" ? "/" : slug];
  });
}

/**
 * The seed stories of a storefront language's own content folder as addresses on its host
 * (none when the language reads another folder's stories, as fr-CH reads fr-FR's).
 */
function seedPages(channel: ChannelId, country: Country, language: Language, host: string) {
  const locale = localeFor(country, language)!;
  const dir = path.join("content", channel, toContentLanguageCode(locale));
  let paths: string[];
  try {
    paths = storyPaths(dir);
  } catch {
    return [];
  }
  const prefix = languagePrefix(country, language);
  const slash = CHANNELS[channel].features.trailingSlash ? "/" : "";
  return paths.map((p) =>
    p === "/" ? `http://${host}${prefix}/` : `http://${host}${prefix}${p}${slash}`,
  );
}

/** The language of a path on a country's host: its prefix, else the default language. */
function languageOf(country: Country, pathname: string): Language {
  const first = pathname.split("/")[1] ?? "";
  return (
    languagesOf(country).find((l) => languagePrefix(country, l) === `/${first}`) ??
    languagesOf(country)[0]!
  );
}

/** The sitemap's pages of one language: every page, and a sample of the theme pages spread over them. */
function pagesToCrawl(urls: readonly string[], offset: number): string[] {
  const themes = urls.filter((u) => /\/themes\/[^/]+\/?$/.test(new URL(u).pathname));
  const others = urls.filter((u) => !themes.includes(u));
  const step = Math.max(1, Math.floor(themes.length / THEME_SAMPLE));
  const sample = Array.from(
    { length: Math.min(THEME_SAMPLE, themes.length) },
    (_, i) => themes[(i * step + offset) % themes.length]!,
  );
  return [...others, ...sample];
}

/** What is wrong with one page of a channel's shop in a country; empty when nothing is. */
function wrongFacts(html: string, channel: ChannelId, country: Country): string[] {
  const { currency } = localeSettings(localeFor(country, languagesOf(country)[0]!)!);
  const own = CALLING_CODES[country];
  const shown = visible(html);
  const found: string[] = [];
  for (const [, number] of shown.matchAll(/tel:\+(\d+)/g))
    if (!number!.startsWith(own)) found.push(`dials tel:+${number}`);
  for (const [whole, code] of shown.matchAll(/(?<![\w+])\+(\d{1,3}) \d/g))
    if (code !== own) found.push(`shows the phone prefix ${whole}`);
  const currencySign = FOREIGN_CURRENCY[currency]!.exec(shown);
  if (currencySign)
    found.push(
      `names another currency: ${shown.slice(Math.max(0, currencySign.index - 40), currencySign.index + 20).replace(/\s+/g, " ")}`,
    );
  for (const [, code] of html.matchAll(/"priceCurrency":\s*"([A-Z]{3})"/g))
    if (code !== currency.toUpperCase()) found.push(`prices its structured data in ${code}`);
  const company = new RegExp(
    `${CHANNELS[channel].brandName} (AG|SAS|SRL|S\\.L\\.|S\\.r\\.l\\.|Inc\\.|B\\.V\\.|Ltd)`,
  ).exec(shown);
  if (company) found.push(`names another company: ${company[0]}`);
  for (const [area, of] of DELIVERY_AREAS)
    if (of !== country && area.test(shown)) found.push(`promises delivery ${area.source}`);
  for (const [pattern, what] of LITERAL) {
    const match = pattern.exec(shown);
    if (match) found.push(`shows ${what}: ${match[0]}`);
  }
  return found;
}

/**
 * One test per country's host of the channel: every page of its sitemap (and its folder's
 * unlisted seed pages) shows only the country's own facts. `onPage` is handed each page
 * that answered 200, with its address and HTML, for checks of the caller's own (the link
 * crawl of storefrontFacts.http.test.ts follows their links without rendering them again).
 */
export function crawlStorefronts(
  channel: ChannelId,
  test: ReturnType<typeof useTestShop>,
  { onPage }: { onPage?: (url: string, html: string) => void } = {},
): void {
  it.each(hostsOf(channel))(
    "$channel $country: every page of the sitemap shows only the country's own facts",
    async ({ country, host }) => {
      const sitemap = await test.request(`http://${host}/sitemap.xml`);
      expect(sitemap.status).toBe(200);
      const listed = [...(await sitemap.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) =>
        loc!.replace(/&amp;/g, "&"),
      );
      const own = dialString(hotlineOf(channel, country).number).slice(1);
      const seller = sellerOf(channel);
      const found: string[] = [];
      for (const [index, language] of languagesOf(country).entries()) {
        const ofLanguage = listed.filter(
          (u) => languageOf(country, new URL(u).pathname) === language,
        );
        const urls = pagesToCrawl(ofLanguage, index + Object.keys(COUNTRIES).indexOf(country));
        // Seed pages the sitemap leaves out (kept from search engines) are held to the same facts.
        const unlisted = seedPages(channel, country, language, host).filter(
          (u) => !ofLanguage.includes(u),
        );
        const prefix = languagePrefix(country, language);
        const restOf = (u: string) =>
          new URL(u).pathname.slice(prefix.length).split("/").filter(Boolean);
        // Home, legal and service pages name the hotline; at least five of them per language.
        const withHotline = urls.filter((u) => {
          const rest = restOf(u);
          return rest.length === 0 || LEGAL.test(rest[0]!) || SERVICE_FOLDERS.test(rest[0]!);
        });
        const imprint = urls.find((u) => restOf(u).length === 1 && IMPRINT.test(restOf(u)[0]!));
        expect(urls.length, `${host} ${language}`).toBeGreaterThan(20);
        expect(withHotline.length, `${host} ${language}`).toBeGreaterThan(5);
        expect(imprint, `${host} ${language}: the imprint`).toBeDefined();
        const pages = [...urls, ...unlisted];
        // A few at a time: the pages are independent.
        for (let i = 0; i < pages.length; i += 6) {
          await Promise.all(
            pages.slice(i, i + 6).map(async (url) => {
              const response = await test.request(url, {
                headers: { "User-Agent": "Googlebot/2.1" },
              });
              if (response.status !== 200) return found.push(`${url}: ${response.status}`);
              const html = await response.text();
              onPage?.(url, html);
              for (const wrong of wrongFacts(html, channel, country))
                found.push(`${url}: ${wrong}`);
              if (withHotline.includes(url) && !visible(html).includes(`tel:+${own}`))
                found.push(`${url}: no tel:+${own} (the country's hotline)`);
              // The imprint names the channel's seller at its configured address.
              const address = `${seller.street}, ${seller.postcode} ${seller.city}`;
              if (url === imprint)
                for (const part of [seller.company, address])
                  if (!html.includes(part)) found.push(`${url}: the imprint lacks ${part}`);
            }),
          );
        }
      }
      expect(found).toEqual([]);
    },
    300_000,
  );
}

/** A host of each language's shop (the category paths' check). */
const LANGUAGE_HOSTS: Record<Language, string> = {
  de: "",
  fr: "fr.",
  it: "it.",
  es: "es.",
  nl: "nl.",
  en: "gb.",
};

/**
 * The shops of a channel whose every link is followed: the German, the French-Swiss and
 * the US one (a host, or a language of a host).
 */
const LINKED_SHOPS: Record<ChannelId, string[]> = {
  cards: ["cards.localhost", "ch.cards.localhost/fr", "us.cards.localhost"],
  wallart: ["wallart.localhost", "ch.wallart.localhost/fr", "us.wallart.localhost"],
};

/**
 * Every link a shopper can follow (pages, the navigation's flyouts and burger levels as the
 * pages load them from `_furniture.json`, the footer) leads to a page: the crawl of
 * scripts/crawl/crawler.js (also run by hand against a shop with `node scripts/crawl.js`)
 * over the channel's LINKED_SHOPS. It starts from the pages the storefront crawl rendered
 * (handed over by its `onPage`, so none is rendered twice) and renders only the pages they
 * link to that no sitemap lists (theme, design and product pages are sampled by template).
 * `onPage` goes to crawlStorefronts; `test()` adds the check after its tests.
 */
export function followLinks(channel: ChannelId, test: ReturnType<typeof useTestShop>) {
  const known = new Map<string, CrawledPage>();
  const shops = LINKED_SHOPS[channel];
  const followed = (key: string) =>
    shops.some((shop) => key === shop || key.startsWith(`${shop}/`));
  return {
    onPage(url: string, html: string) {
      const { host, pathname, search } = new URL(url);
      // Its links are all the crawl reads of it: the page itself need not be kept.
      const anchors = html.match(/<a\b[^>]*\bhref="[^"]+"/g) ?? [];
      if (followed(`${host}${pathname}`))
        known.set(`${host}${pathname}${search}`, {
          status: 200,
          location: null,
          body: anchors.map((anchor) => `${anchor}>`).join("\n"),
        });
    },
    test() {
      it(`${channel}: every link of the German, French-Swiss and US shops leads to a page`, async () => {
        const home = (shop: string): [string, string] => {
          const cut = shop.indexOf("/");
          return cut < 0 ? [shop, "/"] : [shop.slice(0, cut), `${shop.slice(cut)}/`];
        };
        const rendered = [...known.keys()].map((key): [string, string] => {
          const cut = key.indexOf("/");
          return [key.slice(0, cut), key.slice(cut)];
        });
        const { visited, dead } = await crawl({
          start: [...shops.map(home), ...rendered],
          only: shops,
          known,
          async fetch(host, path) {
            const response = await test.request(`http://${host}${path}`, {
              headers: { "User-Agent": "shop-crawler" },
            });
            const readable = /text\/html|application\/json/.test(
              response.headers.get("content-type") ?? "",
            );
            const body = readable ? await response.text() : "";
            if (!readable) await response.body?.cancel();
            return { status: response.status, location: response.headers.get("location"), body };
          },
        });
        expect(visited).toBeGreaterThan(100);
        expect(dead).toEqual([]);
        // The card shops' crawl took 279 s at a load of 17 on two cores: a limit for a hang.
      }, 600_000);

      it(`${channel}: every localised category path of each language leads to its category page`, async () => {
        const failures: string[] = [];
        for (const [category, byLanguage] of Object.entries(LOCALISED_CATEGORY_PATHS)) {
          if ((category === "canvas") !== (channel === "wallart")) continue;
          for (const [language, paths] of Object.entries(byLanguage) as [Language, string[]][]) {
            const host = `${LANGUAGE_HOSTS[language]}${channel}.localhost`;
            const canonical = paths[0]!;
            for (const path of paths) {
              // The wall-art shop's paths end in a slash.
              const target = channel === "wallart" ? `${path}/` : path;
              const response = await test.request(`http://${host}${target}`);
              await response.body?.cancel();
              // The first path of a language is the page; the others send the shopper there.
              const location = response.headers.get("location") ?? "";
              const ok =
                path === canonical
                  ? response.status === 200
                  : response.status === 301 && location.replace(/\/$/, "") === canonical;
              if (!ok) failures.push(`${host}${path}: ${response.status} ${location}`);
            }
          }
        }
        expect(failures).toEqual([]);
      });
    },
  };
}

/**
 * Every storefront shows its own country's facts, and no text the shop failed to fill in.
 * For each country's host of both channels (all 17 storefronts, every language a host
 * serves) the test reads the host's sitemap and renders every page it lists (home, legal
 * and service pages, product, category and sub-category pages, the product overview and
 * theme lists) and a sample of its theme pages, from the seed content and catalogue. No
 * page names another country's hotline, currency or company, a delivery area of another
 * country, a `{{placeholder}}`, a markdown link or an untranslated `catalogue.` key, even
 * where its story comes from another country's folder (fr-CH reads the French stories).
 *
 * What counts as another currency: a shop charges in its own currency only, so no page of
 * it names another one, not even beside its own (a Swiss page never says "€"); the
 * structured data's `priceCurrency` is the shop's. A number after "+" followed by a space
 * and a digit is read as a phone number's country code.
 */
import { describe, expect, it } from "vitest";
import { CHANNEL_IDS, CHANNELS, type ChannelId } from "../../config/channels";
import { CALLING_CODES, hotlineOf, sellerOf } from "../../config/countryFacts";
import { dialString } from "../../domain/countryFacts";
import {
  COUNTRIES,
  languagesOf,
  localeFor,
  localeSettings,
  type Country,
  type Language,
} from "../../domain/locales";
import { languagePrefix } from "../../domain/paths";
import { useTestShop } from "../../server/testing/shop";

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

/** Each country's host of each channel, with the page languages it serves. */
const HOSTS = CHANNEL_IDS.flatMap((channel) =>
  (Object.keys(COUNTRIES) as Country[]).map((country) => ({
    channel,
    country,
    host: `${country === "DE" ? "" : `${country.toLowerCase()}.`}${channel}.localhost`,
  })),
);

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

describe("every storefront's own facts", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  it.each(HOSTS)(
    "$channel $country: every page of the sitemap shows only the country's own facts",
    async ({ channel, country, host }) => {
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
        // A few at a time: the pages are independent.
        for (let i = 0; i < urls.length; i += 6) {
          await Promise.all(
            urls.slice(i, i + 6).map(async (url) => {
              const response = await test.request(url, {
                headers: { "User-Agent": "Googlebot/2.1" },
              });
              if (response.status !== 200) return found.push(`${url}: ${response.status}`);
              const html = await response.text();
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

  it("has a newsletter form that posts without JavaScript, never putting the address in a URL", async () => {
    const html = await (await test.request("http://fr.cards.localhost/")).text();
    const form = /<form[^>]*class="newsletter__form"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/web-api/newsletter-subscribe"');
    expect(html).toMatch(/<input type="hidden" name="uniqueIdentifier" value="footer:\/"/);
  });

  it("answers a sign-up sent without JavaScript with its page and a message, never JSON or another site", async () => {
    const post = (fields: Record<string, string>) =>
      test.request("http://fr.cards.localhost/web-api/newsletter-subscribe", {
        method: "POST",
        headers: {
          accept: "text/html,application/xhtml+xml,*/*;q=0.8",
          origin: "http://fr.cards.localhost",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields).toString(),
      });
    // No token: the spam check cannot pass without JavaScript; the shopper is told so.
    const refused = await post({ email: "lea@example.fr", uniqueIdentifier: "footer:/" });
    expect(refused.status).toBe(303);
    const location = refused.headers.get("location") ?? "";
    expect(location).toBe("/?newsletter=spam-protection#newsletter-title");
    expect(location).not.toContain("lea");
    const page = await (await test.request(`http://fr.cards.localhost${location}`)).text();
    const status = /<p class="newsletter__status"[^>]*>([^<]*)<\/p>/.exec(page)?.[1] ?? "";
    expect(status).toContain("activer JavaScript");

    const invalid = await post({ email: "lea", uniqueIdentifier: "footer:/fotobuch" });
    expect(invalid.headers.get("location")).toBe("/fotobuch?newsletter=invalid#newsletter-title");
    for (const elsewhere of ["footer://evil.example/x", "footer:https://evil.example", "/x"]) {
      const answer = await post({ email: "lea@example.fr", uniqueIdentifier: elsewhere });
      expect(answer.headers.get("location"), elsewhere).toBe(
        "/?newsletter=spam-protection#newsletter-title",
      );
    }
  });

  it("links to no made-up third party: no review provider, app store or app on an example host", async () => {
    for (const target of ["http://wallart.localhost/leinwand/", "http://localhost/"]) {
      const html = await (
        await test.request(target, { headers: { "User-Agent": "Googlebot/2.1" } })
      ).text();
      expect(html, target).not.toMatch(/href="https?:\/\/[^"]*\.example[/"]/);
      expect(html, target).not.toMatch(/href="https:\/\/(apps\.apple\.com|play\.google\.com)/);
      expect(html, target).not.toContain("smartbanner");
    }
  });
});

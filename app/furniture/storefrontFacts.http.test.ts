/**
 * Every storefront shows its own country's facts: the furniture (header, burger, footer)
 * and the legal and service pages of all 17 locales of both channels, rendered from the
 * seed content, name no other country's hotline, currency or company, even where the
 * pages come from another country's folder (fr-CH reads the French stories).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHANNEL_IDS, CHANNELS, type ChannelId } from "../../config/channels";
import { CALLING_CODES, hotlineOf, sellerOf } from "../../config/countryFacts";
import { dialString } from "../../domain/countryFacts";
import {
  contentLocaleChain,
  LOCALES,
  localeSettings,
  toContentLanguageCode,
  type Locale,
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

/** The legal and service pages of each language folder (below the folder, without ".json"). */
const LEGAL =
  /^(impressum|agb|datenschutz|mentions-legales|cgv|confidentialite|imprint|terms|privacy|note-legali|condizioni|aviso-legal|condiciones|privacidad|colofon|voorwaarden)$/;
const IMPRINT = /^(impressum|mentions-legales|imprint|note-legali|aviso-legal|colofon)$/;
const SERVICE_FOLDERS = /^(service|aide|help|assistenza|ayuda|klantenservice)$/;

/** The paths a locale shows from its folder chain: its own stories, else its fallback's. */
function legalPaths(channel: ChannelId, locale: Locale): string[] {
  const paths = new Set<string>();
  for (const folder of contentLocaleChain(locale).map(toContentLanguageCode)) {
    const dir = path.join("content", channel, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir)) {
      const name = entry.replace(/\.json$/, "");
      if (entry.endsWith(".json") && LEGAL.test(name)) paths.add(`/${name}`);
      if (SERVICE_FOLDERS.test(entry) && statSync(path.join(dir, entry)).isDirectory()) {
        for (const page of readdirSync(path.join(dir, entry))) {
          if (page.endsWith(".json")) paths.add(`/${entry}/${page.replace(/\.json$/, "")}`);
        }
      }
    }
  }
  return [...paths].sort();
}

/** The page's visible text and links: scripts and the data they carry left out. */
function visible(html: string): string {
  // A random nonce can spell a currency code ("…GCHFrk…"), so it is left out as well.
  return html.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/\snonce="[^"]*"/g, "");
}

describe("every storefront's own facts", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  const cases = CHANNEL_IDS.flatMap((channel) =>
    LOCALES.map((locale) => [channel, locale] as const),
  );

  it.each(cases)(
    "%s %s: home and legal pages show only the country's own facts",
    async (channel, locale) => {
      const { country, language, currency } = localeSettings(locale);
      const host = `${country === "DE" ? "" : `${country.toLowerCase()}.`}${channel}.localhost`;
      const prefix = languagePrefix(country, language);
      const slash = CHANNELS[channel].features.trailingSlash ? "/" : "";
      const paths = ["/", ...legalPaths(channel, locale).map((p) => `${p}${slash}`)];
      expect(paths.length).toBeGreaterThan(5);
      const own = CALLING_CODES[country];
      const brand = CHANNELS[channel].brandName;
      for (const p of paths) {
        const target = `http://${host}${prefix}${p === "/" && prefix && !slash ? "" : p}`;
        const response = await test.request(target, { headers: { "User-Agent": "Googlebot/2.1" } });
        expect(response.status, target).toBe(200);
        const html = visible(await response.text());
        const dialled = [...html.matchAll(/tel:\+(\d+)/g)].map((m) => m[1]!);
        const shown = [...html.matchAll(/(?<![\w+])\+(\d{1,3}) \d/g)].map((m) => m[1]!);
        expect(dialled.length, `${target} shows the hotline`).toBeGreaterThan(0);
        // The country's own hotline from its configuration, not another country's.
        expect(dialled, target).toContain(dialString(hotlineOf(channel, country).number).slice(1));
        for (const number of dialled)
          expect(number.startsWith(own), `${target}: tel:+${number}`).toBe(true);
        for (const code of shown) expect(code, `${target}: +${code}`).toBe(own);
        expect(html, `${target}: another currency`).not.toMatch(FOREIGN_CURRENCY[currency]!);
        expect(html, `${target}: another company`).not.toMatch(
          new RegExp(`${brand} (AG|SAS|SRL|S\\.L\\.|S\\.r\\.l\\.|Inc\\.|B\\.V\\.|Ltd)`),
        );
        expect(html, `${target}: a country it does not serve`).not.toMatch(
          /France métropolitaine|Innerhalb Deutschlands|Innerhalb der Schweiz|Binnen Nederland|In Italia spediamo|within the UK|within the US/,
        );
        expect(html, `${target}: a placeholder`).not.toMatch(/\{\{/);
        // The imprint names the channel's seller at its configured address.
        if (IMPRINT.test(p.replace(/^\/|\/$/g, ""))) {
          const seller = sellerOf(channel);
          const address = `${seller.street}, ${seller.postcode} ${seller.city}`;
          for (const part of [seller.company, address])
            expect(html, `${target}: ${part}`).toContain(part);
        }
      }
    },
    120_000,
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

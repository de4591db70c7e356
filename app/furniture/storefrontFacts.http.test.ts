/**
 * Every page of the card shop's 17 storefronts holds only its country's facts (the crawl in
 * storefrontCrawl.testing.ts), and the footer's newsletter form and links work without
 * JavaScript and lead nowhere made up.
 */
import { describe, expect, it } from "vitest";
import { useTestShop } from "../../server/testing/shop";
import { crawlStorefronts, followLinks } from "./storefrontCrawl.testing";

describe("every card storefront's own facts", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  // The same pages' links, followed: every one leads to a page (German, French-Swiss, US).
  const links = followLinks("cards", test);
  crawlStorefronts("cards", test, { onPage: links.onPage });
  links.test();

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

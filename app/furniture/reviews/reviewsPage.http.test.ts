/**
 * The shop's own reviews page over HTTP, from the seed content: in each brand and several
 * languages under the language's own word, with the overall score, the stars' text
 * alternatives, the count, its title and canonical address, shared like other anonymous
 * pages; the footer's review block links there (each review to its anchor) instead of a
 * made-up review host.
 */
import { describe, expect, it } from "vitest";
import { CACHE_TIERS } from "../../../config/cache";
import { useTestShop } from "../../../server/testing/shop";

const BOT = { headers: { "User-Agent": "Googlebot/2.1" } };

/** The first capture (else the whole match) of every match of `pattern`. */
function all(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[1] ?? match[0]);
}

/** An element's href. */
function hrefOf(tag: string): string {
  return / href="([^"]*)"/.exec(tag)?.[1] ?? "";
}

describe("the reviews page", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  const cases = [
    {
      target: "http://localhost/bewertungen",
      // localhost is an alias of the German card shop: the canonical host is named.
      canonical: "http://cards.localhost/bewertungen",
      title: "Kundenbewertungen | Cardelia",
      stars: "5 von 5 Sternen",
      count: "12.843 Bewertungen",
      firstReview: "cards-de-de-1",
    },
    {
      target: "http://nl.cards.localhost/beoordelingen",
      title: "Klantbeoordelingen | Cardelia",
      stars: "5 van de 5 sterren",
      count: "12.843 beoordelingen",
      firstReview: "cards-nl-nl-1",
    },
    {
      target: "http://gb.cards.localhost/reviews",
      title: "Customer reviews | Cardelia",
      stars: "5 out of 5 stars",
      count: "12,843 reviews",
      firstReview: "cards-en-gb-1",
    },
    {
      target: "http://wallart.localhost/bewertungen/",
      title: "Kundenbewertungen | Wallora",
      stars: "5 von 5 Sternen",
      count: "Bewertungen",
      firstReview: "wallart-de-de-1",
    },
    {
      target: "http://ch.wallart.localhost/fr/avis/",
      title: "Avis clients | Wallora",
      stars: "5 étoiles sur 5",
      count: "avis",
      firstReview: "wallart-fr-fr-1",
    },
  ];

  it.each(cases)(
    "$target lists the shop's reviews with score, stars and count, shared like a content page",
    async ({ target, canonical, title, stars, count, firstReview }) => {
      const response = await test.request(target, BOT);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe(CACHE_TIERS.page);
      const html = await response.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${canonical ?? target}"/>`);
      expect(html).toMatch(/<h1 id="reviews-page-title">[^<]+<\/h1>/);
      // The overall score and every review's stars carry a text alternative.
      const labels = all(html, /<span class="stars" role="img" aria-label="([^"]*)"/g);
      expect(labels.length).toBeGreaterThanOrEqual(5);
      expect(labels).toContain(stars);
      expect(html).toMatch(new RegExp(`class="reviews__count">[^<]*${count}<`));
      // Each review under its anchor, the one the footer links to.
      const anchors = all(html, /<article class="review reviews-page__review" id="([^"]*)"/g);
      expect(anchors).toContain(`review-${firstReview}`);
      expect(new Set(anchors).size).toBe(anchors.length);
      // Five reviews are one page: no paging.
      expect(html).not.toContain("reviews-page__pages");
      expect(html).not.toMatch(/\{\{|trustlane\.example/);
    },
    60_000,
  );

  it("names its versions in the host's other languages", async () => {
    const html = await (await test.request("http://ch.cards.localhost/it/recensioni", BOT)).text();
    for (const [hreflang, href] of [
      ["de-CH", "http://ch.cards.localhost/bewertungen"],
      ["fr-CH", "http://ch.cards.localhost/fr/avis"],
      ["it-CH", "http://ch.cards.localhost/it/recensioni"],
    ]) {
      expect(html).toContain(`<link rel="alternate" hrefLang="${hreflang}" href="${href}"/>`);
    }
  });

  it("sends another language's word to the language's own page, and has no page beyond the list", async () => {
    const moved = await test.request("http://localhost/reviews?page=1", BOT);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/bewertungen?page=1");
    for (const query of ["?page=2", "?page=0", "?page=zwei"]) {
      const response = await test.request(`http://localhost/bewertungen${query}`, BOT);
      expect(response.status, query).toBe(404);
      expect(response.headers.get("cache-control")).toBe(CACHE_TIERS.never);
    }
  });

  it("is where the footer's review block links, each review to its anchor, in the page's language", async () => {
    for (const [target, page] of [
      ["http://localhost/", "/bewertungen"],
      ["http://ch.wallart.localhost/fr/", "/fr/avis/"],
    ] as const) {
      const html = await (await test.request(target, BOT)).text();
      const reviewLinks = all(html, /<a[^>]*class="review__link"[^>]*>/g).map(hrefOf);
      expect(reviewLinks.length, target).toBeGreaterThanOrEqual(5);
      for (const href of reviewLinks) expect(href).toMatch(new RegExp(`^${page}#review-[\\w-]+$`));
      expect(all(html, /<a[^>]*class="reviews__provider"[^>]*>/g).map(hrefOf)).toEqual([page]);
      expect(html).not.toMatch(/trustlane/);
    }
  });

  // Last: it takes the reviews out of a configuration.
  it("names as its versions only the locales whose configuration shows reviews", async () => {
    const alternates = async () => {
      const html = await (
        await test.request("http://ch.cards.localhost/it/recensioni", BOT)
      ).text();
      return Object.fromEntries(
        [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map(
          (m) => [m[1]!, m[2]!],
        ),
      );
    };
    expect(await alternates()).toMatchObject({
      "nl-NL": "http://nl.cards.localhost/beoordelingen",
      "nl-BE": "http://be.cards.localhost/nl/beoordelingen",
    });
    const { store } = test.services.cms!;
    const spaceId = test.services.content.spaceIdOf("cards");
    const config = await store.findStory(spaceId, { fullSlug: "nl-nl/config" });
    const footer = { ...(config!.content!.footer as Record<string, unknown>) };
    delete footer.customerOpinions;
    await store.updateStory(config!, { content: { ...config!.content!, footer } });
    await test.services.cms!.publish("cards", config!.id);

    // The Dutch shop (and the Dutch in Belgium, who read its configuration) has no such page
    // now, so it is no version of it.
    const after = await alternates();
    expect(Object.keys(after)).toHaveLength(16);
    expect(after).not.toHaveProperty("nl-NL");
    expect(after).not.toHaveProperty("nl-BE");
    expect(after["x-default"]).toBe("http://cards.localhost/bewertungen");
    const dutch = await test.request("http://nl.cards.localhost/beoordelingen", BOT);
    expect(dutch.status).toBe(404);
  }, 60_000);
});

/**
 * The site configuration (navigation bar, header, footer, banners) is not part of the root
 * loader's data: the document carries it once as JSON, and the root data names the furniture
 * endpoint's URL for it (with a digest), which answers the same configuration.
 */
import { describe, expect, it } from "vitest";
import { useTestShop } from "../../server/testing/shop";

const FRAME =
  /<script type="application\/json" id="site-frame" data-url="([^"]+)">([\s\S]*?)<\/script>/;

/** The loader data React Router streams into the page (its inline scripts). */
function loaderData(html: string): string {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
    .map(([, text]) => text ?? "")
    .filter((text) => text.includes("__reactRouterContext"))
    .join("\n");
}

describe("the site configuration of a page", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  async function frameOf(address: string) {
    const html = await (await test.request(address)).text();
    const match = FRAME.exec(html);
    expect(match, address).not.toBeNull();
    const [, url = "", json = ""] = match!;
    return { html, url: url.replaceAll("&amp;", "&"), config: JSON.parse(json) };
  }

  it("is written into the document once, not into the loader data, and its URL answers it", async () => {
    const { html, url, config } = await frameOf("/");
    expect(url).toMatch(/^\/_furniture\.json\?frame=[0-9a-f]{12}$/);
    expect(config.mainNavigation.length).toBeGreaterThan(0);
    // The flyouts and the burger still load on demand.
    expect(
      config.mainNavigation.every(
        (item: { flyoutGroups: unknown[] }) => item.flyoutGroups.length === 0,
      ),
    ).toBe(true);
    const data = loaderData(html);
    expect(data).toContain("siteUrl");
    expect(data).not.toContain("mainNavigation");
    expect(data).not.toContain(config.footer.copyright);

    const answer = await test.request(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/json");
    expect(answer.headers.get("cache-control")).toContain("s-maxage");
    expect(await answer.json()).toEqual(config);
  });

  it("is the same for every page of a locale and differs between locales", async () => {
    const home = await frameOf("/");
    const cart = await frameOf("/warenkorb");
    expect(cart.url).toBe(home.url);
    const french = await frameOf("http://ch.cards.localhost/fr");
    expect(french.url).toMatch(/^\/fr\/_furniture\.json\?frame=[0-9a-f]{12}$/);
    expect(french.config).not.toEqual(home.config);
    const answer = await test.request(`http://ch.cards.localhost${french.url}`);
    expect(await answer.json()).toEqual(french.config);
  });

  it("never closes its script element early", async () => {
    const { html } = await frameOf("/");
    const json = FRAME.exec(html)![2];
    expect(json).not.toContain("<");
  });
});

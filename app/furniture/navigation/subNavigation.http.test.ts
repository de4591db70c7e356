/**
 * The sub-navigation strip on the categories with sub-categories (cards, calendars, photo
 * books, collages, wall art, frames): each category page shows it, and each of its tiles
 * leads somewhere real — a page that answers 200, a section of the page that exists
 * (`#anchor`), or a filtered list that shows something other than the unfiltered one.
 * The German wall-art shop and the French, Italian, Spanish and Dutch shops of both channels
 * (sub-category pages, sections and filters), read as a browser without JavaScript would; that
 * every folder's tiles lead to pages and sections that exist is checked on the seed files
 * (app/blocks/languageFolders.test.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestShop } from "../../../server/testing/shop";

const CATEGORIES = {
  cards: ["card", "calendar", "photobook", "collage"],
  wallart: ["wandbilder", "frame", "collage"],
} as const;

/**
 * The German wall-art shop, the shops of each language folder besides German and English,
 * and two countries that read another country's folder behind a language prefix.
 */
const STOREFRONTS: {
  channel: keyof typeof CATEGORIES;
  folder: string;
  host: string;
  prefix?: string;
}[] = [
  { channel: "wallart", folder: "de-de", host: "wallart.localhost" },
  ...(["fr", "it", "es", "nl"] as const).flatMap((language) =>
    (["cards", "wallart"] as const).map((channel) => ({
      channel,
      folder: `${language}-${language}`,
      host: `${language}.${channel}.localhost`,
    })),
  ),
  { channel: "cards", folder: "fr-fr", host: "ch.cards.localhost", prefix: "/fr" },
  { channel: "wallart", folder: "fr-be", host: "be.wallart.localhost" },
];

interface NavItem {
  navigationType: string;
  link: { url: string };
}

/** The category pages of a folder: the main navigation items with sub-categories. */
function categoryPages(channel: keyof typeof CATEGORIES, folder: string) {
  const config = JSON.parse(
    readFileSync(path.resolve("content", channel, folder, "config.json"), "utf8"),
  ) as { content: { mainNavigation: NavItem[] } };
  const wanted = CATEGORIES[channel] as readonly string[];
  return config.content.mainNavigation
    .filter((item) => wanted.includes(item.navigationType))
    .map((item) => ({ type: item.navigationType, url: item.link.url }));
}

const decode = (href: string) => href.replaceAll("&amp;", "&");
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? "";

describe("the sub-navigation of the categories", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });
  /** A page as a browser reaches it: a redirect on the shop's own host is followed. */
  const get = async (
    host: string,
    url: string,
    hops = 3,
  ): Promise<{ status: number; html: string }> => {
    const response = await test.request(`http://${host}${url}`, {
      headers: { "User-Agent": "Googlebot/2.1" },
    });
    const location = response.headers.get("location");
    if (location && response.status >= 300 && response.status < 400 && hops > 0) {
      const next = new URL(location, `http://${host}${url}`);
      if (next.host === host) return get(host, `${next.pathname}${next.search}`, hops - 1);
    }
    return { status: response.status, html: await response.text() };
  };

  it.each(STOREFRONTS)(
    "$channel $folder at $host: every category shows the strip, every tile leads somewhere of its own",
    async ({ channel, folder, host, prefix = "" }) => {
      const categories = categoryPages(channel, folder).map((c) => ({
        ...c,
        url: `${prefix}${c.url}`,
      }));
      expect(categories.map((c) => c.type)).toEqual([...CATEGORIES[channel]]);
      for (const category of categories) {
        const page = await get(host, category.url);
        expect(page.status, `${host}${category.url}`).toBe(200);
        const strip = /<nav class="sub-nav"[\s\S]*?<\/nav>/.exec(page.html)?.[0];
        expect(strip, `${host}${category.url} has no sub-navigation`).toBeDefined();
        const tiles = [
          ...new Set([...strip!.matchAll(/href="([^"]+)"/g)].map((m) => decode(m[1]!))),
        ];
        expect(tiles.length, `${host}${category.url}`).toBeGreaterThan(2);
        // The main content of each distinct address a tile leads to (without its #anchor).
        const seen = new Map<string, string>();
        for (const tile of tiles) {
          const [address = "", anchor] = tile.split("#");
          let main = seen.get(address);
          if (main === undefined) {
            const target = await get(host, address);
            expect(target.status, `${host}${tile}`).toBe(200);
            main = mainOf(target.html);
            seen.set(address, main);
          }
          if (anchor) expect(main, `${host}${tile}: no #${anchor}`).toContain(`id="${anchor}"`);
        }
        // No two tiles lead to the same content: a sub-category page or a filter (?…) shows
        // something else than its siblings (sections of one page share its address).
        const byContent = new Map<string, string>();
        for (const [address, main] of seen) {
          expect(main.length, `${host}${address} has no main content`).toBeGreaterThan(0);
          expect(byContent.get(main), `${host}${address} shows the same as`).toBeUndefined();
          byContent.set(main, address);
        }
      }
    },
    120_000,
  );
});

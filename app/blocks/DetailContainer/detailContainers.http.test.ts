/**
 * The product detail containers over HTTP, as a browser without JavaScript sees them:
 * every seed page that has one renders it with a catalogue price, the URL's choice is
 * rendered by the server with the price API's price, and only the page's first container
 * of a product answers the URL. A container the catalogue cannot fill is left out.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestShop } from "../../../server/testing/shop";
import { checkedValue as checked, crawledPage } from "../blockHtml.testing";
import { prepareBlocks } from "../prepare.server";
import type { DetailContainerBlock } from "../types";

/** The seed pages with a detail container: host, path and the product it shows. */
function seededContainers() {
  const hosts: Record<string, Record<string, string>> = {
    cards: {
      "de-de": "localhost",
      "en-gb": "gb.cards.localhost",
      "en-us": "us.cards.localhost",
      "es-es": "es.cards.localhost",
      "fr-fr": "fr.cards.localhost",
      "it-it": "it.cards.localhost",
      "nl-nl": "nl.cards.localhost",
    },
    wallart: {
      "de-de": "wallart.localhost",
      "en-gb": "gb.wallart.localhost",
      "en-us": "us.wallart.localhost",
      "es-es": "es.wallart.localhost",
      "fr-fr": "fr.wallart.localhost",
      "it-it": "it.wallart.localhost",
      "nl-nl": "nl.wallart.localhost",
    },
  };
  const found: { url: string; kind: string }[] = [];
  for (const [channel, folders] of Object.entries(hosts)) {
    for (const [folder, host] of Object.entries(folders)) {
      const dir = path.join("content", channel, folder);
      for (const file of readdirSync(dir, { recursive: true }) as string[]) {
        if (!file.endsWith(".json")) continue;
        const text = readFileSync(path.join(dir, file), "utf8");
        const kind = /"component": "(\w+)DetailContainer"/.exec(text)?.[1];
        if (!kind) continue;
        const slug = file.replace(/\.json$/, "");
        const trailing = channel === "wallart" ? "/" : "";
        found.push({ url: `http://${host}/${slug}${trailing}`, kind: kind.toLowerCase() });
      }
    }
  }
  return found;
}

describe("the product detail containers on the seed pages", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });
  const page = (target: string) => crawledPage(test, target);
  /** The HTML of the page's container of a product. */
  const container = (html: string, kind: string) => {
    const start = html.indexOf(`data-details="${kind}"`);
    return start < 0 ? "" : html.slice(start, html.indexOf("</section>", start));
  };
  const apiPrice = async (target: string) => {
    const response = await test.request(target);
    return ((await response.json()) as { price: { formatted: { current: string } } }).price
      .formatted.current;
  };

  const seeded = seededContainers();
  it("has containers of every product on the seed pages of every language", () => {
    expect(new Set(seeded.map((s) => s.kind))).toEqual(
      new Set(["calendar", "photobook", "card", "collage", "accessory"]),
    );
    expect(seeded.length).toBeGreaterThanOrEqual(49);
  });

  it.each(seeded)("renders the $kind container of $url with a price", async ({ url, kind }) => {
    const html = container(await page(url), kind);
    expect(html).toContain("price-tag__current");
    expect(html).toContain("details__delivery");
  });

  it("renders the URL's calendar choice with the calendar price API's price", async () => {
    const html = container(
      await page(
        "http://localhost/fotokalender?calendarType=tischkalender&size=a5-quer&mounting=holzfuss&quantity=2",
      ),
      "calendar",
    );
    expect(checked(html, "calendarType")).toBe("tischkalender");
    expect(checked(html, "mounting")).toBe("holzfuss");
    expect(html).toContain(
      await apiPrice(
        "http://localhost/web-api/calendar-price?calendarType=tischkalender&format=a5-quer&mounting=holzfuss&quantity=2",
      ),
    );
  });

  it("lists the card accessories with the cards they fit, the fixed Swiss prices and an add button", async () => {
    const html = await page("http://ch.cards.localhost/zubehoer");
    const list = html.slice(html.indexOf('class="accessories"'));
    expect(list).toContain("Umschlag DIN lang (22 x 11 cm)");
    expect(list).toMatch(/Umschlag DIN lang[^]*?Passend für[^]*?21 x 10 cm[^]*?2\.90\u00a0CHF/);
    expect(list).toContain('value="article=accessory-envelope-220x110"');
    expect(list).toContain('action="/warenkorb"');
  });

  it("shows a SKU container's articles with their prices, each leading on with the SKU", async () => {
    const html = await page("http://wallart.localhost/wandbilder/");
    const tiles = html.slice(html.indexOf("Bestseller"));
    expect(tiles).toContain("Leinwand");
    expect(tiles).toContain("60 x 40 cm");
    expect(tiles).toMatch(/\d+,\d\d\u00a0€/);
    expect(tiles).toContain(
      "/configurator-photo-frame/?materialType=leinwand&amp;formatType=600x400&amp;sku=wallart-bestsellers",
    );
  });

  it("prices a photo book in francs in Switzerland and in dollars in the US", async () => {
    expect(container(await page("http://ch.cards.localhost/fotobuch"), "photobook")).toMatch(/CHF/);
    const us = container(await page("http://us.cards.localhost/photo-book"), "photobook");
    expect(us).toMatch(/\$\d/);
    // The US shop names its book sizes in inches with its own labels, not the metric formats.
    for (const label of ["8x8", "12x12", "8x11", "6x8"]) expect(us).toContain(label);
    expect(us).not.toMatch(/\d+ x \d+ cm/);
  });

  it("shows nothing for a card container whose design the catalogue lacks (logged) and leaves out one without a design", async () => {
    const blocks = await prepareBlocks(
      [
        { component: "CardDetailContainer", _uid: "c1", themeId: "no-such-theme" },
        { component: "CardDetailContainer", _uid: "c2" },
      ],
      {
        locale: "de-DE",
        channel: "cards",
        preview: false,
        images: { meta: async () => ({ width: 0, height: 0, ratio: 0 }) },
        sources: {
          CardDetailContainer: {
            details: (kind, asked, preset) =>
              test.services.productDetails.details(
                { channel: "cards", country: "DE", locale: "de-DE" },
                kind,
                asked,
                preset,
              ),
            search: new URLSearchParams(),
          },
        },
      },
    );
    // The first has no data (it renders nothing); the second has no design and is invalid.
    expect(blocks).toHaveLength(1);
    expect((blocks[0] as DetailContainerBlock).details).toBeNull();
  });
});

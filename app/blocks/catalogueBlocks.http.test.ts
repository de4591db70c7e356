/**
 * The calculator block on the seed pages over HTTP, as a browser without JavaScript sees
 * it: catalogue prices in the shop's currency, the URL's choice rendered on the server,
 * a SKU's preselection, every format on "format not included?", and the configurator link
 * of the choice.
 */
import { describe, expect, it } from "vitest";
import { CHANNELS } from "../../config/channels";
import { useTestShop } from "../../server/testing/shop";
import {
  calculatorCta as cta,
  calculatorSection,
  checkedValue as checked,
  crawledPage,
} from "./blockHtml.testing";

describe("the catalogue blocks on the seed pages", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  /** The page's calculator block. */
  const page = async (target: string) => calculatorSection(await crawledPage(test, target));

  it("offers the shop's materials and formats with catalogue prices and the designer link", async () => {
    const html = await page("http://wallart.localhost/leinwand/");
    expect(html).toContain("Klassiker");
    expect(html).toContain("Leinwand");
    expect(html).toContain("Acrylglas");
    expect(html).toMatch(/\d+,\d\d\u00a0€/);
    expect(html).toContain("Format nicht dabei?");
    expect(cta(html)).toMatch(/^\/configurator-photo-frame\/?\?materialType=\w+/);
  });

  it("renders the URL's material and format, and its price, without JavaScript", async () => {
    const html = await page("http://wallart.localhost/leinwand/?material=acrylglas&format=900x600");
    expect(checked(html, "material")).toBe("acrylglas");
    expect(checked(html, "format")).toBe("900x600");
    expect(cta(html)).toContain("materialType=acrylglas");
    expect(cta(html)).toContain("formatType=900x600");
    const api = await test.request(
      "http://wallart.localhost/price-api/prices/article?article=wallart-acrylglas-900x600",
    );
    const { price } = (await api.json()) as { price: { formatted: { current: string } } };
    expect(html).toContain(price.formatted.current);
  });

  it("shows the page's own material first, and a SKU still wins", async () => {
    for (const host of ["wallart.localhost", "us.wallart.localhost", "nl.wallart.localhost"]) {
      const html = await page(`http://${host}/gallery-bond/`);
      expect(checked(html, "material"), host).toBe("gallerybond");
      expect(cta(html)).toContain("materialType=gallerybond");
    }
    const sku = await page("http://wallart.localhost/gallery-bond/?sku=wallart-bestsellers");
    expect(checked(sku, "material")).toBe("leinwand");
  });

  it("lets a SKU preselect material and format", async () => {
    const html = await page("http://wallart.localhost/leinwand/?sku=wallart-bestsellers");
    expect(checked(html, "material")).toBe("leinwand");
    expect(checked(html, "format")).toBe("600x400");
  });

  it("lists every format on 'format not included?' without JavaScript", async () => {
    const listed = (await page("http://wallart.localhost/leinwand/?material=leinwand")).match(
      /name="format"/g,
    )!.length;
    const all = (
      await page("http://wallart.localhost/leinwand/?material=leinwand&formats=all")
    ).match(/name="format"/g)!.length;
    expect(listed).toBeLessThanOrEqual(7);
    expect(all).toBeGreaterThan(listed);
  });

  it("links a collage page's calculator to the collage studio with its design group and one piece", async () => {
    const studioOf = async (link: string) => {
      const redirect = await test.request(`http://wallart.localhost${link}`, {
        redirect: "manual",
      });
      expect(redirect.status, link).toBeGreaterThanOrEqual(300);
      const target = redirect.headers.get("location")!;
      expect(target).toMatch(/^\/designer\/collage\/?\?/);
      const designer = await test.request(new URL(target, "http://wallart.localhost").href);
      expect(await designer.text()).toContain("designer--studio");
      return new URL(target, "http://x").searchParams;
    };
    // The heart page names its own group (3); the overview the shop's usual one.
    const heart = cta(
      await page("http://wallart.localhost/fotocollage/heart/?material=poster&format=600x400"),
    )!;
    expect(heart).toMatch(/^\/configurator-collage\/?\?/);
    const query = await studioOf(heart);
    expect(query.get("designId")).toBe("3");
    expect(query.get("quantity")).toBe("1");
    expect(query.get("materialType")).toBe("poster");
    expect(query.get("formatType")).toBe("600x400");
    const overview = cta(await page("http://wallart.localhost/fotocollage/"))!;
    expect((await studioOf(overview)).get("designId")).toBe(
      String(CHANNELS.wallart.features.defaultCollageId),
    );
  });

  it("prices in the Swiss shop in francs and in the US shop in dollars and inches", async () => {
    expect(await page("http://ch.wallart.localhost/leinwand/")).toContain("CHF");
    const us = await page("http://us.wallart.localhost/canvas-print/");
    expect(us).toContain("$");
    expect(us).toMatch(/ in\b/);
  });

  describe("the voucher check", () => {
    const result = async (target: string) => {
      const response = await test.request(target);
      expect(response.status, target).toBe(200);
      const html = (await response.text()).replaceAll("&nbsp;", "\u00a0");
      const start = html.indexOf('class="voucher"');
      expect(start, target).toBeGreaterThan(0);
      return html.slice(start, html.indexOf("</section>", start));
    };
    const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/[ \n]+/g, " ");

    it("says what a valid code gives and takes it to the cart", async () => {
      const html = await result("http://localhost/gutscheine?voucher=c-welcome10");
      expect(text(html)).toContain(
        "Der Gutschein C-WELCOME10 gilt: 10 % Rabatt, ab einem Bestellwert von 15,00\u00a0€, bis zum 31. Dezember 2030.",
      );
      expect(html).toMatch(/<form action="\/warenkorb" method="post">/);
      expect(html).toContain('name="code" value="C-WELCOME10"');
      expect(html).toContain('value="C-WELCOME10"');
    });

    it("names why a code cannot be used: expired, unknown, another country", async () => {
      expect(text(await result("http://localhost/gutscheine?voucher=C-EXPIRED"))).toContain(
        "Der Gutschein C-EXPIRED ist abgelaufen.",
      );
      expect(text(await result("http://localhost/gutscheine?voucher=NOPE-123"))).toContain(
        "Der Gutschein NOPE-123 ist nicht bekannt.",
      );
      expect(
        text(await result("http://ch.cards.localhost/gutscheine?voucher=C-SPRING5")),
      ).toContain("gilt nicht in diesem Land.");
      const none = await result("http://localhost/gutscheine");
      expect(none).not.toContain("Der Gutschein");
    });
  });

  describe("formats and prices", () => {
    /** The formats-and-prices section of a page. */
    const tables = async (target: string) => {
      const response = await test.request(target);
      expect(response.status, target).toBe(200);
      const html = await response.text();
      const start = html.indexOf('class="formats-prices"');
      expect(start, target).toBeGreaterThan(0);
      return html.slice(start, html.indexOf("</section>", start));
    };
    /** The rows of a material's table: format and the price cell's text. */
    const rows = (html: string, caption: string) => {
      const table = html.slice(html.indexOf(`<caption>${caption}</caption>`));
      const body = table.slice(0, table.indexOf("</table>"));
      return [...body.matchAll(/<th scope="row">([^<]+)<\/th><td>(.*?)<\/td>/g)].map((m) => [
        m[1]!,
        m[2]!
          .replace(/<[^>]+>/g, " ")
          .replace(/[ \t\n]+/g, " ")
          .trim(),
      ]);
    };

    it("lists every material's formats with the catalogue's price, the same the API answers", async () => {
      const html = await tables("http://wallart.localhost/formate-und-preise/");
      for (const material of ["Poster", "Leinwand", "Acrylglas", "Alu-Dibond"]) {
        expect(html).toContain(`<caption>${material}</caption>`);
      }
      const canvas = rows(html, "Leinwand");
      expect(canvas.length).toBeGreaterThan(3);
      const [label, price] = canvas.find(([format]) => format?.startsWith("90 x 60"))!;
      expect(label).toBe("90 x 60 cm");
      const api = await test.request(
        "http://wallart.localhost/price-api/prices/article?article=wallart-leinwand-900x600",
      );
      const body = (await api.json()) as { price: { formatted: { current: string } } };
      expect(price).toContain(body.price.formatted.current);
    });

    it("lists sizes in inches and prices in dollars in the US shop", async () => {
      const html = await tables("http://us.wallart.localhost/sizes-and-prices/");
      const [label, price] = rows(html, "Canvas")[0]!;
      expect(label).toMatch(/^\d+ x \d+ in$/);
      expect(price).toMatch(/^\$\d/);
    });

    it("lists the photo books' formats on the card shop's page", async () => {
      const html = await tables("http://localhost/formate-und-preise");
      expect(html).toContain("Fotobücher: alle Formate und Preise");
      expect(html).toMatch(/\d+,\d\d\u00a0€/);
    });
  });

  it("shows photo books on the card shop's photo book page", async () => {
    const html = await page("http://localhost/fotobuch");
    expect(html).toContain("Digitaldruck-Fotobuch");
    expect(cta(html)).toMatch(/^\/configurator-photobook\?printing=\w+&photobookFormat=\d+x\d+/);
  });

  it("shows an occasion's popular designs on its category page and links to browse them all", async () => {
    const response = await test.request("/karten/christmas");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/class="theme-card"/g)?.length).toBe(12);
    expect(html).toContain('href="/vorkonfigurator-karten?occasion=weihnachten"');
    const overview = await (await test.request("/karten")).text();
    expect(overview.match(/class="theme-card"/g)?.length).toBe(24);
    // The filters keep the occasion the link chose.
    const browse = await (
      await test.request("/vorkonfigurator-karten?occasion=weihnachten")
    ).text();
    expect(browse).toContain('type="hidden" name="occasion" value="weihnachten"');
  });

  it("fills the design count into a link text the editors wrote with {{count}}", async () => {
    const response = await test.request("http://fr.cards.localhost/cartes/christmas");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("{{count}}");
    const count = /Voir les (\d+) modèles/.exec(html)?.[1];
    expect(Number(count)).toBeGreaterThan(12);
  });

  it("links the materials on the wall-art and frame overviews instead of showing markdown", async () => {
    const wallArt = await (await test.request("http://wallart.localhost/wandbilder/")).text();
    expect(wallArt).not.toContain("](/");
    expect(wallArt).toContain('<a href="/leinwand/"><strong>Leinwand</strong></a>');
    const frames = await (await test.request("http://wallart.localhost/bilderrahmen/")).text();
    expect(frames).not.toContain("](/");
    expect(frames).toContain('<a href="/bilderrahmen/wood/"><strong>Holzrahmen</strong></a>');
  });

  describe("design overviews", () => {
    /** The tiles of a page's design overview: name, detail line and link. */
    const tiles = async (target: string) => {
      const html = await crawledPage(test, target);
      const start = html.indexOf('class="tile-overview"');
      expect(start, `no design overview on ${target}`).toBeGreaterThan(0);
      const section = html.slice(start, html.indexOf("</section>", start));
      return [...section.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map(
        ([, href, inner]) => ({
          href: href!.replaceAll("&amp;", "&"),
          name: /product-tile__name">([^<]*)</.exec(inner!)?.[1],
          details: /product-tile__details">([^<]*)</.exec(inner!)?.[1],
          price: /price-tag__current[^>]*>([^<]*(?:<!-- -->)?[^<]*)</.exec(inner!)?.[1],
        }),
      );
    };

    it("lists the calendar types, each with its formats and from-price, to the calendar configurator", async () => {
      const list = await tiles("/fotokalender");
      expect(list.map((tile) => tile.name)).toEqual([
        "Wandkalender",
        "Tischkalender",
        "Küchenkalender",
        "Familienplaner",
        "Terminkalender",
      ]);
      expect(list[0]).toMatchObject({
        href: "/configurator-calendar?calendarType=wandkalender&locale=de-DE",
        details: "6 Formate",
      });
      for (const tile of list) expect(tile.price).toMatch(/\d+,\d\d/);
    });

    it("lists the collage designs with their photos, to the collage configurator with the design", async () => {
      const list = await tiles("http://wallart.localhost/fotocollage/");
      expect(list.length).toBeGreaterThanOrEqual(10);
      expect(list.find((tile) => tile.name === "Herz")).toMatchObject({
        href: "/configurator-collage/?designId=3&locale=de-DE",
        details: "9 Fotos · 3 Formate",
      });
    });

    it("lists the photo book categories, each starting the configurator with its templates", async () => {
      const list = await tiles("/fotobuch");
      expect(list.map((tile) => tile.name)).toContain("Hochzeit");
      expect(list.map((tile) => tile.name)).toContain("Micky Maus");
      const wedding = list.find((tile) => tile.name === "Hochzeit")!;
      expect(wedding.href).toBe(
        "/configurator-photobook?printing=digitalfotobuch&designGroupId=500&photobookFormat=din-landscape&locale=de-DE",
      );
      expect(wedding.details).toBe("Querformat · Hochformat · Quadratisch");
      // The designer link that starts: the category's template for the book's orientation.
      const start = await test.request(wedding.href);
      expect(start.status).toBe(302);
      expect(start.headers.get("location")).toContain("templateId=71001");
    });

    it("lists the express shop's products with their price, production time and surcharge, each to its configurator", async () => {
      const list = await tiles("/service/versand");
      expect(list.map((tile) => tile.href)).toEqual([
        "/configurator-calendar?calendarType=wandkalender&formatType=a4-hoch&mounting=spirale&locale=de-DE",
        "/configurator-photobook?printing=digitalfotobuch&photobookFormat=200x200&locale=de-DE",
        "/configurator-photobox?photoboxType=small&formatType=150x100&locale=de-DE",
        "/vorkonfigurator-karten?product=folded-card",
        "/configurator-photobox?photoboxType=photoprint&formatType=150x100&locale=de-DE",
      ]);
      const calendar = list[0]!;
      expect(calendar.name).toBe("Wandkalender 21 x 29,7 cm");
      expect(calendar.details).toBe(
        "Express: in 48 Std. gefertigt bei Bestellung bis 14:00 Uhr · +7,95\u00a0€",
      );
      expect(calendar.price).toMatch(/^\d+,\d\d/);
      expect(list[2]!.price).toMatch(/^\d+,\d\d(\u00a0|&nbsp;)€ je Abzug$/);
      const wallart = await tiles("http://wallart.localhost/service/versand/");
      expect(wallart.map((tile) => tile.name)).toContain("Leinwand 60 x 40 cm");
    });

    it("feeds every card design with filters and page sizes from the URL, the wall-art collage feed only collage designs", async () => {
      const html = (target: string) => crawledPage(test, target);
      const cards = (page: string) => page.match(/class="theme-card"/g)?.length ?? 0;
      const feed = await html("/feed-card");
      expect(cards(feed)).toBe(12);
      expect(feed).toContain('class="theme-filters"');
      expect(cards(await html("/feed-card?pageSize=48"))).toBe(48);
      // A filter in the URL: the feed shows the same designs as the themes API for it.
      const api = async (query: string) =>
        (
          (await (await test.request(`/web-api/themes?${query}`)).json()) as {
            themes: { id: string }[];
          }
        ).themes.map((theme) => theme.id);
      const ids = (page: string) =>
        [...page.matchAll(/href="\/themes\/([^"/]+)\/?"/g)].map((m) => m[1]);
      const red = await api("color=red&sort=created");
      expect(ids(await html("/feed-card?color=red&sort=created"))).toEqual(red);
      expect(red).not.toEqual(await api("sort=created"));
      // The collage feed starts filtered to collages: its list is the collage designs' own.
      const collage = (
        (await (
          await test.request("http://wallart.localhost/web-api/themes?product=collage&pageSize=48")
        ).json()) as { themes: { id: string }[] }
      ).themes.map((theme) => theme.id);
      expect(collage.length).toBeGreaterThan(12);
      expect(ids(await html("http://wallart.localhost/feed-collage/?pageSize=48"))).toEqual(
        collage,
      );
    });

    it("lists the calendar types and the collage designs on the card shop's feeds", async () => {
      expect((await tiles("/feed-calendar")).map((tile) => tile.name)).toContain("Familienplaner");
      expect((await tiles("/feed-collage")).map((tile) => tile.name)).toContain("Herz");
    });

    it("leaves the licensed photo book categories out of the British shop", async () => {
      const names = (await tiles("http://gb.cards.localhost/photo-book")).map((tile) => tile.name);
      expect(names).toContain("Wedding");
      expect(names).not.toContain("Disney");
      expect(names).not.toContain("Star Wars");
      const us = (await tiles("http://us.cards.localhost/photo-book")).map((tile) => tile.name);
      expect(us).toContain("Disney");
    });
  });
});

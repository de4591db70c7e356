/**
 * Configurator paths over HTTP: the query names the product, the visitor is sent on to
 * the designer with its parameters, and the studio starts the design (a link it cannot
 * start one from says what is missing and leads back to the product page).
 */
import { describe, expect, it, vi } from "vitest";
import { useTestShop } from "../../server/testing/shop";

describe("configurator paths", () => {
  const test = useTestShop();

  /** A request as a browser sends it: "http://host/path" or a path on localhost. */
  const get = (target: string, headers: Record<string, string> = {}) =>
    test.request(target, { headers });
  const location = async (target: string, headers: Record<string, string> = {}) => {
    const response = await get(target, headers);
    expect(response.status).toBe(302);
    return response.headers.get("location") ?? "";
  };

  it("send a card sample to the designer as one card with the sample flag", async () => {
    const response = await get("/configurator-card?themeId=t1&s=sample&quantity=50");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      "/designer/card?themeId=t1&quantity=1&sample=true&s=sample&locale=de-DE",
    );
    // Personal (it may carry the visitor's ad-click id): no shared cache keeps it.
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("add the current locale to a link without one, in the visitor's language", async () => {
    expect(await location("/configurator-photobook?photobookType=fotoheft")).toContain(
      "locale=de-DE",
    );
    const french = await location(
      "http://ch.cards.localhost/fr/configurator-photobook?printing=fotoheft",
    );
    expect(french.startsWith("/fr/designer/photobook?")).toBe(true);
    expect(french).toContain("locale=fr-CH");
    expect(await location("/configurator-card?themeId=t1&locale=en-GB")).toContain("locale=en-GB");
  });

  it("answer on localised paths and with the desktop marker", async () => {
    expect(
      await location("/konfigurator-kalender?calendarType=wandkalender&startDate=2027-03"),
    ).toMatch(
      /^\/designer\/calendar\?calendarType=wandkalender&startMonth=3&startYear=2027&accessoryTypes=ohne&locale=de-DE$/,
    );
    expect(await location("/d/configurator-card?themeId=t2")).toMatch(/^\/designer\/card\?/);
    expect(await location("/configurator-photobox?photoboxType=small&formatType=130x90")).toMatch(
      /^\/designer\/photobox\?type=small&width=130&height=90&quantity=\d+&locale=de-DE$/,
    );
  });

  it("treat a material on the collage path as a collage with the channel's default design", async () => {
    expect(
      await location("http://wallart.localhost/configurator-collage/?materialType=leinwand"),
    ).toMatch(/^\/designer\/collage\/\?materialType=leinwand&designId=1&locale=de-DE$/);
    expect(
      await location("http://wallart.localhost/configurator-photo-frame/?materialType=leinwand"),
    ).toMatch(/^\/designer\/photoframe\/\?materialType=leinwand&locale=de-DE$/);
  });

  it("start a photo book from the template of its design group that fits the orientation", async () => {
    // 500 is a design group set; 1001 one group of it (then its whole set counts).
    expect(
      await location(
        "/configurator-photobook?printing=digitalfotobuch&designGroupId=500&photobookFormat=200x200",
      ),
    ).toContain("&templateId=71003&");
    expect(
      await location(
        "/configurator-photobook?printing=digitalfotobuch&designGroupId=1001&photobookFormat=297x210",
      ),
    ).toContain("&templateId=71001&");
    // An unknown group or a book without orientation: no template, the designer chooses.
    expect(
      await location(
        "/configurator-photobook?printing=digitalfotobuch&designGroupId=99999&photobookFormat=200x200",
      ),
    ).not.toContain("templateId");
    expect(
      await location("/configurator-photobook?printing=digitalfotobuch&designGroupId=500"),
    ).not.toContain("templateId");
  });

  it("carry the ad-click id from its cookie", async () => {
    expect(await location("/configurator-card?themeId=t1", { cookie: "gclid=Cj0-abc" })).toContain(
      "&gclid=Cj0-abc",
    );
  });

  it("start the family's everyday product without a design when the query names none", async () => {
    const calendar = await location("/configurator-calendar?locale=de-DE");
    expect(calendar.startsWith("/designer/calendar?calendarType=wandkalender&")).toBe(true);
    const book = await location("/configurator-photobook");
    expect(book.startsWith("/designer/photobook?printing=digitalfotobuch&cover=hard&")).toBe(true);
    expect(await location("/configurator-photobox")).toContain("/designer/photobox?type=small&");
    expect(await location("/configurator-collage?locale=de-DE")).toBe(
      "/designer/collage?designId=13&locale=de-DE",
    );
  });

  it("are the not-found page when a card names no design or a frame no material", async () => {
    const response = await get("/configurator-card?quantity=5");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found: /configurator-card");
    expect((await get("/xx/configurator-card?themeId=t1")).status).toBe(404);
    expect((await get("/configurator-photo-frame")).status).toBe(404);
  });

  it("lead to the studio, which shows the product and the price of what goes into the cart", async () => {
    const page = await get(
      "/designer/photobox?type=small&width=130&height=90&quantity=100&locale=de-DE",
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Fotobox gestalten");
    expect(html).toContain("designer--studio");
    // Without JavaScript the page says the studio needs it.
    expect(html).toContain("Das Gestaltungsstudio braucht JavaScript");
    expect(html).toContain('content="noindex, nofollow"');
    // 100 prints at the tier price of 100 or more, glossy or matt still open: the lower.
    expect(html).toMatch(/Preis(<!-- -->)?: <strong>ab 23,00\s€<\/strong>/);
    expect((await get("/designer/spaceship")).status).toBe(404);
    expect((await get("/designer")).status).toBe(404);
  });

  it("show the price of what goes into the cart, in the shop's currency", async () => {
    // The studio's price line.
    const priceOf = async (target: string) => {
      const html = await (await get(target)).text();
      return (
        /studio__price">(?:Preis|Price|Prix)(?:<!-- -->)?: <strong>([^<]*)</.exec(html)?.[1] ?? null
      );
    };
    // Ten cards of a theme: the studio starts from the theme's own card (the folded card of
    // 148x105 its theme page prices, without refinement or envelope), at the price the
    // product details give that card; not from the card details' first choice, which has
    // the shop's default refinement (gold foil here) and costs more.
    const detailsPrice = async (query: string) =>
      (
        (await (
          await get(
            `/web-api/product-details?kind=card&themeId=einschulung-001&quantity=10${query}`,
          )
        ).json()) as { price: { current: string } }
      ).price.current;
    const own = await detailsPrice(
      "&cardType=folded-card&size=148x105&refinement=none&envelope=none",
    );
    expect(await priceOf("/designer/card?themeId=einschulung-001&quantity=10")).toBe(own);
    expect(own).not.toBe(await detailsPrice(""));
    // A picture with its frame: the poster and the frame in the same size.
    expect(
      await priceOf(
        "/designer/photoframe?materialType=poster&formatType=300x200&frameType=fotorahmen",
      ),
    ).toBe("24,94\u00a0€");
    // A calendar whose format is still open: no design and no price, no way into the cart,
    // only what is missing and the way back to the product page.
    const open = await get("/designer/calendar?calendarType=wandkalender", {
      referer: "http://localhost/fotokalender",
    });
    const openHtml = await open.text();
    expect(open.status).toBe(200);
    expect(openHtml).not.toContain("designer--studio");
    expect(openHtml).not.toMatch(/<form[^>]*action="\/warenkorb/);
    expect(openHtml).toContain("sobald auf der Produktseite alles gewählt ist");
    expect(openHtml).toMatch(
      /<a class="designer__back" href="\/fotokalender">Zurück zur Produktseite<\/a>/,
    );
    // Swiss francs in the Swiss shop.
    expect(
      await priceOf("http://ch.cards.localhost/designer/card?themeId=einschulung-001"),
    ).toMatch(/CHF/);
    // A theme the catalogue does not know has no card to design and no page to choose one
    // on: not found, not a page sending the shopper to choose "what is missing".
    expect((await get("/designer/card?themeId=no-such-theme")).status).toBe(404);
  });

  describe("open the studio only for what the cart would take as the link asks", () => {
    const card = "/designer/card?cardType=folded-card&refinement=none&envelope=none";
    /** Where a designer link sends the shopper on to, and that the studio opens there. */
    const sentOn = async (target: string, origin = "http://localhost") => {
      const answer = await get(`${origin}${target}`);
      expect(answer.status, target).toBe(302);
      // It follows the catalogue, which changes under it: nothing shared keeps it.
      expect(answer.headers.get("cache-control")).toBe("private, no-cache");
      const to = new URL(answer.headers.get("location")!, `${origin}/`);
      // The shop's own path on the same host, never a target taken from the link.
      expect(to.origin).toBe(origin);
      const studio = await get(to.href);
      expect(studio.status, to.href).toBe(200);
      const html = await studio.text();
      expect(html).toContain("designer--studio");
      expect(html).not.toContain("Diese Auswahl können Sie so nicht bestellen");
      return to;
    };

    it("opens a sold card as the link asks", async () => {
      const sold = await get(`${card}&size=148x105&quantity=10`);
      expect(sold.status).toBe(200);
      const html = await sold.text();
      expect(html).toContain("designer--studio");
      expect(html).not.toContain("Diese Auswahl können Sie so nicht bestellen");
    });

    it("is not found for a product or a type of it the shop does not sell", async () => {
      expect(
        (
          await get(
            `/designer/card?cardType=nonsense&size=148x105&refinement=none&envelope=none&quantity=1`,
          )
        ).status,
      ).toBe(404);
      // The wall-art shop sells no cards (its paths end in a slash).
      const wallart = `http://wallart.localhost${card.replace("?", "/?")}&size=148x105&quantity=1`;
      expect((await get(wallart)).status).toBe(404);
    });

    it("sends an unsold size on to the designer with the size the product page offers instead", async () => {
      const to = await sentOn(
        `${card}&size=999x999&quantity=20&themeId=einschulung-001&locale=en-GB&s=gs&gclid=Cj0x-1`,
      );
      expect(to.pathname).toBe("/designer/card");
      const kept = Object.fromEntries(to.searchParams);
      // The link's language, referral source and ad-click id travel on with the choice.
      expect(kept).toMatchObject({
        cardType: "folded-card",
        refinement: "none",
        envelope: "none",
        quantity: "20",
        themeId: "einschulung-001",
        locale: "en-GB",
        s: "gs",
        gclid: "Cj0x-1",
      });
      expect(kept.size).toMatch(/^\d+x\d+$/);
      expect(kept.size).not.toBe("999x999");
      // In the visitor's language, on the channel's form of the path.
      const french = await sentOn(
        `/fr${card}&size=999x999&quantity=20`,
        "http://ch.cards.localhost",
      );
      expect(french.pathname).toBe("/fr/designer/card");
      // The desktop app's shopper stays in the app's frame.
      expect((await sentOn(`/d${card}&size=999x999&quantity=20`)).pathname).toBe(
        "/d/designer/card",
      );
    });

    it("sends a themed card of another type the shop sells on to the theme's own type", async () => {
      // einschulung-001 is a folded card; the shop sells flat cards too.
      const themed =
        "/designer/card?themeId=einschulung-001&size=148x105&refinement=none&envelope=none&quantity=10";
      const to = await sentOn(`${themed}&cardType=flat-card`);
      expect(Object.fromEntries(to.searchParams)).toMatchObject({
        cardType: "folded-card",
        themeId: "einschulung-001",
      });
      // A type the shop does not know is not found, theme or not.
      expect((await get(`${themed}&cardType=nonsense`)).status).toBe(404);
    });

    it("cannot be steered off the shop by the link's parameters", async () => {
      const hostile = [
        // An unsold size with hostile company: sent on, to the shop's own path.
        [
          `${card}&size=999x999&quantity=20&next=//evil.example&redirect=https://evil.example/`,
          302,
        ],
        [
          `${card}&size=999x999&quantity=20&locale=%2F%2Fevil.example&s=https://evil.example&_baseUrl=https%3A%2F%2Fevil.example`,
          302,
        ],
        // A theme id that is no id at all counts as none: the unsold size is sent on.
        [`${card}&size=999x999&quantity=20&themeId=%2F%2Fevil.example`, 302],
        // A type the shop does not know: not found, sent nowhere.
        [
          `/designer/card?cardType=evil&size=148x105&refinement=none&envelope=none&next=//evil.example`,
          404,
        ],
      ] as const;
      for (const [target, status] of hostile) {
        const answer = await get(target);
        expect(answer.status, target).toBe(status);
        if (status !== 302) continue;
        const to = answer.headers.get("location") ?? "";
        expect(to, target).toMatch(/^\/(?![/\\])/);
        expect(to, target).not.toContain("evil");
      }
    });

    it("sends a quantity beyond the product's most on to the most the cart keeps", async () => {
      const to = await sentOn(`${card}&size=148x105&quantity=100000`);
      expect(Object.fromEntries(to.searchParams)).toMatchObject({
        size: "148x105",
        quantity: "5000",
      });
    });

    it("leaves a photo book's template behind when it sends the book on to another size, not to other pages", async () => {
      const book =
        "/designer/photobook?printing=digitalfotobuch&cover=hard&paper=glossy&amount=1&templateId=71003&gclid=Cj0x-1";
      // A size the shop does not sell: another book, which the template was not made for.
      const resized = Object.fromEntries(
        (await sentOn(`${book}&size=99x99&pageCount=40`)).searchParams,
      );
      expect(resized.size).not.toBe("99x99");
      expect(resized).not.toHaveProperty("templateId");
      expect(resized).toMatchObject({ gclid: "Cj0x-1" });
      // Pages off the book's grid: the same book with other pages, the template still fits.
      const paged = Object.fromEntries(
        (await sentOn(`${book}&size=20x20&pageCount=41`)).searchParams,
      );
      expect(paged).toMatchObject({ size: "20x20", templateId: "71003", gclid: "Cj0x-1" });
      expect(paged.pageCount).not.toBe("41");
    });

    it("reopens a saved design even when its choice is no longer sold, saying so", async () => {
      const saved = await get(`${card}&size=999x105&quantity=10&studioDesign=AbCdEfGh12345678`);
      expect(saved.status).toBe(200);
      const html = await saved.text();
      expect(html).toContain("designer--studio");
      expect(html).toContain("Diese Auswahl können Sie so nicht bestellen");
    });
  });

  describe("open a framed picture, photo box or prints only for a product the shop sells", () => {
    const notForSale = "Diese Auswahl können Sie so nicht bestellen";

    it("is not found for a material or box type the shop does not sell at all", async () => {
      expect(
        (await get("/designer/photoframe?materialType=marmor&formatType=300x200")).status,
      ).toBe(404);
      expect(
        (await get("/designer/photobox?type=huge&width=130&height=90&quantity=100")).status,
      ).toBe(404);
    });

    it("opens a sold product with an unsold size, saying it is not for sale", async () => {
      // The product page lists the poster's and the small box's sizes but names none to take
      // instead of one they do not come in: the studio opens, saying so.
      for (const target of [
        "/designer/photoframe?materialType=poster&formatType=999x666",
        "/designer/photobox?type=small&width=300&height=200&quantity=100&finish=glossy",
      ]) {
        const answer = await get(target);
        expect(answer.status, target).toBe(200);
        const html = await answer.text();
        expect(html, target).toContain("designer--studio");
        expect(html, target).toContain(notForSale);
      }
    });

    it("opens a material the shop has even when no article of it is priced here, saying so", async () => {
      // As if the poster's articles had no price for this quantity and country: the shop
      // still sells posters, so the studio opens with the notice rather than not found.
      const priceless = vi.spyOn(test.services.catalogue, "designerOffer").mockResolvedValue(null);
      try {
        const answer = await get("/designer/photoframe?materialType=poster&formatType=300x200");
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain(notForSale);
        expect(
          (await get("/designer/photoframe?materialType=marmor&formatType=300x200")).status,
        ).toBe(404);
      } finally {
        priceless.mockRestore();
      }
    });

    it("reopens a saved design of a product the shop no longer sells", async () => {
      const saved = await get(
        "/designer/photoframe?materialType=marmor&formatType=300x200&studioDesign=AbCdEfGh12345678",
      );
      expect(saved.status).toBe(200);
      const html = await saved.text();
      expect(html).toContain("designer--studio");
      expect(html).toContain(notForSale);
    });
  });

  it("lead back to the product page the shopper came from, else to the storefront's home", async () => {
    const html = async (target: string, headers: Record<string, string> = {}) =>
      (await get(target, headers)).text();
    const open = "/fr/designer/calendar?calendarType=wandkalender";
    expect(
      await html(`http://ch.cards.localhost${open}`, {
        referer: "http://ch.cards.localhost/fr/calendriers",
      }),
    ).toMatch(/<a class="designer__back" href="\/fr\/calendriers">Retour à la page produit<\/a>/);
    // Without a referrer (a link from a mail, a bookmark) the page is not claimed: the home
    // page in the visitor's language.
    const home = await html(`http://ch.cards.localhost${open}`);
    expect(home).toMatch(/<a class="designer__back" href="\/fr\/?"[^>]*>[^<]*accueil<\/a>/);
    expect(home).not.toContain("Retour à la page produit");
  });
});

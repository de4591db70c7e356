/**
 * Configurator paths over HTTP: the query names the product, the visitor is sent on to
 * the designer with its parameters, and the shop's designer stand-in shows the choice.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../server/testing/db";
import { createTestServices } from "../../server/testing/services";
import { createTestShop, type TestShop } from "../../server/testing/shop";
import type { ShopServices } from "../../server/services";

describe("configurator paths", () => {
  let database: TestDatabase;
  let services: ShopServices;
  let shop: TestShop;

  /** A request as a browser sends it: "http://host/path" or a path on localhost. */
  const get = (target: string, headers: Record<string, string> = {}) => {
    const url = new URL(target, "http://localhost");
    return shop.app.request(url.href, { headers: { host: url.host, ...headers } });
  };
  const location = async (target: string, headers: Record<string, string> = {}) => {
    const response = await get(target, headers);
    expect(response.status).toBe(302);
    return response.headers.get("location") ?? "";
  };

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    services = await createTestServices(database, {});
    shop = await createTestShop(services);
  }, 120_000);

  afterAll(async () => {
    await shop?.stop();
    services?.content.close();
    await database?.destroy();
  });

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

  it("carry the ad-click id from its cookie", async () => {
    expect(await location("/configurator-card?themeId=t1", { cookie: "gclid=Cj0-abc" })).toContain(
      "&gclid=Cj0-abc",
    );
  });

  it("are the not-found page when the query names no product", async () => {
    const response = await get("/configurator-card?quantity=5");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found: /configurator-card");
    expect((await get("/xx/configurator-card?themeId=t1")).status).toBe(404);
  });

  it("lead to the designer stand-in, which shows the product and the chosen options", async () => {
    const page = await get(
      "/designer/photobox?type=small&width=130&height=90&quantity=100&locale=de-DE",
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Fotobox gestalten");
    expect(html).toMatch(/<dt>Format<\/dt><dd>13 x 9 cm<\/dd>/);
    expect(html).toMatch(/<dt>Menge<\/dt><dd>100<\/dd>/);
    expect(html).toContain('content="noindex, nofollow"');
    expect((await get("/designer/spaceship")).status).toBe(404);
    expect((await get("/designer")).status).toBe(404);
  });
});

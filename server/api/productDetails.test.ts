import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import type { Storefront } from "../storefront";
import { loadTestStorefront } from "../testing/shop";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import type { ShopServices } from "../services";
import type { ProductDetails } from "../../domain/productDetails";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

describe.each(TEST_DATABASES)("GET /web-api/product-details on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  const get = async (query: string, host = "localhost", status = 200) => {
    const response = await api.request(`http://${host}/web-api/product-details?${query}`);
    const body = await response.json();
    expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(status);
    return body;
  };
  const details = (query: string, host?: string) => get(query, host) as Promise<ProductDetails>;
  const price = async (path: string, host = "localhost") =>
    (
      (await (await api.request(`http://${host}${path}`)).json()) as {
        price: { formatted: { current: string } };
      }
    ).price.formatted.current;
  const option = (d: ProductDetails, name: string) => d.options.find((o) => o.name === name)!;
  const offered = (d: ProductDetails, name: string) => option(d, name).choices.map((c) => c.value);

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
    api = createApi(services, storefront);
  }, 120_000);
  afterAll(async () => {
    services.cms?.close();
    await database.destroy();
  });

  it("offers only the mountings the chosen calendar type is sold with, and prices as the calendar price API", async () => {
    const d = await details("kind=calendar&calendarType=tischkalender&size=a5-quer&quantity=3");
    expect(option(d, "calendarType").value).toBe("tischkalender");
    expect(offered(d, "mounting").sort()).toEqual(["holzfuss", "spirale"]);
    expect(offered(d, "size")).not.toContain("a3-hoch");
    const mounting = option(d, "mounting").value;
    expect(d.price?.current).toBe(
      await price(
        `/web-api/calendar-price?calendarType=tischkalender&format=a5-quer&mounting=${mounting}&quantity=3`,
      ),
    );
    expect(d.link).toContain(
      "/configurator-calendar?calendarType=tischkalender&formatType=a5-quer",
    );
    expect(d.link).toMatch(/startDate=\d{4}-\d{2}/);
  });

  it("answers an unknown card theme as not found, not as a failure", async () => {
    const body = (await get(
      "kind=card&themeId=winter-12&quantity=1&sample=true",
      "localhost",
      404,
    )) as { status: number };
    expect(body.status).toBe(404);
  });

  it("falls back to a sold value when the asked one does not go with the earlier choices", async () => {
    // A wall calendar has no wooden stand: the first mounting it has is chosen instead.
    const d = await details("kind=calendar&calendarType=wandkalender&mounting=holzfuss");
    expect(offered(d, "mounting")).not.toContain("holzfuss");
    expect(offered(d, "mounting")).toContain(option(d, "mounting").value);
  });

  it("prices a photo book with its pages as the photo book price API, in the shop's currency", async () => {
    const query =
      "kind=photobook&photobookType=digitalfotobuch&cover=hard&paper=glossy&size=20x20&pages=30&quantity=2";
    for (const host of ["localhost", "ch.cards.localhost", "us.cards.localhost"]) {
      const d = await details(query, host);
      expect(d.amounts.find((a) => a.name === "pages")).toMatchObject({
        value: 30,
        min: 24,
        max: 200,
        step: 2,
      });
      expect(d.price?.current).toBe(
        await price(
          "/web-api/photobook-price?type=digitalfotobuch&cover=hard&variantKey=glossy&format=20x20&pages=30&quantity=2",
          host,
        ),
      );
    }
  });

  it("keeps a photo book's pages on its grid and within its limits", async () => {
    const base = "kind=photobook&photobookType=digitalfotobuch&cover=hard&paper=glossy&size=20x20";
    const pages = async (asked: string) =>
      (await details(`${base}&pages=${asked}`)).amounts.find((a) => a.name === "pages")!.value;
    expect(await pages("25")).toBe(26);
    expect(await pages("2")).toBe(24);
    expect(await pages("999")).toBe(200);
  });

  it("offers a booklet only with a soft cover, and says its binding", async () => {
    const d = await details("kind=photobook&photobookType=fotoheft&cover=hard");
    expect(offered(d, "cover")).toEqual(["soft"]);
    expect(d.notes).toEqual([{ key: "binding", value: "heftbindung" }]);
    expect(d.link).toContain("photobookType=fotoheft-soft");
  });

  it("starts a photo book with the card shop's glossy cover lamination", async () => {
    const d = await details("kind=photobook&photobookType=digitalfotobuch&cover=hard");
    expect(option(d, "paper").value).toBe("glossy");
  });

  it("answers 404 for a product the shop does not sell (photo books in the wall-art shop)", async () => {
    expect(await get("kind=photobook", "wallart.localhost", 404)).toMatchObject({
      error: "not_found",
    });
  });

  it("prices a card with its refinement and envelopes as the card and accessory order APIs", async () => {
    const d = await details(
      "kind=card&themeId=hochzeit-001&refinement=gold&envelope=accessory-envelope-162x114&quantity=20",
    );
    const card = await price(
      `/web-api/card-price?article=${d.article}&quantity=20&refinement=gold`,
    );
    expect(d.price?.current).not.toBe(card);
    expect(option(d, "envelope").choices[0]?.value).toBe("none");
    const plain = await details("kind=card&themeId=hochzeit-001&refinement=gold&quantity=20");
    expect(plain.price?.current).toBe(card);
    expect(plain.link).toBe(
      "/configurator-card?themeId=hochzeit-001&cardType=photo-card&size=148x105&refinement=gold&envelope=none&quantity=20",
    );
  });

  it("starts a card with the shop's default refinement (gold in the card shop)", async () => {
    const d = await details("kind=card&themeId=hochzeit-001");
    expect(option(d, "refinement").value).toBe("gold");
    expect(d.amounts[0]).toMatchObject({ name: "quantity", value: 10 });
  });

  it("orders a card sample as one card with the sample source", async () => {
    const d = await details("kind=card&themeId=hochzeit-001&quantity=50&sample=true");
    expect(d.sample).toBe(true);
    expect(d.amounts[0]?.value).toBe(1);
    expect(d.link).toBe(
      "/configurator-card?themeId=hochzeit-001&cardType=photo-card&size=148x105&refinement=gold&envelope=none&quantity=1&s=sample",
    );
  });

  it("starts a collage with the shop's default design and prices it as the article API", async () => {
    const d = await details("kind=collage", "wallart.localhost");
    expect(option(d, "design").value).toBe("1");
    expect(d.price?.current).toBe(
      await price(`/price-api/prices/article?article=${d.article}`, "wallart.localhost"),
    );
    expect(d.link).toMatch(
      /^\/configurator-collage\?designId=1&materialType=\w+&formatType=\d+x\d+&quantity=1$/,
    );
  });

  it("offers the accessories the editor named, priced per quantity as the accessory API", async () => {
    const d = await details("kind=accessory&accessoryTypes=envelope,ribbon&quantity=5");
    expect(offered(d, "accessoryType")).toEqual(["envelope", "ribbon"]);
    expect(d.price?.current).toBe(
      await price(`/price-api/accessory?article=${d.article}&quantity=5`),
    );
    expect(d.link).toBeNull();
  });

  it("prices envelopes and inlays at the fixed price of their card format class in DE, AT and CH", async () => {
    const piece = async (host: string, article: string) =>
      price(`/price-api/accessory?article=${article}&quantity=1`, host);
    expect(await piece("ch.cards.localhost", "accessory-envelope-220x110")).toBe("2.90\u00a0CHF");
    expect(await piece("ch.cards.localhost", "accessory-envelope-162x114")).toBe("1.00\u00a0CHF");
    expect(await piece("at.cards.localhost", "accessory-inlay-148x148")).toBe("1,50\u00a0€");
    expect(await piece("localhost", "accessory-envelope-150x150")).toBe("1,10\u00a0€");
    // Elsewhere an envelope costs its catalogue price, and a bow everywhere.
    const us = await details(
      "kind=accessory&accessoryType=envelope&accessory=accessory-envelope-220x110",
      "us.cards.localhost",
    );
    expect(us.price?.current).toBe(await piece("us.cards.localhost", "accessory-envelope-220x110"));
  });

  it("tells the delivery time and cost of the shop's country", async () => {
    const d = await details("kind=calendar");
    expect(d.delivery).toMatchObject({ daysMin: 2, daysMax: 4 });
    expect(d.delivery?.price).toMatch(/€/);
  });

  it("answers 400 naming the field for a product it does not know or a malformed value", async () => {
    expect(await get("kind=poster", "localhost", 400)).toMatchObject({
      errors: { kind: expect.any(String) },
    });
    expect(await get("kind=calendar&size=%3Cb%3E", "localhost", 400)).toMatchObject({
      errors: { size: expect.any(String) },
    });
    expect(await get("kind=card&quantity=-3", "localhost", 400)).toMatchObject({
      errors: { quantity: expect.any(String) },
    });
  });
});

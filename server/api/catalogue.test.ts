import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import type { Storefront } from "../storefront";
import { loadTestStorefront } from "../testing/shop";
import { NBSP } from "../../domain/money";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import type { ShopServices } from "../services";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

type Brand = "cards" | "wallart";
const SITES = [
  { host: "localhost", brand: "cards", locale: "de-DE", currency: "eur" },
  { host: "ch.cards.localhost", brand: "cards", locale: "de-CH", currency: "chf" },
  { host: "us.cards.localhost", brand: "cards", locale: "en-US", currency: "usd" },
  { host: "wallart.localhost", brand: "wallart", locale: "de-DE", currency: "eur" },
  { host: "ch.wallart.localhost", brand: "wallart", locale: "de-CH", currency: "chf" },
  { host: "us.wallart.localhost", brand: "wallart", locale: "en-US", currency: "usd" },
] as const;

const PSPF = "/web-api/product-selection-photo-frame";
/** Every GET path with a query that the brand sells (a function of the brand where it differs). */
const GET_PATHS: (string | ((brand: Brand) => string))[] = [
  "/web-api/themes?pageSize=12",
  (b) => `/web-api/themes/${b === "cards" ? "hochzeit-001" : "poster-hochzeit-001"}`,
  "/web-api/shop-frontends-initial-data",
  "/web-api/localized-urls?path=/fotobox",
  "/web-api/shipping-information",
  "/api/get-location/",
  "/web-api/calculator/reference",
  "/web-api/aspect-ratio",
  "/price-api/prices/format-group-prices-images?formatGroup=poster",
  "/price-api/prices/article?article=wallart-poster-600x400",
  "/price-api/prices/format-group?formatGroup=poster",
  "/price-api/prices/formats?formatGroup=poster&formats[]=600x400&formats[]=900x600",
  "/price-api/frame?frameType=kunststoffrahmen&format=300x200",
  "/web-api/variants-for-frame-types?frameTypes[]=kunststoffrahmen",
  "/price-api/photo-options-groups?material=leinwand",
  `${PSPF}/data`,
  `${PSPF}/price-article?article=wallart-poster-600x400`,
  `${PSPF}/format-limits?material=poster`,
  `${PSPF}/prices-format-group?material=poster`,
  `${PSPF}/prices-formats?material=poster&formats[]=600x400`,
  `${PSPF}/prices-from`,
  "/web-api/calendar-design-group",
  "/web-api/calendar-price?calendarType=wandkalender&format=a4-hoch&mounting=spirale",
  "/web-api/photobox-data",
  "/price-api/photoboxes?type=photoprint&format=150x100&finish=glossy&quantity=100",
  "/web-api/card-accessory-price?format=148x105",
  "/accessory",
  "/price-api/accessory?article=accessory-posterbar&quantity=2",
  "/web-api/collage-designer-design-groups?name[]=grid&name[]=heart",
  "/web-api/collage-designer-design-group?id=13",
  (b) => `/web-api/sku/container?sku=${b === "cards" ? "photobox" : "wallart-bestsellers"}`,
  "/web-api/express-shop",
  (b) => `/web-api/voucher?code=${b === "cards" ? "C" : "W"}-WELCOME10&orderValue=5000`,
  "/gift-voucher",
  (b) => `/gift-voucher/${b === "cards" ? "C" : "W"}-GIFT-2F7K-9QX4`,
];
/** Paths of products only the card shop sells. */
const CARDS_ONLY = [
  "/web-api/photobook-design-group-set?categoryIds[]=1&categoryIds[]=2",
  "/web-api/photobook-design-group-set/500",
  "/web-api/photobook-price?type=digitalfotobuch&cover=hard&variantKey=glossy&format=20x20&pages=30",
  "/web-api/card-price?article=card-folded-card-148x105&quantity=50&refinement=gold",
  "/web-api/card-accessories?article=card-folded-card-148x105",
];

describe.each(TEST_DATABASES)("the catalogue API on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  const request = (host: string, path: string, init: RequestInit = {}) =>
    api.request(`http://${host}${path}`, init);
  const getJson = async (host: string, path: string, status = 200, headers = {}) => {
    const response = await request(host, path, { headers });
    const body = await response.json();
    expect(response.status, `${host}${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(status);
    return body;
  };

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
    api = createApi(services, storefront);
  }, 120_000);
  afterAll(async () => {
    services.cms?.close();
    await database.destroy();
  });

  describe.each(SITES)("on $host ($locale)", (site) => {
    const headers = {
      "X-Channel": `${site.brand}-${site.host.startsWith("ch.") ? "CH" : site.host.startsWith("us.") ? "US" : "DE"}`,
      "X-Locale": site.locale,
    };
    const paths = [
      ...GET_PATHS.map((p) => (typeof p === "function" ? p(site.brand) : p)),
      ...(site.brand === "cards" ? CARDS_ONLY : []),
    ];

    it.each(paths)("GET %s answers 200 with data", async (path) => {
      const body = await getJson(site.host, path, 200, headers);
      expect(Object.keys(body).length).toBeGreaterThan(0);
      // Every price in the answer is in the country's currency.
      const currencies = new Set(
        [...JSON.stringify(body).matchAll(/"currency":"(\w+)"/g)].map((m) => m[1]),
      );
      for (const currency of currencies) expect(currency).toBe(site.currency);
      // Lists are never empty: real catalogue data.
      for (const [key, value] of Object.entries(body))
        if (Array.isArray(value) && key !== "labels") expect(value.length, path).toBeGreaterThan(0);
    });

    it("prices an article in the country's currency and units", async () => {
      const body = await getJson(
        site.host,
        "/price-api/prices/article?article=wallart-poster-600x400",
        200,
        headers,
      );
      expect(body.price.currency).toBe(site.currency);
      expect(Number.isInteger(body.price.priceCurrentMinor)).toBe(true);
      expect(body.formatLabel).toBe(site.locale === "en-US" ? "24 x 16 in" : "60 x 40 cm");
      const sign = { eur: "€", chf: "CHF", usd: "$" }[site.currency];
      expect(body.price.formatted.current).toContain(sign);
    });

    it("answers a photobox order of 5000 prints with its total", async () => {
      const body = await getJson(
        site.host,
        "/price-api/photoboxes?type=photoprint&format=300x200&finish=matt&quantity=5000",
        200,
        headers,
      );
      expect(body.price.priceCurrentMinor).toBe(body.unitPrice.priceCurrentMinor * 5000);
      if (site.currency === "chf")
        expect(body.price.formatted.current).toMatch(/^\d{1,3}'\d{3}\.\d\d\u00a0CHF$/);
      if (site.currency === "usd")
        expect(body.price.formatted.current).toMatch(/^\$\d{1,3},\d{3}\.\d\d$/);
    });

    it("answers the card shop's product paths of the poster shop with 404", async () => {
      if (site.brand === "cards") return;
      for (const path of CARDS_ONLY) {
        const body = await getJson(site.host, path, 404, headers);
        expect(body.error).toBe("not_found");
      }
    });
  });

  describe("themes", () => {
    it("pages by 12 and 48 with the same order and a total", async () => {
      const small = await getJson(
        "localhost",
        "/web-api/themes?occasion=hochzeit&pageSize=12&page=2",
      );
      const large = await getJson("localhost", "/web-api/themes?occasion=hochzeit&pageSize=48");
      expect(small.themes).toHaveLength(12);
      expect(large.themes).toHaveLength(48);
      expect(small.themes.map((t: { id: string }) => t.id)).toEqual(
        large.themes.slice(12, 24).map((t: { id: string }) => t.id),
      );
      expect(large.pagination).toMatchObject({
        page: 1,
        pageSize: 48,
        pages: Math.ceil(large.pagination.total / 48),
      });
      expect(large.pagination.total).toBeGreaterThanOrEqual(40);
      const last = await getJson(
        "localhost",
        `/web-api/themes?occasion=hochzeit&pageSize=12&page=${small.pagination.pages}`,
      );
      expect(last.themes.length).toBe(small.pagination.total - 12 * (small.pagination.pages - 1));
    });

    it("sorts by popularity or creation date", async () => {
      const popular = await getJson("localhost", "/web-api/themes?pageSize=48");
      const pops = popular.themes.map((t: { popularity: number }) => t.popularity);
      expect(pops).toEqual([...pops].sort((a, b) => b - a));
      const created = await getJson("localhost", "/web-api/themes?pageSize=48&sort=created");
      const dates = created.themes.map((t: { createdAt: string }) => t.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it("filters by every filter, repeated or comma-separated", async () => {
      const filters = {
        aspectRatio: "square",
        category: "business",
        color: "gold",
        label: "bestseller",
        product: "folded-card",
        punching: "round",
        style: "elegant",
      };
      for (const [filter, value] of Object.entries(filters)) {
        const body = await getJson("localhost", `/web-api/themes?pageSize=48&${filter}=${value}`);
        expect(body.themes.length, filter).toBeGreaterThan(0);
        for (const theme of body.themes) expect(theme[filter]).toBe(value);
      }
      const both = await getJson("localhost", "/web-api/themes?pageSize=48&color=gold,rose");
      const colours = new Set(both.themes.map((t: { color: string }) => t.color));
      expect([...colours].sort()).toEqual(["gold", "rose"]);
    });

    it("names themes in the visitor's language and links a small SVG preview", async () => {
      const de = await getJson("localhost", "/web-api/themes/hochzeit-001");
      const en = await getJson("us.cards.localhost", "/web-api/themes/hochzeit-001");
      expect(de.name).toMatch(/^Hochzeit/);
      expect(en.name).toMatch(/^Wedding/);
      const svg = await request("localhost", de.previewImage);
      expect(svg.status).toBe(200);
      expect(svg.headers.get("content-type")).toContain("image/svg+xml");
      const text = await svg.text();
      expect(text).toContain("<svg");
      expect(text.length).toBeLessThan(2000);
    });

    it("never shows draft themes", async () => {
      const all = await getJson(
        "localhost",
        "/web-api/themes?occasion=hochzeit&pageSize=48&page=1",
      );
      const ids = all.themes.map((t: { id: string }) => t.id);
      expect(ids).not.toContain("hochzeit-023");
      await getJson("localhost", "/web-api/themes/hochzeit-023", 404);
    });
  });

  describe("rules", () => {
    it("tags API answers with an ETag and answers a repeated GET that names it with 304", async () => {
      const path = "/price-api/prices/article?article=wallart-poster-600x400";
      const first = await request("wallart.localhost", path);
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^W\/"[^"]+"$/);
      const again = await request("wallart.localhost", path, {
        headers: { "if-none-match": etag! },
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
      const changed = await request("wallart.localhost", path, {
        headers: { "if-none-match": 'W/"something-else"' },
      });
      expect(changed.status).toBe(200);
      // Writes and failures carry none.
      expect(
        (await request("wallart.localhost", "/price-api/nope")).headers.get("etag"),
      ).toBeNull();
    });

    it("labels card accessories by format class with the fixed prices of DE, AT and CH", async () => {
      const de = await getJson("localhost", "/web-api/card-accessory-price?format=148x105");
      expect(de).toMatchObject({
        formatClass: "standard",
        label: `0,95${NBSP}€`,
        overlayValue: 2.5,
      });
      const at = await getJson(
        "at.cards.localhost",
        "/web-api/card-accessory-price?format=148x148",
      );
      expect(at).toMatchObject({
        formatClass: "compact",
        label: `1,50${NBSP}€`,
        overlayValue: null,
      });
      const ch = await getJson(
        "ch.cards.localhost",
        "/web-api/card-accessory-price?format=210x100",
      );
      expect(ch).toMatchObject({
        formatClass: "large",
        label: `2.90${NBSP}CHF`,
        overlayValue: 3.5,
      });
      const us = await getJson(
        "us.cards.localhost",
        "/web-api/card-accessory-price?format=210x100",
      );
      expect(us).toMatchObject({ label: null, price: null });
    });

    it("prices a card order with accessories at the fixed envelope price", async () => {
      const response = await request("localhost", "/web-api/card-accessory-order", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          card: "card-folded-card-148x105",
          quantity: 20,
          accessories: [
            { article: "accessory-envelope-162x114" },
            { article: "card-refinement-gold" },
          ],
        }),
      });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body.lines[0].unitPrice.priceCurrentMinor).toBe(95);
      expect(body.lines[0].price.priceCurrentMinor).toBe(1900);
      const sum =
        body.card.price.priceCurrentMinor +
        body.lines.reduce(
          (s: number, l: { price: { priceCurrentMinor: number } }) => s + l.price.priceCurrentMinor,
          0,
        );
      expect(body.total.priceCurrentMinor).toBe(sum);
    });

    it("shows discounts only where the original price is higher", async () => {
      const sale = await getJson(
        "localhost",
        "/price-api/prices/article?article=wallart-leinwand-600x400",
      );
      expect(sale.price.hasDiscount).toBe(true);
      expect(sale.price.priceOriginalMinor).toBeGreaterThan(sale.price.priceCurrentMinor);
      expect(sale.price.formatted.original).not.toBeNull();
      const plain = await getJson(
        "localhost",
        "/price-api/prices/article?article=wallart-leinwand-900x600",
      );
      expect(plain.price).toMatchObject({ hasDiscount: false, priceOriginal: null });
      expect(plain.price.formatted.original).toBeNull();
    });

    it("sells mats and glazing only with the frames that hold paper prints, and no glazing in the standing photo frame", async () => {
      const body = await getJson(
        "wallart.localhost",
        "/web-api/variants-for-frame-types?frameTypes[]=holzrahmen&frameTypes[]=fotorahmen&frameTypes[]=schattenfuge-leinwand",
      );
      const of = (type: string) =>
        (body.frameTypes as { frameType: string; glass: string[]; matSizes: number[] }[]).find(
          (f) => f.frameType === type,
        )!;
      expect(of("holzrahmen")).toMatchObject({
        glass: ["museum-glass", "museum-acrylic"],
        matSizes: [0, 30],
      });
      expect(of("fotorahmen")).toMatchObject({ glass: [], matSizes: [0, 30] });
      expect(of("schattenfuge-leinwand")).toMatchObject({ glass: [], matSizes: [0] });
    });

    it("hides the licensed photo book categories in en-GB", async () => {
      const de = await getJson("localhost", "/web-api/photobook-design-group-set");
      const gb = await getJson("gb.cards.localhost", "/web-api/photobook-design-group-set");
      const ids = (b: { sets: { categoryId: number }[] }) =>
        new Set(b.sets.map((x) => x.categoryId));
      expect(ids(de)).toContain(41);
      expect(ids(gb)).not.toContain(41);
      const bad = await getJson(
        "gb.cards.localhost",
        "/web-api/photobook-design-group-set?categoryIds[]=42",
        400,
      );
      expect(Object.keys(bad.errors)).toEqual(["categoryIds[]"]);
    });

    it("lists a category's localised paths", async () => {
      const body = await getJson("ch.cards.localhost", "/web-api/localized-urls?path=/fotobox");
      expect(body.category).toBe("photobox");
      expect(body.urls).toContainEqual({ locale: "fr-CH", path: "/fr/boite-photo" });
    });

    it("checks vouchers by country, date and minimum order value", async () => {
      const ok = await getJson("localhost", "/web-api/voucher?code=c-welcome10&orderValue=5000");
      expect(ok).toMatchObject({ valid: true, percent: 10 });
      expect(ok.discount.priceCurrentMinor).toBe(500);
      expect(
        (await getJson("localhost", "/web-api/voucher?code=C-WELCOME10&orderValue=1000")).reason,
      ).toBe("minimum-order-value");
      expect((await getJson("localhost", "/web-api/voucher?code=C-EXPIRED")).reason).toBe(
        "expired",
      );
      expect((await getJson("ch.cards.localhost", "/web-api/voucher?code=C-SPRING5")).reason).toBe(
        "not-valid-in-country",
      );
      await getJson("localhost", "/web-api/voucher?code=C-NOPE-NOPE", 404);
      // As a cart takes it: a fixed amount never more than the order is worth.
      const spring = await getJson("localhost", "/web-api/voucher?code=C-SPRING5&orderValue=3000");
      expect(spring).toMatchObject({ valid: true });
      expect(spring.discount.priceCurrentMinor).toBe(500);
      const gift = await getJson(
        "localhost",
        "/web-api/voucher?code=C-GIFT-2F7K-9QX4&orderValue=1000",
      );
      expect(gift).toMatchObject({ valid: true });
      expect(gift.discount.priceCurrentMinor).toBe(1000);
    });

    it("suggests the visitor's own shop from the country header", async () => {
      const body = await getJson("localhost", "/api/get-location/", 200, { "CF-IPCountry": "ch" });
      expect(body).toMatchObject({
        country: "CH",
        siteCountry: "DE",
        matchesSite: false,
        locale: "de-CH",
      });
      expect(body.suggestedUrl).toBe("http://ch.cards.localhost/");
    });

    it("switches the white-label view", async () => {
      const post = await request("localhost", "/whitelabel/switch", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ whitelabel: true }),
      });
      expect(await post.json()).toEqual({ isWhitelabel: true });
      expect(post.headers.get("set-cookie")).toContain("shop_whitelabel=1");
      const get = await request("localhost", "/whitelabel/switch");
      expect(get.status).toBe(302);
      expect(get.headers.get("location")).toBe("/");
    });
  });

  describe("errors", () => {
    it.each([
      ["/web-api/themes?pageSize=20", "pageSize"],
      ["/web-api/themes?color=purple", "color"],
      ["/web-api/themes?sort=name", "sort"],
      ["/web-api/themes?page=0", "page"],
      [
        "/web-api/calendar-price?calendarType=poster&format=a4-hoch&mounting=spirale",
        "calendarType",
      ],
      ["/web-api/calendar-price?calendarType=wandkalender&format=a4-hoch", "mounting"],
      ["/price-api/photoboxes?type=small&format=100x100&finish=glossy&quantity=7", "quantity"],
      ["/price-api/photoboxes?type=small&format=10x10cm&finish=glossy", "format"],
      ["/price-api/prices/article", "article"],
      ["/price-api/prices/article?article=wallart-poster-600x400&quantity=0", "quantity"],
      [
        "/web-api/photobook-price?type=digitalfotobuch&cover=hard&variantKey=glossy&format=20x20&pages=31",
        "pages",
      ],
      ["/web-api/card-accessory-price?format=big", "format"],
      ["/web-api/localized-urls?path=fotobox", "path"],
      ["/price-api/photo-options-groups?material=wood", "material"],
      ["/web-api/variants-for-frame-types?frameTypes[]=gold", "frameTypes[]"],
    ])("GET %s answers 400 naming %s", async (path, field) => {
      const body = await getJson("localhost", path, 400);
      expect(body).toMatchObject({
        error: "invalid_request",
        errors: { [field]: expect.any(String) },
      });
      expect(body.detail).toContain(field);
    });

    it("answers 400 naming the header when X-Channel or X-Locale do not match the host", async () => {
      const channel = await getJson("localhost", "/web-api/shipping-information", 400, {
        "X-Channel": "wallart-DE",
      });
      expect(Object.keys(channel.errors)).toEqual(["X-Channel"]);
      const locale = await getJson("localhost", "/web-api/shipping-information", 400, {
        "X-Locale": "fr-FR",
      });
      expect(Object.keys(locale.errors)).toEqual(["X-Locale"]);
      const ok = await getJson("ch.cards.localhost", "/web-api/shipping-information", 200, {
        "X-Channel": "cards-CH",
        "X-Locale": "fr-CH",
      });
      expect(ok.country).toBe("CH");
    });

    it("answers 400 naming the field of a bad order body", async () => {
      const response = await request("localhost", "/web-api/card-accessory-order", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ card: "card-folded-card-148x105", quantity: 0, accessories: [] }),
      });
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()).errors)).toEqual(["quantity"]);
      const unknown = await request("localhost", "/web-api/card-accessory-order", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          card: "card-folded-card-148x105",
          quantity: 5,
          accessories: [{ article: "accessory-none" }],
        }),
      });
      expect(unknown.status).toBe(400);
      expect(Object.keys((await unknown.json()).errors)).toEqual(["accessories.0.article"]);
    });

    it.each([
      "/price-api/prices/article?article=no-such-article",
      "/web-api/themes/no-such-theme",
      "/web-api/sku/container?sku=no-such-sku",
      "/price-api/frame?frameType=artbox&format=123x456",
      "/web-api/card-price?article=wallart-poster-600x400",
      "/web-api/collage-designer-design-group?id=999",
      "/web-api/photobook-design-group-set/9999",
    ])("GET %s answers 404", async (path) => {
      const body = await getJson("localhost", path, 404);
      expect(body.error).toBe("not_found");
      expect(body.detail.length).toBeGreaterThan(0);
    });
  });
});

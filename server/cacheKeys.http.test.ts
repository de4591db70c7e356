/**
 * No cacheable answer changes with something its cache does not key on. Every GET route
 * of the shop is asked with a sample, once plainly and once with each request header a
 * client can choose (X-Channel, X-Locale, X-Country, CF-IPCountry, Accept-Language,
 * cookies); an answer that changes must name the header in Vary. Pages go through the
 * page cache as well, in both orders, with the headers and with tracking parameters the
 * page cache leaves out of its key: whoever asks first must not decide what the next
 * visitor gets.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "../db/testing";
import { createTestServices, openSeededTestDatabase } from "./testing/services";
import { createTestShop, type TestShop } from "./testing/shop";
import type { ShopServices } from "./services";

/** One thing a client can vary: a header (name and value) or a query parameter. */
interface Variant {
  label: string;
  header?: [string, string];
  query?: string;
}

const HEADER_VARIANTS: Variant[] = [
  { label: "X-Channel", header: ["X-Channel", "wallart-DE"] },
  { label: "X-Channel (brand only)", header: ["X-Channel", "wallart"] },
  { label: "X-Locale", header: ["X-Locale", "fr-CH"] },
  { label: "X-Country", header: ["X-Country", "AT"] },
  { label: "CF-IPCountry", header: ["CF-IPCountry", "CH"] },
  { label: "Accept-Language", header: ["Accept-Language", "fr-CH,fr;q=0.9,en;q=0.5"] },
  {
    label: "Cookie (visitor key)",
    header: ["Cookie", "visitor_key=0b9e2c4a-1f3d-4e5b-8a7c-6d5e4f3a2b1c"],
  },
  { label: "Cookie (consent)", header: ["Cookie", "shop_consent=v1%3Af1a1m1"] },
  { label: "Cookie (white label)", header: ["Cookie", "shop_whitelabel=1"] },
  { label: "Cookie (ad click)", header: ["Cookie", "gclid=Cj0KCQ-poisoned"] },
];

/** Query parameters the page cache leaves out of its key. */
const TRACKING_VARIANTS: Variant[] = [
  { label: "utm_source", query: "utm_source=poisoned-marker" },
  { label: "utm_campaign", query: "utm_campaign=poisoned-marker" },
  { label: "gclid", query: "gclid=Cj0KCQ-poisoned-marker" },
  { label: "fbclid", query: "fbclid=poisoned-marker" },
];

/**
 * A sample request per GET route of the router (hosts: the German card shop unless named).
 * A route missing here fails the test: every route a cache could keep is compared.
 */
const PSPF = "/web-api/product-selection-photo-frame";
const ROUTE_SAMPLES: Record<string, string[]> = {
  "/health/live": ["/health/live"],
  "/health/ready": ["/health/ready"],
  "/health": ["/health"],
  "/robots.txt": ["/robots.txt"],
  "/sitemap.xml": ["/sitemap.xml"],
  "/a/:channel/:file": ["/a/cards/birthday-cards.jpg"],
  "/_img/*": ["/_img/200x0/a/cards/birthday-cards.jpg"],
  "/v2/cdn/stories": ["/v2/cdn/stories?token=cards-public-token&starts_with=de-de/"],
  "/v2/cdn/stories/:slug{.+}": ["/v2/cdn/stories/de-de/home?token=cards-public-token"],
  "/v2/cdn/links": ["/v2/cdn/links?token=cards-public-token"],
  "/v2/cdn/spaces/me": ["/v2/cdn/spaces/me?token=cards-public-token"],
  "/web-api/cms/page/:locale/:slug{.*}": ["/web-api/cms/page/de-DE/home"],
  "/web-api/cms/breadcrumb": ["/web-api/cms/breadcrumb?locale=de-DE&path=/fotos-drucken"],
  "/web-api/cms/content-page": ["/web-api/cms/content-page?locale=de-DE&path=/fotos-drucken"],
  "/web-api/campaign-data": ["/web-api/campaign-data?url=%2Ffotos-drucken"],
  "/v1/spaces/:space_id/": ["/v1/spaces/1/"],
  "/v1/spaces/:space_id/stories": ["/v1/spaces/1/stories"],
  "/v1/spaces/:space_id/stories/:id{[0-9]+}": ["/v1/spaces/1/stories/1"],
  "/v1/spaces/:space_id/stories/:id{[0-9]+}/publish": ["/v1/spaces/1/stories/1/publish"],
  "/v1/spaces/:space_id/stories/:id{[0-9]+}/unpublish": ["/v1/spaces/1/stories/1/unpublish"],
  "/v1/spaces/:space_id/releases": ["/v1/spaces/1/releases"],
  "/web-api/customer-data": ["/web-api/customer-data"],
  "/web-api/cart": ["/web-api/cart"],
  "/_mailbox": ["/_mailbox"],
  "/_mailbox/:id{[0-9]{1,9}}": ["/_mailbox/1"],
  "/web-api/newsletter-challenge": ["/web-api/newsletter-challenge?action=newsletter"],
  "/web-api/contact-form-challenge": ["/web-api/contact-form-challenge?action=contactForm"],
  "/web-api/recommendation-challenge": ["/web-api/recommendation-challenge?action=recommendation"],
  "/web-api/wishlist": ["/web-api/wishlist"],
  "/web-api/feature-flags": ["/web-api/feature-flags"],
  "/web-api/toolbox-download": ["/web-api/toolbox-download?id=00000000000000000000000000000000"],
  "/customer-picture/get": ["/customer-picture/get"],
  "/customer-picture/image/:id{[0-9]{1,9}}/:file{(small|large)\\.jpg}": [
    "/customer-picture/image/1/small.jpg",
  ],
  "/web-api/studio/photos": ["/web-api/studio/photos"],
  "/web-api/studio/photos/:id/screen": ["/web-api/studio/photos/AAAAAAAAAAAAAAAAAAAAAAAA/screen"],
  "/web-api/studio/designs/:id{[A-Za-z0-9_-]{24}}": [
    "/web-api/studio/designs/AAAAAAAAAAAAAAAAAAAAAAAA",
  ],
  "/web-api/studio/designs/:id{[A-Za-z0-9_-]{24}}/preflight": [
    "/web-api/studio/designs/AAAAAAAAAAAAAAAAAAAAAAAA/preflight",
  ],
  "/web-api/studio/designs/:id{[A-Za-z0-9_-]{24}}/print.pdf": [
    "/web-api/studio/designs/AAAAAAAAAAAAAAAAAAAAAAAA/print.pdf",
  ],
  "/web-api/studio/designs/:id{[A-Za-z0-9_-]{24}}/proof/:file{[0-9]{1,3}\\.jpg}": [
    "/web-api/studio/designs/AAAAAAAAAAAAAAAAAAAAAAAA/proof/1.jpg",
  ],
  "/web-api/studio/calendar/holidays": [
    "/web-api/studio/calendar/holidays?country=CH&language=fr&from=2027-03&region=VD",
  ],
  "/web-api/studio/templates/:themeId{[A-Za-z0-9][A-Za-z0-9_-]{0,79}}/preview.jpg": [
    "/web-api/studio/templates/hochzeit-001/preview.jpg?width=200",
  ],
  "/web-api/orders/:token/invoices/:number": ["/web-api/orders/unknown-token/invoices/C-INV-1"],
  "/web-api/orders/:token": ["/web-api/orders/unknown-token"],
  "/web-api/payments/:ref/return": ["/web-api/payments/unknown-ref/return"],
  "/_test-payment/:id": ["/_test-payment/unknown"],
  "/web-api/themes": ["/web-api/themes?pageSize=12"],
  "/web-api/themes/:id": ["/web-api/themes/hochzeit-001"],
  "/web-api/themes/:id/preview.svg": ["/web-api/themes/hochzeit-001/preview.svg"],
  "/web-api/catalogue-preview/:group/:file": ["/web-api/catalogue-preview/poster/600x400.svg"],
  "/web-api/shop-frontends-initial-data": ["/web-api/shop-frontends-initial-data"],
  "/web-api/localized-urls": ["/web-api/localized-urls?path=/fotobox"],
  "/web-api/shipping-information": ["/web-api/shipping-information"],
  "/api/get-location/": ["/api/get-location/"],
  "/web-api/calculator/reference": ["/web-api/calculator/reference"],
  "/web-api/aspect-ratio": ["/web-api/aspect-ratio"],
  "/price-api/prices/format-group-prices-images": [
    "/price-api/prices/format-group-prices-images?formatGroup=poster",
  ],
  "/price-api/prices/article": ["/price-api/prices/article?article=wallart-poster-600x400"],
  "/price-api/prices/format-group": ["/price-api/prices/format-group?formatGroup=poster"],
  "/price-api/prices/formats": ["/price-api/prices/formats?formatGroup=poster&formats[]=600x400"],
  "/price-api/frame": ["/price-api/frame?frameType=kunststoffrahmen&format=300x200"],
  "/web-api/variants-for-frame-types": [
    "/web-api/variants-for-frame-types?frameTypes[]=kunststoffrahmen",
  ],
  "/price-api/photo-options-groups": ["/price-api/photo-options-groups?material=leinwand"],
  [`${PSPF}/data`]: [`${PSPF}/data`],
  [`${PSPF}/price-article`]: [`${PSPF}/price-article?article=wallart-poster-600x400`],
  [`${PSPF}/format-limits`]: [`${PSPF}/format-limits?material=poster`],
  [`${PSPF}/prices-format-group`]: [`${PSPF}/prices-format-group?material=poster`],
  [`${PSPF}/prices-formats`]: [`${PSPF}/prices-formats?material=poster&formats[]=600x400`],
  [`${PSPF}/prices-from`]: [`${PSPF}/prices-from`],
  "/web-api/calendar-design-group": ["/web-api/calendar-design-group"],
  "/web-api/product-details": ["/web-api/product-details?kind=calendar"],
  "/web-api/calendar-price": [
    "/web-api/calendar-price?calendarType=wandkalender&format=a4-hoch&mounting=spirale",
  ],
  "/web-api/photobook-design-group-set": [
    "/web-api/photobook-design-group-set?categoryIds[]=1&categoryIds[]=2",
  ],
  "/web-api/photobook-design-group-set/:setId": ["/web-api/photobook-design-group-set/500"],
  "/web-api/photobook-price": [
    "/web-api/photobook-price?type=digitalfotobuch&cover=hard&variantKey=glossy&format=20x20&pages=30",
  ],
  "/web-api/photobox-data": ["/web-api/photobox-data"],
  "/price-api/photoboxes": [
    "/price-api/photoboxes?type=photoprint&format=150x100&finish=glossy&quantity=100",
  ],
  "/web-api/card-price": [
    "/web-api/card-price?article=card-folded-card-148x105&quantity=50&refinement=gold",
  ],
  "/web-api/card-accessories": ["/web-api/card-accessories?article=card-folded-card-148x105"],
  "/web-api/card-accessory-price": ["/web-api/card-accessory-price?format=148x105"],
  "/accessory": ["/accessory"],
  "/price-api/accessory": ["/price-api/accessory?article=accessory-posterbar&quantity=2"],
  "/web-api/collage-designer-design-groups": [
    "/web-api/collage-designer-design-groups?name[]=grid&name[]=heart",
  ],
  "/web-api/collage-designer-design-group": ["/web-api/collage-designer-design-group?id=13"],
  "/web-api/sku/container": ["/web-api/sku/container?sku=photobox"],
  "/web-api/express-shop": ["/web-api/express-shop"],
  "/web-api/voucher": ["/web-api/voucher?code=C-WELCOME10&orderValue=5000"],
  "/gift-voucher": ["/gift-voucher"],
  "/gift-voucher/:code": ["/gift-voucher/C-GIFT-2F7K-9QX4"],
  "/whitelabel/switch": ["/whitelabel/switch"],
  "/web-api/openapi.json": ["/web-api/openapi.json"],
  "/web-api/docs": ["/web-api/docs"],
};

/** Hosts the API samples are asked on: one country with one locale, one with three. */
const API_HOSTS = ["cards.localhost", "ch.cards.localhost", "wallart.localhost"];

/** A sample of pages the page cache keeps, on both brands (the feed has a filter form). */
const PAGES: [host: string, path: string][] = [
  ["cards.localhost", "/"],
  ["cards.localhost", "/fotos-drucken"],
  ["cards.localhost", "/feed-card"],
  ["cards.localhost", "/products"],
  ["wallart.localhost", "/"],
  ["wallart.localhost", "/wandbilder/"],
  ["wallart.localhost", "/feed-collage/"],
  ["ch.cards.localhost", "/"],
];

/** True when a cache may answer a later request with this response without asking. */
function cacheable(response: Response): boolean {
  const control = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (/\bno-store\b|\bno-cache\b/.test(control)) return false;
  return /\b(?:s-maxage|max-age)=[1-9]/.test(control) || /\bimmutable\b/.test(control);
}

function varyNames(response: Response): string[] {
  return (response.headers.get("vary") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

interface Answer {
  status: number;
  cacheable: boolean;
  vary: string[];
  body: string;
  state: string | null;
  cacheControl: string;
  location: string | null;
}

async function read(response: Response): Promise<Answer> {
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    cacheable: cacheable(response),
    vary: varyNames(response),
    // Nonces differ per render by design; anything else must not.
    body: bytes.toString("latin1").replace(/nonce="[^"]*"/g, 'nonce=""'),
    state: response.headers.get("x-cache"),
    cacheControl: response.headers.get("cache-control") ?? "",
    location: response.headers.get("location"),
  };
}

/**
 * Two answers to the same URL differ in what a cache would hand out: the status, or the
 * body (a refusal of the varied request, 4xx, is not another version of the answer).
 */
function differ(plain: Answer, varied: Answer): boolean {
  if (varied.status >= 400 && !varied.cacheable) return false;
  return plain.status !== varied.status || plain.body !== varied.body;
}

describe("cache keys and Vary cover everything an answer depends on", () => {
  let database: TestDatabase;
  let services: ShopServices;
  let shop: TestShop;

  const get = async (host: string, target: string, headers: Record<string, string> = {}) =>
    read(await shop.app.request(`http://${host}${target}`, { headers: { host, ...headers } }));

  beforeAll(async () => {
    database = await openSeededTestDatabase("pglite", "shop");
    services = await createTestServices(
      database,
      {
        CONTENT_DIR: path.resolve("content"),
        CONTENT_IMPORT_ON_START: "true",
        PAGE_CACHE: "true",
      },
      { catalogue: true },
    );
    shop = await createTestShop(services);
  }, 180_000);

  afterAll(async () => {
    await shop?.stop();
    services?.cms?.close();
    await database?.destroy();
  });

  it("has a sample for every GET route of the router", () => {
    const routes = new Set(
      shop.app.routes.filter((route) => route.method === "GET").map((route) => route.path),
    );
    const missing = [...routes].filter((route) => route !== "*" && !ROUTE_SAMPLES[route]);
    expect(missing, "add a sample request for each new GET route").toEqual([]);
  });

  it("answers every write no-store and sets cookies Secure over HTTPS, whatever the route", async () => {
    const write = (target: string, body: unknown, headers: Record<string, string> = {}) =>
      shop.app.request(`http://cards.localhost${target}`, {
        method: "POST",
        headers: {
          host: "cards.localhost",
          origin: "http://cards.localhost",
          "content-type": "application/json",
          ...headers,
        },
        body: JSON.stringify(body),
      });
    const order = await write("/web-api/card-accessory-order", {
      card: "card-folded-card-148x105",
      quantity: 20,
      accessories: [],
    });
    expect(order.status).toBe(200);
    expect(order.headers.get("cache-control")).toBe("no-store");
    const plain = await write("/whitelabel/switch", { whitelabel: true });
    expect(plain.headers.get("cache-control")).toBe("no-store");
    expect(plain.headers.get("set-cookie")).not.toMatch(/secure/i);
    const proxied = await write(
      "/whitelabel/switch",
      { whitelabel: true },
      { "x-forwarded-proto": "https", origin: "https://cards.localhost" },
    );
    expect(proxied.headers.get("set-cookie")).toMatch(/^shop_whitelabel=1;.*; Secure/);
    const leave = await shop.app.request("http://cards.localhost/whitelabel/switch", {
      headers: { host: "cards.localhost", "x-forwarded-proto": "https" },
    });
    expect(leave.status).toBe(302);
    expect(leave.headers.get("set-cookie")).toMatch(/^shop_whitelabel=0;.*; Secure/);
    expect(leave.headers.get("cache-control")).toMatch(/no-store/);
    // A page's form post (the cart's) is a write too.
    const cart = await shop.app.request("http://cards.localhost/warenkorb", {
      method: "POST",
      headers: {
        host: "cards.localhost",
        origin: "http://cards.localhost",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "intent=voucher&code=NOPE",
    });
    expect(cart.headers.get("cache-control")).toBe("no-store");
  });

  it("names in Vary every header a cacheable API answer changes with", async () => {
    const problems: string[] = [];
    let compared = 0;
    for (const host of API_HOSTS) {
      for (const target of Object.values(ROUTE_SAMPLES).flat()) {
        const plain = await get(host, target);
        for (const variant of HEADER_VARIANTS) {
          const [name, value] = variant.header!;
          const varied = await get(host, target, { [name]: value });
          if (!plain.cacheable && !varied.cacheable) continue;
          compared++;
          const named = (answer: Answer) => answer.vary.includes(name.toLowerCase());
          if (differ(plain, varied) && !(named(plain) && (varied.status >= 400 || named(varied)))) {
            problems.push(
              `${host}${target} with ${variant.label}: ${plain.status} → ${varied.status}, ` +
                `Cache-Control "${varied.cacheable ? varied.cacheControl : plain.cacheControl}", ` +
                `Vary "${plain.vary.join(", ")}"`,
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The comparison ran on real cacheable answers, not only on refusals.
    expect(compared).toBeGreaterThan(100);
  }, 300_000);

  it("gives the next visitor of a page what they would get alone, whoever came first", async () => {
    const problems: string[] = [];
    let marker = 0;
    for (const [host, page] of PAGES) {
      for (const variant of [...HEADER_VARIANTS, ...TRACKING_VARIANTS]) {
        // Each round has addresses of its own (a parameter nobody reads), so nothing of an
        // earlier round is kept; its value is taken out again before comparing.
        const one = `cachekeytest=${String(++marker).padStart(6, "0")}`;
        const two = `cachekeytest=${String(++marker).padStart(6, "0")}`;
        const url = (own: string, withVariant: boolean) => {
          const query = [own, withVariant ? variant.query : undefined].filter(Boolean).join("&");
          return `${page}?${query}`;
        };
        const headers = variant.header ? { [variant.header[0]]: variant.header[1] } : {};
        const same = (answer: Answer, own: string) => ({
          ...answer,
          body: answer.body.replaceAll(own, "cachekeytest=X"),
        });
        // First with the variant, then without it; then the other way round.
        const variedFirst = same(await get(host, url(one, true), headers), one);
        const plainAfter = same(await get(host, url(one, false)), one);
        const plainFirst = same(await get(host, url(two, false)), two);
        const variedAfter = same(await get(host, url(two, true), headers), two);
        expect(plainFirst.status, `${host}${page} → ${plainFirst.location}`).toBe(200);
        // The sample is of pages the cache keeps: else nothing here could be poisoned.
        expect(plainFirst.cacheable, `${host}${page} is kept`).toBe(true);
        const label = `${host}${page} with ${variant.label}`;
        if (differ(plainFirst, plainAfter) || differ(variedFirst, variedAfter)) {
          problems.push(`${label}: the first visitor decided the next one's page`);
        }
        if (
          variant.query &&
          variedFirst.body.includes("poisoned-marker") &&
          variedFirst.cacheable
        ) {
          problems.push(`${label}: a kept page shows the tracking parameter`);
        }
        const named = (answer: Answer) => answer.vary.includes(variant.header![0].toLowerCase());
        if (
          variant.header &&
          differ(plainFirst, variedFirst) &&
          (plainFirst.cacheable || variedFirst.cacheable) &&
          !(named(plainFirst) && named(variedFirst))
        ) {
          problems.push(`${label}: the page changes, and Vary does not name the header`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

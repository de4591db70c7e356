import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import type { Storefront } from "../storefront";
import { loadTestStorefront } from "../testing/shop";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import type { ShopServices } from "../services";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

interface PriceList {
  formatGroup: string;
  product: string;
  formats: {
    article: string;
    kind: string;
    format: string;
    price: { priceCurrentMinor: number };
  }[];
}

const PSPF = "/web-api/product-selection-photo-frame";
/** The materials the wall-art shop sells both as wall art and as a collage. */
const SHARED_MATERIALS = ["poster", "leinwand", "acrylglas", "aludibond"];

describe.each(TEST_DATABASES)("format-group price lists on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  const list = async (path: string, host = "wallart.localhost") => {
    const response = await api.request(`http://${host}${path}`);
    const body = (await response.json()) as PriceList;
    expect(response.status, `${path}: ${JSON.stringify(body).slice(0, 200)}`).toBe(200);
    return body;
  };
  /** Each format of the list once, and every entry of the one product the list names. */
  const expectOneProduct = (body: PriceList, product: string) => {
    expect(body.product).toBe(product);
    expect(new Set(body.formats.map((f) => f.kind))).toEqual(new Set([product]));
    const formats = body.formats.map((f) => f.format);
    expect(formats.length).toBeGreaterThan(0);
    expect(new Set(formats).size).toBe(formats.length);
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

  it.each(SHARED_MATERIALS)(
    "lists %s as wall art only, each format once, on every format-group endpoint",
    async (material) => {
      for (const path of [
        `/price-api/prices/format-group?formatGroup=${material}`,
        `/price-api/prices/format-group-prices-images?formatGroup=${material}`,
        `/price-api/prices/formats?formatGroup=${material}&formats[]=600x400&formats[]=900x600`,
        `${PSPF}/prices-format-group?material=${material}`,
        `${PSPF}/prices-formats?material=${material}&formats[]=600x400&formats[]=900x600`,
      ])
        expectOneProduct(await list(path), "wallart");
    },
  );

  it("lists the collage of a material apart, at its own prices, when asked for it", async () => {
    const wallart = await list("/price-api/prices/format-group?formatGroup=leinwand");
    const collage = await list(
      "/price-api/prices/format-group?formatGroup=leinwand&product=collage",
    );
    expectOneProduct(collage, "collage");
    const price = (body: PriceList) =>
      body.formats.find((f) => f.format === "600x400")!.price.priceCurrentMinor;
    // The two products' canvas 60x40 differ: mixed, the list named one format at two prices.
    expect(price(collage)).not.toBe(price(wallart));
  });

  it("answers 404 for a product the format group does not hold", async () => {
    const response = await api.request(
      "http://wallart.localhost/price-api/prices/format-group?formatGroup=leinwand&product=calendar",
    );
    expect(response.status).toBe(404);
  });

  it("keeps every other format group of both shops to one product per list", async () => {
    for (const host of ["localhost", "wallart.localhost"]) {
      const { from } = (await (await api.request(`http://${host}${PSPF}/prices-from`)).json()) as {
        from: { kind: string; formatGroup: string }[];
      };
      for (const group of from) {
        const body = await list(
          `/price-api/prices/format-group?formatGroup=${group.formatGroup}&product=${group.kind}`,
          host,
        );
        expect(new Set(body.formats.map((f) => f.kind))).toEqual(new Set([group.kind]));
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import type { Storefront } from "../storefront";
import { loadTestStorefront } from "../testing/shop";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { loggedInCustomer } from "../testing/customers";
import type { ShopServices } from "../services";
import { DETAIL_KINDS, type ProductDetails } from "../../domain/productDetails";
import { needsDesign } from "../../domain/studio/studioLinks";
import { designForLine, withDesign, type ArticleBody } from "../testing/designedLine";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

interface Price {
  currency: string;
  priceCurrentMinor: number;
  formatted: { current: string };
}
interface Line {
  id: number;
  product: string;
  options: Record<string, string>;
  quantity: number;
  price: Price | null;
}
interface Cart {
  lines: Line[];
  voucher: { code: string; valid: boolean } | null;
  subtotal: Price;
  total: Price;
}

/** One shop per currency the shop charges in. */
const SHOPS = [
  { host: "localhost", currency: "eur" },
  { host: "ch.cards.localhost", currency: "chf" },
  { host: "gb.cards.localhost", currency: "gbp" },
  { host: "us.cards.localhost", currency: "usd" },
] as const;

describe.each(TEST_DATABASES)("the cart API on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  const call = (
    host: string,
    method: string,
    path: string,
    { body, cookie }: { body?: unknown; cookie?: string } = {},
  ) => {
    const headers: Record<string, string> = { host };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (cookie) headers.cookie = cookie;
    return api.request(`http://${host}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };
  const details = async (host: string, query: Record<string, string>) => {
    const response = await call(
      host,
      "GET",
      `/web-api/product-details?${new URLSearchParams(query)}`,
    );
    expect(response.status).toBe(200);
    return (await response.json()) as ProductDetails;
  };
  /**
   * A configuration as a shopper makes it on the product page: the last choice of every
   * option (not the default), in order, and more than one copy where the product allows.
   */
  const chosen = async (host: string, detailKind: string) => {
    const query: Record<string, string> = { kind: detailKind };
    let state = await details(host, query);
    for (const option of state.options) {
      const choices = state.options.find((o) => o.name === option.name)!.choices;
      query[option.name] = choices[choices.length - 1]!.value;
      state = await details(host, query);
    }
    for (const amount of state.amounts)
      query[amount.name] = String(Math.min(amount.min + 2 * amount.step, amount.max));
    return { query, state: await details(host, query) };
  };
  /** The product-details question as the cart's JSON body (amounts as numbers). */
  const bodyOf = (query: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(query).map(([k, v]) => [k, k === "quantity" || k === "pages" ? Number(v) : v]),
    );
  /** A browser's request to the API at its URL's host (how the studio helpers send). */
  const request = (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    headers.set("host", new URL(url).host);
    return api.request(url, { ...init, headers });
  };
  /**
   * A configuration's cart body for the visitor of `cookie`, with a studio design of theirs
   * (every printed product goes into the cart only with one; an accessory without);
   * `designed` is the configuration the design is made for, where it differs.
   */
  const lineBody = async (
    host: string,
    cookie: string,
    query: Record<string, string>,
    designed = query,
  ) => {
    const body = bodyOf(query);
    if (!needsDesign(query.kind ?? "")) return body;
    const design = await designForLine(request, `http://${host}`, cookie, bodyOf(designed));
    return { ...body, studioDesign: design };
  };
  /** An article's cart body with a studio design of the visitor's. */
  const articleBody = (host: string, cookie: string, body: ArticleBody) =>
    withDesign(request, `http://${host}`, cookie, { kind: "article", ...body });
  const visitor = async (host: string) => {
    const response = await call(host, "GET", "/web-api/cart");
    expect(response.headers.get("set-cookie")).toBeNull();
    return `visitor_key=${crypto.randomUUID()}`;
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

  describe.each(SHOPS)("in $currency ($host)", ({ host, currency }) => {
    it.each(DETAIL_KINDS)(
      "prices a %s configuration exactly as product-details does, on the line and in the cart",
      async (detailKind) => {
        const { query, state } = await chosen(host, detailKind);
        expect(state.price).not.toBeNull();
        const cookie = await visitor(host);
        const added = await call(host, "POST", "/web-api/cart/items", {
          body: await lineBody(host, cookie, query),
          cookie,
        });
        const line = (await added.json()) as Line;
        expect(added.status, JSON.stringify(line)).toBe(201);
        expect(line.product).toBe(detailKind);
        expect(line.price?.currency).toBe(currency);
        expect(line.price?.priceCurrentMinor).toBe(state.price!.currentMinor);
        expect(line.price?.formatted.current).toBe(state.price!.current);
        const cart = (await (await call(host, "GET", "/web-api/cart", { cookie })).json()) as Cart;
        expect(cart.lines.map((l) => [l.id, l.price?.priceCurrentMinor])).toEqual([
          [line.id, state.price!.currentMinor],
        ]);
        expect(cart.subtotal.priceCurrentMinor).toBe(state.price!.currentMinor);
      },
    );
  });

  it("refuses an option the catalogue does not sell with 422 naming it, and stores nothing", async () => {
    const cookie = await visitor("localhost");
    const { query } = await chosen("localhost", "photobook");
    const refused = await call("localhost", "POST", "/web-api/cart/items", {
      body: bodyOf({ ...query, paper: "glossy-not-sold" }),
      cookie,
    });
    expect(refused.status).toBe(422);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    const problem = (await refused.json()) as { errors: Record<string, string> };
    expect(Object.keys(problem.errors)).toEqual(["paper"]);
    const card = await chosen("localhost", "card");
    const noRefinement = await call("localhost", "POST", "/web-api/cart/items", {
      body: bodyOf({ ...card.query, refinement: "platinum" }),
      cookie,
    });
    expect(noRefinement.status).toBe(422);
    expect(Object.keys(((await noRefinement.json()) as typeof problem).errors)).toEqual([
      "refinement",
    ]);
    const cart = (await (
      await call("localhost", "GET", "/web-api/cart", { cookie })
    ).json()) as Cart;
    expect(cart.lines).toEqual([]);
  });

  it("answers 400 naming a missing option", async () => {
    const response = await call("localhost", "POST", "/web-api/cart/items", {
      body: { kind: "card", cardType: "folded-card", size: "148x105", refinement: "none" },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { errors: object }).errors)).toContain(
      "envelope",
    );
  });

  it("snaps amounts off the grid as product-details does and prices what it kept", async () => {
    const cookie = await visitor("localhost");
    const { query, state } = await chosen("localhost", "photobook");
    const pages = state.amounts.find((a) => a.name === "pages")!;
    const offGrid = { ...query, pages: String(pages.min + 1), quantity: "100000" };
    const page = await details("localhost", offGrid);
    const kept = (name: string) => page.amounts.find((a) => a.name === name)!.value;
    expect(kept("pages")).toBe(pages.min + pages.step);
    // The book's design has the pages the line keeps.
    const added = await call("localhost", "POST", "/web-api/cart/items", {
      body: await lineBody("localhost", cookie, offGrid, {
        ...offGrid,
        pages: String(kept("pages")),
      }),
      cookie,
    });
    const line = (await added.json()) as Line;
    expect(added.status).toBe(201);
    expect(line.quantity).toBe(kept("quantity"));
    expect(line.options.pages).toBe(String(kept("pages")));
    expect(line.price?.priceCurrentMinor).toBe(page.price!.currentMinor);
  });

  it("changes a line's quantity on its grid and reprices it; removes it; 404 for another's line", async () => {
    const cookie = await visitor("localhost");
    const { query } = await chosen("localhost", "card");
    const line = (await (
      await call("localhost", "POST", "/web-api/cart/items", {
        body: await lineBody("localhost", cookie, query),
        cookie,
      })
    ).json()) as Line;
    const changed = await call("localhost", "PATCH", `/web-api/cart/items/${line.id}`, {
      body: { quantity: 25 },
      cookie,
    });
    expect(changed.status).toBe(200);
    const after = (await changed.json()) as Line;
    const page = await details("localhost", { ...query, quantity: "25" });
    expect(after.quantity).toBe(25);
    expect(after.price?.priceCurrentMinor).toBe(page.price!.currentMinor);
    const stranger = await visitor("localhost");
    for (const [method, body] of [
      ["PATCH", { quantity: 2 }],
      ["DELETE", undefined],
    ] as const) {
      const response = await call("localhost", method, `/web-api/cart/items/${line.id}`, {
        body,
        cookie: stranger,
      });
      expect(response.status).toBe(404);
    }
    const removed = await call("localhost", "DELETE", `/web-api/cart/items/${line.id}`, { cookie });
    expect(removed.status).toBe(204);
    const cart = (await (
      await call("localhost", "GET", "/web-api/cart", { cookie })
    ).json()) as Cart;
    expect(cart.lines).toEqual([]);
  });

  it("keeps a voucher that applies, refuses one that does not with 422 naming why, and takes it off", async () => {
    const cookie = await visitor("localhost");
    const refused = async (code: string, host = "localhost") => {
      const answer = await call(host, "POST", "/web-api/cart/voucher", { body: { code }, cookie });
      expect(answer.status).toBe(422);
      return (await answer.json()) as { error: string; detail: string; errors: object };
    };
    const unknown = await refused("NO-SUCH-CODE");
    expect(unknown.error).toBe("unknown_voucher");
    expect(Object.keys(unknown.errors)).toEqual(["code"]);
    // The cart is empty: a voucher with a minimum order is noted for the first article, not
    // valid yet, and its reason names the minimum's rule.
    const noted = await call("localhost", "POST", "/web-api/cart/voucher", {
      body: { code: "c-welcome10" },
      cookie,
    });
    expect(noted.status).toBe(200);
    expect(((await noted.json()) as Cart).voucher).toMatchObject({
      code: "C-WELCOME10",
      valid: false,
      reason: "minimum-order-value",
    });
    expect((await refused("C-EXPIRED")).error).toBe("voucher_expired");
    expect((await refused("C-GIFT-US25-4K7P")).error).toBe("voucher_not_for_country");
    const kept = await call("localhost", "POST", "/web-api/cart/voucher", {
      body: { code: "c-gift-2f7k-9qx4" },
      cookie,
    });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as Cart).voucher?.code).toBe("C-GIFT-2F7K-9QX4");
    const off = await call("localhost", "DELETE", "/web-api/cart/voucher", { cookie });
    expect(((await off.json()) as Cart).voucher).toBeNull();
  });

  it("takes a voucher for some products off their lines only, and refuses it for a cart without them", async () => {
    const cookie = await visitor("localhost");
    const book = await chosen("localhost", "photobook");
    const card = await chosen("localhost", "card");
    for (const { query } of [book, card])
      expect(
        (
          await call("localhost", "POST", "/web-api/cart/items", {
            body: await lineBody("localhost", cookie, query),
            cookie,
          })
        ).status,
      ).toBe(201);
    const kept = await call("localhost", "POST", "/web-api/cart/voucher", {
      body: { code: "c-fotobuch15" },
      cookie,
    });
    expect(kept.status).toBe(200);
    const cart = (await kept.json()) as Cart & { discount: Price | null };
    expect(cart.voucher).toMatchObject({ code: "C-FOTOBUCH15", valid: true });
    const bookMinor = book.state.price!.currentMinor;
    expect(cart.subtotal.priceCurrentMinor).toBe(bookMinor + card.state.price!.currentMinor);
    expect(cart.discount?.priceCurrentMinor).toBe(Math.round((bookMinor * 15) / 100));

    const other = await visitor("localhost");
    const cardAdded = await call("localhost", "POST", "/web-api/cart/items", {
      body: await lineBody("localhost", other, card.query),
      cookie: other,
    });
    expect(cardAdded.status).toBe(201);
    const refused = await call("localhost", "POST", "/web-api/cart/voucher", {
      body: { code: "C-FOTOBUCH15" },
      cookie: other,
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: string }).error).toBe("voucher_not_for_products");
  });

  it("gives a visitor without a key one with the first line, and never lets a cache keep the cart", async () => {
    // An accessory: a printed product comes with a design, which gives the visitor a key first.
    const added = await call("localhost", "POST", "/web-api/cart/items", {
      body: {
        kind: "article",
        product: "accessory",
        options: { article: "accessory-envelope-162x114" },
        quantity: 1,
      },
    });
    expect(added.status).toBe(201);
    expect(added.headers.get("cache-control")).toContain("no-store");
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^visitor_key=[0-9a-f-]{36}$/);
    const cart = await call("localhost", "GET", "/web-api/cart", { cookie });
    expect(cart.headers.get("cache-control")).toContain("no-store");
    expect(((await cart.json()) as Cart).lines).toHaveLength(1);
  });

  it("serves a customer's cart, and a visitor's lines join it on log-in", async () => {
    const cookie = await visitor("localhost");
    const { query, state } = await chosen("localhost", "calendar");
    await call("localhost", "POST", "/web-api/cart/items", {
      body: await lineBody("localhost", cookie, query),
      cookie,
    });
    // The browser logs in with its visitor key, as the log-in form sends it.
    const browser = {
      request: (url: string | URL | Request, init: RequestInit = {}) => {
        const headers = new Headers(init.headers);
        headers.set("cookie", cookie);
        return api.request(url, { ...init, headers });
      },
    };
    const session = await loggedInCustomer(services, browser, {
      email: `cart-api-${kind}@example.com`,
      firstName: "Carla",
      lastName: "Korb",
    });
    const cart = (await (
      await call("localhost", "GET", "/web-api/cart", { cookie: session })
    ).json()) as Cart;
    expect(cart.lines.map((l) => l.price?.priceCurrentMinor)).toEqual([state.price!.currentMinor]);
    // The visitor's own cart went to the customer.
    const left = (await (
      await call("localhost", "GET", "/web-api/cart", { cookie })
    ).json()) as Cart;
    expect(left.lines).toEqual([]);
  });

  it.each([
    { host: "wallart.localhost", country: "DE", locale: "de-DE", currency: "eur" },
    { host: "ch.wallart.localhost", country: "CH", locale: "de-CH", currency: "chf" },
    { host: "gb.wallart.localhost", country: "GB", locale: "en-GB", currency: "gbp" },
    { host: "us.wallart.localhost", country: "US", locale: "en-US", currency: "usd" },
  ])(
    "puts an article named by its designer link's options into the cart at the catalogue's price for exactly them ($currency)",
    async ({ host, country, locale, currency }) => {
      const cookie = await visitor(host);
      const options = { materialType: "leinwand", formatType: "600x400", canvasEdge: "mirrored" };
      const offer = await services.catalogue.designerOffer(
        { channel: "wallart", country, locale } as never,
        "photoframe",
        { ...options, quantity: "1" },
      );
      expect(offer?.article).toBeTruthy();
      const body = await articleBody(host, cookie, { product: "photoframe", options, quantity: 1 });
      const added = await call(host, "POST", "/web-api/cart/items", { cookie, body });
      expect(added.status).toBe(201);
      const line = (await added.json()) as Line;
      expect(line).toMatchObject({ product: "photoframe", options: body.options, quantity: 1 });
      expect(line.price?.currency).toBe(currency);
      expect(line.price?.priceCurrentMinor).toBe(offer!.price!.priceCurrentMinor);
      const cart = (await (await call(host, "GET", "/web-api/cart", { cookie })).json()) as Cart;
      expect(cart.lines.map((l) => [l.id, l.price?.priceCurrentMinor])).toEqual([
        [line.id, offer!.price!.priceCurrentMinor],
      ]);

      // Options the catalogue does not sell together: refused, naming the options, nothing added.
      const refused = await call(host, "POST", "/web-api/cart/items", {
        cookie,
        body: {
          kind: "article",
          product: "photoframe",
          options: { ...options, formatType: "123x456" },
          quantity: 1,
        },
      });
      expect(refused.status).toBe(422);
      expect(refused.headers.get("content-type")).toContain("application/problem+json");
      expect(((await refused.json()) as { errors: Record<string, string> }).errors).toHaveProperty(
        "options",
      );
      const after = (await (await call(host, "GET", "/web-api/cart", { cookie })).json()) as Cart;
      expect(after.lines).toHaveLength(1);
    },
  );

  it("knows a designer product by the articles its parameters pick, and no product by a name like an object's property", async () => {
    const ctx = { channel: "wallart", country: "DE", locale: "de-DE" } as never;
    const catalogue = services.catalogue;
    expect(
      await catalogue.sellsDesignerProduct(ctx, "photoframe", { materialType: "poster" }),
    ).toBe(true);
    expect(
      await catalogue.sellsDesignerProduct(ctx, "photoframe", { materialType: "marmor" }),
    ).toBe(false);
    for (const name of ["constructor", "toString", "__proto__"]) {
      expect(await catalogue.sellsDesignerProduct(ctx, name, {})).toBe(false);
      expect(await catalogue.designerOffer(ctx, name, { quantity: "1" })).toBeNull();
    }
  });

  it("keeps a framed picture's colour, mat and glazing on its line: two frames that differ only in them are two lines at the frame's one price", async () => {
    const host = "wallart.localhost";
    const cookie = await visitor(host);
    const frame = { materialType: "poster", frameType: "holzrahmen", formatType: "400x300" };
    const choices: Record<string, string>[] = [
      { frameColour: "natural" },
      { frameColour: "black" },
      { frameColour: "black", matType: "mat-weiss", matSize: "30", matColour: "cream" },
      { frameColour: "black", glass: "museum-acrylic" },
    ];
    const ctx = { channel: "wallart", country: "DE", locale: "de-DE" } as never;
    const plain = await services.catalogue.designerOffer(ctx, "photoframe", {
      ...frame,
      quantity: "1",
    });
    expect(plain?.article).toBeTruthy();
    const designs: string[] = [];
    for (const choice of choices) {
      const options = { ...frame, ...choice };
      // The catalogue sells the frame's finishes, mat and glazing at the frame's price.
      const offer = await services.catalogue.designerOffer(ctx, "photoframe", {
        ...options,
        quantity: "1",
      });
      expect(offer?.price?.priceCurrentMinor).toBe(plain!.price!.priceCurrentMinor);
      const body = await articleBody(host, cookie, {
        product: "photoframe",
        options,
        quantity: 1,
      });
      const added = await call(host, "POST", "/web-api/cart/items", { cookie, body });
      expect(added.status).toBe(201);
      expect(((await added.json()) as Line).options).toEqual(body.options);
      designs.push(body.options.studioDesign!);
    }
    const cart = (await (await call(host, "GET", "/web-api/cart", { cookie })).json()) as Cart;
    expect(cart.lines).toHaveLength(choices.length);
    expect(cart.lines.map((l) => l.options)).toEqual(
      choices.map((c, i) => ({ ...frame, ...c, studioDesign: designs[i] })),
    );
    expect(new Set(cart.lines.map((l) => l.id)).size).toBe(choices.length);
    for (const line of cart.lines)
      expect(line.price?.priceCurrentMinor).toBe(plain!.price!.priceCurrentMinor);

    // A colour the wooden frame does not come in, glazing for the standing photo frame, a
    // mat of another width: not for sale, nothing added.
    for (const wrong of [
      { ...frame, frameColour: "angular-gold" },
      { ...frame, frameType: "fotorahmen", glass: "museum-glass" },
      { ...frame, matType: "mat-weiss", matSize: "50" },
    ]) {
      const refused = await call(host, "POST", "/web-api/cart/items", {
        cookie,
        body: { kind: "article", product: "photoframe", options: wrong, quantity: 1 },
      });
      // Refused for the options (ahead of the design it would need as well).
      expect(refused.status).toBe(422);
      expect(((await refused.json()) as { errors: object }).errors).toHaveProperty("options");
    }
    const after = (await (await call(host, "GET", "/web-api/cart", { cookie })).json()) as Cart;
    expect(after.lines).toHaveLength(choices.length);
  });

  it("is described in the API reference with its response schemas", async () => {
    const doc = (await (await call("localhost", "GET", "/web-api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths["/web-api/cart"]!)).toEqual(["get"]);
    expect(Object.keys(doc.paths["/web-api/cart/items"]!)).toEqual(["post"]);
    expect(Object.keys(doc.paths["/web-api/cart/items/{id}"]!).sort()).toEqual(["delete", "patch"]);
    expect(Object.keys(doc.paths["/web-api/cart/voucher"]!).sort()).toEqual(["delete", "post"]);
    expect(Object.keys(doc.paths["/web-api/cart/items"]!.post!.responses)).toEqual(
      expect.arrayContaining(["201", "400", "422"]),
    );
    expect(JSON.stringify(doc.paths["/web-api/cart/items"]!.post!.responses["201"])).toContain(
      "#/components/schemas/CartLine",
    );
  });
});

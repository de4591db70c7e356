/**
 * Wall art, photo prints and calendars from the studio in the cart, through the cart API on
 * PGlite and PostgreSQL: a line must be the product its design prints. A framed design goes
 * in as its frame (in the colour, mat and glazing the studio gave it) and not as a bare
 * print or in another colour; ten designed prints go in as ten, not as one, and their
 * quantity cannot drop afterwards; 900 prints go in made from 120 pictures with their
 * copies, and only while the copies make 900; a photo box goes in as its box and its prints, at the
 * price its page gives; a calendar designed from one month is not sold as one from another.
 * Each refusal is a 422 naming the field. A frame changed in the studio after its line went
 * into the cart moves the line along at checkout.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApi } from ".";
import { orderLines, orders } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { calendarStarts } from "../../domain/productDetails";
import { cartArticleOptionsOf } from "../../domain/studio/configuration";
import { MAX_PICTURES, type DesignDocument } from "../../domain/studio/document";
import { copiesOf, printCount } from "../../domain/studio/copies";
import { studioConfiguration } from "../../domain/studio/studioLinks";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { GERMAN_CHECKOUT } from "../testing/checkout";
import { createTestServices } from "../testing/services";
import { studioClient, testPhoto } from "../testing/studioApi";
import { loadTestStorefront } from "../testing/shop";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

interface Design {
  id: string;
  version: number;
  document: DesignDocument;
}
interface Problem {
  errors: Record<string, string>;
}

/** A framed poster as its product page's designer link names it (and its cart line). */
const FRAME_LINK = {
  materialType: "poster",
  frameType: "holzrahmen",
  formatType: "400x300",
  frameColour: "black",
};
const FRAMED = {
  kind: "photoframe",
  material: "poster",
  frameType: "holzrahmen",
  size: "400x300",
  frameColour: "black",
  quantity: 1,
};

/** Ten loose prints as the designer link names them; the line's quantity is the prints. */
const PRINT_LINK = { type: "photoprint", width: "150", height: "100", finish: "glossy" };
const PRINTS = { kind: "photoprint", size: "150x100", prints: 10 };

/** A small photo box of five 13 x 9 prints as its designer link names it, and its design. */
const BOX_LINK = { type: "small", width: "130", height: "90", finish: "matt" };
const BOX = { kind: "photobox", photoboxType: "small", size: "130x90", prints: 5 };

describe.each(TEST_DATABASES)("studio lines in the cart on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  const wallart = studioClient(() => api, { host: "wallart.localhost" });
  const cards = studioClient(() => api, { host: "localhost" });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database, {}, { catalogue: true });
    api = createApi(services, storefront);
  }, 120_000);
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  const article = (product: string, options: object, quantity: number) => ({
    kind: "article",
    product,
    options,
    quantity,
  });

  it("refuses a framed design put into the cart without its frame or in another colour, naming the field; as its frame it goes in", async () => {
    const { id, cookie } = await wallart.filledDesign(FRAMED);
    const add = (options: object) =>
      wallart.toCart(cookie, article("photoframe", { ...options, studioDesign: id }, 1));

    const { frameType: _frame, frameColour: _colour, ...bare } = FRAME_LINK;
    const unframed = await add(bare);
    expect(unframed.status).toBe(422);
    expect(((await unframed.json()) as Problem).errors).toEqual({
      frameType: "is none; the design has holzrahmen",
      frameColour: "is none; the design has black",
    });
    const natural = await add({ ...FRAME_LINK, frameColour: "natural" });
    expect(natural.status).toBe(422);
    expect(((await natural.json()) as Problem).errors).toEqual({
      frameColour: "is natural; the design has black",
    });

    // The shopper gives the frame a cream mat in the studio; the studio's line names it.
    const url = `/web-api/studio/designs/${id}`;
    const design = (await (await wallart.send("GET", url, { cookie })).json()) as Design;
    const product = {
      ...design.document.product,
      options: {
        ...design.document.product.options,
        matType: "mat-weiss",
        matSize: "30",
        matColour: "cream",
      },
    };
    const saved = await wallart.send("PUT", url, {
      cookie,
      json: { document: { ...design.document, product } },
      headers: { "if-match": String(design.version) },
    });
    expect(saved.status).toBe(200);
    const stale = await add(FRAME_LINK);
    expect(stale.status).toBe(422);
    expect(Object.keys(((await stale.json()) as Problem).errors)).toEqual([
      "matType",
      "matSize",
      "matColour",
    ]);
    const studioLine = cartArticleOptionsOf(FRAME_LINK, { product });
    const honest = await add(studioLine);
    expect(honest.status).toBe(201);
    expect(((await honest.json()) as { options: object }).options).toEqual({
      ...studioLine,
      studioDesign: id,
    });
  });

  it("moves a frame's line at checkout to the colour the design got in the studio after it went into the cart", async () => {
    const host = "wallart.localhost";
    const { id, cookie } = await wallart.filledDesign(FRAMED);
    const added = await wallart.toCart(
      cookie,
      article("photoframe", { ...FRAME_LINK, studioDesign: id }, 1),
    );
    expect(added.status).toBe(201);
    const shown = (await (await wallart.send("GET", "/web-api/cart", { cookie })).json()) as {
      total: { priceCurrentMinor: number; currency: string };
    };
    // "Edit design" from the cart: a natural wood colour, then back to the cart.
    const url = `/web-api/studio/designs/${id}`;
    const design = (await (await wallart.send("GET", url, { cookie })).json()) as Design;
    const product = {
      ...design.document.product,
      options: { ...design.document.product.options, frameColour: "natural" },
    };
    const saved = await wallart.send("PUT", url, {
      cookie,
      json: { document: { ...design.document, product } },
      headers: { "if-match": String(design.version) },
    });
    expect(saved.status).toBe(200);

    const placed = await wallart.send("POST", "/web-api/checkout", {
      cookie,
      json: {
        ...GERMAN_CHECKOUT,
        // The frame's colours cost the same: the total the shopper saw stands.
        expectedTotal: {
          currency: shown.total.currency,
          amountMinor: shown.total.priceCurrentMinor,
        },
      },
      headers: { origin: `http://${host}`, "idempotency-key": `chk-frame-${kind}` },
    });
    const body = (await placed.json()) as { orderToken: string };
    expect(placed.status, JSON.stringify(body)).toBe(201);
    const [line] = await database.db
      .select({ configuration: orderLines.configuration })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.token, body.orderToken));
    expect(line!.configuration).toMatchObject({ frameColour: "natural", studioDesign: id });
  });

  it("refuses ten designed prints put into the cart as one, and their quantity changed later, naming the prints", async () => {
    const host = "localhost";
    const { id, cookie } = await cards.filledDesign(PRINTS);
    const options = { ...PRINT_LINK, studioDesign: id };
    const one = await cards.toCart(cookie, article("photoprint", options, 1));
    expect(one.status).toBe(422);
    expect(((await one.json()) as Problem).errors).toEqual({
      prints: "is 1; the design has 10",
    });
    const other = await cards.toCart(
      cookie,
      article("photoprint", { ...options, width: "100", height: "100" }, 10),
    );
    expect(other.status).toBe(422);
    expect(((await other.json()) as Problem).errors).toEqual({
      size: "is 100x100; the design has 150x100",
    });

    const ten = await cards.toCart(cookie, article("photoprint", options, 10));
    expect(ten.status).toBe(201);
    const line = (await ten.json()) as { id: number };
    const changed = await cards.send("PATCH", `/web-api/cart/items/${line.id}`, {
      cookie,
      json: { quantity: 5 },
      headers: { origin: `http://${host}` },
    });
    expect(changed.status).toBe(422);
    expect(((await changed.json()) as Problem).errors).toEqual({
      prints: "is 5; the design has 10",
    });
    const cart = (await (await cards.send("GET", "/web-api/cart", { cookie })).json()) as {
      lines: { quantity: number }[];
    };
    expect(cart.lines.map((l) => l.quantity)).toEqual([10]);
  });

  it("takes 900 prints made from 120 pictures with their copies at the page's price; copies that do not make the line's prints are refused, naming the prints", async () => {
    // The designer link for 900 prints starts a design of 900: 250 pictures to begin with.
    const link = { ...PRINT_LINK, quantity: "900" };
    const { configuration } = studioConfiguration("photoprint", link)!;
    expect(configuration.prints).toBe(900);
    const created = await cards.send("POST", "/web-api/studio/designs", {
      json: { configuration },
    });
    expect(created.status).toBe(201);
    const cookie = cards.visitorCookie(created);
    const started = (await created.json()) as Design;
    expect(started.document.surfaces).toHaveLength(MAX_PICTURES);
    expect(printCount(started.document)).toBe(900);

    // 120 photos: auto-fill keeps a picture each, the 900 prints shared as their copies.
    const photos: string[] = [];
    for (let i = 0; i < 120; i++)
      photos.push(
        await cards.upload(await testPhoto(300, 200, { r: i * 2, g: 90, b: 40 }), cookie),
      );
    const url = `/web-api/studio/designs/${started.id}`;
    const autofilled = await cards.send("POST", `${url}/autofill`, { cookie, json: { photos } });
    expect(autofilled.status).toBe(200);
    const design = (await autofilled.json()) as Design;
    expect(design.document.surfaces).toHaveLength(120);
    expect(new Set(design.document.surfaces.map(copiesOf))).toEqual(new Set([7, 8]));
    expect(printCount(design.document)).toBe(900);

    const options = { ...PRINT_LINK, studioDesign: started.id };
    const more = await cards.toCart(cookie, article("photoprint", options, 1000));
    expect(more.status).toBe(422);
    expect(((await more.json()) as Problem).errors).toEqual({
      prints: "is 1000; the design has 900",
    });

    // One copy more of the first picture: 901 prints, no longer the line's 900; the
    // preflight names both numbers.
    const save = (document: DesignDocument, version: number) =>
      cards.send("PUT", url, {
        cookie,
        json: { document },
        headers: { "if-match": String(version) },
      });
    const [first, ...rest] = design.document.surfaces;
    const over = await save(
      { ...design.document, surfaces: [{ ...first!, copies: copiesOf(first!) + 1 }, ...rest] },
      design.version,
    );
    expect(over.status).toBe(200);
    const mismatch = await cards.toCart(cookie, article("photoprint", options, 900));
    expect(mismatch.status).toBe(422);
    expect(((await mismatch.json()) as Problem).errors).toEqual({
      prints: "is 900; the design has 901",
    });
    const preflight = await cards.send("GET", `${url}/preflight`, { cookie });
    const { problems } = (await preflight.json()) as { problems: object[] };
    expect(problems).toContainEqual(
      expect.objectContaining({ code: "copies", severity: "error", prints: 901, ordered: 900 }),
    );

    // Shared evenly again, the 900 prints go in, at the price of 900.
    const even = await save(design.document, ((await over.json()) as Design).version);
    expect(even.status).toBe(200);
    const honest = await cards.toCart(cookie, article("photoprint", options, 900));
    expect(honest.status).toBe(201);
    const line = (await honest.json()) as {
      quantity: number;
      price: { priceCurrentMinor: number };
    };
    expect(line.quantity).toBe(900);
    // The catalogue's tier for 10 x 15 glossy prints from 500 on: 0.15 € a print.
    expect(line.price.priceCurrentMinor).toBe(900 * 15);
  }, 120_000);

  it("refuses a designed photo box put into the cart as another box or with other prints, naming the field; as its design it goes in at its page's price", async () => {
    const { id, cookie } = await cards.filledDesign(BOX);
    const options = { ...BOX_LINK, studioDesign: id };
    const large = await cards.toCart(
      cookie,
      article("photobox", { ...options, type: "large" }, BOX.prints),
    );
    expect(large.status).toBe(422);
    expect(((await large.json()) as Problem).errors).toEqual({
      photoboxType: "is large; the design has small",
    });
    const more = await cards.toCart(cookie, article("photobox", options, 10));
    expect(more.status).toBe(422);
    expect(((await more.json()) as Problem).errors).toEqual({
      prints: `is 10; the design has ${BOX.prints}`,
    });

    const honest = await cards.toCart(cookie, article("photobox", options, BOX.prints));
    expect(honest.status).toBe(201);
    const line = (await honest.json()) as {
      quantity: number;
      price: { priceCurrentMinor: number; formatted: { current: string } };
    };
    // The photo box page's price for that box, size, paper and number of prints.
    const page = await cards.send(
      "GET",
      `/price-api/photoboxes?type=small&format=${BOX.size}&finish=matt&quantity=${BOX.prints}`,
    );
    expect(page.status).toBe(200);
    const { price } = (await page.json()) as { price: typeof line.price };
    expect(line.quantity).toBe(BOX.prints);
    expect(line.price.priceCurrentMinor).toBe(price.priceCurrentMinor);
    expect(line.price.formatted.current).toBe(price.formatted.current);
  });

  it("refuses a calendar put into the cart from another month than its design's, naming the start", async () => {
    // Two months the shop sells a calendar from now (every month of the coming year).
    const [designed, other] = calendarStarts(
      new Date(),
      Array.from({ length: 12 }, (_, i) => i + 1),
    ).slice(1, 3) as [string, string];
    const WALL = {
      kind: "calendar",
      calendarType: "wandkalender",
      size: "a3-hoch",
      mounting: "spirale",
      quantity: 1,
    };
    const { id, cookie } = await cards.filledDesign({ ...WALL, start: designed });
    const moved = await cards.toCart(cookie, { ...WALL, start: other, studioDesign: id });
    expect(moved.status).toBe(422);
    expect(((await moved.json()) as Problem).errors).toEqual({
      start: `is ${other}; the design has ${designed}`,
    });
    const honest = await cards.toCart(cookie, {
      ...WALL,
      start: designed,
      studioDesign: id,
    });
    expect(honest.status).toBe(201);
  });
});

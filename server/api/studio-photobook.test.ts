/**
 * Photo books through the studio's designs API on PGlite and PostgreSQL: a book starts
 * from its product page's configuration with the catalogue's page limits, pages are added
 * and removed on the grid (off it: 422 naming the limits), auto-fill lays the owner's
 * photos out in the order they were taken, the preflight warns about empty pages, and the
 * print file has the cover (its spine as the pages make it) and then every inner page. A
 * book goes into the cart only priced as the pages its design has, and a design grown
 * after that is priced again at checkout, the shopper asked to confirm the new total.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import type { DesignDocument } from "../../domain/studio/document";
import { withPageCount } from "../../domain/studio/layouts";
import { bookGeometry, coverTrim } from "../../domain/studio/photobook";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { GERMAN_CHECKOUT } from "../testing/checkout";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { pdfPageBoxes, studioClient } from "../testing/studioApi";
import { loadTestStorefront } from "../testing/shop";
import { rasterisePdf } from "../studio/proof";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

/** A photo taken at `taken` ("YYYY:MM:DD HH:MM:SS"), its colour telling it apart. */
const dated = (colour: string, taken: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .withExif({ IFD2: { DateTimeOriginal: taken } })
    .toBuffer();

const BOOK = {
  kind: "photobook",
  photobookType: "digitalfotobuch",
  cover: "hard",
  paper: "glossy",
  size: "20x20",
  pages: 40,
  quantity: 1,
};

interface Design {
  id: string;
  version: number;
  document: DesignDocument;
}

describe.each(TEST_DATABASES)("photo books in the studio on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  const { send, visitorCookie, upload, filledDesign, toCart } = studioClient(() => api, {
    host: "localhost",
  });
  const create = async (configuration: unknown) => {
    const response = await send("POST", "/web-api/studio/designs", { json: { configuration } });
    return { response, cookie: visitorCookie(response) };
  };

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
    api = createApi(services, storefront);
  }, 120_000);
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("starts a book with its cover and one spread per two pages, the catalogue's limits kept; a count off the grid is refused naming them", async () => {
    const { response } = await create(BOOK);
    expect(response.status).toBe(201);
    const design = (await response.json()) as Design;
    const names = design.document.surfaces.map((s) => s.name);
    expect(names[0]).toBe("book-cover");
    expect(names.filter((n) => n === "spread")).toHaveLength(20);
    expect(design.document.product).toMatchObject({
      family: "photobook",
      format: "200x200",
      pages: 40,
      options: { pagesMin: "24", pagesMax: "200", pagesStep: "2" },
    });

    for (const pages of [25, 22, 202]) {
      const refused = await create({ ...BOOK, pages });
      expect(refused.response.status, String(pages)).toBe(422);
      const body = (await refused.response.json()) as { errors: Record<string, string> };
      expect(body.errors["configuration.pages"]).toBe("pages must be 24 to 200 in steps of 2");
    }
    // A book the shop does not sell (no soft lay-flat book).
    const unsold = await create({ ...BOOK, photobookType: "echtfotobuch", cover: "soft" });
    expect(unsold.response.status).toBe(422);
  });

  it("adds and removes pages on the grid, the cover's spine following; off the grid is 422 naming the limits", async () => {
    const { response, cookie } = await create(BOOK);
    const design = (await response.json()) as Design;
    const url = `/web-api/studio/designs/${design.id}`;
    const at = (pages: number) =>
      withPageCount(design.document, bookGeometry({ ...design.document.product, pages })!, pages);

    const more = at(60);
    const saved = await send("PUT", url, {
      cookie,
      json: { document: more },
      headers: { "if-match": "1" },
    });
    expect(saved.status).toBe(200);
    const now = (await (await send("GET", url, { cookie })).json()) as Design;
    expect(now.document.product.pages).toBe(60);
    expect(now.document.surfaces).toHaveLength(31);
    expect(now.document.surfaces[0]!.trim.width).toBeCloseTo(
      coverTrim(bookGeometry(now.document.product)!).width,
      5,
    );

    // 23 pages: off the grid (the rest as for 24, so only the count is wrong).
    const odd = structuredClone(at(24));
    odd.product.pages = 23;
    const refused = await send("PUT", url, {
      cookie,
      json: { document: odd },
      headers: { "if-match": "2" },
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toEqual({
      "document.product.pages": "pages must be 24 to 200 in steps of 2",
    });

    // Spreads put in another order (as the page strip does) are saved in that order.
    const reordered = structuredClone(now.document);
    const [moved] = reordered.surfaces.splice(5, 1);
    reordered.surfaces.splice(1, 0, moved!);
    const reorderedSave = await send("PUT", url, {
      cookie,
      json: { document: reordered },
      headers: { "if-match": "2" },
    });
    expect(reorderedSave.status).toBe(200);
    const after = (await (await send("GET", url, { cookie })).json()) as Design;
    expect(after.document.surfaces[1]!.id).toBe("spread-1");
    expect(after.document.surfaces[1]!.elements).toEqual(moved!.elements);

    // The pages are the shopper's to change, the book itself is not.
    const other = structuredClone(now.document);
    other.product.options.cover = "soft";
    const changed = await send("PUT", url, {
      cookie,
      json: { document: other },
      headers: { "if-match": "3" },
    });
    expect(changed.status).toBe(422);
  });

  it("auto-fills photos in the order they were taken, warns about empty pages and prints cover and pages with the profile's boxes", async () => {
    const { response, cookie } = await create({ ...BOOK, pages: 24 });
    const design = (await response.json()) as Design;
    const url = `/web-api/studio/designs/${design.id}`;
    // Handed in newest first.
    const late = await upload(await dated("#aa2222", "2024:08:03 10:00:00"), cookie);
    const middle = await upload(await dated("#22aa22", "2024:08:02 10:00:00"), cookie);
    const early = await upload(await dated("#2222aa", "2024:08:01 10:00:00"), cookie);
    const filled = await send("POST", `${url}/autofill`, {
      cookie,
      json: { photos: [late, middle, early] },
    });
    expect(filled.status).toBe(200);
    const filledDesign = (await filled.json()) as Design;
    const doc = filledDesign.document;
    const placed = doc.surfaces.flatMap((s) =>
      s.elements.flatMap((e) => (e.kind === "photo" && e.photo ? [e.photo.photoId] : [])),
    );
    expect(placed).toEqual([early, middle, late]);
    // The cover's front, then each photo across a spread of its own.
    expect(doc.surfaces.slice(1, 3).map((s) => s.layout)).toEqual(["full", "full"]);

    const preflight = (await (await send("GET", `${url}/preflight`, { cookie })).json()) as {
      problems: { code: string; severity: string; surface: string; pages?: number[] }[];
    };
    const empty = preflight.problems.filter((p) => p.code === "empty-page");
    expect(empty.every((p) => p.severity === "warning")).toBe(true);
    expect(empty.flatMap((p) => p.pages)).toHaveLength(24 - 4);
    expect(preflight.problems.some((p) => p.severity === "error")).toBe(false);
    // A photo across the whole spread runs into the fold on purpose: nothing in the binding.
    expect(preflight.problems.filter((p) => p.code === "in-binding")).toEqual([]);

    // The first spread's photo made smaller, its inner edge left inside the gutter (the fold
    // of 200 mm pages is at 200 mm, the glued gutter 12 mm either side of it).
    const spread = doc.surfaces[1]!;
    const frame = spread.elements[0]!;
    const moved = {
      ...doc,
      surfaces: doc.surfaces.map((s, i) =>
        i === 1 ? { ...s, elements: [{ ...frame, x: 110, y: 20, width: 85, height: 80 }] } : s,
      ),
    };
    const saved = await send("PUT", url, {
      cookie,
      json: { document: moved },
      headers: { "if-match": String(filledDesign.version) },
    });
    expect(saved.status).toBe(200);
    const again = (await (await send("GET", `${url}/preflight`, { cookie })).json()) as {
      problems: { code: string; severity: string; surface: string; element?: string }[];
    };
    expect(again.problems.filter((p) => p.code === "in-binding")).toEqual([
      { surface: spread.id, element: frame.id, code: "in-binding", severity: "warning" },
    ]);

    const answer = await send("GET", `${url}/print.pdf`, { cookie });
    expect(answer.status).toBe(200);
    const boxes = pdfPageBoxes(Buffer.from(await answer.arrayBuffer()));
    // The cover, then the 24 inner pages one by one (a glued book).
    expect(boxes).toHaveLength(1 + 24);
    const cover = coverTrim(bookGeometry(doc.product)!);
    const round = (n: number) => Math.round(n * 10) / 10;
    // A hard cover: trim plus 15 mm of wrap all round.
    expect(boxes[0]).toEqual({
      MediaBox: [0, 0, round(cover.width + 30), round(cover.height + 30)],
      BleedBox: [0, 0, round(cover.width + 30), round(cover.height + 30)],
      TrimBox: [15, 15, round(cover.width + 15), round(cover.height + 15)],
    });
    // 24 pages of standard paper and two boards: 6.44 mm of spine.
    expect(cover.width).toBeCloseTo(2 * 203 + 2 * 8 + 24 * 0.06 + 5, 5);
    for (const page of boxes.slice(1))
      expect(page).toEqual({
        MediaBox: [0, 0, 206, 206],
        BleedBox: [0, 0, 206, 206],
        TrimBox: [3, 3, 203, 203],
      });
  });

  it("prints a lay-flat book's interior as whole spreads, one sheet each after the cover", async () => {
    const LAYFLAT = { ...BOOK, photobookType: "echtfotobuch", pages: 26 };
    const { response, cookie } = await create(LAYFLAT);
    expect(response.status).toBe(201);
    const design = (await response.json()) as Design;
    const url = `/web-api/studio/designs/${design.id}`;
    // The earliest photo goes on the cover's front, the others across a spread each.
    const green = await upload(await dated("#22aa22", "2024:08:03 10:00:00"), cookie);
    const red = await upload(await dated("#aa2222", "2024:08:02 10:00:00"), cookie);
    const blue = await upload(await dated("#2222aa", "2024:08:01 10:00:00"), cookie);
    const filled = await send("POST", `${url}/autofill`, {
      cookie,
      json: { photos: [green, red, blue] },
    });
    expect(filled.status).toBe(200);
    const doc = ((await filled.json()) as Design).document;
    expect(bookGeometry(doc.product)!.interior).toBe("spreads");
    const answer = await send("GET", `${url}/print.pdf`, { cookie });
    expect(answer.status).toBe(200);
    const pdf = Buffer.from(await answer.arrayBuffer());
    const boxes = pdfPageBoxes(pdf);
    // The cover, then 13 spreads of two 200 mm pages, each one sheet with 3 mm of bleed.
    expect(boxes).toHaveLength(1 + 26 / 2);
    for (const page of boxes.slice(1))
      expect(page).toEqual({
        MediaBox: [0, 0, 406, 206],
        BleedBox: [0, 0, 406, 206],
        TrimBox: [3, 3, 403, 203],
      });
    // The first spread carries the next photo across both its pages, the fold between them
    // printed on the same sheet; the second spread the last photo.
    const colourAt = async (page: number, xMm: number) => {
      const jpeg = await rasterisePdf(pdf, page, { x: 3, y: 3, width: 400, height: 200 }, 400);
      const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
      const i = (100 * info.width + xMm) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    const isRed = ([r, g, b]: number[]) => r! > 130 && g! < 90 && b! < 90;
    const isGreen = ([r, g, b]: number[]) => g! > 130 && r! < 90 && b! < 90;
    for (const x of [20, 199, 201, 380])
      expect(isRed(await colourAt(2, x)), `spread 1 at ${x} mm`).toBe(true);
    for (const x of [20, 380])
      expect(isGreen(await colourAt(3, x)), `spread 2 at ${x} mm`).toBe(true);
  }, 60_000);

  // A filled 40-page book is one uploaded photo per frame: its tests take longer than most.
  const FILLED_BOOK_TIMEOUT = 60_000;
  const checkout = (cookie: string, key: string, body: object = GERMAN_CHECKOUT) =>
    send("POST", "/web-api/checkout", {
      cookie,
      json: body,
      headers: { origin: "http://localhost", "idempotency-key": key },
    });

  it(
    "refuses a 40-page design put into the cart as 24 pages, naming the pages; as 40 pages it goes in",
    async () => {
      const { id, cookie } = await filledDesign(BOOK);
      const cheap = await toCart(cookie, { ...BOOK, pages: 24, studioDesign: id });
      expect(cheap.status).toBe(422);
      const problem = (await cheap.json()) as { errors: Record<string, string> };
      expect(problem.errors).toEqual({ pages: "is 24; the design has 40" });

      const honest = await toCart(cookie, { ...BOOK, studioDesign: id });
      expect(honest.status).toBe(201);
      expect(((await honest.json()) as { options: Record<string, string> }).options).toMatchObject({
        pages: "40",
        studioDesign: id,
      });
    },
    FILLED_BOOK_TIMEOUT,
  );

  it(
    "prices a design grown to 60 pages after it went into the cart again at checkout, asking to confirm the new total",
    async () => {
      const { id, cookie } = await filledDesign(BOOK);
      expect((await toCart(cookie, { ...BOOK, studioDesign: id })).status).toBe(201);
      const shown = (await (await send("GET", "/web-api/cart", { cookie })).json()) as {
        total: { priceCurrentMinor: number; currency: string };
      };
      // "Edit design" from the cart: 20 more pages in the studio.
      const url = `/web-api/studio/designs/${id}`;
      const design = (await (await send("GET", url, { cookie })).json()) as Design;
      const grown = withPageCount(
        design.document,
        bookGeometry({ ...design.document.product, pages: 60 })!,
        60,
      );
      const saved = await send("PUT", url, {
        cookie,
        json: { document: grown },
        headers: { "if-match": String(design.version) },
      });
      expect(saved.status).toBe(200);

      const expectedTotal = {
        currency: shown.total.currency,
        amountMinor: shown.total.priceCurrentMinor,
      };
      const asked = await checkout(cookie, "chk-grown-book-01", {
        ...GERMAN_CHECKOUT,
        expectedTotal,
      });
      expect(asked.status).toBe(409);
      const changed = (await asked.json()) as {
        error: string;
        total: { currency: string; amountMinor: number };
      };
      expect(changed.error).toBe("price_changed");
      expect(changed.total.amountMinor).toBeGreaterThan(expectedTotal.amountMinor);
      // The line is the 60-page book now, as the cart shows it.
      const cart = (await (await send("GET", "/web-api/cart", { cookie })).json()) as {
        lines: { options: Record<string, string> }[];
        total: { priceCurrentMinor: number };
      };
      expect(cart.lines.map((l) => l.options.pages)).toEqual(["60"]);
      expect(cart.total.priceCurrentMinor).toBe(changed.total.amountMinor);

      const placed = await checkout(cookie, "chk-grown-book-02", {
        ...GERMAN_CHECKOUT,
        expectedTotal: changed.total,
      });
      expect(placed.status).toBe(201);
      const order = (await placed.json()) as { total: { amountMinor: number } };
      expect(order.total.amountMinor).toBe(changed.total.amountMinor);
    },
    FILLED_BOOK_TIMEOUT,
  );
});

/**
 * The studio's designs through the shop API on PGlite and PostgreSQL: a design starts from
 * a card theme's template or empty, is saved whole over its version (409 when stale, 422
 * naming the wrong path), takes the owner's photos into its empty frames, is checked
 * before ordering (the cart refuses it while a frame is empty), printed to a PDF with the
 * profile's boxes and the photos' own pixels, proofed from that PDF, hidden from other
 * owners, and deleted when abandoned unless a cart or an order holds it.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { carts, cartLines, orderLines, orders, studioDesigns } from "../../db/schema";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import type { DesignDocument } from "../../domain/studio/document";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { loggedInCustomer } from "../testing/customers";
import { sheetOf } from "../../domain/studio/print";
import { rasterisePdf } from "../studio/proof";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { pdfFile, pdfPageBoxes, studioClient, testPhoto as photo } from "../testing/studioApi";
import { loadTestStorefront } from "../testing/shop";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

const dir = mkdtempSync(path.join(tmpdir(), "studio-designs-"));

/** The first page's boxes and the page count. */
function firstPageBoxes(pdf: Buffer): { pages: number; boxes: Record<string, number[]> } {
  const pages = pdfPageBoxes(pdf);
  return { pages: pages.length, boxes: pages[0]! };
}

/** The pixel sizes of the images a PDF holds, each once. */
function pdfImages(pdf: Buffer): string[] {
  const file = pdfFile(pdf);
  const lines = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" })
    .split("\n")
    .slice(2)
    .filter(Boolean)
    .map((l) => l.trim().split(/\s+/));
  return [...new Map(lines.map((c) => [`${c[10]} ${c[11]}`, `${c[3]}x${c[4]}`])).values()];
}

const CARD = {
  kind: "card",
  cardType: "folded-card",
  size: "148x105",
  refinement: "none",
  envelope: "none",
};

interface Design {
  id: string;
  version: number;
  document: DesignDocument;
  inCart: boolean;
}

describe.each(TEST_DATABASES)("studio designs on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  let themeId: string;
  let themeFormat: string;

  const { send, visitorCookie, upload } = studioClient(() => api, {
    host: "localhost",
  });
  const create = async (body: unknown, cookie?: string) => {
    const response = await send("POST", "/web-api/studio/designs", {
      json: body,
      ...(cookie ? { cookie } : {}),
    });
    return { response, cookie: cookie ?? visitorCookie(response) };
  };

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
    api = createApi(services, storefront);
    const [theme] = await database.db.query.catalogueThemes.findMany({
      where: (t, { and, eq }) =>
        and(
          eq(t.occasion, "weihnachten"),
          eq(t.product, "folded-card"),
          // The classic style has one photo frame on its front, over its top two thirds.
          eq(t.style, "classic"),
          eq(t.status, "published"),
        ),
      limit: 1,
    });
    themeId = theme!.id;
    themeFormat = theme!.format;
  }, 120_000);
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("starts a card from its theme's template for its owner only; another owner's design is unknown", async () => {
    const { response, cookie } = await create({ configuration: CARD, themeId });
    expect(response.status).toBe(201);
    expect(cookie).not.toBe("");
    const design = (await response.json()) as Design;
    expect(design.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(design.version).toBe(1);
    expect(response.headers.get("etag")).toBe('"1"');
    expect(design.document.surfaces.map((s) => s.name)).toEqual([
      "front",
      "inside-left",
      "inside-right",
      "back",
    ]);
    const words = design.document.surfaces[0]!.elements.flatMap((e) =>
      e.kind === "text" ? e.lines : [],
    );
    expect(words).toContain("Frohe Weihnachten");

    const read = await send("GET", `/web-api/studio/designs/${design.id}`, { cookie });
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("private, no-store");
    expect(((await read.json()) as Design).document).toEqual(design.document);

    const stranger = (await create({ configuration: CARD })).cookie;
    for (const url of ["", "/preflight", "/print.pdf", "/proof/1.jpg"]) {
      const answer = await send("GET", `/web-api/studio/designs/${design.id}${url}`, {
        cookie: stranger,
      });
      expect(answer.status, url).toBe(404);
      expect(answer.headers.get("content-type")).toMatch(/problem\+json/);
    }
    expect((await send("GET", `/web-api/studio/designs/${design.id}`)).status).toBe(404);
  });

  it("refuses a product the studio does not design and an unknown theme", async () => {
    const wrongType = await create({ configuration: { ...CARD, cardType: "inlay" } });
    expect(wrongType.response.status).toBe(422);
    const unknownTheme = await create({ configuration: CARD, themeId: "no-such-theme" });
    expect(unknownTheme.response.status).toBe(422);
    const noConfiguration = await create({ themeId });
    expect(noConfiguration.response.status).toBe(400);
  });

  it("saves the whole document over its version: stale is 409, no If-Match 428, an invalid document 422 naming the path", async () => {
    const { response, cookie } = await create({ configuration: CARD, themeId });
    const design = (await response.json()) as Design;
    const url = `/web-api/studio/designs/${design.id}`;
    const changed = structuredClone(design.document);
    const greeting = changed.surfaces[0]!.elements.find((e) => e.kind === "text")!;
    if (greeting.kind === "text") greeting.lines = ["Fröhliche Weihnachten, Oma!"];

    const saved = await send("PUT", url, {
      cookie,
      json: { document: changed },
      headers: { "if-match": '"1"' },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ id: design.id, version: 2 });

    const stale = await send("PUT", url, {
      cookie,
      json: { document: design.document },
      headers: { "if-match": '"1"' },
    });
    expect(stale.status).toBe(409);
    expect((await send("PUT", url, { cookie, json: { document: changed } })).status).toBe(428);

    const broken = structuredClone(changed);
    (broken.surfaces[0]!.elements[0] as { width: unknown }).width = "wide";
    const invalid = await send("PUT", url, {
      cookie,
      json: { document: broken },
      headers: { "if-match": "2" },
    });
    expect(invalid.status).toBe(422);
    const problem = (await invalid.json()) as { errors: Record<string, string> };
    expect(Object.keys(problem.errors)).toEqual(["document.surfaces.0.elements.0.width"]);

    // A save changes what is on the card, never its size.
    const resized = structuredClone(changed);
    resized.surfaces[0]!.trim = { width: 210, height: 100 };
    const wrongSize = await send("PUT", url, {
      cookie,
      json: { document: resized },
      headers: { "if-match": "2" },
    });
    expect(wrongSize.status).toBe(422);
    expect(((await wrongSize.json()) as { errors: Record<string, string> }).errors).toEqual({
      "document.surfaces.0.trim": "is 148 x 105 mm",
    });

    const now = (await (await send("GET", url, { cookie })).json()) as Design;
    expect(now.version).toBe(2);
    expect(now.document).toEqual(changed);
  });

  it("fills empty frames with the owner's photos, warns of a photo too small for print, and prints and proofs it", async () => {
    const { response, cookie } = await create({ configuration: CARD, themeId });
    const design = (await response.json()) as Design;
    const url = `/web-api/studio/designs/${design.id}`;

    const before = (await (await send("GET", `${url}/preflight`, { cookie })).json()) as {
      problems: { code: string; severity: string }[];
    };
    expect(before.problems.some((p) => p.code === "empty-frame" && p.severity === "error")).toBe(
      true,
    );

    // A photo far too small for a card.
    const small = await upload(await photo(240, 160, "#2060a0"), cookie);
    const foreign = await upload(
      await photo(300, 200, "#000000"),
      (await create({ configuration: CARD })).cookie,
    );
    expect(
      (await send("POST", `${url}/autofill`, { cookie, json: { photos: [foreign] } })).status,
    ).toBe(422);

    const filled = await send("POST", `${url}/autofill`, {
      cookie,
      json: { photos: [small] },
    });
    expect(filled.status).toBe(200);
    const placed = ((await filled.json()) as Design).document.surfaces
      .flatMap((s) => s.elements)
      .flatMap((e) => (e.kind === "photo" && e.photo ? [e.photo.photoId] : []));
    expect(placed).toEqual([small]);

    const preflight = (await (await send("GET", `${url}/preflight`, { cookie })).json()) as {
      problems: { code: string; element?: string; ppi?: number }[];
      quality: { element: string; quality: string; ppi: number }[];
    };
    expect(preflight.quality.map((q) => q.quality)).toEqual(["poor"]);
    const poor = preflight.quality[0]!;
    expect(poor.ppi).toBeLessThan(100);
    expect(preflight.problems).toContainEqual(
      expect.objectContaining({ code: "low-resolution", element: poor.element, ppi: poor.ppi }),
    );
    expect(preflight.problems.some((p) => p.code === "empty-frame")).toBe(false);

    const pdfAnswer = await send("GET", `${url}/print.pdf`, { cookie });
    expect(pdfAnswer.status).toBe(200);
    expect(pdfAnswer.headers.get("content-type")).toBe("application/pdf");
    const pdf = Buffer.from(await pdfAnswer.arrayBuffer());
    const { pages, boxes } = firstPageBoxes(pdf);
    expect(pages).toBe(4);
    expect(boxes).toEqual({
      MediaBox: [0, 0, 154, 111],
      BleedBox: [0, 0, 154, 111],
      TrimBox: [3, 3, 151, 108],
    });
    // The photos at their original pixel size, never scaled by the renderer.
    expect(pdfImages(pdf)).toEqual(["240x160"]);

    const proof = await send("GET", `${url}/proof/1.jpg?width=400`, { cookie });
    expect(proof.status).toBe(200);
    expect(proof.headers.get("content-type")).toBe("image/jpeg");
    const image = sharp(Buffer.from(await proof.arrayBuffer()));
    const meta = await image.metadata();
    // The front cut at its trim: 148 x 105 mm.
    expect(meta.width).toBe(400);
    expect(meta.height).toBe(Math.round((400 * 105) / 148));
    // The photo covers the top of the front: the proof shows its blue.
    const { data } = await image.raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data.subarray((y * 400 + x) * 3, (y * 400 + x) * 3 + 3);
    expect([...at(200, 60)].map((v) => Math.round(v / 16))).toEqual([2, 6, 10]);
    expect((await send("GET", `${url}/proof/5.jpg`, { cookie })).status).toBe(404);
  }, 60_000);

  it("draws every proof from the very print file print.pdf serves, its photos at full resolution, made anew when the design changes", async () => {
    const { response, cookie } = await create({ configuration: CARD, themeId });
    const design = (await response.json()) as Design;
    const url = `/web-api/studio/designs/${design.id}`;
    // Fine detail a reduced copy of the photo would not keep pixel for pixel.
    const detailed = await sharp({
      create: {
        width: 1800,
        height: 1200,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const photoId = await upload(detailed, cookie);
    const filled = await send("POST", `${url}/autofill`, { cookie, json: { photos: [photoId] } });
    const saved = (await filled.json()) as Design;

    const first = await send("GET", `${url}/print.pdf`, { cookie });
    // Tagged by what the file is made of (the design's version, its photos), so the API
    // never hashes the streamed file for a tag; asked again with it, nothing is sent.
    const tag = first.headers.get("etag");
    expect(tag).toMatch(new RegExp(`^W/"${design.id}\\.${saved.version}\\.[A-Za-z0-9_-]+"$`));
    const pdf = Buffer.from(await first.arrayBuffer());
    expect(pdfImages(pdf)).toEqual(["1800x1200"]);
    const again = await send("GET", `${url}/print.pdf`, {
      cookie,
      headers: { "if-none-match": tag! },
    });
    expect(again.status).toBe(304);
    const proofOf = async (n: number) => {
      const answer = await send("GET", `${url}/proof/${n}.jpg?width=400`, { cookie });
      expect(answer.status).toBe(200);
      return Buffer.from(await answer.arrayBuffer());
    };
    // A folded card's file has the outside sheet first: the back (surface 4) is page 1,
    // the front (surface 1) page 2. Each proof is that page of the served file, cut at its
    // trim, byte for byte.
    const trim = sheetOf(saved.document.surfaces[0]!).trim;
    expect((await proofOf(1)).equals(await rasterisePdf(pdf, 2, trim, 400))).toBe(true);
    expect((await proofOf(4)).equals(await rasterisePdf(pdf, 1, trim, 400))).toBe(true);

    // Another version is another print file, and its proofs show it.
    const changed = structuredClone(saved.document);
    changed.surfaces[0]!.background = "#10a040";
    const put = await send("PUT", url, {
      cookie,
      json: { document: changed },
      headers: { "if-match": `"${saved.version}"` },
    });
    expect(put.status).toBe(200);
    const second = await send("GET", `${url}/print.pdf`, {
      cookie,
      headers: { "if-none-match": tag! },
    });
    expect(second.status).toBe(200);
    expect(second.headers.get("etag")).not.toBe(tag);
    const pdf2 = Buffer.from(await second.arrayBuffer());
    expect(pdf2.equals(pdf)).toBe(false);
    const proof2 = await proofOf(1);
    expect(proof2.equals(await rasterisePdf(pdf2, 2, trim, 400))).toBe(true);
    expect(proof2.equals(await rasterisePdf(pdf, 2, trim, 400))).toBe(false);
  }, 60_000);

  it("saves a ten-prints design sent back as it was read: its product is compared by value, whatever the key order", async () => {
    const { response, cookie } = await create({
      configuration: { kind: "photoprint", size: "130x90", prints: 10 },
    });
    expect(response.status).toBe(201);
    const design = (await response.json()) as Design;
    const url = `/web-api/studio/designs/${design.id}`;
    const read = (await (await send("GET", url, { cookie })).json()) as Design;
    expect(read.document.surfaces).toHaveLength(10);
    // The client may send the product's keys in any order.
    const product = read.document.product as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(product).reverse());
    const saved = await send("PUT", url, {
      cookie,
      json: { document: { ...read.document, product: reordered } },
      headers: { "if-match": `"${read.version}"` },
    });
    expect(saved.status).toBe(200);
    const changedProduct = { ...product, format: "150x100" };
    const refused = await send("PUT", url, {
      cookie,
      json: { document: { ...read.document, product: changedProduct } },
      headers: { "if-match": `"${read.version + 1}"` },
    });
    expect(refused.status).toBe(422);
  });

  it("makes prints and a photo box only of a quantity the box type sells: on its steps, up to its own most", async () => {
    const made = (configuration: Record<string, unknown>) => create({ configuration });
    const small = { kind: "photobox", photoboxType: "small", size: "130x90" };
    expect((await made({ ...small, prints: 50 })).response.status).toBe(201);
    // The small box holds at most 250 prints; 900 is a step of the large one only.
    const tooMany = (await made({ ...small, prints: 900 })).response;
    expect(tooMany.status).toBe(422);
    expect(JSON.stringify(await tooMany.json())).toContain("from 1 to 250");
    // Between the steps, for loose prints as for the box (the cart prices both as a box):
    // the request's body is refused, naming the prints.
    for (const kind of ["photoprint", "photobox"]) {
      const off = (await made({ kind, size: "130x90", prints: 7 })).response;
      expect(off.status, kind).toBe(400);
      expect(JSON.stringify(await off.json()), kind).toContain("prints");
    }
  });

  it("keeps copies to prints: a card's page sent with copies is refused, naming them", async () => {
    const { response, cookie } = await create({ configuration: CARD });
    const design = (await response.json()) as Design;
    const [first, ...rest] = design.document.surfaces;
    const refused = await send("PUT", `/web-api/studio/designs/${design.id}`, {
      cookie,
      json: { document: { ...design.document, surfaces: [{ ...first!, copies: 3 }, ...rest] } },
      headers: { "if-match": `"${design.version}"` },
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain("document.surfaces.copies");
  });

  it("prints a 60x40 canvas with a mirrored edge on a sheet with its wrap", async () => {
    const { response, cookie } = await create({
      configuration: {
        kind: "photoframe",
        material: "leinwand",
        size: "600x400",
        canvasStretcherFrame: "25",
        canvasEdge: "mirrored",
      },
    });
    expect(response.status).toBe(201);
    const design = (await response.json()) as Design;
    expect(design.document.surfaces[0]!.wrap).toEqual({
      depth: 25,
      foldBack: 15,
      edge: "mirrored",
    });
    const id = await upload(await photo(3600, 2400, "#40a040"), cookie);
    await send("POST", `/web-api/studio/designs/${design.id}/autofill`, {
      cookie,
      json: { photos: [id] },
    });
    const pdf = Buffer.from(
      await (
        await send("GET", `/web-api/studio/designs/${design.id}/print.pdf`, { cookie })
      ).arrayBuffer(),
    );
    expect(firstPageBoxes(pdf).boxes).toEqual({
      MediaBox: [0, 0, 686, 486],
      BleedBox: [0, 0, 686, 486],
      TrimBox: [3, 3, 683, 483],
    });
    expect(pdfImages(pdf)).toEqual(["3600x2400"]);
    // 2400 px over the 406 mm the frame spans in height (front and bleed) is 150 ppi: good on a wall.
    const preflight = (await (
      await send("GET", `/web-api/studio/designs/${design.id}/preflight`, { cookie })
    ).json()) as { problems: unknown[]; quality: { ppi: number; quality: string }[] };
    expect(preflight.quality).toEqual([expect.objectContaining({ ppi: 150, quality: "good" })]);
    expect(preflight.problems).toEqual([]);
  }, 60_000);

  it("previews a theme's template with sample photos in any format of its card type, cached by a tag", async () => {
    const url = `/web-api/studio/templates/${themeId}/preview.jpg`;
    const first = await send("GET", url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    expect(first.headers.get("cache-control")).toBe("public, max-age=86400");
    const jpeg = Buffer.from(await first.arrayBuffer());
    writeFileSync(path.join(dir, "preview.jpg"), jpeg);
    const meta = await sharp(jpeg).metadata();
    const [w, h] = themeFormat.split("x").map(Number) as [number, number];
    expect([meta.width, meta.height]).toEqual([600, Math.round((600 * h) / w)]);
    // The sample photo fills the frame: the top of the front is not the plain background.
    const stats = await sharp(jpeg).extract({ left: 0, top: 0, width: 600, height: 200 }).stats();
    expect(stats.channels[0]!.stdev).toBeGreaterThan(10);

    const tag = first.headers.get("etag")!;
    expect((await send("GET", url, { headers: { "if-none-match": tag } })).status).toBe(304);
    const other = await send("GET", `${url}?format=210x100&width=300`);
    expect(other.status).toBe(200);
    expect(other.headers.get("etag")).not.toBe(tag);
    const otherMeta = await sharp(Buffer.from(await other.arrayBuffer())).metadata();
    expect([otherMeta.width, otherMeta.height]).toEqual([300, Math.round((300 * 100) / 210)]);

    expect((await send("GET", "/web-api/studio/templates/no-such-theme/preview.jpg")).status).toBe(
      404,
    );
    expect((await send("GET", `${url}?format=big`)).status).toBe(400);
  }, 60_000);

  it("moves a visitor's designs to the account at log-in", async () => {
    const email = `studio-designs-${kind}@example.com`;
    await loggedInCustomer(services, api, { email, firstName: "Mia", lastName: "Sonne" });
    const { response, cookie: visitor } = await create({ configuration: CARD, themeId });
    const { id } = (await response.json()) as Design;
    const logIn = await api.request("http://localhost/web-api/customer-login", {
      method: "POST",
      headers: { host: "localhost", "content-type": "application/json", cookie: visitor },
      body: JSON.stringify({ email, password: "Winterwald-Kerze-42" }),
    });
    expect(logIn.status).toBe(200);
    const session = (logIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect((await send("GET", `/web-api/studio/designs/${id}`, { cookie: session })).status).toBe(
      200,
    );
    expect((await send("GET", `/web-api/studio/designs/${id}`, { cookie: visitor })).status).toBe(
      404,
    );
  });

  it("refuses a design with an empty photo frame at the cart API, naming the frame, and takes it once filled", async () => {
    const { response, cookie } = await create({ configuration: CARD, themeId });
    const design = (await response.json()) as Design;
    const frames = design.document.surfaces.flatMap((s, si) =>
      s.elements.flatMap((e, ei) =>
        e.kind === "photo" ? [`studioDesign.surfaces.${si}.elements.${ei}`] : [],
      ),
    );
    expect(frames.length).toBeGreaterThan(0);
    const order = () =>
      send("POST", "/web-api/cart/items", {
        cookie,
        json: { ...CARD, quantity: 20, studioDesign: design.id },
      });
    const refused = await order();
    expect(refused.status).toBe(422);
    const problem = (await refused.json()) as { errors: Record<string, string> };
    expect(Object.keys(problem.errors)).toEqual(frames);
    expect(Object.values(problem.errors)).toEqual(frames.map(() => "is an empty photo frame"));
    // Nothing went into the cart.
    const cart = (await (await send("GET", "/web-api/cart", { cookie })).json()) as {
      lines: unknown[];
    };
    expect(cart.lines).toEqual([]);

    const placed = await upload(await photo(1800, 1200, "#506070"), cookie);
    await send("POST", `/web-api/studio/designs/${design.id}/autofill`, {
      cookie,
      json: { photos: frames.map(() => placed) },
    });
    expect((await order()).status).toBe(201);
  });

  it("keeps the photos of a design in a cart when photo retention runs, not those of others", async () => {
    const { response, cookie } = await create({ configuration: CARD, themeId });
    const design = (await response.json()) as Design;
    const placed = await upload(await photo(600, 400, "#405060"), cookie);
    const loose = await upload(await photo(600, 400, "#605040"), cookie);
    await send("POST", `/web-api/studio/designs/${design.id}/autofill`, {
      cookie,
      json: { photos: [placed] },
    });
    const visitor = { visitorKey: decodeURIComponent(cookie.split("=")[1]!) };
    const [cart] = await database.db
      .insert(carts)
      .values({ channel: "cards-DE", visitorKey: visitor.visitorKey })
      .returning();
    const [line] = await database.db
      .insert(cartLines)
      .values({ cartId: cart!.id, product: "card", options: {}, quantity: 1 })
      .returning();
    await services.studioDesigns.setCartLine(visitor, design.id, line!.id);
    expect(await services.studioDesigns.photosInCarts([placed, loose])).toEqual(new Set([placed]));
    // Long after: the loose photo goes, the carted design's stays.
    await services.studioPhotos.prune(new Date(Date.now() + 400 * 24 * 3600 * 1000));
    expect(await services.studioPhotos.get(visitor, placed)).not.toBeNull();
    expect(await services.studioPhotos.get(visitor, loose)).toBeNull();
    expect(
      (
        (await (
          await send("GET", `/web-api/studio/designs/${design.id}`, { cookie })
        ).json()) as Design
      ).inCart,
    ).toBe(true);
  });

  it("deletes designs abandoned for the retention period, never one in a cart or an order", async () => {
    const owner = (await create({ configuration: CARD })).cookie;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await create({ configuration: CARD }, owner);
      ids.push(((await r.response.json()) as Design).id);
    }
    const [abandoned, inCart, recent, named, ordered] = ids as [
      string,
      string,
      string,
      string,
      string,
    ];
    const db = database.db;
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await db.update(studioDesigns).set({ updatedAt: old }).where(eq(studioDesigns.id, abandoned));
    await db.update(studioDesigns).set({ updatedAt: old }).where(eq(studioDesigns.id, inCart));
    await db.update(studioDesigns).set({ updatedAt: old }).where(eq(studioDesigns.id, named));
    await db.update(studioDesigns).set({ updatedAt: old }).where(eq(studioDesigns.id, ordered));
    const [cart] = await db
      .insert(carts)
      .values({ channel: "cards-DE", visitorKey: owner.split("=")[1]! })
      .returning();
    const [line] = await db
      .insert(cartLines)
      .values({ cartId: cart!.id, product: "card", options: {}, quantity: 1 })
      .returning();
    const visitor = { visitorKey: decodeURIComponent(owner.split("=")[1]!) };
    expect(await services.studioDesigns.setCartLine(visitor, inCart, line!.id)).toBe(true);
    // The studio's cart lines name their design among their options.
    await db
      .insert(cartLines)
      .values({ cartId: cart!.id, product: "card", options: { studioDesign: named }, quantity: 1 });
    expect((await services.studioDesigns.get(visitor, named))?.inCart).toBe(true);
    expect((await services.studioDesigns.get(visitor, abandoned))?.inCart).toBe(false);
    // An order's line names the design it was made from (its cart line long gone).
    const [placedOrder] = await db
      .insert(orders)
      .values({
        number: `C-2026-${kind}-held`,
        token: `tok-held-design-${kind}-0000000000`,
        channel: "cards",
        locale: "de-DE",
        country: "DE",
        currency: "eur",
        email: "someone@example.com",
        shippingAddress: {
          firstName: "Erika",
          lastName: "Muster",
          street: "Hauptstraße 5",
          postalCode: "10115",
          city: "Berlin",
          country: "DE",
        },
        shippingMethod: "standard",
        paymentMethod: "test",
        subtotalMinor: 1000,
        discountMinor: 0,
        shippingMinor: 495,
        totalMinor: 1495,
        state: "paid",
      })
      .returning({ id: orders.id });
    await db.insert(orderLines).values({
      orderId: placedOrder!.id,
      position: 1,
      product: "card",
      configuration: {},
      title: "Karte",
      designId: ordered,
      quantity: 1,
      lineTotalMinor: 1000,
      unitPriceMinor: 1000,
      vatRateBasisPoints: 1900,
      personalised: true,
    });

    const removed = await services.studioDesigns.prune();
    expect(removed.designs).toBeGreaterThanOrEqual(1);
    const left = await db.select({ id: studioDesigns.id }).from(studioDesigns);
    const leftIds = left.map((r) => r.id);
    expect(leftIds).not.toContain(abandoned);
    expect(leftIds).toContain(inCart);
    expect(leftIds).toContain(recent);
    expect(leftIds).toContain(named);
    expect(leftIds).toContain(ordered);
  });
});

/**
 * Collages and framed prints through the studio's designs API on PGlite and PostgreSQL: a
 * heart collage starts in its design group's cells, takes twenty photos in a twenty-cell
 * heart, passes the preflight and prints on the poster's sheet; a framed 30 x 40 print keeps
 * the frame's colour and mat in its product, prints the picture with its rebate (MediaBox,
 * BleedBox, TrimBox and ArtBox) and is proofed inside its mat and frame.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { applyLayout, autoPlace, collageLayout, shuffled } from "../../domain/studio/collage";
import type { DesignDocument } from "../../domain/studio/document";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { createTestServices, openSeededTestDatabase } from "../testing/services";
import { pdfPageBoxes, studioClient, testPhoto as photo } from "../testing/studioApi";
import { loadTestStorefront } from "../testing/shop";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

/** The first page's boxes (with the ArtBox, the visible area of a framed print) and the page count. */
function boxes(pdf: Buffer): { pages: number; boxes: Record<string, number[]> } {
  const pages = pdfPageBoxes(pdf, ["MediaBox", "TrimBox", "BleedBox", "ArtBox"]);
  return { pages: pages.length, boxes: pages[0]! };
}

interface Design {
  id: string;
  version: number;
  document: DesignDocument;
}

const HEART = {
  kind: "collage",
  design: "3",
  collageMaterial: "poster",
  size: "600x400",
  quantity: 1,
};

const FRAMED = {
  kind: "photoframe",
  material: "poster",
  frameType: "holzrahmen",
  size: "300x400",
  frameColour: "walnut",
  matType: "mat-weiss",
  matSize: "30",
  quantity: 1,
};

describe.each(TEST_DATABASES)("studio collages and frames on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  const { send, visitorCookie, upload, bytes } = studioClient(() => api, {
    host: "wallart.localhost",
  });

  beforeAll(async () => {
    database = await openSeededTestDatabase(kind, "catalogue");
    services = await createTestServices(database, {}, { catalogue: true });
    api = createApi(services, storefront);
  }, 120_000);
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("a heart collage of twenty photos: laid out, filled, checked and printed", async () => {
    const created = await send("POST", "/web-api/studio/designs", {
      json: { configuration: HEART },
    });
    expect(created.status).toBe(201);
    const cookie = visitorCookie(created);
    const design = (await created.json()) as Design;
    const doc = design.document;
    expect(doc.product).toEqual({
      family: "collage",
      format: "600x400",
      options: { design: "3", collageMaterial: "poster" },
    });
    expect(doc.surfaces).toHaveLength(1);
    const surface = doc.surfaces[0]!;
    expect(surface.name).toBe("collage");
    // The heart design group is made for nine photos: the smallest heart that holds them.
    expect(surface.layout).toBe("heart-16");
    expect(surface.elements.filter((e) => e.kind === "photo")).toHaveLength(16);

    // Twenty photos in a twenty-cell heart, shuffled, as the collage panel does it.
    const colours = Array.from(
      { length: 20 },
      (_, i) => `#${(0x202020 + i * 0x070503).toString(16)}`,
    );
    const photos: string[] = [];
    for (const colour of colours) photos.push(await upload(await photo(400, 400, colour), cookie));
    const heart20 = collageLayout("heart", "heart-20", 600, 400)!;
    const laidOut = { ...doc, surfaces: [applyLayout(surface, heart20)] };
    const filled = autoPlace(laidOut, 0, photos, 2026);
    const url = `/web-api/studio/designs/${design.id}`;
    const saved = await send("PUT", url, {
      cookie,
      json: { document: filled },
      headers: { "if-match": String(design.version) },
    });
    expect(saved.status).toBe(200);
    const read = (await (await send("GET", url, { cookie })).json()) as Design;
    const placed = read.document.surfaces[0]!.elements.flatMap((e) =>
      e.kind === "photo" && e.photo ? [e.photo.photoId] : [],
    );
    expect(read.document.surfaces[0]!.layout).toBe("heart-20");
    expect(new Set(placed)).toEqual(new Set(photos));
    expect(placed).toHaveLength(20);

    const preflight = (await (await send("GET", `${url}/preflight`, { cookie })).json()) as {
      problems: { code: string }[];
      quality: unknown[];
    };
    expect(preflight.problems.filter((p) => p.code === "empty-frame")).toEqual([]);
    expect(preflight.quality).toHaveLength(20);

    const pdf = await send("GET", `${url}/print.pdf`, { cookie });
    expect(pdf.status).toBe(200);
    const printed = boxes(await bytes(pdf));
    expect(printed.pages).toBe(1);
    expect(printed.boxes).toMatchObject({
      MediaBox: [0, 0, 606, 406],
      BleedBox: [0, 0, 606, 406],
      TrimBox: [3, 3, 603, 403],
    });
  }, 120_000);

  it("auto-fill lays a collage's photos in shuffled by the seed, up to its cells, and uses them again when too few", async () => {
    const created = await send("POST", "/web-api/studio/designs", {
      json: { configuration: HEART },
    });
    const cookie = visitorCookie(created);
    const design = (await created.json()) as Design;
    const url = `/web-api/studio/designs/${design.id}`;
    const photos: string[] = [];
    for (let i = 0; i < 18; i++)
      photos.push(
        await upload(await photo(64, 64, `#${(0x102030 + i * 0x0a0503).toString(16)}`), cookie),
      );
    const cells = (d: Design) =>
      d.document.surfaces[0]!.elements.flatMap((e) =>
        e.kind === "photo" ? [e.photo?.photoId ?? null] : [],
      );

    // Eighteen photos, a sixteen-cell heart: sixteen of them, in the seed's order.
    const many = await send("POST", `${url}/autofill`, { cookie, json: { photos, seed: 42 } });
    expect(many.status).toBe(200);
    expect(cells((await many.json()) as Design)).toEqual(shuffled(photos, 42).slice(0, 16));

    // Three photos: every cell filled, each of the three used.
    const few = await send("POST", `${url}/autofill`, {
      cookie,
      json: { photos: photos.slice(0, 3), seed: 5 },
    });
    const filled = cells((await few.json()) as Design);
    expect(filled).toHaveLength(16);
    expect(new Set(filled)).toEqual(new Set(photos.slice(0, 3)));

    const bad = await send("POST", `${url}/autofill`, { cookie, json: { photos, seed: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toContain("application/problem+json");
  }, 120_000);

  it("a year collage names its months in the shop's language and prints them", async () => {
    const created = await send("POST", "/web-api/studio/designs", {
      json: { configuration: { ...HEART, design: "10" } },
    });
    expect(created.status).toBe(201);
    const cookie = visitorCookie(created);
    const design = (await created.json()) as Design;
    const surface = design.document.surfaces[0]!;
    expect(surface.layout).toBe("year-12");
    const months = surface.elements.flatMap((e) => (e.kind === "text" ? e.lines : []));
    expect(months[0]).toBe("Januar");
    expect(months[11]).toBe("Dezember");
    const pdf = await send("GET", `/web-api/studio/designs/${design.id}/print.pdf`, { cookie });
    expect(pdf.status).toBe(200);
    expect(boxes(await bytes(pdf)).pages).toBe(1);
  }, 120_000);

  it("refuses a collage design the shop does not have, and a material it is not printed on", async () => {
    const unknown = await send("POST", "/web-api/studio/designs", {
      json: { configuration: { ...HEART, design: "999" } },
    });
    expect(unknown.status).toBe(422);
    const wood = await send("POST", "/web-api/studio/designs", {
      json: { configuration: { ...HEART, collageMaterial: "holz" } },
    });
    expect(wood.status).toBe(422);
  });

  it("a framed 30 x 40 print: the frame in its product, the rebate in its print file, the frame in its proof", async () => {
    // A colour the wooden frame does not come in is no frame the shop makes.
    const gold = await send("POST", "/web-api/studio/designs", {
      json: { configuration: { ...FRAMED, frameColour: "angular-gold" } },
    });
    expect(gold.status).toBe(422);
    const created = await send("POST", "/web-api/studio/designs", {
      json: { configuration: FRAMED },
    });
    expect(created.status).toBe(201);
    const cookie = visitorCookie(created);
    const design = (await created.json()) as Design;
    expect(design.document.product.options).toEqual({
      material: "poster",
      frameType: "holzrahmen",
      frameColour: "walnut",
      matType: "mat-weiss",
      matSize: "30",
    });
    const id = await upload(await photo(1800, 2400, "#3060c0"), cookie);
    const url = `/web-api/studio/designs/${design.id}`;
    expect((await send("POST", `${url}/autofill`, { cookie, json: { photos: [id] } })).status).toBe(
      200,
    );
    const printed = boxes(await bytes(await send("GET", `${url}/print.pdf`, { cookie })));
    expect(printed.boxes).toEqual({
      MediaBox: [0, 0, 306, 406],
      BleedBox: [0, 0, 306, 406],
      TrimBox: [3, 3, 303, 403],
      // What the 5 mm rebate leaves visible.
      ArtBox: [8, 8, 298, 398],
    });

    // The proof: 290 x 390 visible, a 30 mm mat and a 20 mm walnut frame: 390 x 490 mm.
    const proof = await send("GET", `${url}/proof/1.jpg?width=390`, { cookie });
    expect(proof.status).toBe(200);
    const jpeg = await bytes(proof);
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([390, 490]);
    const at = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    const near = (got: number[], want: number[]) =>
      got.every((v, i) => Math.abs(v - want[i]!) <= 12);
    expect(near(at(5, 245), [0x5c, 0x40, 0x33]), `frame ${at(5, 245)}`).toBe(true);
    expect(near(at(35, 245), [0xfb, 0xfb, 0xf8]), `mat ${at(35, 245)}`).toBe(true);
    expect(near(at(195, 245), [0x30, 0x60, 0xc0]), `picture ${at(195, 245)}`).toBe(true);

    // The studio's frame panel changes the colour, mat and glazing among what the frame is
    // sold with; the proof follows. What it is not sold with, or another product, is refused.
    const now = (await (await send("GET", url, { cookie })).json()) as Design;
    const reframed = (options: Record<string, string>) => ({
      ...now.document,
      product: { ...now.document.product, options },
    });
    const save = (document: DesignDocument, version: number) =>
      send("PUT", url, { cookie, json: { document }, headers: { "if-match": String(version) } });
    const base = { material: "poster", frameType: "holzrahmen" };
    for (const wrong of [
      { ...base, frameColour: "angular-gold" },
      { ...base, frameColour: "black", glass: "float-glass" },
      { ...base, frameType: "alurahmen", frameColour: "round-black" },
      { material: "hahnemuehle", frameType: "holzrahmen", frameColour: "black" },
    ])
      expect((await save(reframed(wrong), now.version)).status, JSON.stringify(wrong)).toBe(422);
    const black = { ...base, frameColour: "black", matType: "mat-none", glass: "museum-acrylic" };
    expect((await save(reframed(black), now.version)).status).toBe(200);
    const reread = (await (await send("GET", url, { cookie })).json()) as Design;
    expect(reread.document.product.options).toEqual(black);
    // Without the mat: 290 x 390 visible in a 20 mm black frame, 330 x 430 mm.
    const blackProof = await sharp(
      await bytes(await send("GET", `${url}/proof/1.jpg?width=330`, { cookie })),
    )
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([blackProof.info.width, blackProof.info.height]).toEqual([330, 430]);
    const pixel = (x: number, y: number) => {
      const i = (y * blackProof.info.width + x) * blackProof.info.channels;
      return [...blackProof.data.subarray(i, i + 3)];
    };
    expect(near(pixel(5, 215), [0x1a, 0x1a, 0x1a]), `frame ${pixel(5, 215)}`).toBe(true);
    expect(near(pixel(25, 215), [0x30, 0x60, 0xc0]), `picture ${pixel(25, 215)}`).toBe(true);
  }, 120_000);
});

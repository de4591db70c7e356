/**
 * The toolbox through the shop API on PGlite and PostgreSQL, with real images made by
 * sharp: optimised for print, converted, made into a PDF, downloaded for an hour; input
 * that is no image, too large or too much is refused with the status that says so.
 */
import { utimes } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Hono } from "hono";
import { createApi } from ".";
import { clientAddressOf } from "../middleware/clientAddress";
import { toolboxFiles } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { TOOLBOX_LIMITS } from "../../domain/toolbox";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { pngHeaderOnly } from "../images/testImages";
import { createDiskStorage } from "../studio/storage";
import { createTestServices } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

/** A 300 × 200 PNG, half transparent. */
const transparentPng = () =>
  sharp({
    create: {
      width: 300,
      height: 200,
      channels: 4,
      background: { r: 200, g: 40, b: 40, alpha: 0.5 },
    },
  })
    .png()
    .toBuffer();

/** A 300 × 200 JPEG a camera held upright marks with EXIF orientation 6 (turn 90°). */
const sidewaysJpeg = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: "#3366aa" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

describe.each(TEST_DATABASES)("the toolbox on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: Hono;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database);
    // The caller's address as the shop sees it behind a proxy it trusts (the test has no socket).
    api = new Hono();
    api.use(clientAddressOf(["unknown"]));
    api.route("/", createApi(services, storefront));
  });
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  const post = (
    operation: string,
    fields: [string, Buffer | string, string?][],
    options: { json?: boolean; host?: string; address?: string } = {},
  ) => {
    const form = new FormData();
    for (const [name, value, filename] of fields) {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, new File([new Uint8Array(value)], filename ?? "photo.png"));
    }
    const host = options.host ?? "localhost";
    return api.request(`http://${host}/web-api/toolbox-${operation}`, {
      method: "POST",
      headers: {
        host,
        ...(options.json === false ? {} : { accept: "application/json" }),
        "x-forwarded-for": options.address ?? "192.0.2.10",
      },
      body: form,
    });
  };
  const download = (url: string, host = "localhost") =>
    api.request(`http://${host}${url}`, { headers: { host } });

  it("optimises an image for print: upright, sRGB, 300 dpi, a JPEG on white, kept to download", async () => {
    const response = await post("optimize-image", [
      ["file", await transparentPng(), "Ferien am Meer.png"],
    ]);
    expect(response.status).toBe(201);
    const result = await response.json();
    expect(result).toMatchObject({
      filename: "Ferien-am-Meer-print.jpg",
      contentType: "image/jpeg",
      width: 300,
      height: 200,
    });
    expect(result.downloadUrl).toMatch(/^\/web-api\/toolbox-download\?id=[\w-]{32}$/);
    const file = await download(result.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("content-disposition")).toContain(
      'attachment; filename="Ferien-am-Meer-print.jpg"',
    );
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(result.bytes);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({
      format: "jpeg",
      density: 300,
      space: "srgb",
      hasAlpha: false,
    });
    const [r, g, b] = (
      await sharp(bytes).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer()
    ).values();
    // Half-transparent red on white is light red.
    expect(r).toBeGreaterThan(200);
    expect(g).toBeGreaterThan(120);
    expect(b).toBeGreaterThan(120);
  });

  it("turns a photo the camera marked as sideways upright", async () => {
    const result = await (
      await post("optimize-image", [["file", await sidewaysJpeg(), "IMG_1.jpg"]])
    ).json();
    expect([result.width, result.height]).toEqual([200, 300]);
  });

  it("converts an image to PNG or WebP and refuses another target", async () => {
    const source = await sidewaysJpeg();
    for (const to of ["png", "webp"] as const) {
      const result = await (
        await post("convert-file", [
          ["file", source, "IMG_1.jpg"],
          ["to", to],
        ])
      ).json();
      expect(result.filename).toBe(`IMG_1.${to}`);
      const bytes = Buffer.from(await (await download(result.downloadUrl)).arrayBuffer());
      expect((await sharp(bytes).metadata()).format).toBe(to);
    }
    const wrong = await post("convert-file", [
      ["file", source],
      ["to", "bmp"],
    ]);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).detail).toContain("jpeg, png, webp");
  });

  it("makes a PDF of several images, one A4 page each turned the image's way", async () => {
    const response = await post("convert-pdf", [
      ["files", await transparentPng(), "Erstes Bild.png"],
      ["files", await sidewaysJpeg(), "zweites.jpg"],
    ]);
    expect(response.status).toBe(201);
    const result = await response.json();
    expect(result).toMatchObject({
      filename: "Erstes-Bild.pdf",
      contentType: "application/pdf",
      pages: 2,
    });
    const bytes = await (await download(result.downloadUrl)).arrayBuffer();
    const pdf = await PDFDocument.load(bytes);
    const [first, second] = pdf.getPages().map((page) => page.getSize());
    expect(first!.width).toBeGreaterThan(first!.height);
    expect(Math.round(first!.width)).toBe(842);
    expect(second!.height).toBeGreaterThan(second!.width);
  });

  it("sends a plain form post (no script) on to the download", async () => {
    const response = await post("optimize-image", [["file", await transparentPng()]], {
      json: false,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/web-api\/toolbox-download\?id=/);
  });

  it("refuses what is not an image, no file, too many images, too large files and too many pixels", async () => {
    const text = await post("optimize-image", [["file", Buffer.from("not a photo"), "notes.txt"]]);
    expect(text.status).toBe(415);
    const svg = await post("optimize-image", [
      [
        "file",
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        "x.svg",
      ],
    ]);
    expect(svg.status).toBe(415);
    expect((await post("optimize-image", [])).status).toBe(400);
    const png = await transparentPng();
    const many = await post(
      "convert-pdf",
      Array.from({ length: 21 }, () => ["files", png] as [string, Buffer]),
    );
    expect(many.status).toBe(400);
    const large = await post("optimize-image", [
      ["file", Buffer.alloc(TOOLBOX_LIMITS.maxFileBytes + 1)],
    ]);
    expect(large.status).toBe(413);
    const huge = await post("optimize-image", [
      ["file", pngHeaderOnly(12_000, 10_000), "huge.png"],
    ]);
    expect(huge.status).toBe(413);
    expect((await huge.json()).detail).toContain("megapixels");
  });

  it("hands a result out only on its brand's hosts, and not after it expired", async () => {
    const result = await (await post("optimize-image", [["file", await transparentPng()]])).json();
    expect((await download(result.downloadUrl, "wallart.localhost")).status).toBe(404);
    expect((await download("/web-api/toolbox-download?id=not-a-real-id")).status).toBe(404);
    await database.db
      .update(toolboxFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(toolboxFiles.id, result.id));
    expect((await download(result.downloadUrl)).status).toBe(404);
    // The next result sweeps it away.
    await post("optimize-image", [["file", await transparentPng()]]);
    expect(
      await database.db.select().from(toolboxFiles).where(eq(toolboxFiles.id, result.id)),
    ).toEqual([]);
  });

  it("keeps a result's bytes in the file storage, not in its row, and the hourly pass deletes both", async () => {
    const result = await (await post("optimize-image", [["file", await transparentPng()]])).json();
    const [row] = await database.db
      .select()
      .from(toolboxFiles)
      .where(eq(toolboxFiles.id, result.id));
    expect(row!.data.length).toBe(0);
    const stored = await createDiskStorage(services.env.STUDIO_DIR).get(`toolbox/${result.id}`);
    expect(stored?.length).toBe(result.bytes);
    const downloaded = await download(result.downloadUrl);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(stored!)).toBe(true);
    // Two hours and more later the row is gone, and the file with it.
    const later = new Date(Date.now() + TOOLBOX_LIMITS.keepMs + 2 * 60 * 60 * 1000 + 60_000);
    const file = path.join(services.env.STUDIO_DIR, "toolbox", result.id);
    await utimes(
      file,
      new Date(Date.now() - 3 * 60 * 60 * 1000),
      new Date(Date.now() - 3 * 60 * 60 * 1000),
    );
    expect((await services.toolbox.prune(later)).files).toBeGreaterThanOrEqual(1);
    expect(await createDiskStorage(services.env.STUDIO_DIR).get(`toolbox/${result.id}`)).toBeNull();
  });

  it(`refuses more than ${TOOLBOX_LIMITS.perAddressPerHour} operations from one address in an hour, counting only files that passed their header check`, async () => {
    const address = "198.51.100.77";
    const note = Buffer.from("x");
    const tiny = await sharp({
      create: { width: 2, height: 2, channels: 3, background: "#abcdef" },
    })
      .png()
      .toBuffer();
    // Refused from the header: answered, never counted.
    for (let i = 0; i < 3; i += 1) {
      expect((await post("optimize-image", [["file", note]], { address })).status).toBe(415);
    }
    for (let i = 0; i < TOOLBOX_LIMITS.perAddressPerHour; i += 1) {
      expect((await post("optimize-image", [["file", tiny]], { address })).status).toBe(201);
    }
    expect((await post("optimize-image", [["file", tiny]], { address })).status).toBe(429);
    // What is no image is still told so: the header check comes before the count.
    expect((await post("optimize-image", [["file", note]], { address })).status).toBe(415);
    expect(
      (await post("optimize-image", [["file", tiny]], { address: "198.51.100.78" })).status,
    ).toBe(201);
  });
});

/**
 * The studio's photos through the shop API on PGlite and PostgreSQL: a visitor hands in
 * photos (kept upright, without their camera metadata, with a screen copy and a small copy),
 * the same file again is the same photo, another owner never sees them, refusals come from
 * the header before decoding and are said in the shopper's language, and at log-in the
 * visitor's photos become the customer's.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { MAX_REQUEST_BODY_BYTES } from "../middleware/errors";
import { createShop } from "../app";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { pngHeaderOnly } from "../images/testImages";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";
import { loggedInCustomer } from "../testing/customers";
import { createTestServices } from "../testing/services";
import { createStudioStorage } from "../studio/storage";
import { createStudioPhotos } from "../studio/photos";
import { createImageGate, ImageBusy, type ImageGate } from "../images/gate";
import { loadTestServerBuild, loadTestStorefront } from "../testing/shop";

let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

/**
 * A 3000 × 2000 photo a camera held upright marks as sideways (EXIF orientation 6), with
 * the camera's name in its EXIF and a Display P3 colour profile.
 */
const cameraPhoto = (colour = "#3a7d44") =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: colour } })
    .withIccProfile("p3")
    .withExif({ IFD0: { Make: "Phone", Model: "Camera 15" } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();

/** The start of an iPhone HEIC file (an ISO media box of brand "heic"), then noise. */
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
  Buffer.alloc(2048, 7),
]);

describe.each(TEST_DATABASES)("studio photos on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;

  const send = (
    method: string,
    path: string,
    options: { cookie?: string; host?: string; body?: BodyInit } = {},
  ) => {
    const host = options.host ?? "localhost";
    return api.request(`http://${host}${path}`, {
      method,
      headers: { host, ...(options.cookie ? { cookie: options.cookie } : {}) },
      body: options.body,
    });
  };
  const upload = (
    data: Buffer,
    options: { cookie?: string; host?: string; name?: string } = {},
  ) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(data)], options.name ?? "urlaub.jpg"));
    return send("POST", "/web-api/studio/photos", { ...options, body: form });
  };
  /** The visitor key cookie an answer gave ("visitor_key=…"). */
  const visitorCookie = (response: Response) =>
    /visitor_key=[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0] ?? "";

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database);
    api = createApi(services, storefront);
  });
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  it("keeps a photo upright without its camera metadata, with a screen copy, for its owner only", async () => {
    const handedIn = await upload(await cameraPhoto());
    expect(handedIn.status).toBe(201);
    const cookie = visitorCookie(handedIn);
    expect(cookie).not.toBe("");
    const photo = (await handedIn.json()) as { id: string; width: number; height: number };
    // Turned upright: the sideways 3000 × 2000 is 2000 wide and 3000 high; the answer is the
    // photo as the list says it, with its copies' sizes.
    expect(photo).toMatchObject({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      width: 2000,
      height: 3000,
      screenWidth: 1365,
      screenHeight: 2048,
      thumbWidth: 213,
      thumbHeight: 320,
    });

    const original = await sharp(await services.studioPhotos.original(photo.id)).metadata();
    expect(original).toMatchObject({ format: "jpeg", width: 2000, height: 3000 });
    expect(original.orientation).toBeUndefined();
    // No EXIF (camera, GPS position) kept; the colour profile stays for printing.
    expect(original.exif).toBeUndefined();
    expect(original.icc).toBeDefined();

    const listed = await send("GET", "/web-api/studio/photos", { cookie });
    expect(listed.headers.get("cache-control")).toBe("private, no-store");
    const { photos } = (await listed.json()) as { photos: { id: string; screen: string }[] };
    expect(photos).toEqual([photo]);

    const screen = await send("GET", photos[0]!.screen, { cookie });
    expect(screen.status).toBe(200);
    expect(screen.headers.get("content-type")).toBe("image/jpeg");
    expect(screen.headers.get("cache-control")).toMatch(/^private/);
    const shown = await sharp(Buffer.from(await screen.arrayBuffer())).metadata();
    expect([shown.width, shown.height]).toEqual([1365, 2048]);
    expect(shown.exif).toBeUndefined();

    // Another visitor knows nothing of it.
    const stranger = visitorCookie(await upload(await cameraPhoto("#884422")));
    expect((await send("GET", photos[0]!.screen, { cookie: stranger })).status).toBe(404);
    expect(
      (await send("DELETE", `/web-api/studio/photos/${photo.id}`, { cookie: stranger })).status,
    ).toBe(404);
    const theirs = (await (
      await send("GET", "/web-api/studio/photos", { cookie: stranger })
    ).json()) as {
      photos: { id: string }[];
    };
    expect(theirs.photos.map((p) => p.id)).not.toContain(photo.id);
    // Without any key there is nothing.
    expect((await send("GET", photos[0]!.screen)).status).toBe(404);
  });

  it("keeps a small copy for the page strip and the tray, made again for a photo kept without one", async () => {
    const handedIn = await upload(await cameraPhoto("#5a6b7c"));
    const cookie = visitorCookie(handedIn);
    const { id } = (await handedIn.json()) as { id: string };
    const listed = (await (await send("GET", "/web-api/studio/photos", { cookie })).json()) as {
      photos: { id: string; thumb: string; thumbWidth: number; thumbHeight: number }[];
    };
    const photo = listed.photos.find((p) => p.id === id)!;
    // The upright 2000 × 3000 photo's screen copy is 1365 × 2048; its small copy 213 × 320.
    expect(photo).toMatchObject({
      thumb: `/web-api/studio/photos/${id}/screen?size=small`,
      thumbWidth: 213,
      thumbHeight: 320,
    });
    const small = async () => {
      const answer = await send("GET", photo.thumb, { cookie });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/jpeg");
      expect(answer.headers.get("cache-control")).toMatch(/^private, max-age=\d+, immutable$/);
      return sharp(Buffer.from(await answer.arrayBuffer())).metadata();
    };
    expect(await small()).toMatchObject({ format: "jpeg", width: 213, height: 320 });
    // Only its owner sees it: not without a key, not another visitor.
    expect((await send("GET", photo.thumb)).status).toBe(404);
    const stranger = visitorCookie(await upload(await cameraPhoto("#7c6b5a")));
    expect(stranger).not.toBe("");
    expect((await send("GET", photo.thumb, { cookie: stranger })).status).toBe(404);
    // There is no other size: the query is refused as the schema says, in the one shape.
    const huge = await send("GET", `/web-api/studio/photos/${id}/screen?size=huge`, { cookie });
    expect(huge.status).toBe(400);
    expect(huge.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await huge.json()).toMatchObject({
      error: "invalid_request",
      errors: { size: expect.any(String) },
    });

    // A photo kept before small copies were made has none: the first request makes it.
    const storage = createStudioStorage(services.env);
    await storage.delete(`photos/${id}/thumb`);
    expect(await small()).toMatchObject({ width: 213, height: 320 });
    expect(await storage.get(`photos/${id}/thumb`)).not.toBeNull();

    expect((await send("DELETE", `/web-api/studio/photos/${id}`, { cookie })).status).toBe(204);
    expect(await storage.get(`photos/${id}/thumb`)).toBeNull();
  });

  it("answers the screen copy, not kept, for a small copy it cannot make while images are busy", async () => {
    const handedIn = await upload(await cameraPhoto("#4b5c6d"));
    const cookie = visitorCookie(handedIn);
    const { id } = (await handedIn.json()) as { id: string };
    const storage = createStudioStorage(services.env);
    await storage.delete(`photos/${id}/thumb`);
    // Every decode turned away, as when a strip of old photos asks for all of theirs at once.
    const busy = Object.create(createImageGate()) as ImageGate;
    busy.decode = () => Promise.reject(new ImageBusy(5));
    const studioPhotos = createStudioPhotos({ db: database.db, storage, gate: busy });
    const atCapacity = createApi({ ...services, studioPhotos }, storefront);
    const answer = await atCapacity.request(
      `http://localhost/web-api/studio/photos/${id}/screen?size=small`,
      { headers: { host: "localhost", cookie } },
    );
    // A picture that failed to load stays broken: the screen copy stands in, and is not
    // kept under the small copy's address so that a later page gets the small one.
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/jpeg");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const shown = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
    expect([shown.width, shown.height]).toEqual([1365, 2048]);
    expect(await storage.get(`photos/${id}/thumb`)).toBeNull();
  });

  it("answers the photo kept before when its owner hands in the same file again", async () => {
    const file = await cameraPhoto("#123456");
    const first = await upload(file);
    const cookie = visitorCookie(first);
    const again = await upload(file, { cookie });
    expect(again.status).toBe(200);
    expect(await again.clone().json()).toEqual(await first.json());
    // Someone else's same file is their own photo.
    const other = await upload(file);
    expect(other.status).toBe(201);
    const ids = [
      (await other.json()) as { id: string },
      (await again.clone().json()) as { id: string },
    ];
    expect(ids[0]!.id).not.toBe(ids[1]!.id);
  });

  it("deletes a photo and its files", async () => {
    const handedIn = await upload(await cameraPhoto("#abcdef"));
    const cookie = visitorCookie(handedIn);
    const { id } = (await handedIn.json()) as { id: string };
    expect((await send("DELETE", `/web-api/studio/photos/${id}`, { cookie })).status).toBe(204);
    expect((await send("GET", `/web-api/studio/photos/${id}/screen`, { cookie })).status).toBe(404);
    await expect(services.studioPhotos.original(id)).rejects.toThrow();
    expect((await send("DELETE", `/web-api/studio/photos/${id}`, { cookie })).status).toBe(404);
  });

  it("refuses a file that is no image, in the shopper's language", async () => {
    const german = await upload(Buffer.from("%PDF-1.7 not a photo"), { name: "brief.pdf" });
    expect(german.status).toBe(415);
    expect(german.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await german.json()).toMatchObject({
      error: "not_an_image",
      detail: expect.stringMatching(/kein Foto/),
    });
    const english = await upload(Buffer.from("not a photo"), { host: "gb.cards.localhost" });
    expect(await english.json()).toMatchObject({
      detail: expect.stringMatching(/not a photo we can read/),
    });
    const heic = await upload(HEIC, { name: "IMG_0001.HEIC", host: "fr.cards.localhost" });
    expect(heic.status).toBe(415);
    expect(await heic.json()).toMatchObject({
      error: "heic_unsupported",
      detail: expect.stringMatching(/JPEG/),
    });
    const empty = await upload(Buffer.alloc(0));
    expect(empty.status).toBe(400);
  });

  it("refuses a 30,000 px side or 108 megapixels from the header, before decoding", async () => {
    // These PNGs are only headers: a decode would fail as "not an image"; the size answers first.
    const wide = await upload(pngHeaderOnly(30_000, 100), { name: "panorama.png" });
    expect(wide.status).toBe(413);
    expect(await wide.json()).toMatchObject({ error: "side_too_long" });
    const bomb = await upload(pngHeaderOnly(12_000, 9_000), { name: "bomb.png" });
    expect(bomb.status).toBe(413);
    expect(await bomb.json()).toMatchObject({
      error: "too_many_pixels",
      detail: expect.stringMatching(/100 Megapixel/),
    });
  });

  it("takes a photo larger than the shop's limit for other requests through the whole app", async () => {
    const shop = await createShop({
      env: services.env,
      build: await loadTestServerBuild(),
      services,
    });
    const file = await sharp({
      create: {
        width: 2000,
        height: 1500,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 98 })
      .toBuffer();
    expect(file.length).toBeGreaterThan(MAX_REQUEST_BODY_BYTES);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(file)], "gross.jpg"));
    const answer = await shop.app.request("http://localhost/web-api/studio/photos", {
      method: "POST",
      headers: { host: "localhost" },
      body: form,
    });
    expect(answer.status).toBe(201);
    // The shop's cache rules keep the answers the shopper's own.
    const cookie = visitorCookie(answer);
    const { id } = (await answer.json()) as { id: string };
    const ask = (path: string) =>
      shop.app.request(`http://localhost${path}`, { headers: { host: "localhost", cookie } });
    const list = await ask("/web-api/studio/photos");
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const screen = await ask(`/web-api/studio/photos/${id}/screen`);
    expect(screen.status).toBe(200);
    expect(screen.headers.get("cache-control")).toMatch(/^private, max-age=\d+, immutable$/);
  }, 60_000);

  it("refuses a file over 50 MB without reading it", async () => {
    const large = await upload(Buffer.alloc(51 * 1024 * 1024, 1));
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: "too_large" });
  });

  it("moves a visitor's photos to the account at log-in", async () => {
    const email = `studio-${kind}@example.de`;
    // An account (logged in elsewhere), then a visitor who hands in a photo and logs in.
    await loggedInCustomer(services, api, { email, firstName: "Mia", lastName: "Sonne" });
    const handedIn = await upload(await cameraPhoto("#fedcba"));
    const visitor = visitorCookie(handedIn);
    const { id } = (await handedIn.json()) as { id: string };
    const logIn = await api.request("http://localhost/web-api/customer-login", {
      method: "POST",
      headers: { host: "localhost", "content-type": "application/json", cookie: visitor },
      body: JSON.stringify({ email, password: "Winterwald-Kerze-42" }),
    });
    expect(logIn.status).toBe(200);
    const session = (logIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const listOf = async (cookie: string) =>
      (
        (await (await send("GET", "/web-api/studio/photos", { cookie })).json()) as {
          photos: { id: string }[];
        }
      ).photos.map((p) => p.id);
    expect(await listOf(session)).toEqual([id]);
    expect(await listOf(visitor)).toEqual([]);
    // The customer's photo, with the session only.
    expect(
      (await send("GET", `/web-api/studio/photos/${id}/screen`, { cookie: session })).status,
    ).toBe(200);
  });
});

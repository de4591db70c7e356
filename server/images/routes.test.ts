import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_TIERS } from "../../config/cache";
import { imageRoutes } from "./routes";
import { createImageService } from "./service";
import { pngHeaderOnly } from "./testImages";

let root: string;
let cacheDir: string;
let app: ReturnType<typeof imageRoutes>;
let service: ReturnType<typeof createImageService>;
const errors: unknown[] = [];

/** A 1200x800 photo-like JPEG: a red left half and a blue right half. */
async function photo(): Promise<Buffer> {
  const half = { width: 600, height: 800, channels: 3 as const };
  const left = await sharp({ create: { ...half, background: "#d02040" } })
    .png()
    .toBuffer();
  const right = await sharp({ create: { ...half, background: "#2040d0" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: "#000" } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: 600, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function request(url: string, init?: RequestInit) {
  return app.request(url, init);
}

async function imageOf(response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  return { body, meta: await sharp(body).metadata() };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "images-"));
  const assets = path.join(root, "assets");
  cacheDir = path.join(root, "cache");
  await mkdir(path.join(assets, "cards"), { recursive: true });
  await writeFile(path.join(assets, "cards", "photo.jpg"), await photo());
  await writeFile(
    path.join(assets, "cards", "logo.png"),
    await sharp({ create: { width: 100, height: 50, channels: 4, background: "#0000" } })
      .png()
      .toBuffer(),
  );
  await writeFile(
    path.join(assets, "cards", "badge.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="73" height="32"><rect width="73" height="32" fill="#1a1f71"/></svg>',
  );
  await writeFile(path.join(assets, "cards", "broken.jpg"), "this is not a JPEG");
  await writeFile(path.join(assets, "cards", "clip.webm"), Buffer.alloc(1000, 7));
  await writeFile(path.join(root, "secret.jpg"), await photo());
  service = createImageService({
    assetsDir: assets,
    cacheDir,
    onError: (error) => errors.push(error),
  });
  app = imageRoutes(service);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("originals at /a/{channel}/{file}", () => {
  it("serves the file with its type, a validator and a day of caching", async () => {
    const response = await request("/a/cards/photo.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toContain("max-age=86400");
    const { meta } = await imageOf(response);
    expect([meta.width, meta.height]).toEqual([1200, 800]);

    const again = await request("/a/cards/photo.jpg", {
      headers: { "if-none-match": response.headers.get("etag") ?? "" },
    });
    expect(again.status).toBe(304);
  });

  it("serves byte ranges (for video seeking)", async () => {
    const response = await request("/a/cards/clip.webm", { headers: { range: "bytes=10-19" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect(response.headers.get("content-range")).toBe("bytes 10-19/1000");
    expect((await response.arrayBuffer()).byteLength).toBe(10);
    const bad = await request("/a/cards/clip.webm", { headers: { range: "bytes=5000-" } });
    expect(bad.status).toBe(416);
  });

  it("keeps SVG files from running scripts when opened directly", async () => {
    const response = await request("/a/cards/badge.svg");
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
  });

  it.each([
    "/a/cards/missing.jpg",
    "/a/cards/..%2Fsecret.jpg",
    "/a/cards/%2e%2e%2fsecret.jpg",
    "/a/cards/photo.JPG",
    "/a/cards/.photo.jpg",
    "/a/nochannel/photo.jpg",
  ])("answers %s with a JSON 404", async (url) => {
    const response = await request(url);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: "not_found" });
  });
});

describe("resized images at /_img/…", () => {
  it("refuses a render whose output would exceed 4000 px on a side, whatever the fit", async () => {
    // fit-outside covers the 1×4000 box uncut: the 73×32 badge would become 9125×4000.
    const huge = await request("/_img/1x4000/fit-outside/filters:format(webp)/a/cards/badge.svg");
    expect(huge.status).toBe(422);
    expect((await huge.json()).detail).toMatch(/9125×4000 px/);
    expect((await request("/_img/4000x0/a/cards/badge.svg")).status).toBe(200);
    expect((await request("/_img/0x4000/a/cards/badge.svg")).status).toBe(422);
  });

  it("answers 503 with Retry-After while the renderer is saturated", async () => {
    const busy = createImageService({
      assetsDir: path.join(root, "assets"),
      cacheDir: path.join(root, "busy-cache"),
      // No place free and none to wait in: every render is refused (the limiter's own
      // tests show when places free up).
      renderLimits: { concurrency: 0, maxQueue: 0, timeoutMs: 1000 },
    });
    const refused = await imageRoutes(busy).request("/_img/300x0/a/cards/photo.jpg");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(refused.headers.get("cache-control")).toBe(CACHE_TIERS.never);
  });

  it("returns a webp of the requested width, then serves the same request from the disk cache", async () => {
    const url = "/_img/300x0/a/cards/photo.jpg";
    const first = await request(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe(CACHE_TIERS.immutable);
    expect(first.headers.get("x-image-cache")).toBe("miss");
    const { meta, body } = await imageOf(first);
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 300, 200]);

    const second = await request(url);
    expect(second.headers.get("x-image-cache")).toBe("hit");
    expect(Buffer.from(await second.arrayBuffer()).equals(body)).toBe(true);

    const files = (await readdir(cacheDir, { recursive: true })).filter((f) => f.endsWith(".webp"));
    expect(files.length).toBeGreaterThanOrEqual(1);
  });

  it("renders the same image once when it is asked for twice at the same time", async () => {
    const url = "/_img/333x111/a/cards/photo.jpg";
    const [a, b] = await Promise.all([request(url), request(url)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await request(url);
    expect(third.headers.get("x-image-cache")).toBe("hit");
  });

  it("chooses jpeg for a browser that does not take webp, and says the answer varies by Accept", async () => {
    const response = await request("/_img/200x200/a/cards/photo.jpg", {
      headers: { accept: "image/jpeg,image/png" },
    });
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("vary")).toBe("Accept");
    const { meta } = await imageOf(response);
    expect([meta.width, meta.height]).toEqual([200, 200]);
  });

  it("chooses png for a transparent source when webp is not accepted", async () => {
    const response = await request("/_img/50x0/a/cards/logo.png", {
      headers: { accept: "image/png" },
    });
    expect(response.headers.get("content-type")).toBe("image/png");
  });

  it("answers avif to a browser that takes it, cached apart from the webp, and varies by Accept", async () => {
    const url = "/_img/400x0/a/cards/photo.jpg";
    const avif = await request(url, {
      headers: { accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" },
    });
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toBe("Accept");
    const { meta, body } = await imageOf(avif);
    expect([meta.format, meta.width]).toEqual(["heif", 400]);
    const webp = await request(url, { headers: { accept: "image/webp" } });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect((await imageOf(webp)).body.equals(body)).toBe(false);
  });

  it("keeps an explicit format whatever the browser accepts", async () => {
    const response = await request("/_img/100x0/filters:format(png)/a/cards/photo.jpg", {
      headers: { accept: "image/webp" },
    });
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("vary")).toBeNull();
  });

  it("renders the blurred 10x10 placeholder", async () => {
    const response = await request("/_img/10x10/filters:quality(50):blur(3)/a/cards/photo.jpg");
    const { meta } = await imageOf(response);
    expect([meta.width, meta.height]).toEqual([10, 10]);
  });

  it("crops around a focal area", async () => {
    // The focal area lies in the blue right half: a narrow crop around it shows only blue.
    const response = await request(
      "/_img/50x100/filters:format(png):focal(1000x300:1100x400)/a/cards/photo.jpg",
    );
    const { data } = await sharp(Buffer.from(await response.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [r, , b] = [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
    expect(b).toBeGreaterThan(150);
    expect(r).toBeLessThan(80);
  });

  it("fits inside the box with fit-in and a fill colour", async () => {
    const response = await request("/_img/300x300/fit-in/filters:fill(ffffff)/a/cards/photo.jpg");
    const { meta } = await imageOf(response);
    expect([meta.width, meta.height]).toEqual([300, 300]);
  });

  it("applies rotation and greyscale", async () => {
    const response = await request(
      "/_img/300x0/filters:rotate(90):grayscale():format(png)/a/cards/photo.jpg",
    );
    const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([200, 300]);
    const [r, g, b] = [data[0], data[1], data[2]];
    expect(r).toBe(g);
    expect(g).toBe(b);
  });

  it("rasterises an SVG at the requested size", async () => {
    const response = await request("/_img/146x64/filters:quality(100)/a/cards/badge.svg");
    const { meta } = await imageOf(response);
    expect([meta.width, meta.height]).toEqual([146, 64]);
  });

  it.each([
    ["/_img/300x0/preset:hero/a/cards/photo.jpg", /Unknown image preset "hero"/],
    ["/_img/300x0/https:/evil.example/x.jpg", /Unknown image provider/],
    ["/_img/300x0/filters:sepia()/a/cards/photo.jpg", /Unknown image filter/],
    ["/_img/9999x0/a/cards/photo.jpg", /Invalid image width/],
    ["/_img/abc/a/cards/photo.jpg", /starts with the size/],
  ])("answers %s with a clear 400", async (url, message) => {
    const response = await request(url);
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe(CACHE_TIERS.never);
    const body = (await response.json()) as { detail: string };
    expect(body.detail).toMatch(message);
  });

  it("answers a missing asset with 404 and a file that is no image with 415", async () => {
    expect((await request("/_img/300x0/a/cards/missing.jpg")).status).toBe(404);
    expect((await request("/_img/300x0/a/cards/clip.webm")).status).toBe(415);
    const broken = await request("/_img/300x0/a/cards/broken.jpg");
    expect(broken.status).toBe(415);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("refuses an original larger than the asset store takes from its header, with 413", async () => {
    // 12000 × 6000 claims 72 megapixels behind a few bytes: nothing is decoded.
    await writeFile(path.join(root, "assets", "cards", "huge.png"), pngHeaderOnly(12_000, 6000));
    const huge = await request("/_img/300x0/a/cards/huge.png");
    expect(huge.status).toBe(413);
    expect((await huge.json()).detail).toMatch(/at most 60 megapixels/);
  });

  it("answers anything but GET with 405", async () => {
    expect((await request("/_img/300x0/a/cards/photo.jpg", { method: "POST" })).status).toBe(405);
  });
});

describe("asset metadata", () => {
  it("reads the size and ratio of an image", async () => {
    expect(await service.meta("/a/cards/photo.jpg")).toEqual({
      width: 1200,
      height: 800,
      ratio: 1.5,
    });
  });

  it.each([
    ["an unreadable file", "/a/cards/broken.jpg"],
    ["a missing file", "/a/cards/missing.jpg"],
    ["a file outside the asset store", "/a/cards/../secret.jpg"],
    ["a URL", "https://evil.example/a/cards/photo.jpg"],
  ])("gives width 0, height 0 and ratio 0 for %s", async (_name, filename) => {
    expect(await service.meta(filename)).toEqual({ width: 0, height: 0, ratio: 0 });
  });
});

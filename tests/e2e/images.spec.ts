/**
 * The image service over HTTP on the built server: originals from the asset store, the
 * resizing path (webp of the right size, served from the disk cache the second time,
 * immutable), format negotiation and the 4xx answers for bad input.
 */
import sharp from "sharp";
import { expect, PORT, test, url } from "./fixtures";

const api = (target: string) => `http://127.0.0.1:${PORT}${target}`;

test.describe("image service", () => {
  test("returns a resized webp of the requested width, then serves the same request from the cache", async ({
    request,
  }) => {
    const target = api("/_img/320x0/a/cards/photo-calendar.jpg");
    const first = await request.get(target);
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toBe("image/webp");
    expect(first.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(first.headers()["x-image-cache"]).toBe("miss");
    const body = await first.body();
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 320, 320]);

    const second = await request.get(target);
    expect(second.headers()["x-image-cache"]).toBe("hit");
    expect((await second.body()).equals(body)).toBe(true);
    expect(second.headers()["etag"]).toBe(first.headers()["etag"]);
  });

  test("answers with jpeg to a browser that does not accept webp", async ({ request }) => {
    const response = await request.get(api("/_img/200x150/smart/a/wallart/canvas-print.jpg"), {
      headers: { Accept: "image/jpeg,image/png;q=0.8" },
    });
    expect(response.headers()["content-type"]).toBe("image/jpeg");
    expect(response.headers()["vary"]).toContain("Accept");
    const meta = await sharp(await response.body()).metadata();
    expect([meta.width, meta.height]).toEqual([200, 150]);
  });

  test("applies quality, blur and format filters like Storyblok's image service", async ({
    request,
  }) => {
    const response = await request.get(
      api("/_img/10x10/filters:quality(50):blur(3):format(png)/a/cards/photo-book.jpg"),
    );
    expect(response.headers()["content-type"]).toBe("image/png");
    const meta = await sharp(await response.body()).metadata();
    expect([meta.width, meta.height]).toEqual([10, 10]);
  });

  const BAD_REQUESTS = [
    ["/_img/300x0/preset:banner/a/cards/photo-book.jpg", 400, /Unknown image preset "banner"/],
    ["/_img/300x0/https:/evil.example/x.jpg", 400, /Unknown image provider/],
    ["/_img/300x0/filters:sepia()/a/cards/photo-book.jpg", 400, /Unknown image filter "sepia"/],
    ["/_img/99999x0/a/cards/photo-book.jpg", 400, /Invalid image width/],
    ["/_img/300x0/a/cards/no-such-file.jpg", 404, /No such asset/],
    ["/_img/300x0/a/cards/brand-film.webm", 415, /Only images/],
    ["/a/cards/..%2f..%2fpackage.json", 404, /No such asset/],
  ] as const;
  test("answers each bad request with its 4xx and a problem document that says what is wrong", async ({
    request,
  }) => {
    for (const [path, status, message] of BAD_REQUESTS) {
      const response = await request.get(api(path));
      expect(response.status(), path).toBe(status);
      expect(response.headers()["content-type"], path).toContain("application/problem+json");
      const problem = await response.json();
      expect(problem.status, path).toBe(status);
      expect(problem.detail, path).toMatch(message);
    }
  });

  test("serves originals, with byte ranges for videos", async ({ request }) => {
    const image = await request.get(api("/a/wallart/framed-print.jpg"));
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    const video = await request.get(api("/a/cards/brand-film.webm"), {
      headers: { Range: "bytes=0-99" },
    });
    expect(video.status()).toBe(206);
    expect(video.headers()["content-type"]).toBe("video/webm");
    expect((await video.body()).length).toBe(100);
  });

  test("every image of a page comes from the image service and loads", async ({ page, shop }) => {
    await shop.visit(url("wallart", "/leinwand/"));
    const images = page.locator("main img");
    const count = await images.count();
    expect(count).toBeGreaterThan(10);
    for (let i = 0; i < count; i++) {
      const img = images.nth(i);
      await img.scrollIntoViewIfNeeded();
      await expect(img).toHaveAttribute("src", /^\/_img\/\d+x\d+\//);
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);
    }
  });
});

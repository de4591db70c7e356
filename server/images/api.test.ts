import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { createApi } from "../api";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";
import type { Storefront } from "../storefront";

/** The app's storefront, as the server build hands it to the API. */
let storefront: Storefront;
beforeAll(async () => {
  storefront = await loadTestStorefront();
}, 60_000);

describe.each(TEST_DATABASES)("image routes in the shop API on %s", (kind) => {
  let database: TestDatabase;
  let api: ReturnType<typeof createApi>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    api = createApi(await createTestServices(database), storefront);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("serves an original of the seed assets", async () => {
    const response = await api.request("/a/wallart/canvas-print.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
  });

  it("resizes a seed asset", async () => {
    const response = await api.request("/_img/240x0/filters:format(webp)/a/cards/photo-book.jpg");
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", 240]);
  });

  it("answers an unknown image path with a JSON 400 before any page route", async () => {
    const response = await api.request("/_img/nonsense");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "bad_image_request" });
  });
});

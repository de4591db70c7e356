/**
 * Block images get their real width and height from the asset store the shop was
 * configured with ({CONTENT_DIR}/assets), not from a folder guessed from the working
 * directory: the content is served from a CONTENT_DIR outside the repository, whose
 * only image does not exist under ./content/assets.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { createTestServices } from "../testing/services";
import { createTestShop, loadTestStorefront, type TestShop } from "../testing/shop";
import type { ShopServices } from "../services";
import type { Storefront } from "../storefront";

const IMAGE = "/a/cards/elsewhere-only-640x480.png";

describe("block images with a CONTENT_DIR other than ./content", () => {
  let root: string;
  let database: TestDatabase;
  let services: ShopServices;
  let shop: TestShop;
  let storefront: Storefront;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "content-dir-"));
    const contentDir = path.join(root, "content");
    await mkdir(path.join(contentDir, "assets", "cards"), { recursive: true });
    await writeFile(
      path.join(contentDir, "assets", "cards", "elsewhere-only-640x480.png"),
      await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3a6" } })
        .png()
        .toBuffer(),
    );
    await mkdir(path.join(contentDir, "cards", "de-de"), { recursive: true });
    await writeFile(
      path.join(contentDir, "cards", "de-de", "bild.json"),
      JSON.stringify({
        name: "Bild",
        content: {
          component: "Page",
          metaTitle: "Ein Bild",
          body: [
            {
              component: "PhotoBlock",
              _uid: "photo-1",
              image: { filename: IMAGE, alt: "Ein grünes Bild" },
              caption: "Grün",
            },
          ],
        },
      }),
    );
    database = await openTestDatabase("pglite");
    services = await createTestServices(database, {
      CONTENT_DIR: contentDir,
      CONTENT_IMPORT_ON_START: "true",
      IMAGE_CACHE_DIR: path.join(root, "image-cache"),
    });
    shop = await createTestShop(services);
    storefront = await loadTestStorefront();
  }, 60_000);

  afterAll(async () => {
    await shop?.stop();
    services?.cms?.close();
    await database?.destroy();
    await rm(root, { recursive: true, force: true });
  });

  it("the CMS-page endpoint prepares the image with its size", async () => {
    const response = await createApi(services, storefront).request(
      "http://cards.localhost/web-api/cms/page/de-DE/bild",
    );
    expect(response.status).toBe(200);
    const { story } = await response.json();
    expect(story.content.body[0].image).toMatchObject({
      src: IMAGE,
      meta: { width: 640, height: 480, ratio: 640 / 480 },
    });
  });

  it("the page renders the image with its width and height", async () => {
    const response = await shop.app.request("http://localhost/bild", {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    const img = html.match(/<img[^>]*elsewhere-only-640x480[^>]*>/)?.[0] ?? "";
    expect(img).toMatch(/width="\d+"/);
    expect(img).not.toMatch(/width="0"|height="0"/);
    const [, width, height] = /width="(\d+)"[^>]*height="(\d+)"/.exec(img) ?? [];
    expect(Number(width) / Number(height)).toBeCloseTo(640 / 480, 2);
  });
});

// Resized images from the image service's disk cache beside a static file of similar size
// from the built client, both served by the shop.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, load } from "./load.js";
import { againstTarget } from "./report.js";

/** Cache hits should come at least this close to the rate of a static file. */
const TARGET_RATIO = 0.8;

/** What a browser asks for an <img>: the service picks the format by it. */
const IMAGE_ACCEPT = { accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" };

/** The file in build/client/assets whose size is closest to `bytes`. */
function staticFileNear(bytes) {
  const dir = path.resolve(process.env.BUILD_DIR ?? "build", "client", "assets");
  const files = readdirSync(dir).map((name) => ({
    path: `/assets/${name}`,
    size: statSync(path.join(dir, name)).size,
  }));
  return files.reduce((best, file) =>
    Math.abs(file.size - bytes) < Math.abs(best.size - bytes) ? file : best,
  );
}

/** The first image of the home page that goes through the image service, once asked for to fill its cache. */
async function warmImage(shop, host) {
  const home = (await shop.get(host, "/")).body.toString();
  const src = /<img[^>]+src="(\/_img\/[^"]+)"/.exec(home)?.[1];
  if (!src) return null;
  await shop.get(host, src, IMAGE_ACCEPT);
  const { headers, body } = await shop.get(host, src, IMAGE_ACCEPT);
  return { path: src, size: body.length, cache: headers["x-image-cache"] ?? "-" };
}

export async function imageSection(shop, host) {
  const title = "Image cache hits";
  const image = await warmImage(shop, host);
  if (!image) return { title, text: ["The home page has no image from the image service."] };
  const file = staticFileNear(image.size);
  const headers = shop.headers(host, IMAGE_ACCEPT);
  const imageLoad = await load(shop.url(image.path), headers);
  const fileLoad = await load(shop.url(file.path), headers);
  const ratio = imageLoad.rps / fileLoad.rps;
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  return {
    title,
    text: [
      `The first image of the ${host} home page that goes through the image service, requested once to fill its disk cache (then \`X-Image-Cache: ${image.cache}\`), beside the static file of the built client closest in size, both from the shop.`,
    ],
    headers: ["what", "path", "KB", "req/s (p99)", "/ static file"],
    rows: [
      ["resized image, cached", image.path, kb(image.size), describe(imageLoad), ratio.toFixed(2)],
      ["static file", file.path, kb(file.size), describe(fileLoad), "1.00"],
    ],
    headlines: [
      `image cache hit / static file of similar size: ${againstTarget(ratio, TARGET_RATIO)}`,
    ],
  };
}

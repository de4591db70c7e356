// Records the seed content's short brand films (content/assets/{channel}/brand-film.webm):
// a slow slideshow with a soft zoom over the channel's product images, drawn on a canvas
// in Chromium and recorded with MediaRecorder (VP9 WebM, no sound). Run after
// `node scripts/generate-assets.js`; keeps every file < 150 KB.
/* global Image, document, MediaRecorder, requestAnimationFrame, Blob, btoa -- run inside the page */
import { Buffer } from "node:buffer";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FILMS = {
  cards: ["hero-studio.jpg", "photo-calendar.jpg", "photo-book.jpg", "wedding-cards.jpg"],
  wallart: ["hero-living-room.jpg", "canvas-print.jpg", "gallery-wall.jpg", "framed-print.jpg"],
};
const WIDTH = 854;
const HEIGHT = 480;
const SECONDS_PER_SLIDE = 1.6;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const [channel, files] of Object.entries(FILMS)) {
    const images = await Promise.all(
      files.map(async (file) => {
        const data = await readFile(path.join(root, "content", "assets", channel, file));
        return `data:image/jpeg;base64,${data.toString("base64")}`;
      }),
    );
    const page = await browser.newPage();
    const base64 = await page.evaluate(
      async ({ images, width, height, seconds }) => {
        const loaded = await Promise.all(
          images.map(
            (src) =>
              new Promise((resolve) => {
                const img = new Image();
                img.onload = () => resolve(img);
                img.src = src;
              }),
          ),
        );
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = height;
        const ctx = canvas.getContext("2d");
        const stream = canvas.captureStream(24);
        const recorder = new MediaRecorder(stream, {
          mimeType: "video/webm;codecs=vp9",
          videoBitsPerSecond: 170_000,
        });
        const chunks = [];
        recorder.ondataavailable = (e) => chunks.push(e.data);
        const done = new Promise((resolve) => (recorder.onstop = resolve));
        const total = seconds * loaded.length * 1000;
        const draw = (img, t, alpha) => {
          const zoom = 1.04 + 0.08 * t;
          const scale = Math.max(width / img.width, height / img.height) * zoom;
          const w = img.width * scale;
          const h = img.height * scale;
          ctx.globalAlpha = alpha;
          ctx.drawImage(img, (width - w) / 2, (height - h) / 2, w, h);
        };
        recorder.start();
        const start = performance.now();
        await new Promise((resolve) => {
          const frame = () => {
            const elapsed = performance.now() - start;
            if (elapsed >= total) return resolve();
            const slide = elapsed / (seconds * 1000);
            const index = Math.floor(slide);
            const t = slide - index;
            ctx.globalAlpha = 1;
            draw(loaded[index], t, 1);
            // Cross-fade into the next picture during the last quarter of a slide.
            if (t > 0.75 && index + 1 < loaded.length) draw(loaded[index + 1], 0, (t - 0.75) * 4);
            requestAnimationFrame(frame);
          };
          frame();
        });
        recorder.stop();
        await done;
        const blob = new Blob(chunks, { type: "video/webm" });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = "";
        for (const b of bytes) binary += String.fromCharCode(b);
        return btoa(binary);
      },
      { images, width: WIDTH, height: HEIGHT, seconds: SECONDS_PER_SLIDE },
    );
    const data = Buffer.from(base64, "base64");
    await writeFile(path.join(root, "content", "assets", channel, "brand-film.webm"), data);
    console.info(`${channel}/brand-film.webm: ${Math.round(data.length / 1024)} KB`);
    await page.close();
  }
} finally {
  await browser.close();
}

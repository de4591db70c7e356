/* global FormData, Blob */
// Photo books in the studio:
//  - auto-fill of a 100-page book with 200 photos: the pure layout function (the one the
//    studio's book panel runs in the browser), bundled from its source as the browser gets
//    it and timed here; target 3 s in the browser;
//  - the print files of that book (cover and 100 pages, 200 photos of 6 MP each) from the
//    shop: GET …/print.pdf, target 60 s, with the shop process's largest growth of resident
//    memory meanwhile (sampled every 20 ms); pages are written one by one, each photo read
//    for the first page that shows it;
//  - the order's print job for that book (studioPrintJob.js): the file written to disk and
//    streamed into storage, in a process of its own, with its largest rise of resident memory.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import sharp from "sharp";
import { printJobOfBook } from "./studioPrintJob.js";

const AUTOFILL_TARGET_MS = 3000;
const PRINT_TARGET_MS = 60_000;
const PAGES = 100;
const PHOTOS = Number(process.env.BENCH_BOOK_PHOTOS ?? 200);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

const BOOK = {
  kind: "photobook",
  photobookType: "digitalfotobuch",
  cover: "hard",
  paper: "glossy",
  size: "a4-landscape",
  pages: PAGES,
  quantity: 1,
};

/** Resident memory of a process in MB (Linux), or null where /proc is not there. */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** The domain's layout module as the browser gets it: bundled from its TypeScript. */
async function layoutModule() {
  const bundled = await build({
    stdin: {
      contents: `export { autofillBook, bookTemplate } from "./domain/studio/layouts";
export { bookGeometry, pageLimitOptions } from "./domain/studio/photobook";`,
      resolveDir: ROOT,
      loader: "ts",
    },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    logLevel: "silent",
  });
  const code = bundled.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

/** A photo-like JPEG; `tag` makes its bytes unique (a comment segment), so each is a photo of its own. */
async function photoJpeg(width, height) {
  const small = await sharp({
    create: {
      width: Math.round(width / 4),
      height: Math.round(height / 4),
      channels: 3,
      noise: { type: "gaussian", mean: 120, sigma: 50 },
    },
  })
    .blur(0.8)
    .png()
    .toBuffer();
  return sharp(small).resize(width, height, { kernel: "cubic" }).jpeg({ quality: 88 }).toBuffer();
}
function tagged(jpeg, tag) {
  const text = Buffer.from(`bench ${tag}`);
  const segment = Buffer.alloc(4 + text.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + text.length, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

async function call(shop, method, pathname, { cookie, json, body } = {}) {
  const headers = {};
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers["content-type"] = "application/json";
  return fetch(shop.url(pathname), {
    method,
    headers,
    body: json !== undefined ? JSON.stringify(json) : body,
  });
}

async function bookPrint(shop) {
  const created = await call(shop, "POST", "/web-api/studio/designs", {
    json: { configuration: BOOK },
  });
  if (created.status !== 201)
    throw new Error(`design answered ${created.status}: ${await created.text()}`);
  const cookie = (created.headers.get("set-cookie") ?? "").split(";")[0];
  const { id } = await created.json();
  const base = await photoJpeg(3000, 2000);
  const photos = [];
  for (let i = 0; i < PHOTOS; i += 1) {
    const form = new FormData();
    form.append("file", new Blob([tagged(base, i)], { type: "image/jpeg" }), `IMG_${i}.JPG`);
    const answer = await call(shop, "POST", "/web-api/studio/photos", { cookie, body: form });
    if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
    photos.push((await answer.json()).id);
  }
  const filled = await call(shop, "POST", `/web-api/studio/designs/${id}/autofill`, {
    cookie,
    json: { photos },
  });
  if (filled.status !== 200) throw new Error(`autofill answered ${filled.status}`);
  const before = shop.pid ? rssMb(shop.pid) : null;
  let peak = before ?? 0;
  const sampler = shop.pid
    ? setInterval(() => {
        const now = rssMb(shop.pid);
        if (now !== null && now > peak) peak = now;
      }, 20)
    : null;
  const started = performance.now();
  const answer = await call(shop, "GET", `/web-api/studio/designs/${id}/print.pdf`, { cookie });
  const bytes = (await answer.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  if (sampler) clearInterval(sampler);
  if (answer.status !== 200) throw new Error(`print.pdf answered ${answer.status}`);
  return { ms, bytes, growth: before === null ? null : peak - before, photoBytes: base.length };
}

export async function studioBookSection(shop) {
  const title = "Studio photo books";
  const layouts = await layoutModule();
  const product = {
    family: "photobook",
    format: "297x210",
    options: {
      photobookType: BOOK.photobookType,
      cover: BOOK.cover,
      paper: BOOK.paper,
      size: BOOK.size,
      ...layouts.pageLimitOptions({ min: 24, max: 200, step: 2 }),
    },
    pages: PAGES,
  };
  const book = layouts.bookGeometry(product);
  const template = layouts.bookTemplate(product, book, "de");
  const set = Array.from({ length: PHOTOS }, (_, i) => ({
    id: `photo${i}`,
    capturedAt: new Date(Date.UTC(2024, 6, 1, 0, (i * 7919) % PHOTOS)).toISOString(),
  }));
  const times = [];
  for (let i = 0; i < 6; i += 1) {
    const started = performance.now();
    const { placed } = layouts.autofillBook(template, book, set);
    times.push(performance.now() - started);
    if (placed !== PHOTOS) throw new Error(`auto-fill placed ${placed} of ${PHOTOS}`);
  }
  const autofillMs = Math.max(...times.slice(1));
  const print = await bookPrint(shop);
  const job = await printJobOfBook(PHOTOS, PAGES);
  const verdict = (ok) => (ok ? "met" : "missed");
  const mb = (v) => (v === null ? "n/a" : v.toFixed(0));
  return {
    title,
    text: [
      `A glued A4-landscape hard-cover book of ${PAGES} pages. Auto-fill: the studio's layout function laying ${PHOTOS} photos (shuffled capture dates) over the book, bundled from the domain source and run here (the first of six runs not counted). Print files: the shop renders the cover and ${PAGES} pages with ${PHOTOS} different 3000 × 2000 photos (${(print.photoBytes / 1024 / 1024).toFixed(1)} MB JPEG each) placed by the designs API's auto-fill; memory is the shop process's resident size, sampled every 20 ms during the request, its largest rise over the size before. The order's print job renders the same book in a process of its own (the photos read from disk storage) to a temporary file and streams it into storage; its memory is measured the same way.`,
    ],
    headers: ["what", "ms", "MB answered", "RSS growth MB"],
    rows: [
      [`auto-fill ${PAGES} pages, ${PHOTOS} photos (slowest of 5)`, autofillMs.toFixed(1), "", ""],
      [
        `print.pdf ${PAGES} pages, ${PHOTOS} photos`,
        print.ms.toFixed(0),
        (print.bytes / 1024 / 1024).toFixed(0),
        mb(print.growth),
      ],
      [
        `order print job ${PAGES} pages, ${PHOTOS} photos (to storage, own process)`,
        job.ms.toFixed(0),
        (job.bytes / 1024 / 1024).toFixed(0),
        mb(job.growth),
      ],
    ],
    headlines: [
      `Photo book auto-fill (${PAGES} pages, ${PHOTOS} photos): ${autofillMs.toFixed(1)} ms in Node (browser target ≤ ${AUTOFILL_TARGET_MS} ms: ${verdict(autofillMs <= AUTOFILL_TARGET_MS)})`,
      `Photo book print files (${PAGES} pages, ${PHOTOS} photos): ${(print.ms / 1000).toFixed(1)} s (target ≤ ${PRINT_TARGET_MS / 1000} s: ${verdict(print.ms <= PRINT_TARGET_MS)}), RSS growth ${mb(print.growth)} MB`,
      `Photo book order print job (${PAGES} pages, ${PHOTOS} photos, streamed to storage): ${(job.ms / 1000).toFixed(1)} s, peak RSS ${mb(job.peak)} MB (growth ${mb(job.growth)} MB over ${mb(job.before)} MB, file ${(job.bytes / 1024 / 1024).toFixed(0)} MB)`,
    ],
  };
}

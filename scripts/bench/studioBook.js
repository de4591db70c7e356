/* global FormData, Blob, document, PerformanceObserver, requestAnimationFrame */
// Photo books in the studio:
//  - auto-fill of a 100-page book with 200 photos IN THE BROWSER: the built shop's studio in
//    Chromium (Playwright), the 200 photos in its tray, the book panel's auto-fill button
//    clicked; timed in the page from the click until the filled book is on screen (React's
//    render and commit, the next frames painted), with the longest main-thread task
//    meanwhile; target 3 s. The pure layout function alone, timed in Node, beside it;
//  - the print files of the book the browser filled (cover and 100 pages, 200 photos of
//    6 MP each) from the shop: GET …/print.pdf, target 60 s, with the shop process's largest
//    growth of resident memory meanwhile (sampled every 20 ms) against a bound: pages are
//    written one by one, each photo's original read for the first page that shows it and
//    copied into the file as it is (never decoded), so the growth must stay well below what
//    holding the originals at once would take;
//  - the order's print job for that book (studioPrintJob.js): the file written to disk and
//    streamed into storage, in a process of its own, with its largest rise of resident
//    memory against the same bound;
//  - auto-fill of the same book with 500 photos (the tray's most: 300 smaller ones added),
//    whose longest main-thread task says whether the page froze (target: none over 200 ms).
// BENCH_TRACE=/tmp/book writes Chromium's performance trace of each click to
// /tmp/book-200.json and /tmp/book-500.json (summed up by scripts/bench/traceSummary.js).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import sharp from "sharp";
import { printJobOfBook } from "./studioPrintJob.js";

const PAGES = 100;
const PHOTOS = Number(process.env.BENCH_BOOK_PHOTOS ?? 200);
/** The tray's most (STUDIO_PHOTO_MAX_COUNT), auto-filled into the same book. */
const MANY_PHOTOS = 500;
const AUTOFILL_TARGET_MS = 3000;
/** The longest the page may stop answering during an auto-fill (a frozen page is longer). */
const LONGEST_TASK_TARGET_MS = 200;
const TRACE = process.env.BENCH_TRACE ?? null;
const PRINT_TARGET_MS = 60_000;
/**
 * Largest rise of resident memory a book's print file may cause (MB): a few pages waiting
 * for the output (16 MB), one photo's original at a time, the PDF writer and the garbage
 * between collections. Holding the 200 originals at once would take their total (the
 * section names it); decoding them, 18 MB each, 3.6 GB.
 */
const PRINT_GROWTH_LIMIT_MB = 200;
/** The studio's link for the book, as the product page's design button makes it. */
const BOOK_LINK = `/designer/photobook?printing=digitalfotobuch&cover=hard&binding=pur&paper=glossy&size=a4-landscape&pageCount=${PAGES}&amount=1`;
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

/**
 * Uploads `count` different photos of `width` × `height` for the visitor of `cookie`, tagged
 * from `first` on; their JPEG's size.
 */
async function uploadPhotos(shop, cookie, count, { width = 3000, height = 2000, first = 0 } = {}) {
  const base = await photoJpeg(width, height);
  for (let i = first; i < first + count; i += 1) {
    const body = () => {
      const form = new FormData();
      form.append("file", new Blob([tagged(base, i)], { type: "image/jpeg" }), `IMG_${i}.JPG`);
      return form;
    };
    let answer = await call(shop, "POST", "/web-api/studio/photos", { cookie, body: body() });
    // At capacity the shop says when to come back (503 with Retry-After), as the tray does.
    for (let tries = 0; answer.status === 503 && tries < 5; tries += 1) {
      const seconds = Number(answer.headers.get("retry-after") ?? 1);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      answer = await call(shop, "POST", "/web-api/studio/photos", { cookie, body: body() });
    }
    if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
  }
  return base.length;
}

/**
 * Runs in the page: clicks the auto-fill button and times it until the filled book is on
 * screen (the click's handler, React's render and commit, then two frames painted), with
 * the main thread's long tasks (over 50 ms) meanwhile.
 */
async function clickTimed(button) {
  const tasks = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
  observer.observe({ type: "longtask" });
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const status = () => document.querySelector(".book-panel [role=status]")?.textContent ?? "";
  const started = performance.now();
  button.click();
  // Until the panel says the photos are placed (at once when React renders the click's
  // update before the next frame), then two frames painted.
  while (!/\d/.test(status()) && performance.now() - started < 30_000) await frame();
  await frame();
  await frame();
  const ms = performance.now() - started;
  const said = status();
  // Long-task entries arrive after the task; give them a turn.
  await new Promise((resolve) => setTimeout(resolve, 100));
  tasks.push(...observer.takeRecords());
  observer.disconnect();
  const during = tasks.filter((t) => t.startTime < started + ms);
  return {
    ms,
    longestTask: Math.max(0, ...during.map((t) => t.duration)),
    status: said,
  };
}

/**
 * The studio in Chromium on the built shop, as a shopper opens it from the product page
 * with the `count` photos already in the tray: the book panel's auto-fill clicked and timed
 * in the page (once: a second click finds the panel's message already there). Answers the
 * run and the design the studio saved.
 */
async function browserAutofill(shop, visitor, count) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(
      [
        ["visitor_key", visitor],
        ["shop_consent", "v1%3Af1a1m0"],
      ].map(([name, value]) => ({ name, value, domain: "cards.localhost", path: "/" })),
    );
    const page = await context.newPage();
    await page.goto(shop.browserUrl("cards.localhost", BOOK_LINK));
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
    await page.locator(".book-panel").waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      (n) => document.querySelectorAll(".studio-tray__photo").length === n,
      count,
      { timeout: 120_000 },
    );
    const button = page.locator(".book-panel button.studio-tool", { hasText: `(${count})` });
    if (TRACE) await browser.startTracing(page, { path: `${TRACE}-${count}.json` });
    const runs = [await button.evaluate(clickTimed)];
    if (TRACE) await browser.stopTracing();
    for (const run of runs)
      if (!run.status.includes(String(count)))
        throw new Error(`auto-fill said "${run.status}", not ${count} photos placed`);
    // The filled book saved by the studio's autosave: the print file is made of it.
    await page
      .locator(".studio__save")
      .filter({ hasText: /^Gespeichert$/ })
      .waitFor({ timeout: 120_000 });
    const id = new URL(page.url()).searchParams.get("studioDesign");
    if (!id) throw new Error("the studio's address names no design");
    const chromiumVersion = browser.version();
    return { runs, id, chromiumVersion };
  } finally {
    await browser.close();
  }
}

/** GET `pathname` timed, with the shop's largest rise of resident memory meanwhile. */
async function timedWithMemory(shop, pathname, cookie) {
  const before = shop.pid ? rssMb(shop.pid) : null;
  let peak = before ?? 0;
  const sampler = shop.pid
    ? setInterval(() => {
        const now = rssMb(shop.pid);
        if (now !== null && now > peak) peak = now;
      }, 20)
    : null;
  const started = performance.now();
  const answer = await call(shop, "GET", pathname, { cookie });
  const bytes = (await answer.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  if (sampler) clearInterval(sampler);
  if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
  return { ms, bytes, before, peak, growth: before === null ? null : peak - before };
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
  const nodeMs = Math.max(...times.slice(1));

  // The studio's auto-fill in Chromium, for a visitor whose photos are in the tray.
  const visitor = randomUUID();
  const cookie = `visitor_key=${visitor}`;
  const photoBytes = await uploadPhotos(shop, cookie, PHOTOS);
  const browser = await browserAutofill(shop, visitor, PHOTOS);
  const [first] = browser.runs;
  const saved = await (
    await call(shop, "GET", `/web-api/studio/designs/${browser.id}`, { cookie })
  ).json();
  const placed = new Set(
    saved.document.surfaces.flatMap((s) =>
      s.elements.flatMap((e) => (e.kind === "photo" && e.photo ? [e.photo.photoId] : [])),
    ),
  ).size;
  if (placed !== PHOTOS) throw new Error(`the saved book places ${placed} of ${PHOTOS} photos`);

  // That book's print file from the shop, then the order's print job in a process of its own.
  const print = await timedWithMemory(
    shop,
    `/web-api/studio/designs/${browser.id}/print.pdf`,
    cookie,
  );
  const job = await printJobOfBook(PHOTOS, PAGES);

  // The tray's most: smaller photos added (the layout and the page's work are per photo,
  // not per pixel), and a new book filled with all of them.
  await uploadPhotos(shop, cookie, MANY_PHOTOS - PHOTOS, {
    width: 1200,
    height: 800,
    first: PHOTOS,
  });
  const many = (await browserAutofill(shop, visitor, MANY_PHOTOS)).runs[0];
  const verdict = (ok) => (ok ? "met" : "missed");
  const mb = (v) => (v === null ? "n/a" : v.toFixed(0));
  const withinBound = (growth) =>
    growth === null
      ? "not measured"
      : `bound ${PRINT_GROWTH_LIMIT_MB} MB: ${verdict(growth <= PRINT_GROWTH_LIMIT_MB)}`;
  const originalsMb = (photoBytes * PHOTOS) / 1024 / 1024;
  return {
    title,
    text: [
      `A glued A4-landscape hard-cover book of ${PAGES} pages (cards shop, de-DE) with ${PHOTOS} different 3000 × 2000 photos (${(photoBytes / 1024 / 1024).toFixed(1)} MB JPEG each, ${originalsMb.toFixed(0)} MB together; no capture dates, so in the order uploaded).`,
      `Auto-fill in the browser: the built shop's studio opened in Chromium ${browser.chromiumVersion} (headless, 1280 × 800) by the book's designer link with the photos already in the visitor's tray; the book panel's "fill the book with my photos" button is clicked in the page and timed there from the click until the panel says the photos are placed and two frames have been painted after that (the photos laid out in the studio's worker, React's render and commit of the studio with its ${PAGES / 2 + 1}-page strip, the autosave scheduled). The longest main-thread task is the longest of the page's long tasks (over 50 ms) meanwhile: how long the page could not answer. The studio saves the book by its autosave; the saved design places all ${PHOTOS} photos. Then ${MANY_PHOTOS - PHOTOS} photos of 1200 × 800 more (the tray's most, ${MANY_PHOTOS}) and a new book filled with all of them the same way: its longest task says whether the page froze (target: none over ${LONGEST_TASK_TARGET_MS} ms). Beside it, the layout function alone in Node (bundled from the domain source, the first of six runs not counted).`,
      `Print files: the shop renders the book the browser filled (cover and ${PAGES} pages) for GET …/print.pdf; memory is the shop process's resident size, sampled every 20 ms during the request, its largest rise over the size before, against a bound of ${PRINT_GROWTH_LIMIT_MB} MB (pages are written one at a time, each photo's original read for the first page that shows it and copied into the file as it is, never decoded: holding the originals at once would take ${originalsMb.toFixed(0)} MB, decoding them ${((PHOTOS * 3000 * 2000 * 3) / 1024 / 1024 / 1024).toFixed(1)} GB). The order's print job renders the same kind of book in a process of its own (the photos read from disk storage) to a temporary file and streams it into storage; its memory is measured the same way against the same bound.`,
    ],
    headers: ["what", "ms", "longest main-thread task ms", "MB answered", "RSS growth MB"],
    rows: [
      [
        `auto-fill ${PAGES} pages, ${PHOTOS} photos in Chromium (one click)`,
        first.ms.toFixed(0),
        first.longestTask.toFixed(0),
        "",
        "",
      ],
      [
        `auto-fill ${PAGES} pages, ${MANY_PHOTOS} photos in Chromium (one click)`,
        many.ms.toFixed(0),
        many.longestTask.toFixed(0),
        "",
        "",
      ],
      [`auto-fill layout function alone in Node (slowest of 5)`, nodeMs.toFixed(1), "", "", ""],
      [
        `print.pdf ${PAGES} pages, ${PHOTOS} photos`,
        print.ms.toFixed(0),
        "",
        (print.bytes / 1024 / 1024).toFixed(0),
        mb(print.growth),
      ],
      [
        `order print job ${PAGES} pages, ${PHOTOS} photos (to storage, own process)`,
        job.ms.toFixed(0),
        "",
        (job.bytes / 1024 / 1024).toFixed(0),
        mb(job.growth),
      ],
    ],
    headlines: [
      `Photo book auto-fill in Chromium (${PAGES} pages, ${PHOTOS} photos, the studio's button): ${first.ms.toFixed(0)} ms (target ≤ ${AUTOFILL_TARGET_MS} ms: ${verdict(first.ms <= AUTOFILL_TARGET_MS)}), longest main-thread task ${first.longestTask.toFixed(0)} ms`,
      `Photo book auto-fill of ${MANY_PHOTOS} photos in Chromium: longest main-thread task ${many.longestTask.toFixed(0)} ms (target ≤ ${LONGEST_TASK_TARGET_MS} ms: ${verdict(many.longestTask <= LONGEST_TASK_TARGET_MS)}), ${many.ms.toFixed(0)} ms until on screen`,
      `Photo book print files (${PAGES} pages, ${PHOTOS} photos): ${(print.ms / 1000).toFixed(1)} s (target ≤ ${PRINT_TARGET_MS / 1000} s: ${verdict(print.ms <= PRINT_TARGET_MS)}), shop RSS growth ${mb(print.growth)} MB over ${mb(print.before)} MB (${withinBound(print.growth)})`,
      `Photo book order print job (${PAGES} pages, ${PHOTOS} photos, streamed to storage): ${(job.ms / 1000).toFixed(1)} s, peak RSS ${mb(job.peak)} MB (growth ${mb(job.growth)} MB over ${mb(job.before)} MB, ${withinBound(job.growth)}; file ${(job.bytes / 1024 / 1024).toFixed(0)} MB)`,
    ],
  };
}

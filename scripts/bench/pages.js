/* global FormData, Blob */
// The pages the bench visits, the throughput of their HTML beside a bare Node server sending
// the same bytes, and what a page costs to render when the page cache cannot answer it.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, load } from "./load.js";
import { withServer } from "./processes.js";
import { againstTarget } from "./report.js";
import { SESSION } from "./shop.js";

/** Every kept page answers at least half as fast as bare Node sending its bytes. */
const CACHED_TO_BARE = 0.5;
/** A product page rendered for a visitor with a session: median and p90 (ms). */
const PRODUCT_RENDER_MS = { median: 10, p90: 20 };

/** The first theme page a theme list links to (with or without a language prefix). */
const THEME_LINK = /href="((?:\/[a-z]{2})?\/themes\/[^"]+)"/;

/**
 * A visitor with one product of the brand in their cart, configured as its page starts
 * (every option's first choice): the cookie that carries their visitor key. A card goes in
 * only with its studio design, made first with every photo frame filled.
 */
async function cartVisitor(shop, host, kind) {
  const details = await shop.get(host, `/web-api/product-details?kind=${kind}`);
  const { options } = JSON.parse(details.body.toString());
  const body = { kind };
  for (const option of options) body[option.name] = option.choices[0].value;
  if (kind === "card") return designedCardVisitor(shop, body);
  const added = await shop.post(host, "/web-api/cart/items", body);
  if (added.status !== 201) throw new Error(`the cart refused a ${kind}: ${added.status}`);
  const cookies = [added.headers["set-cookie"] ?? []].flat().map((c) => c.split(";")[0]);
  return { cookie: cookies.join("; ") };
}

/**
 * A new visitor's card with its design in their cart, asked at the shop's own address (the
 * cards shop in Germany): the design, a photo of its own for each frame, auto-fill, the line.
 */
async function designedCardVisitor(shop, body) {
  const cookie = `visitor_key=${randomUUID()}`;
  const call = async (method, pathname, init = {}) => {
    const answer = await fetch(shop.url(pathname), {
      method,
      ...init,
      headers: { cookie, ...init.headers },
    });
    if (answer.status >= 300) throw new Error(`${method} ${pathname} answered ${answer.status}`);
    return answer.json();
  };
  const json = (data) => ({
    headers: { "content-type": "application/json" },
    body: JSON.stringify(data),
  });
  const { cardType, size, refinement, envelope } = body;
  const configuration = { kind: "card", cardType, size, refinement, envelope };
  const design = await call("POST", "/web-api/studio/designs", json({ configuration }));
  const frames = design.document.surfaces
    .flatMap((surface) => surface.elements)
    .filter((element) => element.kind === "photo" && !element.photo).length;
  const photos = [];
  for (let i = 0; i < frames; i += 1) {
    const jpeg = await sharp({
      create: {
        width: 1800,
        height: 1200,
        channels: 3,
        background: { r: 60 + i * 40, g: 90, b: 70 },
      },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([jpeg], { type: "image/jpeg" }), `photo-${i}.jpg`);
    photos.push((await call("POST", "/web-api/studio/photos", { body: form })).id);
  }
  if (photos.length > 0)
    await call("POST", `/web-api/studio/designs/${design.id}/autofill`, json({ photos }));
  await call("POST", "/web-api/cart/items", json({ ...body, studioDesign: design.id }));
  return { cookie };
}

/**
 * Every page type of every brand, each visited once: the error page must answer 404, the
 * others 200; the theme page is the first one the theme list links to; the checkout is
 * seen by a visitor with a product in their cart (brand.cartKind). Pages that answer
 * otherwise are left out and named in `skipped`.
 */
export async function findPages(shop, brands) {
  const pages = [];
  const skipped = [];
  const visit = async (brand, type, pathname) => {
    const headers =
      type === "checkout" ? await cartVisitor(shop, brand.host, brand.cartKind) : undefined;
    const response = await shop.get(brand.host, pathname, headers);
    const html = response.body.toString();
    const name = `${brand.brand} ${type}`;
    const page = {
      name,
      brand: brand.brand,
      host: brand.host,
      type,
      path: pathname,
      html,
      headers,
    };
    if (response.status === (type === "error" ? 404 : 200)) pages.push(page);
    else skipped.push(`${page.name} ${pathname} answered ${response.status}`);
    return page;
  };
  for (const brand of brands) {
    for (const [type, pathname] of Object.entries(brand.paths)) {
      const page = await visit(brand, type, pathname);
      const theme = type === "theme list" && THEME_LINK.exec(page.html)?.[1];
      if (theme) await visit(brand, "theme", theme);
    }
  }
  return { pages, skipped };
}

/**
 * Sequential renders a page's render time is taken from. With 20, the p90 was the second
 * slowest render: one young-generation collection (one every 15-20 renders of a product
 * page, each some 5 ms on a quiet machine and more after the load of the page before) and
 * one moment the machine was busy elsewhere decided it; the p90 of successive runs of 20
 * of the same build ranged from 11 to 74 ms on a busy machine (scripts/bench/renderSamples.js).
 * With 60 it is the sixth slowest.
 */
const RENDER_RUNS = 60;

/** Render time of a page for a visitor with a session: sequential requests, median and p90 (ms). */
async function renderTime(shop, page, runs = RENDER_RUNS) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await shop.get(page.host, page.path, SESSION);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], p90: times[Math.floor(runs * 0.9)] };
}

/** The same bytes from a bare Node server on `port`. */
async function bareLoad(bytes, contentType, port) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-bench-bare-"));
  const file = path.join(dir, "body");
  writeFileSync(file, bytes);
  try {
    const args = ["scripts/bench/bare-server.js", String(port), file, contentType];
    return await withServer(args, { port }, () => load(`http://127.0.0.1:${port}/`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measurePage(shop, page, barePort) {
  const render = await renderTime(shop, page);
  // A second visit without cookies: from the page cache if it keeps this page.
  const { headers, body } = await shop.get(page.host, page.path);
  const anonymous = await load(shop.url(page.path), shop.headers(page.host));
  const bare = await bareLoad(body, headers["content-type"], barePort);
  const session = await load(shop.url(page.path), shop.headers(page.host, SESSION));
  const toBare = anonymous.rps / bare.rps;
  return {
    page,
    // STALE is from the cache too (sent while the page is rendered anew).
    cached: ["HIT", "STALE"].includes(headers["x-cache"]),
    toBare,
    render,
    row: [
      page.name,
      page.path,
      (body.length / 1024).toFixed(0),
      `${render.median.toFixed(1)} / ${render.p90.toFixed(1)}`,
      headers["x-cache"] ?? "not kept",
      describe(anonymous),
      describe(bare),
      toBare.toFixed(2),
      describe(session),
    ],
  };
}

/** Each page from the cache against bare Node; each product page's render against its ceiling. */
function pageTargets(results) {
  return results.flatMap(({ page, cached, toBare, render }) => [
    `${page.name} from the page cache / bare Node with the same bytes: ${cached ? againstTarget(toBare, CACHED_TO_BARE) : "not from the page cache"}`,
    ...(page.type === "product"
      ? [
          `${page.name} rendered for a session: median ${render.median.toFixed(1)} ms (target ≤ ${PRODUCT_RENDER_MS.median} ms: ${render.median <= PRODUCT_RENDER_MS.median ? "met" : "missed"}), p90 ${render.p90.toFixed(1)} ms (target ≤ ${PRODUCT_RENDER_MS.p90} ms: ${render.p90 <= PRODUCT_RENDER_MS.p90 ? "met" : "missed"})`,
        ]
      : []),
  ]);
}

/** The HTML section: every page without cookies (beside bare Node) and with a session. */
export async function htmlSection(shop, pages, barePort) {
  const results = [];
  for (const page of pages) results.push(await measurePage(shop, page, barePort));
  const headlines = pageTargets(results);
  return {
    title: "HTML pages",
    text: [
      "Requests per second (p99 latency) of each page's HTML: without cookies (answered from the page cache when it keeps the page), beside a bare Node server sending the same bytes from memory, and with a session cookie (rendered for each request).",
      `The page cache keeps the anonymous pages of the shareable routes (\`isShareableRoute\` in config/cache.ts: content, product, theme and list pages); where its column says not kept, both columns are renders. Render time: ${RENDER_RUNS} sequential requests with a session cookie (median and p90).`,
    ],
    headers: [
      "page",
      "path",
      "HTML KB",
      "render ms median / p90",
      "page cache",
      "no cookie req/s (p99)",
      "bare Node, same bytes",
      "no cookie / bare",
      "session req/s (p99)",
    ],
    rows: results.map(({ row }) => row),
    notes: [headlines.map((line) => `- ${line}`).join("\n")],
    headlines,
  };
}

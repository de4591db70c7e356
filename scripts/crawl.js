// Follows every link of the shop from the home pages of both brands, across every host
// the pages link to (countries and languages), and reports links that lead nowhere.
// Against a running shop (default http://127.0.0.1:3000, Host headers *.localhost):
//   node scripts/crawl.js [origin] [--only host,host]   exit code 1 when a link is dead
// Pages are fetched with a few requests in flight; design and product detail pages of the
// same kind are sampled (the first few per locale), since they share one template.
import http from "node:http";
import { parseArgs } from "node:util";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    max: { type: "string", default: "20000" },
    quiet: { type: "boolean" },
    // Comma-separated hosts to stay on (e.g. cards.localhost,wallart.localhost); all by default.
    only: { type: "string" },
  },
});
const origin = new URL(positionals[0] ?? "http://127.0.0.1:3000");
const MAX_PAGES = Number(values.max);
const IN_FLIGHT = 4;
/** Detail pages of one template per locale host that are fetched; the rest only checked by HEAD-like GET. */
const SAMPLE_PER_TEMPLATE = 3;

/** A page of the shop: its host (the Host header) and path with query. */
const key = (host, path) => `${host}${path}`;
const queue = [];
const seen = new Map(); // key -> { status, from: Set }
const templateCount = new Map();

const ONLY = values.only ? new Set(values.only.split(",")) : null;

function localHost(url) {
  if (ONLY) return ONLY.has(url.hostname);
  return url.hostname === "localhost" || url.hostname.endsWith(".localhost");
}

function templateOf(path) {
  const match = path.match(/^(\/[a-z]{2})?\/(themes|d\/themes|products)\/[^/?]+/);
  return match ? match[0].replace(/\/[^/]+$/, "/*") : null;
}

function enqueue(host, path, from) {
  const k = key(host, path);
  const known = seen.get(k);
  if (known) {
    known.from.add(from);
    return;
  }
  seen.set(k, { status: 0, from: new Set([from]) });
  queue.push({ host, path });
}

/** One GET with the shop's Host header (fetch would send the origin's host instead). */
function fetchPage(host, path) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: origin.hostname,
        port: origin.port || 80,
        path,
        headers: { host: `${host}:${origin.port || 80}`, "user-agent": "shop-crawler" },
      },
      (response) => {
        const html = /text\/html|application\/json/.test(response.headers["content-type"] ?? "");
        const chunks = [];
        response.on("data", (chunk) => html && chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

function linksOf(html, base) {
  const out = [];
  for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
    const href = match[1].replaceAll("&amp;", "&");
    if (/^(mailto:|tel:|javascript:|#)/i.test(href)) continue;
    let url;
    try {
      url = new URL(href, base);
    } catch {
      continue;
    }
    if (!localHost(url)) continue;
    url.hash = "";
    out.push(url);
  }
  return out;
}

async function visit({ host, path }) {
  const k = key(host, path);
  const entry = seen.get(k);
  const template = templateOf(path.split("?")[0]);
  const sampleKey = template && `${host}${template}`;
  const sampled = sampleKey ? (templateCount.get(sampleKey) ?? 0) : 0;
  if (sampleKey) templateCount.set(sampleKey, sampled + 1);
  const page = await fetchPage(host, path);
  entry.status = page.status;
  if (page.status >= 300 && page.status < 400 && page.location) {
    const target = new URL(page.location, `http://${host}${path}`);
    if (localHost(target)) enqueue(target.hostname, `${target.pathname}${target.search}`, k);
    return;
  }
  if (page.status !== 200 || (sampleKey && sampled >= SAMPLE_PER_TEMPLATE)) return;
  // The flyouts and the burger navigation load on demand: their links come as JSON.
  const home = path.match(/^(\/[a-z]{2})?\/$/);
  if (home) {
    const details = await fetchPage(host, `${home[1] ?? ""}/_furniture.json`);
    for (const [, href] of details.body.matchAll(/"href":"(\/[^/"][^"]*|\/)"/g)) {
      const url = new URL(href, `http://${host}/`);
      enqueue(host, `${url.pathname}${url.search}`, `${k} (navigation details)`);
    }
  }
  for (const url of linksOf(page.body, `http://${host}${path}`)) {
    enqueue(url.hostname, `${url.pathname}${url.search}`, k);
  }
}

for (const host of ONLY ?? ["cards.localhost", "wallart.localhost"]) enqueue(host, "/", "start");
let visited = 0;
async function worker() {
  while (queue.length > 0 && visited < MAX_PAGES) {
    const next = queue.shift();
    visited++;
    try {
      await visit(next);
    } catch (error) {
      seen.get(key(next.host, next.path)).status = `failed: ${error.message}`;
    }
  }
}
await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

const dead = [...seen].filter(
  ([, v]) => v.status !== 0 && (typeof v.status === "string" || v.status >= 400),
);
if (!values.quiet) {
  for (const [k, v] of dead) {
    console.log(
      `${v.status} ${k}  (linked from ${[...v.from].slice(0, 3).join(", ")}${v.from.size > 3 ? ` and ${v.from.size - 3} more` : ""})`,
    );
  }
}
console.log(`${visited} pages visited, ${seen.size} links known, ${dead.length} dead`);
process.exit(dead.length > 0 ? 1 : 0);

// A mixed load on the built shop, as many shoppers at once would make it: 200 connections
// for 60 s over a list of at least 500 URLs of both brands and all 17 storefronts (every
// page type: home, content, product, theme list, theme, legal, error, cart, account), one
// request in ten a customer's on their cart and account pages, one in twenty an image.
// Run twice: on PostgreSQL with two workers (WEB_CONCURRENCY=2), when BENCH_DATABASE_URL
// names an empty database of its own (it is used as it is: make a new one per run), and
// on the embedded database in one process. The results go into docs/bench.md (the section
// "Mixed load", replaced on each run). Never part of `npm test`; run `npm run build` first.
//   createdb -h 127.0.0.1 -U postgres bench_load
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_load npm run bench:load
//   BENCH_LOAD_SECONDS=10 BENCH_LOAD_CONNECTIONS=50 npm run bench:load   # a quick look
//   BENCH_LOAD_ONLY=postgres (or pglite) runs one of the two; BENCH_SHOP_NODE_ARGS gives the
//   shop Node options (a profiler's); BENCH_PORT the port (default 3299)
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import { ACCOUNT_PATHS } from "../domain/accountPaths.ts";
import { CART_PATHS } from "../domain/cart.ts";
import { COUNTRIES } from "../domain/locales.ts";
import { customerSession } from "./bench/customer.js";
import { renderSection } from "./bench/report.js";
import { startShop } from "./bench/shop.js";

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
/** Node options for the shop (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`, each worker profiled). */
const SHOP_NODE_ARGS = (process.env.BENCH_SHOP_NODE_ARGS ?? "").split(" ").filter(Boolean);
/** `postgres` or `pglite` runs only that one (a quick look); both by default. */
const ONLY = process.env.BENCH_LOAD_ONLY;
const REPORT = "docs/bench.md";
const TITLE = "Mixed load";
/** The targets: no failed request anywhere, p99 within 300 ms on PostgreSQL with two workers. */
const P99_TARGET_MS = 300;
const MIN_URLS = 500;
/** Pages a storefront contributes from its sitemap (spread over the whole sitemap). */
const PAGES_PER_STOREFRONT = 14;

/**
 * Shoppers' browsers: the load and the first asking of each URL send the same user agent,
 * so the page each URL was first answered with is the one the load gets (a user agent a
 * crawler check knows, such as "bench-load", would be a crawler's page of its own).
 */
const SHOPPER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/** Wall-art paths end in a slash (config/channels.ts). */
const BRANDS = [
  { channel: "cards", slash: false },
  { channel: "wallart", slash: true },
];

function storefronts() {
  const list = [];
  for (const brand of BRANDS) {
    for (const [country, languages] of Object.entries(COUNTRIES)) {
      const host =
        country === "DE"
          ? `${brand.channel}.localhost`
          : `${country.toLowerCase()}.${brand.channel}.localhost`;
      for (const [index, language] of languages.entries()) {
        const prefix = index === 0 ? "" : `/${language}`;
        // A language's home is its prefix alone ("/fr", "/fr/" in the wall-art shop).
        const path = (rest) =>
          rest
            ? `${prefix}/${rest}${brand.slash ? "/" : ""}`
            : `${prefix}${brand.slash || !prefix ? "/" : ""}`;
        list.push({ ...brand, country, language, host, prefix, path });
      }
    }
  }
  return list;
}

/** Every `step`-th of a list, so a short sample covers all of it. */
const spread = (list, count) =>
  list.length <= count
    ? list
    : Array.from({ length: count }, (_, i) => list[Math.floor((i * list.length) / count)]);

/**
 * The URL list: each storefront's sitemap sampled, plus its theme list's first theme, an
 * unknown page (404), its cart and account pages with a customer's session, and images
 * from the home pages. Each URL is asked once first: the status it answers is the one the
 * load expects (redirects and other answers are left out and counted).
 */
async function urlList(shop) {
  const pages = [];
  const personal = [];
  const images = new Set();
  const dropped = [];
  const sessions = {};
  for (const brand of BRANDS) sessions[brand.channel] = await customerSession(shop, PORT, brand);
  const keep = async (list, entry) => {
    const response = await shop.get(entry.host, entry.path, {
      "user-agent": SHOPPER_AGENT,
      ...entry.headers,
    });
    if (response.status === entry.status) list.push(entry);
    else dropped.push(`${entry.host}${entry.path} ${response.status}`);
    return response;
  };
  const sitemaps = new Map();
  for (const site of storefronts()) {
    if (!sitemaps.has(site.host)) {
      const xml = (await shop.get(site.host, "/sitemap.xml")).body.toString();
      sitemaps.set(
        site.host,
        [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname),
      );
    }
    // The storefront's own pages: those under its language prefix (or none for the default).
    const own = sitemaps
      .get(site.host)
      .filter((p) =>
        site.prefix
          ? p === site.prefix || p.startsWith(`${site.prefix}/`)
          : !/^\/[a-z]{2}(\/|$)/.test(p),
      );
    const home = await keep(pages, { host: site.host, path: site.path(""), status: 200 });
    for (const m of home.body.toString().matchAll(/(?:src|srcset)="(\/_img\/[^" ,]+)/g))
      images.add(`${site.host} ${m[1]}`);
    for (const path of spread(
      own.filter((p) => p !== site.path("")),
      PAGES_PER_STOREFRONT,
    )) {
      await keep(pages, { host: site.host, path, status: 200 });
    }
    await keep(pages, {
      host: site.host,
      path: site.path("gibt-es-nicht-bench"),
      status: 404,
      kind: "404",
    });
    const headers = { cookie: sessions[site.channel] };
    await keep(personal, {
      host: site.host,
      path: site.path(CART_PATHS[site.language].slice(1)),
      status: 200,
      headers,
      kind: "cart",
    });
    await keep(personal, {
      host: site.host,
      path: site.path(ACCOUNT_PATHS[site.language].folder),
      status: 200,
      headers,
      kind: "account",
    });
  }
  const imageList = [];
  for (const item of spread([...images], 40)) {
    const [host, path] = item.split(" ");
    await keep(imageList, { host, path, status: 200, kind: "image" });
  }
  return { pages, personal, images: imageList, dropped };
}

/** One request in twenty an image, one in ten a customer's page, the rest anonymous pages. */
function pick(n, { pages, personal, images }) {
  if (n % 20 === 0 && images.length) return images[(n / 20) % images.length];
  if (n % 10 === 5 && personal.length) return personal[Math.floor(n / 10) % personal.length];
  return pages[(n * 7919) % pages.length];
}

/** Linux counts CPU time in ticks of 1/100 s. */
const CLOCK_TICKS = 100;

/**
 * CPU time (user and system, ms) a process and its children (the workers) have used so
 * far, from /proc (Linux); 0 where it cannot be read.
 */
function treeCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .split(" ")
      .filter(Boolean)
      .map(Number);
    return own + children.reduce((sum, child) => sum + treeCpuMs(child), 0);
  } catch {
    return 0;
  }
}

/** The p-th percentile (0–100) of a sorted list of numbers. */
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

/**
 * The load itself. Besides autocannon's totals, each answer's time is kept by the kind of
 * URL it was for (anonymous page, 404, cart, account, image), and each request that got
 * no answer is named by URL and kind: a request sent and never answered while the load
 * ran on for the timeout is one autocannon counted as timed out.
 */
async function run(shop, urls) {
  let next = 0;
  let wrongStatus = 0;
  const cache = {};
  const wrong = new Map();
  const times = {};
  const inFlight = new Set();
  const timeoutMs = 10_000;
  const result = await autocannon({
    url: shop.url("/"),
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: timeoutMs / 1000,
    requests: [
      {
        setupRequest(request, context) {
          const entry = pick(next++, urls);
          const sent = { entry, started: performance.now() };
          context.sent = sent;
          inFlight.add(sent);
          return {
            ...request,
            method: "GET",
            path: entry.path,
            headers: {
              ...shop.headers(entry.host),
              "accept-encoding": "gzip",
              "user-agent": SHOPPER_AGENT,
              ...entry.headers,
            },
          };
        },
        onResponse(status, _body, context, headers) {
          const sent = context.sent;
          if (!sent) return;
          inFlight.delete(sent);
          const { entry } = sent;
          const kind = entry.kind ?? "page";
          (times[kind] ??= []).push(performance.now() - sent.started);
          const state = headers?.["x-cache"] ?? "none";
          cache[state] = (cache[state] ?? 0) + 1;
          if (status !== entry.status) {
            wrongStatus++;
            const key = `${status} ${entry.host}${entry.path}`;
            wrong.set(key, (wrong.get(key) ?? 0) + 1);
          }
        },
      },
    ],
  });
  const ended = performance.now();
  const unanswered = new Map();
  for (const { entry, started } of inFlight) {
    if (ended - started < timeoutMs) continue;
    const key = `${entry.kind ?? "page"} ${entry.host}${entry.path}`;
    unanswered.set(key, (unanswered.get(key) ?? 0) + 1);
  }
  const byKind = Object.entries(times).map(([kind, list]) => {
    const sorted = list.sort((a, b) => a - b);
    const timedOut = [...unanswered]
      .filter(([key]) => key.startsWith(`${kind} `))
      .reduce((sum, [, n]) => sum + n, 0);
    return {
      kind,
      answers: sorted.length,
      p50: Math.round(percentile(sorted, 50)),
      p99: Math.round(percentile(sorted, 99)),
      max: Math.round(sorted.at(-1) ?? 0),
      timedOut,
    };
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    // autocannon counts a timed-out request among its errors too (once, not twice).
    errors: result.errors,
    wrongStatus,
    wrong: [...wrong].sort((a, b) => b[1] - a[1]).slice(0, 5),
    unanswered: [...unanswered].sort((a, b) => b[1] - a[1]).slice(0, 8),
    byKind,
    cache,
  };
}

async function measure(name, env) {
  const shop = await startShop(PORT, {
    nodeArgs: SHOP_NODE_ARGS,
    env: { MAILBOX_ENABLED: "true", ...env },
  });
  try {
    const urls = await urlList(shop);
    const count = urls.pages.length + urls.personal.length + urls.images.length;
    console.log(`${name}: ${count} URLs (${urls.dropped.length} left out), loading…`);
    if (count < MIN_URLS) console.log(`${name}: fewer than ${MIN_URLS} URLs answered as expected`);
    const load = os.loadavg()[0];
    const shopCpuBefore = treeCpuMs(shop.pid);
    const ownCpuBefore = process.cpuUsage();
    const result = await run(shop, urls);
    const shopCpu = treeCpuMs(shop.pid) - shopCpuBefore;
    const own = process.cpuUsage(ownCpuBefore);
    result.cpu = { shop: shopCpu / 1000, load: (own.user + own.system) / 1e6 };
    console.log(
      `${name}:`,
      JSON.stringify({ cpu: result.cpu, byKind: result.byKind, unanswered: result.unanswered }),
    );
    return { name, urls, count, load, ...result };
  } finally {
    await shop.stop();
  }
}

function section(runs, skipped) {
  const hitRatio = (cache) => {
    const total = Object.values(cache).reduce((a, b) => a + b, 0);
    return total ? ((cache.HIT ?? 0) + (cache.STALE ?? 0)) / total : 0;
  };
  const rows = runs.map((r) => [
    r.name,
    r.count,
    r.load.toFixed(1),
    r.requests,
    r.rps.toFixed(0),
    `${r.p50} / ${r.p90} / ${r.p99} / ${r.max}`,
    r.errors,
    r.wrongStatus,
    `${(hitRatio(r.cache) * 100).toFixed(0)} %`,
  ]);
  const headlines = runs.map((r) => {
    const failed = r.errors + r.wrongStatus;
    const target = r.name.startsWith("PostgreSQL")
      ? `, p99 ${r.p99} ms (target ≤ ${P99_TARGET_MS} ms: ${r.p99 <= P99_TARGET_MS ? "met" : "missed"})`
      : `, p99 ${r.p99} ms`;
    return `mixed load, ${r.name}: ${failed} failed (target 0: ${failed === 0 ? "met" : "missed"})${target}`;
  });
  const notes = runs.flatMap((r) => [
    `${r.name}: CPU time during the load: the shop ${r.cpu.shop.toFixed(0)} s, the load generator ${r.cpu.load.toFixed(0)} s (of ${SECONDS * os.availableParallelism()} s the machine had). ${r.urls.pages.length} anonymous pages, ${r.urls.personal.length} cart and account pages with a customer's session, ${r.urls.images.length} images; answers by page cache state: ${Object.entries(
      r.cache,
    )
      .map(([state, n]) => `${state} ${n}`)
      .join(", ")}.` +
      ` Answers by kind of URL (count, ms p50 / p99 / max, no answer): ${r.byKind
        .map((k) => `${k.kind} ${k.answers}, ${k.p50} / ${k.p99} / ${k.max}, ${k.timedOut}`)
        .join("; ")}.` +
      (r.unanswered.length
        ? ` Not answered within 10 s: ${r.unanswered.map(([key, n]) => `${key} (${n}×)`).join("; ")}.`
        : "") +
      (r.wrong.length
        ? ` Most frequent unexpected answers: ${r.wrong.map(([key, n]) => `${key} (${n}×)`).join("; ")}.`
        : "") +
      (r.urls.dropped.length
        ? ` Left out of the list (status when first asked): ${r.urls.dropped.slice(0, 10).join(", ")}${r.urls.dropped.length > 10 ? ", …" : ""}.`
        : ""),
  ]);
  return {
    title: TITLE,
    text: [
      `Written by \`npm run bench:load\` (scripts/bench-load.js) on ${new Date().toISOString().slice(0, 10)}: ${os.availableParallelism()} CPUs, Node ${process.version}; autocannon with ${CONNECTIONS} connections for ${SECONDS} s from the same machine, each request a URL of the list (both brands, all 17 storefronts, every page type) with a desktop browser's user agent: one in twenty an image, one in ten a customer's cart or account page with their session, the rest anonymous pages. Each URL was asked once before the load, as a browser (so the page cache holds what the load asks for, in the worker that answered). A request fails when it gets no answer within 10 s or a status other than the one the URL answered when first asked. The load column is the machine's load average when the run began (other work on the machine slows every number).`,
      ...skipped,
    ],
    headers: [
      "run",
      "URLs",
      "load avg",
      "requests",
      "req/s",
      "ms p50 / p90 / p99 / max",
      "no answer",
      "wrong status",
      "page cache hits",
    ],
    rows,
    notes: [headlines.map((line) => `- ${line}`).join("\n"), ...notes],
  };
}

/** Replaces the section in docs/bench.md (or adds it at the end). */
function writeSection(text) {
  const report = readFileSync(REPORT, "utf8");
  const start = report.indexOf(`## ${TITLE}\n`);
  if (start < 0) return writeFileSync(REPORT, `${report.trimEnd()}\n\n${text}\n`);
  const end = report.indexOf("\n## ", start + 1);
  writeFileSync(
    REPORT,
    `${report.slice(0, start)}${text}\n${end < 0 ? "" : report.slice(end)}`.replace(
      /\n{3,}/g,
      "\n\n",
    ),
  );
}

const runs = [];
const skipped = [];
if (DATABASE_URL && ONLY !== "pglite") {
  runs.push(await measure("PostgreSQL, 2 workers", { DATABASE_URL, WEB_CONCURRENCY: "2" }));
} else {
  skipped.push("PostgreSQL not run: set `BENCH_DATABASE_URL` to an empty database of its own.");
}
if (ONLY !== "postgres") runs.push(await measure("PGlite, 1 process", {}));
const text = renderSection(section(runs, skipped));
console.log(`\n${text}\n`);
writeSection(text);
console.log(`written to ${REPORT}`);

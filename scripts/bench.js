// Benchmarks the built shop: server render time and throughput of key pages, from the
// page cache and rendered for each request, beside a bare Node server sending the same
// bytes, and the client JS of the home page. Starts its own server on a fresh embedded database and
// sends traffic only to 127.0.0.1, for a bounded time. Run `npm run build` first.
//   npm run bench                 # all pages, 5 s each
//   BENCH_SECONDS=10 npm run bench
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 60);
const PAGES = [
  ["cards home (de-DE)", "cards.localhost", "/"],
  ["wallart home (de-DE)", "wallart.localhost", "/"],
  ["cards fr-CH", "ch.cards.localhost", "/fr"],
  ["products (desktop)", "cards.localhost", "/d/products"],
  ["404 error page", "cards.localhost", "/xx/missing"],
  ["health", "cards.localhost", "/health"],
];

const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
const server = spawn(process.execPath, ["server.js"], {
  env: {
    ...process.env,
    PORT: String(PORT),
    PGLITE_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

/** A session cookie (even an unknown one) makes the shop render the page for the request. */
const UNCACHED = { cookie: "shop_session=bench" };

async function renderTime(host, pathname, runs = 20) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${PORT}${pathname}`, {
      headers: { host: `${host}:${PORT}`, ...UNCACHED },
      redirect: "manual",
    });
    await response.text();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], p90: times[Math.floor(runs * 0.9)] };
}

/**
 * Pages no one has read yet, each rendered while 10 requests for made-up slugs are in
 * flight: the shop's reads of its own content are not queued behind the misses
 * (target: under 200 ms each).
 */
async function uncachedUnderMisses() {
  const get = (pathname) =>
    fetch(`http://127.0.0.1:${PORT}${pathname}`, { headers: { host: `cards.localhost:${PORT}` } });
  const sitemap = await (await get("/sitemap.xml")).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  // Content pages, not theme or product pages (those come from the catalogue).
  const unread = pages
    .filter((p) => !/^\/(themes|products|d)\b/.test(p) && !PAGES.some(([, , known]) => known === p))
    .slice(0, 5);
  const lines = [];
  for (const [i, pathname] of unread.entries()) {
    const misses = Array.from({ length: 10 }, (_, n) =>
      get(`/nie-da-${i}-${n}`).then((r) => r.text()),
    );
    const started = performance.now();
    const response = await get(pathname);
    await response.text();
    lines.push(`${pathname} ${response.status} ${(performance.now() - started).toFixed(0)} ms`);
    await Promise.all(misses);
  }
  console.log(
    `uncached pages with 10 requests for unknown slugs in flight:\n  ${lines.join("\n  ")}`,
  );
}

async function load(url, headers) {
  const result = await autocannon({ url, headers, connections: 10, duration: SECONDS });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** A bare Node server answering every request with the given bytes: the ceiling. */
async function bareServer(body, contentType) {
  const bare = http.createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": contentType, "Content-Length": body.length });
    response.end(body);
  });
  await new Promise((resolve) => bare.listen(0, "127.0.0.1", resolve));
  return bare;
}

try {
  await waitForServer();
  console.log(
    `page                      render median / p90   cached req/s (p99)   rendered req/s (p99)   (10 connections, ${SECONDS}s each)`,
  );
  for (const [name, host, pathname] of PAGES) {
    const render = await renderTime(host, pathname);
    const url = `http://127.0.0.1:${PORT}${pathname}`;
    const cached = await load(url, { host: `${host}:${PORT}` });
    const rendered = await load(url, { host: `${host}:${PORT}`, ...UNCACHED });
    console.log(
      `${name.padEnd(26)}${render.median.toFixed(1).padStart(6)} ms / ${render.p90.toFixed(1).padStart(6)} ms ${cached.rps.toFixed(0).padStart(10)} (${cached.p99} ms) ${rendered.rps.toFixed(0).padStart(14)} (${rendered.p99} ms)`,
    );
  }
  // The cached home page against a server that does nothing but send its bytes.
  const home = await fetch(`http://127.0.0.1:${PORT}/`, {
    headers: { host: `cards.localhost:${PORT}` },
  });
  const bytes = Buffer.from(await home.arrayBuffer());
  const bare = await bareServer(bytes, home.headers.get("content-type") ?? "text/html");
  const ceiling = await load(`http://127.0.0.1:${bare.address().port}/`, {});
  bare.close();
  const cachedHome = await load(`http://127.0.0.1:${PORT}/`, { host: `cards.localhost:${PORT}` });
  console.log(
    `cards home from the page cache: ${cachedHome.rps.toFixed(0)} req/s; bare Node with the same ${bytes.length} bytes: ${ceiling.rps.toFixed(0)} req/s; ratio ${(cachedHome.rps / ceiling.rps).toFixed(2)}`,
  );
  await uncachedUnderMisses();
  const budget = spawn(process.execPath, ["scripts/js-budget.js", `http://localhost:${PORT}/`], {
    stdio: "inherit",
  });
  await new Promise((resolve) => budget.on("exit", resolve));
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.on("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

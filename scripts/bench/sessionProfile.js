// By hand (not part of `npm run bench`): what the answers the page cache does not give
// cost the shop, in CPU time. A shop of its own on the embedded database, started under
// Node's CPU profiler, answers a signed-in customer's cart and account pages and an image
// cache hit over and over, one request at a time; for each, the shop's CPU time a request
// (from /proc, so other work on the machine sways it little), the answer's size as sent
// (gzip) and as HTML, the share of the page that is the loader data React Router writes
// into it, and the functions that cost most of their own time.
// The product pages rendered for a visitor with a session (never from the page cache) are
// measured the same way.
//   npm run build && npx node scripts/bench/sessionProfile.js
//   BENCH_PROFILE_DIR=/tmp/profiles … keeps the whole profile (Chrome DevTools opens it)
//   BENCH_KINDS=cart,product … only the kinds whose name starts with one of these
//   BENCH_PROFILE=0 … without the profiler (CPU time and wall-clock time as in production)
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { customerSession } from "./customer.js";
import { topAreas, topFunctions } from "./renderProfile.js";
import { SESSION, startShop } from "./shop.js";

const PORT = Number(process.env.BENCH_PORT ?? 3298);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 100);
const WARM_UP = 10;
const TOP = Number(process.env.BENCH_TOP ?? 12);
const CLOCK_TICKS = 100;
const PROFILE = process.env.BENCH_PROFILE !== "0";
const ONLY = process.env.BENCH_KINDS?.split(",").filter(Boolean) ?? [];

function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/**
 * Self time within [from, to] by where the code is: a package of node_modules, the shop's
 * server bundle, Node's own (node:…) or native work (GC, the embedded database's WASM), ms.
 */
function byPlace(profile, from, to) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const place = (url) => {
    if (!url) return "(native, GC, program)";
    if (url.startsWith("node:")) return "node: (Node's own)";
    const modules = url.lastIndexOf("node_modules/");
    if (modules >= 0) {
      const rest = url.slice(modules + "node_modules/".length).split("/");
      return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    }
    if (url.startsWith("wasm:")) return "(wasm)";
    return url.includes("/build/server/") ? "shop server bundle" : url;
  };
  const ms = new Map();
  let at = profile.startTime;
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    if (at < from || at > to) continue;
    const node = byId.get(profile.samples[i]);
    if (node.callFrame.functionName === "(idle)") continue;
    const us = profile.timeDeltas[i + 1] ?? 0;
    busy += us;
    const key = place(node.callFrame.url);
    ms.set(key, (ms.get(key) ?? 0) + us);
  }
  return [...ms]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([where, us]) => ({
      where,
      ms: Number((us / 1000).toFixed(0)),
      share: `${((us / busy) * 100).toFixed(1)} %`,
    }));
}

/** The bytes of the loader data React Router streams into the page (its inline scripts). */
function loaderDataBytes(html) {
  let bytes = 0;
  for (const [, text] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    if (text.includes("__reactRouterContext")) bytes += Buffer.byteLength(text);
  }
  return bytes;
}

const dir = mkdtempSync(path.join(os.tmpdir(), "shop-session-profile-"));
const shop = await startShop(PORT, {
  nodeArgs: PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [],
  env: { MAILBOX_ENABLED: "true" },
});
const results = [];
const windows = [];
const now = () => Number(process.hrtime.bigint() / 1000n);
try {
  const cards = await customerSession(shop, PORT, { channel: "cards", slash: false });
  const wallart = await customerSession(shop, PORT, { channel: "wallart", slash: true });
  const home = (await shop.get("cards.localhost", "/", { "accept-encoding": "identity" })).body;
  const image = /(?:src|srcset)="(\/_img\/[^" ,]+)/.exec(home.toString())?.[1];
  const kinds = [
    { kind: "cart", host: "cards.localhost", path: "/warenkorb", cookie: cards },
    { kind: "account", host: "cards.localhost", path: "/konto", cookie: cards },
    { kind: "cart (wall art)", host: "wallart.localhost", path: "/warenkorb/", cookie: wallart },
    { kind: "account (wall art)", host: "wallart.localhost", path: "/konto/", cookie: wallart },
    { kind: "image hit", host: "cards.localhost", path: image, cookie: "" },
    { kind: "anonymous page hit", host: "cards.localhost", path: "/", cookie: "" },
    { kind: "product", host: "cards.localhost", path: "/fotobuch", cookie: SESSION.cookie },
    {
      kind: "product (wall art)",
      host: "wallart.localhost",
      path: "/leinwand/",
      cookie: SESSION.cookie,
    },
  ].filter(({ kind }) => ONLY.length === 0 || ONLY.some((name) => kind.startsWith(name)));
  for (const { kind, host, path: pathname, cookie } of kinds) {
    const headers = { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) };
    let last;
    for (let i = 0; i < WARM_UP; i++) last = await shop.get(host, pathname, headers);
    if (last.status !== 200) throw new Error(`${kind} ${pathname} answered ${last.status}`);
    const from = now();
    const before = cpuMs(shop.pid);
    const times = [];
    for (let i = 0; i < RENDERS; i++) {
      const started = performance.now();
      last = await shop.get(host, pathname, headers);
      times.push(performance.now() - started);
    }
    const cpu = (cpuMs(shop.pid) - before) / RENDERS;
    const to = now();
    windows.push({ kind, from, to });
    times.sort((a, b) => a - b);
    const at = (share) => times[Math.min(times.length - 1, Math.floor(times.length * share))];
    const gzipped = last.headers["content-encoding"] === "gzip";
    const body = gzipped ? gunzipSync(last.body) : last.body;
    const html = String(last.headers["content-type"]).startsWith("text/html")
      ? body.toString()
      : "";
    results.push({
      kind,
      path: pathname,
      cpuMs: Number(cpu.toFixed(2)),
      medianMs: Number(at(0.5).toFixed(2)),
      p90Ms: Number(at(0.9).toFixed(2)),
      sentBytes: last.body.byteLength,
      bytes: body.byteLength,
      loaderDataBytes: html ? loaderDataBytes(html) : 0,
      cache: last.headers["x-cache"] ?? null,
    });
  }
} finally {
  await shop.stop();
}
const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
const profile = file ? JSON.parse(readFileSync(path.join(dir, file), "utf8")) : null;
if (file && process.env.BENCH_PROFILE_DIR) {
  copyFileSync(path.join(dir, file), path.join(process.env.BENCH_PROFILE_DIR, file));
  writeFileSync(
    path.join(process.env.BENCH_PROFILE_DIR, `${file}.json`),
    JSON.stringify({ results, windows }, null, 2),
  );
}
rmSync(dir, { recursive: true, force: true });
console.log(`load average ${os.loadavg()[0].toFixed(1)}`);
console.table(results);
for (const { kind, from, to } of profile ? windows : []) {
  if (kind.startsWith("anonymous")) continue;
  console.log(`\n${kind}: busy time by part of the work, ms a request`);
  console.table(
    topAreas(profile, { from, to }).map((entry) => ({
      part: entry.name,
      ms: Number((entry.ms / RENDERS).toFixed(2)),
      share: `${(entry.share * 100).toFixed(1)} %`,
    })),
  );
  console.log(`${kind}: self time by place`);
  console.table(byPlace(profile, from, to));
  console.log(`${kind}: top functions by self time`);
  console.table(
    topFunctions(profile, { from, to, count: TOP }).map((entry) => ({
      name: entry.name,
      where: entry.where,
      ms: Number(entry.ms.toFixed(0)),
      share: `${(entry.share * 100).toFixed(1)} %`,
    })),
  );
}

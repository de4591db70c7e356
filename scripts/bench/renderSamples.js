// By hand, not part of `npm run bench`: many timed renders of the product pages for a visitor
// with a session, from one built shop or two side by side, to see where slow renders come
// from. Usage (from a built clone):
//   node scripts/bench/renderSamples.js <port> [build dirs…] [--runs=200] [--after-load]
//        [--rounds=5] [--list] [--trace-gc]
// Each build is a build directory (BUILD_DIR); without one the clone's own. With several,
// the shops start on port, port+1 … and take turns, 20 renders at a time. --after-load
// first puts the bench's session load (autocannon) on the brand's content page, as the
// bench does before a product page's timed renders, before each round of 20. Prints the
// median, p90, p99 and slowest renders as the client saw them, the p90 of each run of 20,
// and the shop's own view from scripts/bench/renderProbe.js (loaded into it): wall and CPU
// time of each render, the collections during the renders and the young generation's size
// (--list: every render's wall/CPU/GC ms; --trace-gc: V8's own lines in between).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { load } from "./load.js";
import { SESSION, startShop } from "./shop.js";

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const found = args.find((arg) => arg.startsWith(`--${name}`));
  if (!found) return fallback;
  const [, value] = found.split("=");
  return value === undefined ? true : value;
};
const plain = args.filter((arg) => !arg.startsWith("--"));
const port = Number(plain[0] ?? 3460);
const builds = plain.slice(1).length ? plain.slice(1) : [undefined];
const RUNS = Number(flag("runs", 200));
const AFTER_LOAD = flag("after-load", false);
const ROUNDS = Number(flag("rounds", 5));

const PAGES = [
  { name: "cards product", host: "cards.localhost", path: "/fotobuch", before: "/ueber-uns" },
  {
    name: "wallart product",
    host: "wallart.localhost",
    path: "/leinwand/",
    before: "/ueber-uns/",
  },
];

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const slowest = times
    .map((ms, i) => ({ i, ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 6)
    .map(({ i, ms }) => `#${i} ${ms.toFixed(1)}`)
    .join(", ");
  return `median ${quantile(sorted, 0.5).toFixed(2)} p90 ${quantile(sorted, 0.9).toFixed(2)} p99 ${quantile(sorted, 0.99).toFixed(2)} max ${sorted.at(-1).toFixed(1)} (n=${times.length}); slowest: ${slowest}`;
}

/** The p90 of each run of 20 renders (as the bench takes it: the second slowest). */
function p90s(times) {
  const out = [];
  for (let i = 0; i + 20 <= times.length; i += 20)
    out.push(
      quantile(
        [...times.slice(i, i + 20)].sort((a, b) => a - b),
        0.9,
      ).toFixed(1),
    );
  return out;
}

async function timed(shop, page) {
  const started = performance.now();
  const answer = await shop.get(page.host, page.path, SESSION);
  if (answer.status !== 200) throw new Error(`${page.path} answered ${answer.status}`);
  return { ms: performance.now() - started, bytes: answer.body.length };
}

const trace = flag("trace-gc", false);
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), "renderProbe.js");
const GC_KIND = { 1: "minor", 2: "major", 4: "major", 8: "incremental", 16: "weak" };

/** The shop's own view of the timed requests: CPU time, time in GC, the GCs of the slowest. */
async function probed(shop, page) {
  const {
    records,
    heap,
    gc: all,
    newSpace,
  } = JSON.parse((await shop.get(page.host, "/__probe")).body.toString());
  const timedOnes = records.filter((r) => r.cookie && r.url === page.path);
  const cpu = timedOnes.map((r) => r.cpu).sort((a, b) => a - b);
  const wall = timedOnes.map((r) => r.wall);
  const gc = timedOnes.map((r) => r.gcMs);
  const withGc = timedOnes.filter((r) => r.gcKinds.length);
  const sum = (list) => list.reduce((s, v) => s + v, 0);
  const slow = timedOnes
    .map((r, i) => ({ ...r, i }))
    .sort((a, b) => b.wall - a.wall)
    .slice(0, 5)
    .map(
      (r) =>
        `#${r.i} ${r.wall.toFixed(1)} ms (cpu ${r.cpu.toFixed(1)}, gc ${r.gcMs.toFixed(1)} ${r.gcKinds.map((k) => GC_KIND[k] ?? k).join("+")})`,
    );
  const list = flag("list", false)
    ? [
        `  each (wall/cpu/gc): ${timedOnes.map((r) => `${r.wall.toFixed(0)}/${r.cpu.toFixed(0)}/${r.gcMs.toFixed(0)}`).join(" ")}`,
      ]
    : [];
  return [
    ...list,
    `  in the shop: wall ${summaryShort(wall)}; cpu median ${quantile(cpu, 0.5).toFixed(2)} p90 ${quantile(cpu, 0.9).toFixed(2)} mean ${(sum(cpu) / cpu.length).toFixed(2)}`,
    `  gc: ${withGc.length} of ${timedOnes.length} requests, ${(sum(gc) / timedOnes.length).toFixed(2)} ms a request; heap used ${(heap.heapUsed / 2 ** 20).toFixed(0)} MB of ${(heap.heapTotal / 2 ** 20).toFixed(0)}; all GCs while timed: ${all.count} (${all.ms.toFixed(0)} ms), new space ${(newSpace / 2 ** 20).toFixed(1)} MB`,
    `  slowest in the shop: ${slow.join(", ")}`,
  ].join("\n");
}

function summaryShort(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${quantile(sorted, 0.5).toFixed(2)} p90 ${quantile(sorted, 0.9).toFixed(2)} p99 ${quantile(sorted, 0.99).toFixed(2)}`;
}
const shops = [];
try {
  for (const [i, build] of builds.entries()) {
    const env = build ? { BUILD_DIR: build } : {};
    const shop = await startShop(port + i, {
      env,
      nodeArgs: [`--import=${PROBE}`, ...(trace ? ["--trace-gc"] : [])],
    });
    shops.push({ shop, build: build ?? "build" });
    // As the bench: every page once without cookies first.
    for (const page of PAGES) await shop.get(page.host, page.path);
  }
  for (const page of PAGES) {
    const runs = shops.map(() => ({ times: [], bytes: 0 }));
    for (const { shop } of shops) {
      await shop.get(page.host, "/__probe");
      for (let i = 0; i < 10; i++) await timed(shop, page);
    }
    // The builds take turns, 20 renders at a time, so a busy moment of the machine falls
    // on each alike.
    const rounds = AFTER_LOAD ? ROUNDS : Math.ceil(RUNS / 20);
    for (let round = 0; round < rounds; round++) {
      for (const [s, { shop }] of shops.entries()) {
        if (AFTER_LOAD) await load(shop.url(page.before), shop.headers(page.host, SESSION));
        for (let i = 0; i < 20; i++) {
          if (trace) console.log(`REQ ${s} ${round}.${i}`);
          const answer = await timed(shop, page);
          runs[s].times.push(answer.ms);
          runs[s].bytes = answer.bytes;
        }
      }
    }
    for (const [s, { shop, build }] of shops.entries()) {
      const { times, bytes } = runs[s];
      console.log(`${page.name} [${build}] ${(bytes / 1024).toFixed(1)} KB: ${summary(times)}`);
      console.log(`  p90 of each 20: ${p90s(times).join(" ")}`);
      console.log(await probed(shop, page));
    }
  }
} finally {
  for (const { shop } of shops) await shop.stop();
}

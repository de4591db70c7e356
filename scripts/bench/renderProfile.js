// Where a product page's render spends its time: a shop of its own, started under Node's
// CPU profiler, renders the product pages for a visitor with a session (so never from the
// page cache) over and over; the profile is summed by function (self time) and the most
// expensive ones are named.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SESSION, startShop } from "./shop.js";

const WARM_UP = 10;
const RENDERS = 100;
const TOP = 3;

/** CPU time (user and system) a process has used so far, ms, from /proc (Linux); null elsewhere. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** Linux counts CPU time in ticks of 1/100 s. */
const CLOCK_TICKS = 100;

/** "react-dom-server.node.production.js", "app/blocks/prepare.server.ts" … from a profile url. */
function shortFile(url) {
  if (!url) return "(native)";
  const file = url.replace(/^file:\/\//, "");
  const modules = file.lastIndexOf("node_modules/");
  if (modules >= 0) return file.slice(modules + "node_modules/".length);
  return path.relative(process.cwd(), file);
}

/**
 * Self time per function of a .cpuprofile (idle time left out), most expensive first:
 * { name, where, ms, share } with share of the busy time.
 */
export function topFunctions(profile, { from = -Infinity, to = Infinity, count = TOP } = {}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  const deltas = profile.timeDeltas;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += deltas[i];
    // Only the samples taken while the measured renders ran (not the start-up).
    if (at < from || at > to) continue;
    const node = byId.get(profile.samples[i]);
    // Each sample stands for the time until the next one.
    const us = deltas[i + 1] ?? 0;
    selfUs.set(node, (selfUs.get(node) ?? 0) + us);
  }
  const byFunction = new Map();
  let busy = 0;
  for (const [node, us] of selfUs) {
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") continue;
    busy += us;
    const name = functionName || "(anonymous)";
    const where = url ? `${shortFile(url)}:${lineNumber + 1}` : "";
    const key = `${name} ${where}`;
    const entry = byFunction.get(key) ?? { name, where, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
  }
  return [...byFunction.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, count)
    .map(({ name, where, us }) => ({ name, where, ms: us / 1000, share: us / busy }));
}

/**
 * The parts of a render's work, most specific first: a profile sample counts for the first
 * part any function on its stack belongs to (the loader data's encoding runs inside React's
 * render, as do the links; compression inside the shop's own response code, the loaders
 * inside React Router's handler, all of it inside the HTTP server's).
 */
const AREAS = [
  {
    name: "garbage collection",
    test: ({ functionName }) => functionName === "(garbage collector)",
  },
  {
    name: "loader data: React Router's turbo-stream encoding and its script",
    test: ({ url }) => /turbo-stream|single-fetch\.js/.test(url),
  },
  {
    name: "links: React Router's Link",
    test: ({ functionName }) => functionName === "LinkWithRef",
  },
  {
    name: "React's render of the page (components, markup, writing it out)",
    test: ({ url }) => url.includes("react-dom-server"),
  },
  { name: "compression (zlib)", test: ({ url }) => url === "node:zlib" },
  { name: "response streams (Node's web streams)", test: ({ url }) => url.includes("webstreams") },
  {
    name: "loaders, middleware and the shop's other code",
    test: ({ url }) => url.includes("/build/server/"),
  },
  { name: "React Router's server runtime", test: ({ url }) => url.includes("react-router") },
  {
    name: "HTTP server and routing (Node's http, Hono)",
    test: ({ url }) => /^node:(_http|net)|hono/.test(url),
  },
];

/**
 * Busy time within [from, to] by part of the work (AREAS, the rest as "other"), most
 * expensive first: { name, ms, share } with share of the busy time.
 */
export function topAreas(profile, { from = -Infinity, to = Infinity } = {}) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node);
  const areaOf = new Map();
  const area = (node) => {
    if (!areaOf.has(node.id)) {
      const stack = [];
      for (let at = node; at; at = parent.get(at.id)) stack.push(at.callFrame);
      const found = AREAS.find(({ test }) => stack.some((frame) => test(frame)));
      areaOf.set(node.id, found?.name ?? "other (Node's event loop and plumbing)");
    }
    return areaOf.get(node.id);
  };
  const us = new Map();
  let busy = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    if (at < from || at > to) continue;
    const node = byId.get(profile.samples[i]);
    if (node.callFrame.functionName === "(idle)") continue;
    const time = profile.timeDeltas[i + 1] ?? 0;
    busy += time;
    us.set(area(node), (us.get(area(node)) ?? 0) + time);
  }
  return [...us]
    .sort((a, b) => b[1] - a[1])
    .map(([name, time]) => ({ name, ms: time / 1000, share: time / busy }));
}

/** Renders each page `RENDERS` times in a profiled shop on `port`; the top functions by self time. */
export async function renderProfileSection(pages, port) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "shop-bench-profile-"));
  try {
    const shop = await startShop(port, { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
    const times = [];
    // The profile's clock is the monotonic one process.hrtime reads, in microseconds.
    const now = () => Number(process.hrtime.bigint() / 1000n);
    let from = 0;
    let to = 0;
    let cpu = null;
    try {
      for (const page of pages) {
        for (let i = 0; i < WARM_UP; i++) await shop.get(page.host, page.path, SESSION);
      }
      from = now();
      const cpuBefore = cpuMs(shop.pid);
      for (const page of pages) {
        for (let i = 0; i < RENDERS; i++) {
          const started = performance.now();
          await shop.get(page.host, page.path, SESSION);
          times.push(performance.now() - started);
        }
      }
      to = now();
      const cpuAfter = cpuMs(shop.pid);
      if (cpuBefore !== null && cpuAfter !== null) cpu = (cpuAfter - cpuBefore) / times.length;
    } finally {
      // The profile is written when the process ends.
      await shop.stop();
    }
    const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("the shop wrote no CPU profile");
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    // BENCH_PROFILE=<file> keeps the whole profile (to open in Chrome's DevTools).
    if (process.env.BENCH_PROFILE) copyFileSync(path.join(dir, file), process.env.BENCH_PROFILE);
    const top = topFunctions(profile, { from, to });
    const areas = topAreas(profile, { from, to });
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    return {
      title: "Product page render profile",
      text: [
        `${pages.map((page) => `${page.name} (${page.path})`).join(" and ")}, each rendered ${RENDERS} times in a row for a visitor with a session (never from the page cache, after ${WARM_UP} renders to warm up) by a shop started under \`node --cpu-prof\`: median ${median.toFixed(1)} ms a request while profiled${cpu === null ? "" : `, ${cpu.toFixed(1)} ms of the shop's CPU time a request (less swayed by other work on the machine than the wall-clock time)`}. Where the busy time goes, by part of the work (each profile sample counts for the most specific part on its stack), per request and as a share of the process's busy time:`,
      ],
      headers: ["#", "part of the work", "ms a request", "share of busy time"],
      rows: areas.map((entry, i) => [
        i + 1,
        entry.name,
        (entry.ms / times.length).toFixed(2),
        `${(entry.share * 100).toFixed(1)} %`,
      ]),
      notes: [
        `The functions that cost most time of their own: ${top.map((entry) => `${entry.name} (${entry.where || "native"}, ${(entry.share * 100).toFixed(1)} %)`).join(", ")}.`,
      ],
      headlines: [
        `product page render (profiled): median ${median.toFixed(1)} ms${cpu === null ? "" : `, CPU ${cpu.toFixed(1)} ms`} a request; top three costs: ${areas
          .slice(0, TOP)
          .map(
            (entry) =>
              `${entry.name} ${(entry.ms / times.length).toFixed(1)} ms (${(entry.share * 100).toFixed(0)} %)`,
          )
          .join(", ")}`,
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

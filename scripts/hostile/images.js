// The image endpoints under a burst of worst-case uploads, against the built shop: each
// kind of file is sent `parallel` times at once to every endpoint that takes images (the
// three toolbox operations, a customer picture and a studio photo), while the shop's
// resident memory is read from /proc/<pid>/status and /health is asked every 50 ms. The
// kinds are the findings' own (a 10000 × 10000 PNG, a 1 × 10,000,000 PNG) and the largest
// image the gate accepts from shoppers (50 megapixels). Reports the peak RSS, the slowest
// health answer, the shop's longest event-loop delay (when the shop was started with
// ./loopDelay.js) and every status; the caller decides what fails.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { crc32, createDeflate } from "node:zlib";

const { File, FormData } = globalThis;

/**
 * The health prober's thread: asks the URL every 50 ms, and on each message from the
 * main thread (a new phase) answers with the slowest answer and the failures since the last.
 * The slowest answer comes with the shop's own account of it (its Server-Timing header:
 * the database ping's part and the route's whole), so a slow answer can be told apart:
 * time in the route, or time before the route ran (the event loop, the machine).
 */
const HEALTH_PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
let slowest = { ms: 0, routeMs: null, dbMs: null };
let failures = 0;
let answers = 0;
let over200 = 0;
// Of the answers over 200 ms: their time in all, and the parts the shop timed.
let slowTotals = { ms: 0, routeMs: 0, dbMs: 0 };
parentPort.on("message", () => {
  const slow = Object.fromEntries(Object.entries(slowTotals).map(([k, v]) => [k, Math.round(v)]));
  parentPort.postMessage({ ...slowest, ms: Math.round(slowest.ms), failures, answers, over200, slow });
  slowest = { ms: 0, routeMs: null, dbMs: null };
  failures = 0;
  answers = 0;
  over200 = 0;
  slowTotals = { ms: 0, routeMs: 0, dbMs: 0 };
});
const timing = (header, name) => {
  for (const part of (header ?? "").split(",")) {
    const [metric, ...params] = part.trim().split(";");
    if (metric !== name) continue;
    const dur = params.find((param) => param.startsWith("dur="));
    return dur ? Math.round(Number(dur.slice(4))) : null;
  }
  return null;
};
(async () => {
  for (;;) {
    const started = performance.now();
    let serverTiming = null;
    try {
      const answer = await fetch(workerData.url, { signal: AbortSignal.timeout(5000) });
      await answer.arrayBuffer();
      serverTiming = answer.headers.get("server-timing");
      if (!answer.ok) failures++;
    } catch {
      failures++;
    }
    const ms = performance.now() - started;
    answers++;
    if (ms > 200) {
      over200++;
      slowTotals.ms += ms;
      slowTotals.routeMs += timing(serverTiming, "total") ?? 0;
      slowTotals.dbMs += timing(serverTiming, "db") ?? 0;
    }
    if (ms > slowest.ms) {
      slowest = { ms, routeMs: timing(serverTiming, "total"), dbMs: timing(serverTiming, "db") };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();
`;

/** Resident memory of a process in MB, from the kernel's own count. */
function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * Processor time of each of a process's threads so far, in ms, summed by thread name
 * (the event loop is "node"; libuv's pool "libuv-worker"; the image library's "libvips
 * worker"), with the nice value each kind runs at: which threads took the cores while
 * /health waited, and at what priority.
 */
function threadCpu(pid) {
  const tick = 10; // ms per clock tick (USER_HZ 100 on Linux)
  const byName = {};
  let tids;
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tids) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    // The fields after the name: state is the 3rd field of the whole line, utime the 14th,
    // stime the 15th, nice the 19th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ms = (Number(fields[11]) + Number(fields[12])) * tick;
    const nice = Number(fields[16]);
    // The event loop's thread is the one whose id is the process's.
    const key = tid === String(pid) ? "event loop" : `${name} (nice ${nice})`;
    byName[key] = (byName[key] ?? 0) + ms;
  }
  return byName;
}

/** What each kind of thread took between two threadCpu readings (ms, largest first). */
function cpuBetween(before, after) {
  const taken = {};
  for (const [name, ms] of Object.entries(after)) {
    const spent = ms - (before[name] ?? 0);
    if (spent > 0) taken[name] = spent;
  }
  return Object.fromEntries(Object.entries(taken).sort((a, b) => b[1] - a[1]));
}

/** A grey RGB PNG of any size, written row by row (real pixels: a decoder must read them all). */
async function greyPng(width, height) {
  const rowBytes = 1 + width * 3;
  const rowsPerChunk = Math.max(1, Math.floor((4 << 20) / rowBytes));
  const rows = Buffer.alloc(rowBytes * rowsPerChunk, 0x80);
  for (let r = 0; r < rowsPerChunk; r++) rows[r * rowBytes] = 0;
  // The fastest level: a second for 10000 × 10000 instead of several.
  const deflate = createDeflate({ level: 1 });
  const compressed = [];
  deflate.on("data", (data) => compressed.push(data));
  const ended = new Promise((resolve) => deflate.on("end", resolve));
  for (let y = 0; y < height; y += rowsPerChunk) {
    const count = Math.min(rowsPerChunk, height - y);
    if (!deflate.write(rows.subarray(0, count * rowBytes))) {
      await new Promise((resolve) => deflate.once("drain", resolve));
    }
  }
  deflate.end();
  await ended;
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.concat(compressed)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The worst-case files: what the findings sent, and the largest accepted image. */
async function worstCases(short) {
  const cases = [
    { name: "10000x10000 png", data: await greyPng(10_000, 10_000), pixels: 100_000_000 },
    { name: "1x10000000 png", data: await greyPng(1, 10_000_000), pixels: 10_000_000, line: true },
  ];
  // The largest image let in: it is decoded, so this is what the memory budget is for.
  if (!short)
    cases.push({ name: "7000x7000 png", data: await greyPng(7000, 7000), pixels: 49_000_000 });
  return cases;
}

/** Customers logged in through the Google sign-in stand-in (scripts/e2e-server.js). */
async function customers(base, standinPort, count) {
  const cookies = [];
  for (let i = 0; i < count; i++) {
    const email = `hostile-images-${i}@example.de`;
    const minted = await fetch(`http://127.0.0.1:${standinPort}/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, given_name: "Hostile", family_name: `Images${i}` }),
    });
    const { credential } = await minted.json();
    const login = await fetch(`${base}/web-api/customer-auth-google-credentials`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ credential }),
    });
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (!login.ok || cookie.length === 0) {
      throw new Error(`images: the Google stand-in log-in answered ${login.status}`);
    }
    cookies.push(cookie.join("; "));
  }
  return cookies;
}

/**
 * The longest event-loop delay and garbage collection pause the shop wrote (./loopDelay.js)
 * in each window, by name, with what the loop's thread did in the stretch of that longest
 * delay (ms on a core, ms ready but waiting for one) and the longest stretch the loop could
 * have been held by the shop's own work (a delay no longer than the time the thread ran in
 * it: a delay the thread spent waiting for a core is the machine's); null when the shop was
 * not started with it.
 */
export function loopDelays(file, windows) {
  if (!file || !existsSync(file)) return null;
  const lines = readFileSync(file, "utf8").trim().split("\n");
  const samples = lines.map((line) => line.split(" ").map(Number));
  const byName = {};
  for (const { name, from, to } of windows) {
    let delayMs = 0;
    let gcMs = 0;
    let ownMs = 0;
    let longest = { ranMs: null, waitedMs: null };
    let ranMs = 0;
    let waitedMs = 0;
    // A line covers the 100 ms before it was written, and one written late covers its delay.
    // A delay can be counted on the line after the stretch that held it (the line's timer
    // may run before the monitor's as the loop comes free), so a delay is paired with the
    // thread's times of its own line and the one before.
    samples.forEach(([at, delay, gc, ran = -1, waited = -1], i) => {
      if (at <= from || at - delay - 100 >= to) return;
      const [, , , ranBefore = -1, waitedBefore = -1] = samples[i - 1] ?? [];
      const ranAround = ran >= 0 && ranBefore >= 0 ? ran + ranBefore : -1;
      const waitedAround = ran >= 0 && ranBefore >= 0 ? waited + waitedBefore : -1;
      if (ranAround >= 0 && (delay > delayMs || longest.ranMs === null)) {
        longest = { ranMs: ranAround, waitedMs: waitedAround };
      }
      delayMs = Math.max(delayMs, delay);
      gcMs = Math.max(gcMs, gc);
      if (ranAround >= 0) ownMs = Math.max(ownMs, Math.min(delay, ranAround));
      if (ran >= 0) {
        ranMs += ran;
        waitedMs += waited;
      }
    });
    byName[name] = { delayMs, gcMs, ownMs, longest, ranMs, waitedMs };
  }
  return byName;
}

/** One upload: the answer's status and whether a 503 said when to come back. */
async function send(url, form, headers) {
  try {
    const response = await fetch(url, { method: "POST", headers, body: form });
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.has("retry-after") };
  } catch {
    return { status: 0, retryAfter: false };
  }
}

/**
 * @param {{ port: number, pid: number, standinPort: number, parallel: number, short: boolean, loopDelayFile?: string }} options
 */
export async function images({ port, pid, standinPort, parallel, short, loopDelayFile }) {
  const base = `http://127.0.0.1:${port}`;
  const cases = await worstCases(short);
  const sessions = await customers(base, standinPort, parallel);
  const endpoints = [
    { name: "toolbox-optimize-image", path: "/web-api/toolbox-optimize-image", field: "file" },
    {
      name: "toolbox-convert-file",
      path: "/web-api/toolbox-convert-file",
      field: "file",
      extra: { to: "webp" },
    },
    { name: "toolbox-convert-pdf", path: "/web-api/toolbox-convert-pdf", field: "files" },
    { name: "customer-picture", path: "/customer-picture/upload", field: "file", customer: true },
    // The studio lets in larger photos (100 megapixels): the 10000 × 10000 PNG is decoded
    // there, so it weighs on the memory budget as an accepted image does. Each upload comes
    // from a visitor of its own (no cookie: the shop gives each a key), so none is the
    // same file again for the same owner.
    { name: "studio-photo", path: "/web-api/studio/photos", field: "file", accepts: 100_000_000 },
  ];

  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  let phase = "before";
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  // /health is asked from a thread of its own: this one is busy writing the uploads, and
  // its own delays must not count as the shop's.
  const prober = new Worker(HEALTH_PROBE, { eval: true, workerData: { url: `${base}/health` } });
  const probed = new Map();
  prober.on("message", (slowest) => probed.set(phase, slowest));
  const setPhase = (name) =>
    new Promise((resolve) => {
      prober.once("message", resolve);
      prober.postMessage(name);
    }).then(() => (phase = name));

  const results = [];
  let address = 0;
  const started = Date.now();
  const windows = [];
  const threadsByKind = {};
  // The suite's own processor time per burst (it shares the machine with the shop).
  const clientByKind = {};
  for (const kind of cases) {
    await setPhase(kind.name);
    const window = { name: kind.name, from: Date.now(), to: Infinity };
    windows.push(window);
    const threadsBefore = threadCpu(pid);
    const clientBefore = threadCpu(process.pid);
    const burst = [];
    for (const endpoint of endpoints) {
      for (let i = 0; i < parallel; i++) {
        const form = new FormData();
        form.append(endpoint.field, new File([kind.data], "worst.png", { type: "image/png" }));
        for (const [name, value] of Object.entries(endpoint.extra ?? {})) form.append(name, value);
        if (endpoint.customer) form.append("consent", "on");
        // Each upload from its own address (the shop trusts 127.0.0.1 as its proxy here):
        // the hourly limit per address is not what is measured.
        address++;
        const headers = {
          accept: "application/json",
          "x-forwarded-for": `198.18.${address >> 8}.${address & 255}`,
          ...(endpoint.customer ? { cookie: sessions[i] } : {}),
        };
        // Let in (and so decoded) when the endpoint takes that many pixels; a side of
        // millions of pixels is refused everywhere.
        const accepted = !kind.line && kind.pixels <= (endpoint.accepts ?? 50_000_000);
        burst.push(
          send(`${base}${endpoint.path}`, form, headers).then((answer) =>
            results.push({
              kind: kind.name,
              accepted,
              endpoint: endpoint.name,
              ...answer,
            }),
          ),
        );
      }
    }
    await Promise.all(burst);
    window.to = Date.now();
    threadsByKind[kind.name] = cpuBetween(threadsBefore, threadCpu(pid));
    clientByKind[kind.name] = cpuBetween(clientBefore, threadCpu(process.pid));
  }
  await setPhase("after");
  await prober.terminate();
  sampling = false;
  await sampler;
  rssPeak = Math.max(rssPeak, rssMb(pid));
  const healthByKind = {};
  const healthSlowestParts = {};
  let healthSlowest = 0;
  let healthFailures = 0;
  for (const [name, slowest] of probed) {
    if (name === "before" || name === "after") continue;
    healthByKind[name] = slowest.ms;
    healthSlowestParts[name] = {
      routeMs: slowest.routeMs,
      dbMs: slowest.dbMs,
      answers: slowest.answers,
      over200: slowest.over200,
      over200Totals: slowest.slow,
    };
    healthSlowest = Math.max(healthSlowest, slowest.ms);
    healthFailures += slowest.failures;
  }

  const delays = loopDelays(loopDelayFile, windows);
  const statuses = {};
  for (const r of results) {
    const key = `${r.kind} ${r.endpoint}`;
    statuses[key] ??= {};
    statuses[key][r.status] = (statuses[key][r.status] ?? 0) + 1;
  }
  return {
    requests: results.length,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    rssBeforeMb: rssBefore,
    rssPeakMb: rssPeak,
    healthSlowestMs: Math.round(healthSlowest),
    healthFailures,
    healthSlowestMsByKind: healthByKind,
    // The slowest answer's parts as the shop timed them, and how many answers were slow.
    healthSlowestParts,
    // The shop's processor time per kind of thread during each burst (ms).
    shopThreadsCpuMsByKind: threadsByKind,
    // This process's (the senders' and the prober's) per kind of thread: what the suite
    // itself took from the cores the shop needed.
    clientThreadsCpuMsByKind: clientByKind,
    // The shop's own share of a slow answer: its event loop held (its code or collections).
    ...(delays
      ? {
          loopDelayMaxMs: Math.max(...Object.values(delays).map((d) => d.delayMs)),
          loopDelayMsByKind: Object.fromEntries(
            Object.entries(delays).map(([name, d]) => [name, d.delayMs]),
          ),
          gcPauseMaxMs: Math.max(...Object.values(delays).map((d) => d.gcMs)),
          // Of the longest delay per kind: the loop thread's ms on a core and ms waiting for
          // one; the longest delay the shop's own work can account for; and over the whole
          // burst, the loop thread's ms on a core and ms ready but without one.
          loopThreadByKind: Object.fromEntries(
            Object.entries(delays).map(([name, d]) => [
              name,
              {
                longestDelay: d.longest,
                ownMaxMs: d.ownMs,
                burstRanMs: d.ranMs,
                burstWaitedMs: d.waitedMs,
              },
            ]),
          ),
          loopOwnMaxMs: Math.max(...Object.values(delays).map((d) => d.ownMs)),
        }
      : {}),
    // A refused worst case must never be a 5xx; an accepted one may meet a full queue,
    // which is the designed 503 with Retry-After, and nothing else.
    serverErrors: results.filter(
      (r) =>
        r.status === 0 || (r.status >= 500 && (!r.accepted || r.status !== 503 || !r.retryAfter)),
    ).length,
    busy: results.filter((r) => r.status === 503).length,
    statuses,
  };
}

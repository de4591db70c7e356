// The hostile suites against the built shop (run `npm run build` first), on 127.0.0.1
// only, each on its own fresh embedded database:
//   npm run test:hostile          fuzz 10,000 requests, load 200 connections for 60 s, SIGTERM under load
//   npm run test:hostile:short    the same in a short form for CI (1,000 requests, 50 connections for 5 s)
//   node scripts/hostile/run.js --only images,accounts   only the named blocks (fuzz, load,
//                                 drain, images, accounts, errors); with --short or without
// Each class of request (pages, API, images, uploads) within a budget of processor time per
// request and memory growth (scripts/hostile/budget.js).
// Then worst-case image uploads, 20 at once to every image endpoint (scripts/hostile/images.js).
// Fails on any 5xx, reflected payload, redirect to another site, load error or lost request,
// and on image uploads that push the shop's memory over its budget or slow /health past 200 ms;
// the full form also on fuzz answers slower than 2 s (the short one reports them only:
// CI machines are shared and noisy).
// Every API error must be a problem document (scripts/hostile/errorShapes.js).
// No cacheable answer may change with a client's header unless Vary names it, nor a kept
// page with tracking parameters; writes are no-store, cookies Secure over HTTPS, and the
// contact form's receipt carries nothing the sender typed (scripts/hostile/caches.js).
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { accounts } from "./accounts.js";
import { budget } from "./budget.js";
import { caches } from "./caches.js";
import { drain } from "./drain.js";
import { errorShapes } from "./errorShapes.js";
import { fuzz } from "./fuzz.js";
import { images } from "./images.js";
import { load } from "./load.js";

const short = process.argv.includes("--short");
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt >= 0 ? new Set((process.argv[onlyAt + 1] ?? "").split(",")) : null;
/** Whether a block runs: every block, or those named after --only. */
const selected = (name) => only === null || only.has(name);
const SETTINGS = short
  ? { fuzzRequests: 1000, connections: 50, seconds: 5, drainClients: 8 }
  : { fuzzRequests: 10_000, connections: 200, seconds: 60, drainClients: 32 };
const BASE_PORT = Number(process.env.HOSTILE_PORT ?? 3420);
/** What worst-case image uploads may add to the shop's resident memory (docs/security.md). */
const IMAGE_RSS_BUDGET_MB = 1024;
/** The longest the shop's event loop may be held during the image burst (full form only). */
const LOOP_DELAY_BOUND_MS = 150;

/** The built shop on a fresh embedded database (scripts/e2e-server.js makes one). */
function startShop(port, extraEnv = {}) {
  const child = spawn(process.execPath, ["scripts/e2e-server.js"], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "fatal", ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    async ready() {
      // Up to two minutes: a shared machine under other work starts it slowly.
      for (let i = 0; i < 480; i++) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/health/ready`)).ok) return;
        } catch {
          // not up yet
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error("the shop did not start");
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

const failures = [];
const check = (ok, message) => {
  if (!ok) failures.push(message);
};

// ---- fuzz
if (selected("fuzz")) {
  const port = BASE_PORT;
  const shop = startShop(port);
  try {
    await shop.ready();
    console.log(`fuzz: ${SETTINGS.fuzzRequests} hostile requests`);
    const started = Date.now();
    const { totals, examples } = await fuzz({ port, count: SETTINGS.fuzzRequests });
    console.log(
      `fuzz: ${totals.sent} sent in ${Math.round((Date.now() - started) / 1000)} s ` +
        `(${totals.refusedByClient} more refused by the client itself); ` +
        `5xx ${totals.serverErrors}, reflected ${totals.reflected}, foreign redirects ${totals.redirects}, over 2 s ${totals.slow}`,
    );
    console.log(`fuzz: statuses ${JSON.stringify(totals.statuses)}`);
    for (const example of examples) console.log(`  ${example}`);
    check(totals.serverErrors === 0, `fuzz: ${totals.serverErrors} server errors`);
    check(totals.reflected === 0, `fuzz: ${totals.reflected} reflected payloads`);
    check(totals.redirects === 0, `fuzz: ${totals.redirects} redirects to another site`);
    if (!short) check(totals.slow === 0, `fuzz: ${totals.slow} answers over 2 s`);
  } finally {
    await shop.stop();
  }
}

// ---- load
if (selected("load")) {
  const port = BASE_PORT + 1;
  const shop = startShop(port);
  try {
    await shop.ready();
    console.log(`load: ${SETTINGS.connections} connections for ${SETTINGS.seconds} s`);
    const result = await load({
      port,
      connections: SETTINGS.connections,
      seconds: SETTINGS.seconds,
    });
    console.log(`load: ${JSON.stringify(result)}`);
    check(
      result.errors === 0 && result.timeouts === 0,
      `load: ${result.errors} errors, ${result.timeouts} timeouts`,
    );
    check(result.serverErrors === 0, `load: ${result.serverErrors} server errors`);
  } finally {
    await shop.stop();
  }
}

// ---- SIGTERM under load
if (selected("drain")) {
  const port = BASE_PORT + 2;
  const shop = startShop(port, { SHUTDOWN_DELAY_MS: "1500" });
  try {
    await shop.ready();
    console.log(`drain: SIGTERM while ${SETTINGS.drainClients} clients send`);
    const result = await drain({
      port,
      clients: SETTINGS.drainClients,
      stopAfterMs: 2000,
      stop: () => shop.child.kill("SIGTERM"),
    });
    const code = await shop.exited;
    console.log(`drain: ${JSON.stringify(result)}, exit code ${code}`);
    check(result.lost === 0, `drain: ${result.lost} requests lost`);
    check(result.answeredAfterSignal > 0, "drain: nothing was answered after the signal");
    check(code === 0, `drain: the shop exited with ${code}`);
  } finally {
    await shop.stop();
  }
}

// ---- worst-case image uploads: a memory budget (docs/security.md), health answering
if (selected("images")) {
  const port = BASE_PORT + 3;
  const standinPort = BASE_PORT + 4;
  const loopDelayFile = path.join(mkdtempSync(path.join(tmpdir(), "hostile-loop-")), "delay");
  const monitor = fileURLToPath(new URL("./loopDelay.js", import.meta.url));
  const shop = startShop(port, {
    GOOGLE_STANDIN_PORT: String(standinPort),
    // Each upload comes "through the proxy" from its own address (scripts/hostile/images.js).
    TRUSTED_PROXIES: "127.0.0.1",
    // The shop's event-loop delay, written every 100 ms (scripts/hostile/loopDelay.js).
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${JSON.stringify(monitor)}`.trim(),
    HOSTILE_LOOP_DELAY_FILE: loopDelayFile,
  });
  try {
    await shop.ready();
    // The budgets per class of request first, on the fresh shop, before the burst.
    const costs = await budget({ port, pid: shop.child.pid, count: short ? 12 : 40 });
    for (const [kind, measured] of Object.entries(costs.classes)) {
      console.log(`budget: ${kind} ${JSON.stringify(measured)}`);
    }
    for (const problem of costs.problems) check(false, problem);
    const parallel = 20;
    console.log(`images: ${parallel} parallel worst-case uploads to every image endpoint`);
    const result = await images({
      port,
      pid: shop.child.pid,
      standinPort,
      parallel,
      short,
      loopDelayFile,
    });
    console.log(`images: ${JSON.stringify(result)}`);
    const ceilingMb = result.rssBeforeMb + IMAGE_RSS_BUDGET_MB;
    check(result.serverErrors === 0, `images: ${result.serverErrors} server errors`);
    check(
      result.rssPeakMb <= ceilingMb,
      `images: RSS peaked at ${result.rssPeakMb} MB, over ${ceilingMb} MB`,
    );
    check(result.healthFailures === 0, `images: /health failed ${result.healthFailures} times`);
    // Like the fuzz timings, enforced in the full form only: CI machines are shared and noisy.
    if (!short) {
      check(
        result.healthSlowestMs <= 200,
        `images: /health took ${result.healthSlowestMs} ms during the uploads`,
      );
      // The shop's own part of it: its event loop held (its code, its embedded database,
      // garbage collection), apart from a machine that gave the process no core in time.
      check(
        (result.loopDelayMaxMs ?? 0) <= LOOP_DELAY_BOUND_MS,
        `images: the shop's event loop was held ${result.loopDelayMaxMs} ms during the uploads`,
      );
    }
  } finally {
    await shop.stop();
  }
}

// ---- accounts: the pre-account takeover flow and log-in timing (scripts/hostile/accounts.js)
if (selected("accounts")) {
  const port = BASE_PORT + 10;
  const shop = startShop(port, {
    GOOGLE_STANDIN_PORT: String(BASE_PORT + 11),
    // Each timed try comes "through the proxy" from its own address: no throttle answers.
    TRUSTED_PROXIES: "127.0.0.1",
  });
  try {
    await shop.ready();
    const tries = short ? 15 : 30;
    console.log(
      `accounts: pre-account takeover, malformed sign-up, log-in, sign-up and reset timing ${tries}+${tries}`,
    );
    const result = await accounts({ port, standinPort: BASE_PORT + 11, tries });
    for (const kind of ["logIn", "signUp", "reset"]) {
      console.log(`accounts: ${kind} timing ${JSON.stringify(result[kind])}`);
    }
    for (const problem of result.problems) check(false, problem);
    // The cache and mail findings (scripts/hostile/caches.js) on the same shop: a boot saved.
    console.log("caches: cacheable answers against client headers, tracking parameters, mail");
    const cached = await caches({ port, short });
    console.log(`caches: ${cached.requests} requests, ${cached.problems.length} problems`);
    for (const problem of cached.problems) check(false, problem);
  } finally {
    await shop.stop();
  }
}

// ---- every API error a problem document (scripts/hostile/errorShapes.js)
if (selected("errors")) {
  const port = BASE_PORT + 30;
  const shop = startShop(port);
  try {
    await shop.ready();
    const result = await errorShapes({ port });
    console.log(`errors: ${result.requests} mistakes, ${result.problems.length} wrong answers`);
    for (const problem of result.problems) check(false, problem);
  } finally {
    await shop.stop();
  }
}

if (failures.length) {
  console.error(`hostile suites failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("hostile suites passed");

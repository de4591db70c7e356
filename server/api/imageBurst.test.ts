/**
 * The findings' worst case against every endpoint that takes images, over real sockets:
 * twenty 10000 × 10000 PNGs (a few megabytes that inflate to 300 MB of pixels) sent at once
 * to each of the three toolbox operations, customer pictures and the studio's photos
 * (which lets 100 megapixels in and decodes them), while /health is asked every 50 ms.
 * No answer may be a 5xx but the image gate's 503 with Retry-After, the process's resident
 * memory must stay under the budget of docs/security.md, and /health must keep answering
 * within HEALTH_BOUND_MS.
 *
 * The shop serves from this thread; the uploads and the health probe run in a worker
 * thread of their own, so the client's work never counts as the shop's and a blocked event
 * loop shows as a slow health answer, as it would to a load balancer.
 *
 * On the embedded database only: PGlite works on the event loop itself, so it is the
 * harder case for health (PostgreSQL's queries wait on a socket).
 */
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from ".";
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { clientAddressOf } from "../middleware/clientAddress";
import { greyPng } from "../images/testImages";
import type { ShopServices } from "../services";
import { loggedInCustomer } from "../testing/customers";
import { createTestServices } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";

/** What the uploads may add to the process's resident memory (docs/security.md). */
const RSS_BUDGET_MB = 1024;
/**
 * The slowest /health answer allowed here: 5 s. The shop's own target is 200 ms, enforced
 * by the full hostile suite (`npm run test:hostile`) against the built shop. This test runs
 * in CI beside other test files on two shared cores, in a test process that also holds
 * the test runner and the uploads' client; on the shared 2-core machine under other work
 * (load 8–15) it measured 1.5–2.9 s. The causes found so far held the loop far longer: the
 * embedded database storing toolbox results queued 2.5–11 s stretches (measured in the
 * hostile suite's burst before results moved to the file storage), a stored file converted
 * byte by byte held it for seconds, decoding threads at the loop's priority 1.8–5 s.
 */
const HEALTH_BOUND_MS = 5000;
const PARALLEL = 20;

/**
 * The health probe, in a thread of its own (the uploads' client is busy writing forms):
 * /health every 50 ms and the process's RSS every 25 ms until told to stop.
 */
const PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
const rssMb = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) / 1024;
const rssBefore = rssMb();
let rssPeak = rssBefore;
let healthSlowest = 0;
let healthAnswers = 0;
let healthFailures = 0;
let done = false;
parentPort.on("message", () => (done = true));
const sampler = (async () => {
  while (!done) {
    rssPeak = Math.max(rssPeak, rssMb());
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
})();
const probe = (async () => {
  while (!done) {
    const started = performance.now();
    try {
      const answer = await fetch(workerData.base + "/health", { signal: AbortSignal.timeout(10000) });
      await answer.arrayBuffer();
      if (answer.ok) healthAnswers++;
      else healthFailures++;
    } catch {
      healthFailures++;
    }
    healthSlowest = Math.max(healthSlowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();
Promise.all([sampler, probe]).then(() =>
  parentPort.postMessage({
    rssBeforeMb: Math.round(rssBefore),
    rssPeakMb: Math.round(rssPeak),
    healthSlowestMs: Math.round(healthSlowest),
    healthAnswers,
    healthFailures,
  }),
);
`;

/** The client: every upload at once, each endpoint `parallel` times. */
const CLIENT = `
const { parentPort, workerData } = require("node:worker_threads");
const { base, png, cookie, parallel } = workerData;
const endpoints = [
  { path: "/web-api/toolbox-optimize-image", field: "file" },
  { path: "/web-api/toolbox-convert-file", field: "file", extra: { to: "webp" } },
  { path: "/web-api/toolbox-convert-pdf", field: "files" },
  { path: "/customer-picture/upload", field: "file", customer: true },
  { path: "/web-api/studio/photos", field: "file" },
];
(async () => {
  const file = new Blob([png], { type: "image/png" });
  let address = 0;
  const uploads = [];
  for (const endpoint of endpoints) {
    for (let i = 0; i < parallel; i++) {
      const form = new FormData();
      form.append(endpoint.field, file, "worst.png");
      for (const [name, value] of Object.entries(endpoint.extra ?? {})) form.append(name, value);
      if (endpoint.customer) form.append("consent", "on");
      address++;
      const headers = {
        accept: "application/json",
        host: "localhost",
        // Each upload from its own address: the hourly limit per address is not what is tested.
        "x-forwarded-for": "198.18.0." + address,
        ...(endpoint.customer ? { cookie } : {}),
      };
      uploads.push(
        fetch(base + endpoint.path, { method: "POST", headers, body: form })
          .then(async (answer) => {
            await answer.arrayBuffer();
            return { path: endpoint.path, status: answer.status, retryAfter: answer.headers.has("retry-after") };
          })
          .catch((error) => ({ path: endpoint.path, status: 0, error: String(error) })),
      );
    }
  }
  parentPort.postMessage(await Promise.all(uploads));
})();
`;

interface Outcome {
  answers: { path: string; status: number; retryAfter?: boolean; error?: string }[];
  rssBeforeMb: number;
  rssPeakMb: number;
  healthSlowestMs: number;
  healthAnswers: number;
  healthFailures: number;
}

describe("twenty parallel 10000 × 10000 PNG uploads to every image endpoint", () => {
  let database: TestDatabase;
  let services: ShopServices;
  let server: ServerType;
  let base = "";
  let cookie = "";
  let png: Buffer;

  beforeAll(async () => {
    const storefront = await loadTestStorefront();
    database = await openTestDatabase("pglite");
    services = await createTestServices(database);
    const app = new Hono();
    // The uploads come "through the proxy", each from an address of its own.
    app.use(clientAddressOf(["127.0.0.1", "::1", "::ffff:127.0.0.1"]));
    app.route("/", createApi(services, storefront));
    server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    cookie = await loggedInCustomer(services, app, {
      email: "burst@example.de",
      firstName: "Bea",
      lastName: "Burst",
    });
    png = await greyPng(10_000, 10_000);
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    services?.cms?.close();
    await database?.destroy();
  });

  it("answers no 5xx but the gate's 503, stays within the memory budget, and /health answers", async () => {
    const answerOf = <T>(worker: Worker) =>
      new Promise<T>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      });
    const probe = new Worker(PROBE, { eval: true, workerData: { base } });
    const probed = answerOf<Omit<Outcome, "answers">>(probe);
    const client = new Worker(CLIENT, {
      eval: true,
      workerData: { base, png, cookie, parallel: PARALLEL },
    });
    const answers = await answerOf<Outcome["answers"]>(client);
    probe.postMessage("stop");
    const outcome: Outcome = { answers, ...(await probed) };
    await Promise.all([client.terminate(), probe.terminate()]);
    const statuses: Record<string, Record<number, number>> = {};
    for (const answer of outcome.answers) {
      statuses[answer.path] ??= {};
      statuses[answer.path]![answer.status] = (statuses[answer.path]![answer.status] ?? 0) + 1;
    }
    console.info(`image burst: ${JSON.stringify({ ...outcome, answers: undefined, statuses })}`);

    expect(outcome.answers).toHaveLength(5 * PARALLEL);
    // Refused from the header everywhere but the studio, which takes 100 megapixels and so
    // decodes them. An upload that got no place in time (a decode place, or one of the few
    // places uploads are handled in, held meanwhile by the studio's decodes) is the gate's
    // designed 503 with Retry-After; nothing else is a 5xx.
    const expected = (path: string) => (path === "/web-api/studio/photos" ? [200, 201] : [413]);
    const unexpected = outcome.answers.filter(
      (answer) =>
        !expected(answer.path).includes(answer.status) &&
        !(answer.status === 503 && answer.retryAfter),
    );
    expect(unexpected).toEqual([]);
    expect(outcome.rssPeakMb).toBeLessThanOrEqual(outcome.rssBeforeMb + RSS_BUDGET_MB);
    expect(outcome.healthFailures).toBe(0);
    expect(outcome.healthAnswers).toBeGreaterThan(0);
    expect(outcome.healthSlowestMs).toBeLessThanOrEqual(HEALTH_BOUND_MS);
  }, 180_000);
});

/**
 * `npm run serve` with WEB_CONCURRENCY: the built shop started as an operator would, its
 * answers seen over fresh connections. On PostgreSQL two workers share the port and both
 * stop on SIGTERM. No browser: these are the server's own answers. That the embedded
 * database refuses more than one process, and says why, is server/cluster.test.ts's
 * (workersRefused, which server/app.ts's start logs and then serves alone).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, PORT, test } from "./fixtures";

const WORKERS_PORT = PORT + 4;
const adminUrl = process.env.TEST_DATABASE_URL;

/** Starts `node server.js` (the built shop); answers the process and what it printed. */
function serve(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(WORKERS_PORT),
      LOG_LEVEL: "info",
      PGLITE_DIR: mkdtempSync(path.join(os.tmpdir(), "shop-workers-")),
      CONTENT_IMPORT_ON_START: "false",
      ...env,
    },
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** GET /health on a new connection each time, as separate visitors would come. */
function health(): Promise<{ status: number; worker: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port: WORKERS_PORT, path: "/health", agent: false },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => {
          try {
            resolve({ status: response.statusCode ?? 0, worker: JSON.parse(body).worker });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    request.on("error", reject);
  });
}

async function ready(child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop ended:\n${output()}`);
    const answer = await health().catch(() => null);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`the shop did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopped(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  return exit;
}

// Several workers need PostgreSQL: this test exists where one runs (TEST_DATABASE_URL, as
// .ci/run sets it), like the API tests' PostgreSQL pass.
const onPostgres = adminUrl ? test : () => undefined;

onPostgres(
  "WEB_CONCURRENCY=2 on PostgreSQL answers from two workers and stops both on SIGTERM",
  async () => {
    const name = `shop_workers_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const shop = serve({ WEB_CONCURRENCY: "2", DATABASE_URL: url.toString() });
    try {
      await ready(shop.child, shop.output);
      const workers = new Set<number>();
      for (let i = 0; i < 20 && workers.size < 2; i += 1) workers.add((await health()).worker);
      expect([...workers].sort()).toEqual([1, 2]);
      expect(await stopped(shop.child)).toBe(0);
      expect(shop.output()).toContain("all workers stopped");
    } finally {
      shop.child.kill("SIGKILL");
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  },
);

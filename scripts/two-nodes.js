// Two shop nodes on one PostgreSQL behind Caddy (Debian's package: apt-get install caddy),
// as a production deployment runs them: Caddy terminates TLS on https://localhost:8443
// with its own local certificate and balances over both nodes by their readiness. Shows:
//   1. a page published through node A's management API is served by node B within a
//      second (the nodes tell each other over PostgreSQL NOTIFY; their own version check
//      is set to an hour, so nothing else could explain it);
//   2. a load test through the proxy (autocannon, 20 connections, 10 s) without errors,
//      answered by both nodes.
// Needs `npm run build` first and a PostgreSQL it may create a database in
// (TWO_NODES_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
//   npm run two-nodes          exits 1 when either check fails
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, openSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const adminUrl =
  process.env.TWO_NODES_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const NODES = [
  { name: "A", port: Number(process.env.TWO_NODES_PORT ?? 3460) },
  { name: "B", port: Number(process.env.TWO_NODES_PORT ?? 3460) + 1 },
];
const PROXY_PORT = Number(process.env.TWO_NODES_PROXY_PORT ?? 8443);
const MANAGEMENT_TOKEN = `two-nodes-${randomBytes(8).toString("hex")}`;
const CARDS_SPACE = 1001;
const PUBLISH_WITHIN_MS = 1_000;

try {
  execFileSync("caddy", ["version"], { stdio: "ignore" });
} catch {
  console.error("caddy is not installed: apt-get install caddy");
  process.exit(1);
}

const children = [];
const work = mkdtempSync(path.join(os.tmpdir(), "shop-two-nodes-"));
const database = `shop_two_nodes_${randomBytes(5).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${database}`;

let failed = false;
try {
  for (const node of NODES) {
    children.push(
      start(`node ${node.name}`, process.execPath, ["server.js"], {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(node.port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DATABASE_URL: databaseUrl.toString(),
        TRUSTED_PROXIES: "127.0.0.1",
        CONTENT_MANAGEMENT_TOKEN: MANAGEMENT_TOKEN,
        CONTENT_CV_TTL_SECONDS: "3600",
        IMAGE_CACHE_DIR: path.join(work, "images"),
        WEB_CONCURRENCY: "1",
      }),
    );
  }
  await Promise.all(NODES.map((node) => ready(`http://127.0.0.1:${node.port}/health/ready`)));

  const caddyfile = path.join(work, "Caddyfile");
  writeFileSync(
    caddyfile,
    `{
  admin off
  skip_install_trust
  auto_https disable_redirects
  storage file_system ${path.join(work, "caddy")}
}
https://localhost:${PROXY_PORT} {
  tls internal
  reverse_proxy ${NODES.map((node) => `127.0.0.1:${node.port}`).join(" ")} {
    lb_policy round_robin
    health_uri /health/ready
    health_interval 1s
    header_down +X-Served-By {http.reverse_proxy.upstream.hostport}
  }
}
`,
  );
  children.push(
    start(
      "caddy",
      "caddy",
      ["run", "--config", caddyfile, "--adapter", "caddyfile"],
      {
        ...process.env,
        HOME: work,
        XDG_DATA_HOME: path.join(work, "data"),
        XDG_CONFIG_HOME: path.join(work, "config"),
      },
      // Its log (e.g. the connections the load test cuts at its end) goes to a file.
      path.join(work, "caddy.log"),
    ),
  );
  console.log(`Caddy's log: ${path.join(work, "caddy.log")}`);
  // Caddy's certificate comes from its own local authority, which this run does not install.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  const proxy = `https://localhost:${PROXY_PORT}`;
  await ready(`${proxy}/health/ready`);

  // 1. Publish through A, read from B.
  const slug = `two-nodes-${Date.now()}`;
  const [a, b] = NODES.map((node) => `http://127.0.0.1:${node.port}`);
  const before = await fetch(`${b}/${slug}`, { headers: { host: "localhost" } });
  console.log(`node B before the publish: /${slug} ${before.status}`);
  const published = await publish(a, slug);
  const started = performance.now();
  let seenAfter = null;
  while (performance.now() - started < 5_000) {
    const response = await fetch(`${b}/${slug}`, { headers: { host: "localhost" } });
    if (response.status === 200 && (await response.text()).includes(published)) {
      seenAfter = performance.now() - started;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (seenAfter === null || seenAfter > PUBLISH_WITHIN_MS) {
    failed = true;
    console.error(
      `FAIL: node B served the page published through node A ${seenAfter === null ? "not within 5 s" : `after ${Math.round(seenAfter)} ms`}`,
    );
  } else {
    console.log(
      `ok: node B served the page published through node A after ${Math.round(seenAfter)} ms`,
    );
  }

  // 2. Load through the proxy.
  const result = await autocannon({
    url: `${proxy}/`,
    connections: 20,
    duration: 10,
    headers: { "accept-encoding": "gzip" },
  });
  const answered = new Set();
  for (let i = 0; i < 10; i += 1) {
    const health = await fetch(`${proxy}/health`);
    answered.add(health.headers.get("x-served-by"));
    await health.arrayBuffer();
  }
  console.log(`nodes answering through Caddy: ${[...answered].join(", ")}`);
  if (answered.size !== NODES.length) {
    failed = true;
    console.error("FAIL: Caddy did not balance over both nodes");
  }
  const problems = result.errors + result.timeouts + result.non2xx;
  console.log(
    `load through Caddy: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.requests.total} requests, ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
  );
  if (problems > 0 || result.requests.total === 0) {
    failed = true;
    console.error("FAIL: the load test through the proxy had errors");
  } else {
    console.log("ok: the load test through the proxy passed");
  }
} catch (error) {
  failed = true;
  console.error(`FAIL: ${error instanceof Error ? error.message : error}`);
} finally {
  for (const child of children.reverse()) child.kill("SIGTERM");
  await Promise.all(children.map((child) => exited(child)));
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
process.exit(failed ? 1 : 0);

function start(name, command, args, env, logFile) {
  const output = logFile ? openSync(logFile, "a") : "inherit";
  const child = spawn(command, args, { env, stdio: ["ignore", output, output] });
  child.on("exit", (code, signal) => {
    if (code && !signal) console.error(`${name} ended with ${code}`);
  });
  return child;
}

function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", resolve));
}

async function ready(url) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Publishes a page below cards/de-de through a node's management API; answers its headline. */
async function publish(node, slug) {
  const headers = { Authorization: MANAGEMENT_TOKEN, "content-type": "application/json" };
  const list = await fetch(`${node}/v1/spaces/${CARDS_SPACE}/stories?starts_with=de-de`, {
    headers,
  });
  if (!list.ok) throw new Error(`management API: ${list.status}`);
  const folder = (await list.json()).stories.find((story) => story.full_slug === "de-de");
  const headline = `Veröffentlicht über Knoten A ${slug}`;
  const created = await fetch(`${node}/v1/spaces/${CARDS_SPACE}/stories`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      story: {
        name: slug,
        slug,
        parent_id: folder.id,
        content: {
          component: "Page",
          _uid: `page-${slug}`,
          metaTitle: slug,
          metaDescription: slug,
          body: [{ component: "Headline", _uid: `h-${slug}`, text: headline, level: 1 }],
        },
      },
      publish: 1,
    }),
  });
  if (created.status !== 201) throw new Error(`publishing through node A: ${created.status}`);
  return headline;
}

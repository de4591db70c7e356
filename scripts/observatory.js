// Grades the shop's HTTP headers with the MDN HTTP Observatory, as the public scanner
// would see a production deployment: the built shop (FORCE_HTTPS, behind a trusted proxy)
// behind a local TLS proxy on https://localhost (port 443) and http://localhost (port 80,
// which the shop sends to HTTPS). Needs the ports 80 and 443 (run as root, or with the
// capability to bind them) and openssl; run `npm run build` first.
//   npm run observatory           prints the grade and each test; fails below A+
// The scanner is installed once into .cache/observatory (without its install scripts; its
// HSTS preload list is left empty, so the score has no preload bonus).
import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const SCANNER_VERSION = "1.4.8";
const SHOP_PORT = Number(process.env.OBSERVATORY_SHOP_PORT ?? 3440);
const cacheDir = path.resolve(".cache/observatory");
const scannerDir = path.join(cacheDir, "node_modules/@mdn/mdn-http-observatory");

if (!existsSync(path.join(scannerDir, "src/scan.js"))) {
  console.log(`installing @mdn/mdn-http-observatory@${SCANNER_VERSION} into ${cacheDir}`);
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      cacheDir,
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      "--no-save",
      `@mdn/mdn-http-observatory@${SCANNER_VERSION}`,
    ],
    { stdio: "inherit" },
  );
}
writeFileSync(path.join(scannerDir, "conf/hsts-preload.json"), "{}");

// A certificate for localhost that only this run trusts.
const certDir = mkdtempSync(path.join(os.tmpdir(), "observatory-tls-"));
const key = path.join(certDir, "key.pem");
const cert = path.join(certDir, "cert.pem");
execFileSync(
  "openssl",
  [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    key,
    "-out",
    cert,
    "-days",
    "1",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost",
  ],
  { stdio: "ignore" },
);

const shop = spawn(process.execPath, ["scripts/e2e-server.js"], {
  env: {
    ...process.env,
    PORT: String(SHOP_PORT),
    LOG_LEVEL: "fatal",
    FORCE_HTTPS: "true",
    TRUSTED_PROXIES: "127.0.0.1",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

/** Forwards a request to the shop, as a TLS-terminating proxy does. */
function forward(secure) {
  return (req, res) => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: SHOP_PORT,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1",
          ...(secure ? { "x-forwarded-proto": "https" } : { "x-forwarded-proto": "http" }),
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  };
}

const tls = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, forward(true));
const plain = http.createServer(forward(false));

async function ready() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${SHOP_PORT}/health/ready`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the shop did not start");
}

let failed = true;
try {
  await ready();
  await new Promise((resolve) => tls.listen(443, resolve));
  await new Promise((resolve) => plain.listen(80, resolve));
  // Asynchronously: the proxies answer the scanner from this very process.
  const { stdout: output } = await promisify(execFile)(
    process.execPath,
    [path.join(scannerDir, "src/scan.js"), "localhost"],
    { env: { ...process.env, NODE_EXTRA_CA_CERTS: cert }, encoding: "utf8" },
  );
  const result = JSON.parse(output);
  if (result.error) throw new Error(result.error);
  console.log(`MDN HTTP Observatory: grade ${result.scan.grade}, score ${result.scan.score}`);
  for (const [name, test] of Object.entries(result.tests)) {
    console.log(`  ${test.pass ? "pass" : "FAIL"} ${name}: ${test.result} (${test.scoreModifier})`);
  }
  failed = result.scan.grade !== "A+";
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  const { stdout, stderr } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
  if (stdout) console.error(stdout);
  if (stderr) console.error(stderr);
} finally {
  tls.close();
  plain.close();
  shop.kill("SIGTERM");
}
process.exitCode = failed ? 1 : 0;

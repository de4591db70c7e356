// Starts the built shop for the end-to-end tests on a fresh embedded database.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.PGLITE_DIR = mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
process.env.NODE_ENV = "production";
// A fresh image cache, so the tests see the first rendering of each image.
process.env.IMAGE_CACHE_DIR ??= mkdtempSync(path.join(os.tmpdir(), "shop-e2e-images-"));
// Known content tokens, so the tests can sign in to the editor and use the management API.
process.env.CONTENT_CARDS_PREVIEW_TOKEN ??= "e2e-cards-preview-token";
process.env.CONTENT_WALLART_PREVIEW_TOKEN ??= "e2e-wallart-preview-token";
process.env.CONTENT_MANAGEMENT_TOKEN ??= "e2e-content-management-token";
// The tests read the account mails in the development mailbox.
process.env.MAILBOX_ENABLED ??= "true";
// The test payment provider (its hosted page settles a payment as the test asks) beside the
// bank transfer, as a staging shop would offer them.
process.env.PAYMENT_METHODS ??= "test,invoice";
process.env.PAYMENT_TEST_ENABLED ??= "true";
// The repository's flags plus a tester's key that sees the wall-art burger groups.
process.env.FLAGS_FILE ??= "tests/e2e/flags.yaml";
// Third parties on hosts the tests serve local stand-ins for (tests/e2e/fixtures.ts).
process.env.TAG_MANAGER_ID ??= "GTM-STANDIN1";
process.env.TAG_MANAGER_URL ??= "https://tags.standin.test/gtm.js";
process.env.SESSION_ANALYTICS_URL ??= "https://analytics.standin.test/hotjar.js";
process.env.CHAT_SCRIPT_URL ??= "https://chat.standin.test/snippet.js";
process.env.FLAGS_FORWARD_EVALUATIONS ??= "true";
// Google sign-in against stand-ins: the browser gets tests/e2e/standins/gsi.js for Google's
// script (routed by tests/e2e/fixtures.ts), and the shop checks ID tokens against a key set
// served here on 127.0.0.1 (GOOGLE_STANDIN_PORT, default PORT + 1), made at start.
// POST /token there mints a token signed with it: the body's claims over Google's usual
// ones (issuer, this client id as audience, an hour's expiry, a verified address).
process.env.GOOGLE_CLIENT_ID ??= "standin-client.apps.googleusercontent.com";
process.env.GOOGLE_SCRIPT_URL ??= "https://accounts.standin.test/gsi/client";
// reCAPTCHA only when a test starts a server with its keys (tests/e2e/recaptcha.spec.ts):
// the browser gets tests/e2e/standins/recaptcha.js for Google's script, and the shop asks
// the check stand-in here, which vouches for the stand-in's tokens.
if (process.env.RECAPTCHA_SITE_KEY) {
  process.env.RECAPTCHA_SCRIPT_URL ??= "https://recaptcha.standin.test/recaptcha/api.js";
  process.env.RECAPTCHA_HOSTS ??= "https://recaptcha.standin.test";
}
await startGoogleStandin();
// The browser tests on PostgreSQL: E2E_POSTGRES_URL names a server (e.g. the API tests'
// TEST_DATABASE_URL; playwright.config.ts passes it to the back office's PostgreSQL project)
// where this run gets an empty database of its own, as it gets a new embedded one otherwise,
// so the operators below can be made and every journey starts afresh.
if (process.env.E2E_POSTGRES_URL) process.env.DATABASE_URL = await freshPostgres();
// Only on a fresh database this script makes (a shared PostgreSQL keeps its own).
if (!process.env.DATABASE_URL || process.env.E2E_POSTGRES_URL) await createOperators();
await import("../server.js");

/**
 * An empty database on the E2E_POSTGRES_URL server, named after the port (shop_e2e_3210), so
 * two servers of one run never share one and each run replaces the last run's (dropped with
 * its connections, then made anew) instead of leaving one behind; it stays after the run for
 * inspection. Answers its URL.
 */
async function freshPostgres() {
  const { default: pg } = await import("pg");
  const name = `shop_e2e_${Number(process.env.PORT ?? 3000)}`;
  const admin = new pg.Client({ connectionString: process.env.E2E_POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(process.env.E2E_POSTGRES_URL);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * The back office's operators of the browser tests (tests/e2e/admin.spec.ts and
 * tests/e2e/operators.ts), made as `npm run operator:create` makes them, on the database
 * before the shop opens it: an owner (who sets up the second factor in the test), a
 * production operator and a content editor (the content, flag and picture pages).
 */
async function createOperators() {
  const { fileURLToPath, pathToFileURL } = await import("node:url");
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const bundle = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");
  const { runOperatorCreate } = await import(pathToFileURL(bundle).href);
  const password = process.env.E2E_OPERATOR_PASSWORD ?? "Kompass-Nebel-Treppe-58";
  const env = { ...process.env, OPERATOR_PASSWORD: password, LOG_LEVEL: "warn" };
  for (const [email, role] of [
    ["e2e-owner@example.com", "owner"],
    ["e2e-press@example.com", "production"],
    ["e2e-editor@example.com", "content_editor"],
  ]) {
    const code = await runOperatorCreate(["--email", email, "--role", role], env);
    if (code !== 0) throw new Error(`operator ${email} not created`);
  }
}

async function startGoogleStandin() {
  const { createServer } = await import("node:http");
  const { URLSearchParams } = await import("node:url");
  const { exportJWK, generateKeyPair, SignJWT } = await import("jose");
  const port = Number(process.env.GOOGLE_STANDIN_PORT ?? Number(process.env.PORT ?? 3000) + 1);
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const keySet = JSON.stringify({
    keys: [{ ...(await exportJWK(publicKey)), kid: "standin", alg: "RS256", use: "sig" }],
  });
  const server = createServer((request, response) => {
    if (request.method === "GET" && request.url === "/oauth2/v3/certs") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(keySet);
      return;
    }
    if (request.method === "POST" && request.url === "/token") {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", async () => {
        let claims;
        try {
          claims = body ? JSON.parse(body) : {};
        } catch {
          response.writeHead(400).end();
          return;
        }
        const email = claims.email ?? "google.standin@example.de";
        const now = Math.floor(Date.now() / 1000);
        const token = await new SignJWT({
          iss: "https://accounts.google.com",
          aud: process.env.GOOGLE_CLIENT_ID,
          sub: `standin-${email}`,
          email,
          email_verified: true,
          iat: now,
          exp: now + 3600,
          ...claims,
        })
          .setProtectedHeader({ alg: "RS256", kid: "standin", typ: "JWT" })
          .sign(privateKey);
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ credential: token }));
      });
      return;
    }
    if (request.method === "POST" && request.url === "/recaptcha/api/siteverify") {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        const form = new URLSearchParams(body);
        const [standin, action, score] = (form.get("response") ?? "").split(":");
        const verdict =
          form.get("secret") !== process.env.RECAPTCHA_SECRET_KEY
            ? { success: false, "error-codes": ["invalid-input-secret"] }
            : standin !== "standin"
              ? { success: false, "error-codes": ["invalid-input-response"] }
              : { success: true, action, score: Number(score), hostname: "localhost" };
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(verdict));
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  // It must not keep the process alive once the shop has shut down.
  server.unref();
  process.env.GOOGLE_JWKS_URL ??= `http://127.0.0.1:${port}/oauth2/v3/certs`;
  process.env.RECAPTCHA_VERIFY_URL ??= `http://127.0.0.1:${port}/recaptcha/api/siteverify`;
}

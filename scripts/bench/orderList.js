// The back office's order list with 10,000 orders: the built shop on an embedded database
// of its own, a production operator made by `npm run operator:create`, 10,000 orders of
// both brands in every state written straight into the database, then the list's pages as
// the operator opens them over HTTP (the loader's query and the page's render): the first
// page, a state filter and a search by the shopper's name. Target: the first page within
// 200 ms. A production operator needs no second factor to sign in; the list's query for
// the first page is the same for every role (only the e-mail column is left out).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { URLSearchParams } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { send, startShop } from "./shop.js";

export const ORDERS = 10_000;
const TARGET_MS = 200;
const RUNS = 20;
const HOST = "cards.localhost";
const EMAIL = "bench.production@example.com";
const PASSWORD = "Bench-Produktion-Passwort-8";

/** 10,000 orders of both brands, in every state, one a minute, the last a minute ago. */
const SEED_ORDERS = `
  insert into orders (number, token, channel, locale, country, currency, email,
    shipping_address, shipping_method, payment_method, subtotal_minor, discount_minor,
    shipping_minor, total_minor, state, created_at, updated_at)
  select
    case when i % 3 = 0 then 'W' else 'C' end || '-2026-' || lpad(i::text, 6, '0'),
    'bench-order-' || i,
    case when i % 3 = 0 then 'wallart' else 'cards' end,
    'de-DE', 'DE', 'EUR',
    'kunde' || i || '@example.com',
    jsonb_build_object('firstName', 'Erika', 'lastName', 'Muster' || i,
      'street', 'Hauptstraße 5', 'postalCode', '10115', 'city', 'Berlin', 'country', 'DE'),
    'standard',
    (array['invoice', 'paypal', 'card'])[1 + i % 3],
    4000 + i % 500, 0, 495, 4495 + i % 500,
    (array['placed', 'paid', 'in_production', 'shipped', 'delivered', 'cancelled',
      'partly_refunded', 'refunded'])[1 + i % 8],
    now() - make_interval(mins => ${ORDERS} + 1 - i), now() - make_interval(mins => ${ORDERS} + 1 - i)
  from generate_series(1, ${ORDERS}) as i`;

/** One request to the shop's card host as sent: status, headers, the body as text and the time to its last byte. */
async function ask(port, { method = "GET", pathname, headers = {}, body }) {
  const answer = await send(
    { port, method, path: pathname, headers: { host: `${HOST}:${port}`, ...headers } },
    body,
  );
  return { ...answer, body: answer.body.toString() };
}

/** Signs the operator in through the log-in form: their session cookie. */
async function signIn(port) {
  const body = new URLSearchParams({ email: EMAIL, password: PASSWORD, next: "/_admin" });
  const answer = await ask(port, {
    method: "POST",
    pathname: "/_admin/login",
    headers: {
      origin: `http://${HOST}:${port}`,
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body.toString()),
    },
    body: body.toString(),
  });
  const cookie = /admin_session=[^;]+/.exec(String(answer.headers["set-cookie"] ?? ""))?.[0];
  if (!cookie) throw new Error(`the operator's log-in answered ${answer.status}`);
  return cookie;
}

const median = (sorted) => sorted[Math.floor(sorted.length / 2)];
const p90 = (sorted) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))];

/** A page of the list, asked once cold and then RUNS times in a row. */
async function timePage(port, cookie, name, pathname, expect) {
  const again = () => ask(port, { pathname, headers: { cookie } });
  const first = await again();
  if (first.status !== 200) throw new Error(`${pathname} answered ${first.status}`);
  const rows = (first.body.match(/href="\/_admin\/orders\/\d+"/g) ?? []).length;
  if (!first.body.includes(expect)) throw new Error(`${pathname} does not show ${expect}`);
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push((await again()).ms);
  times.sort((a, b) => a - b);
  return { name, pathname, rows, first: first.ms, median: median(times), p90: p90(times) };
}

export async function orderListSection(port) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-bench-orders-"));
  const pgliteDir = path.join(dataDir, "pglite");
  try {
    // The operator first: the command migrates the new database.
    const made = spawnSync(
      process.execPath,
      ["scripts/operator-cli.js", "--email", EMAIL, "--role", "production"],
      {
        env: {
          ...process.env,
          PGLITE_DIR: pgliteDir,
          OPERATOR_PASSWORD: PASSWORD,
          DATABASE_URL: "",
          LOG_LEVEL: "error",
        },
        encoding: "utf8",
      },
    );
    if (made.status !== 0) throw new Error(`operator:create failed: ${made.stderr}`);
    const database = new PGlite(pgliteDir);
    try {
      await database.exec(SEED_ORDERS);
    } finally {
      await database.close();
    }
    const shop = await startShop(port, { env: { PGLITE_DIR: pgliteDir } });
    try {
      const cookie = await signIn(port);
      const rows = [
        await timePage(port, cookie, "first page", "/_admin/orders", "C-2026-010000"),
        await timePage(port, cookie, "filtered by state", "/_admin/orders?state=shipped", "Muster"),
        await timePage(port, cookie, "searched by name", "/_admin/orders?q=Muster999", "Muster999"),
      ];
      const first = rows[0];
      const met = first.median <= TARGET_MS;
      return {
        title: "Back-office order list",
        text: [
          `The order list of the back office (\`/_admin/orders\`, 50 orders a page) over HTTP from the built shop on an embedded database holding ${ORDERS.toLocaleString("en")} orders of both brands in every state (written straight into it), as a production operator who signed in through the log-in form opens it: each page asked once (cold), then ${RUNS} times in a row. Target: the first page within ${TARGET_MS} ms.`,
        ],
        headers: ["page", "path", "orders shown", "cold ms", "ms median / p90", "within target"],
        rows: rows.map((row) => [
          row.name,
          row.pathname,
          row.rows,
          row.first.toFixed(0),
          `${row.median.toFixed(1)} / ${row.p90.toFixed(1)}`,
          row === first ? (met ? "yes" : "no") : "-",
        ]),
        headlines: [
          `order list, first page of ${ORDERS.toLocaleString("en")} orders: ${first.median.toFixed(0)} ms median (target ≤ ${TARGET_MS} ms: ${met ? "met" : "missed"})`,
        ],
      };
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

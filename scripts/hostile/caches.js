// The cache and mail findings, replayed against a running shop over HTTP:
//   - cache keys: cacheable answers asked plainly and with each header a client can choose
//     (X-Channel, X-Locale, X-Country, CF-IPCountry, Accept-Language, cookies) must be the
//     same unless Vary names the header; a page asked first with tracking parameters must
//     not hand them to the next visitor through the page cache;
//   - writes: every answer to a POST is no-store, and a cookie over HTTPS is Secure;
//   - mail: the contact form's receipt to a typed address carries nothing the sender typed,
//     and no direction character reaches a subject.
// The shop must have its development mailbox on (MAILBOX_ENABLED), as the e2e server has.

import { request as httpRequest } from "node:http";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

const HEADERS = [
  ["X-Channel", "wallart-DE"],
  ["X-Locale", "fr-CH"],
  ["X-Country", "AT"],
  ["CF-IPCountry", "CH"],
  ["Accept-Language", "fr-CH,fr;q=0.9"],
  ["Cookie", "visitor_key=0b9e2c4a-1f3d-4e5b-8a7c-6d5e4f3a2b1c"],
  ["Cookie", "shop_consent=v1%3Af1a1m1; shop_whitelabel=1"],
];

/** Cacheable paths of the API (the short form asks the first few). */
const API_PATHS = [
  "/web-api/cms/page/de-DE/home",
  "/web-api/cms/content-page?locale=de-DE&path=/fotos-drucken",
  "/web-api/cms/breadcrumb?locale=de-DE&path=/fotos-drucken",
  "/api/get-location/",
  "/web-api/shop-frontends-initial-data",
  "/web-api/themes?pageSize=12",
  "/web-api/themes/hochzeit-001/preview.svg",
  "/web-api/shipping-information",
  "/web-api/campaign-data?url=%2Ffotos-drucken",
  "/customer-picture/get",
  "/robots.txt",
  "/v2/cdn/stories/de-de/home?token=cards-public-token",
];

const PAGES = ["/feed-card", "/fotos-drucken", "/"];
const TRACKING = ["utm_source", "gclid", "fbclid"];

/** Line breaks and the direction characters no mail header may carry. */
const UNSAFE_IN_HEADER = /[\r\n\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

function cacheable(response) {
  const control = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (/\bno-store\b|\bno-cache\b/.test(control)) return false;
  return /\b(?:s-maxage|max-age)=[1-9]/.test(control);
}

function varies(response, name) {
  return (response.headers.get("vary") ?? "")
    .split(",")
    .some((part) => part.trim().toLowerCase() === name.toLowerCase());
}

/**
 * One request over node:http (fetch puts its own Host header and Accept-Language on every
 * request, and the checks need to choose both): the status, the headers and the body text.
 */
function send(port, method, path, headers, body) {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (incoming) => {
      const chunks = [];
      incoming.on("data", (chunk) => chunks.push(chunk));
      incoming.on("end", () => {
        const raw = incoming.headers;
        const answer = {
          get: (name) => {
            const value = raw[name.toLowerCase()];
            if (value === undefined) return null;
            return Array.isArray(value) ? value.join(", ") : String(value);
          },
          getSetCookie: () => raw["set-cookie"] ?? [],
        };
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ response: { status: incoming.statusCode, headers: answer }, body: text });
      });
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

export async function caches({ port, short }) {
  const host = "cards.localhost";
  const problems = [];
  let requests = 0;
  const get = (path, headers = {}) => {
    requests++;
    return send(port, "GET", path, { host, ...headers });
  };
  const post = (path, headers, body) => {
    requests++;
    const json = JSON.stringify(body);
    return send(
      port,
      "POST",
      path,
      {
        host,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(json),
        ...headers,
      },
      json,
    );
  };

  // ---- API answers against each header
  for (const path of short ? API_PATHS.slice(0, 6) : API_PATHS) {
    const plain = await get(path);
    for (const [name, value] of HEADERS) {
      const varied = await get(path, { [name]: value });
      const refused = varied.response.status >= 400 && !cacheable(varied.response);
      const changed =
        plain.response.status !== varied.response.status || plain.body !== varied.body;
      if (!changed || refused) continue;
      if (!cacheable(plain.response) && !cacheable(varied.response)) continue;
      if (!varies(plain.response, name) || !varies(varied.response, name)) {
        problems.push(`cache: ${path} changes with ${name} and Vary does not name it`);
      }
    }
  }

  // ---- pages through the page cache: the first visitor's tracking parameters
  let round = Date.now();
  for (const page of short ? PAGES.slice(0, 1) : PAGES) {
    for (const parameter of TRACKING) {
      const own = `cachecheck=${++round}`;
      const marker = `hostile-marker-${round}`;
      await get(`${page}?${own}&${parameter}=${marker}`);
      const next = await get(`${page}?${own}`);
      if (next.body.includes(marker)) {
        problems.push(`cache: ${page} hands the first visitor's ${parameter} to the next one`);
      }
    }
    const own = `cachecheck=${++round}`;
    await get(`${page}?${own}`, { "X-Channel": "wallart-DE", "X-Locale": "de-DE" });
    const cards = await get(`${page}?${own}`);
    if (/Wallora/.test(cards.body) && !/Wallora/.test((await get(page)).body)) {
      problems.push(`cache: ${page} on the cards host shows the wall-art shop after an X-Channel`);
    }
  }

  // ---- writes: no-store, cookies Secure over HTTPS
  const writes = [
    ["/whitelabel/switch", { whitelabel: true }],
    [
      "/web-api/card-accessory-order",
      { card: "card-folded-card-148x105", quantity: 20, accessories: [] },
    ],
  ];
  for (const [path, body] of writes) {
    const { response } = await post(
      path,
      { origin: `https://${host}`, "x-forwarded-proto": "https" },
      body,
    );
    if (response.status !== 200) problems.push(`cache: POST ${path} answered ${response.status}`);
    const control = response.headers.get("cache-control") ?? "";
    if (!/\bno-store\b/.test(control)) {
      problems.push(`cache: POST ${path} answers Cache-Control "${control}"`);
    }
    for (const cookie of response.headers.getSetCookie()) {
      if (!/;\s*secure\b/i.test(cookie)) {
        problems.push(
          `cookie: POST ${path} over HTTPS sets "${cookie.split(";")[0]}" without Secure`,
        );
      }
    }
  }

  // ---- mail: the receipt to a typed address, direction characters in the subject
  const challengeAnswer = await get("/web-api/contact-form-challenge?action=contactForm");
  const challenge = JSON.parse(challengeAnswer.body);
  const solution = await solveChallenge({ challenge, deriveKey });
  const token = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64url");
  const victim = `victim-${round}@example.com`;
  const marker = `Visit https://evil.example/${round} to claim your prize`;
  const { response: sent, body: sentBody } = await post(
    "/web-api/contact-form",
    { origin: `http://${host}` },
    {
      name: "Prize \u202Eexe.txt",
      email: victim,
      topic: "Gewinn\u2067 abholen",
      message: `${marker}. ${"x".repeat(short ? 100 : 4000)}`,
      token,
    },
  );
  if (sent.status !== 200) {
    problems.push(`mail: the contact form answered ${sent.status} ${sentBody.slice(0, 200)}`);
  }
  // Every mail the mailbox lists (its latest fifty), not only the newest few: mails the
  // accounts block's requests left to be written after answering (a sign-up's, a reset's)
  // may land after the contact form's two.
  const list = await get("/_mailbox");
  const ids = [...list.body.matchAll(/href="\/_mailbox\/(\d+)"/g)].map((m) => m[1]);
  let receipts = 0;
  for (const id of ids) {
    const mail = (await get(`/_mailbox/${id}`)).body;
    const subject = /<h1>([\s\S]*?)<\/h1>/.exec(mail)?.[1] ?? "";
    if (UNSAFE_IN_HEADER.test(subject)) {
      problems.push(`mail: a subject carries a direction character or line break (${id})`);
    }
    // The receipt's own page says "<p>To: …"; the service mail names the victim as Reply-To.
    if (mail.includes(`<p>To: ${victim}</p>`)) {
      receipts++;
      if (mail.includes("evil.example") || mail.includes("xxxxxxxxxx")) {
        problems.push("mail: the receipt to a typed address carries the sender's text");
      }
    }
  }
  if (sent.status === 200 && receipts !== 1) {
    problems.push(`mail: ${receipts} receipts to the typed address, expected 1`);
  }
  return { problems, requests };
}

// Hostile input against a running shop: paths, queries, headers and bodies built from a
// list of payloads over every kind of route, in a fixed pseudo-random order (the same
// requests every run). Counts 5xx answers, payloads reflected into HTML, redirects to
// another site and answers slower than 2 s.
import http from "node:http";

const MARK = "hostileMARK";

/** What an attacker types: markup, redirects, traversal, injection, encodings, sizes. */
export const PAYLOADS = [
  `<script>alert("${MARK}")</script>`,
  `"><img src=x onerror=alert('${MARK}')>`,
  `'><svg/onload=alert(${MARK})>`,
  `javascript:alert('${MARK}')`,
  `data:text/html,<script>${MARK}</script>`,
  `//evil.example/${MARK}`,
  `https://evil.example/${MARK}`,
  `/\\evil.example`,
  `\\\\evil.example`,
  `%2F%2Fevil.example`,
  `https:evil.example`,
  "../../../../etc/passwd",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "%00",
  "\u0000",
  "a\u0000b",
  "%0d%0aSet-Cookie:%20hostile=1",
  "' OR '1'='1",
  "1; DROP TABLE customers--",
  "${7*7}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "A".repeat(5000),
  "-1",
  "0",
  "2147483648",
  "9".repeat(40),
  "1e309",
  "NaN",
  "null",
  "[]",
  "{}",
  "%",
  "%E0%A4%A",
  "ü😀\uFEFF",
  "file:///etc/passwd",
  "http://169.254.169.254/latest/meta-data/",
  "de-DE\r\nX-Injected: 1",
  " ",
];

/** Pages and API paths; `{P}` is where a payload goes into the path. */
const GET_TARGETS = [
  "/",
  "/fotobuch",
  "/karten",
  "/products",
  "/vorkonfigurator-karten",
  "/themes/hochzeit-001",
  "/themes/{P}",
  "/warenkorb",
  "/konto",
  "/_editor",
  "/_admin/content",
  "/_admin/flags",
  "/designer/photobook",
  "/service/versand",
  "/impressum",
  "/en/",
  "/fr/{P}",
  "/{P}",
  "/fotobuch/{P}",
  "/web-api/customer-data",
  "/web-api/feature-flags",
  "/web-api/themes",
  "/web-api/campaign-data",
  "/web-api/cms/page/de-DE/{P}",
  "/web-api/openapi.json",
  "/v2/cdn/stories",
  "/v2/cdn/stories/{P}",
  "/v2/cdn/links",
  "/v1/spaces/1001/stories",
  "/v1/spaces/{P}/stories/{P}",
  "/_img/300x0/a/cards/{P}",
  "/_img/{P}/a/cards/furniture-badge-app-store.svg",
  "/_img/300x0/filters:{P}/a/cards/furniture-badge-app-store.svg",
  "/a/cards/{P}",
  "/robots.txt",
  "/sitemap.xml",
  "/_furniture.json",
  "/health",
  "/_mailbox",
];

const POST_TARGETS = [
  "/web-api/customer-login",
  "/web-api/customer-signup",
  "/web-api/customer-password-reset",
  "/web-api/customer-logout",
  "/web-api/newsletter-subscribe",
  "/web-api/rum",
  "/web-api/feature-flags/events",
  "/web-api/cms/webhook",
  "/v1/spaces/1001/stories",
  "/_admin/content",
  "/warenkorb",
  "/konto",
  "/fotobuch",
];

const QUERY_NAMES = [
  "q",
  "page",
  "per_page",
  "sort",
  "redirect",
  "returnTo",
  "next",
  "url",
  "locale",
  "token",
  "version",
  "with_tag",
  "from_release",
  "flag",
  "feature",
  "treatment",
  "voll_492_hide_shops",
  "_storyblok",
  "category",
  "productId",
];

const HEADER_NAMES = [
  "accept-language",
  "referer",
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
  "user-agent",
  "accept",
  "if-none-match",
  "range",
  "content-type",
  "origin",
  "cookie:visitor_key",
  "cookie:shop_session",
  "cookie:shop_consent",
  "cookie:admin_session",
  "host",
];

/** A small seeded generator, so every run sends the same requests. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick(next, list) {
  return list[Math.floor(next() * list.length)];
}

function inPath(template, payload, raw) {
  const value = raw ? payload : encodeURIComponent(payload);
  return template.replaceAll("{P}", value);
}

function body(next, payload) {
  const kind = Math.floor(next() * 7);
  const json = (value) => ({ type: "application/json", data: JSON.stringify(value) });
  switch (kind) {
    case 0:
      return json({ email: payload, password: payload, firstName: payload, lastName: payload });
    case 1:
      return json({
        events: [{ type: "error", message: payload, device: "mobile", path: payload }],
        story: { name: payload, slug: payload, content: { component: payload } },
      });
    case 2:
      return { type: "application/json", data: `{"email": "${payload}` };
    case 3:
      return {
        type: "application/x-www-form-urlencoded",
        data: `intent=${encodeURIComponent(payload)}&token=${encodeURIComponent(payload)}&email=${encodeURIComponent(payload)}&quantity=${encodeURIComponent(payload)}`,
      };
    case 4:
      return { type: "multipart/form-data; boundary=x", data: `--x\r\n${payload}\r\n--x--` };
    case 5: {
      let deep = payload;
      for (let i = 0; i < 500; i++) deep = [deep];
      // An own "__proto__" key, as a hostile JSON body has it (an object literal would not).
      const polluted = JSON.parse(
        '{"__proto__": {"polluted": true}, "constructor": {"prototype": 1}}',
      );
      return json({ nested: deep, ...polluted });
    }
    default:
      return { type: pick(next, ["text/plain", "application/xml", ""]), data: payload };
  }
}

/** The n-th hostile request: method, path, headers and body. */
export function* hostileRequests(count, seed = 20261123) {
  const next = random(seed);
  for (let i = 0; i < count; i++) {
    const payload = pick(next, PAYLOADS);
    const way = Math.floor(next() * 5);
    const headers = { host: "localhost", "user-agent": "hostile-suite" };
    if (way === 0) {
      yield { method: "GET", path: inPath(pick(next, GET_TARGETS), payload, false), headers };
    } else if (way === 1) {
      // The payload unencoded where Node lets it through (the client refuses the rest).
      yield { method: "GET", path: inPath(pick(next, GET_TARGETS), payload, true), headers };
    } else if (way === 2) {
      const target = pick(next, GET_TARGETS).replaceAll("{P}", "x");
      const name = pick(next, QUERY_NAMES);
      yield {
        method: "GET",
        path: `${target}?${name}=${encodeURIComponent(payload)}`,
        headers,
      };
    } else if (way === 3) {
      const target = pick(next, GET_TARGETS).replaceAll("{P}", "x");
      const name = pick(next, HEADER_NAMES);
      const extra = name.startsWith("cookie:")
        ? { cookie: `${name.slice(7)}=${payload}` }
        : { [name]: payload };
      yield {
        method: pick(next, ["GET", "GET", "HEAD"]),
        path: target,
        headers: { ...headers, ...extra },
      };
    } else {
      const { type, data } = body(next, payload);
      const method = pick(next, ["POST", "POST", "POST", "PUT", "DELETE", "PATCH"]);
      yield {
        method,
        path: pick(next, POST_TARGETS),
        headers: {
          ...headers,
          ...(type ? { "content-type": type } : {}),
          origin: "http://localhost",
        },
        body: data,
      };
    }
  }
}

function send(agent, port, request) {
  return new Promise((resolve) => {
    let req;
    const started = performance.now();
    try {
      req = http.request(
        {
          host: "127.0.0.1",
          port,
          agent,
          method: request.method,
          path: request.path,
          headers: request.headers,
        },
        (res) => {
          const chunks = [];
          res.on("data", (chunk) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              sent: true,
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString("utf8"),
              ms: performance.now() - started,
            }),
          );
          res.on("error", (error) =>
            resolve({ sent: true, status: 0, error, ms: performance.now() - started }),
          );
        },
      );
    } catch (error) {
      // Node itself refuses to send it (a control character in the path or a header).
      resolve({ sent: false, error });
      return;
    }
    req.on("error", (error) =>
      resolve({ sent: true, status: 0, error, ms: performance.now() - started }),
    );
    req.setTimeout(15_000, () => req.destroy(new Error("timeout")));
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

const LOCAL_HOST = /(^|\.)localhost$|^127\.0\.0\.1$/;

/** What is wrong with an answer, if anything. */
export function findings(request, answer) {
  const found = [];
  if (answer.status >= 500 || answer.status === 0)
    found.push(`status ${answer.status || answer.error?.message}`);
  if (answer.ms > 2000) found.push(`slow ${Math.round(answer.ms)} ms`);
  const location = answer.headers?.location;
  if (answer.status >= 300 && answer.status < 400 && location) {
    const target = new URL(location, "http://localhost/");
    if (!LOCAL_HOST.test(target.hostname)) found.push(`redirect to ${location}`);
  }
  const type = String(answer.headers?.["content-type"] ?? "");
  if (type.includes("text/html") && answer.body) {
    const text = `${request.path} ${JSON.stringify(request.headers)} ${request.body ?? ""}`;
    for (const payload of PAYLOADS) {
      if (!payload.includes(MARK) || !payload.includes("<")) continue;
      if (!text.includes(payload) && !text.includes(encodeURIComponent(payload))) continue;
      if (answer.body.includes(payload)) found.push(`reflected ${payload}`);
    }
  }
  return found;
}

/**
 * Sends `count` hostile requests, `concurrency` at a time; the counts and the first
 * findings. Each target is asked once beforehand, so the first answers of a cold process
 * (caches filling) do not count as slow.
 */
export async function fuzz({ port, count, concurrency = 16, log = console.log }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  for (const target of GET_TARGETS) {
    await send(agent, port, {
      method: "GET",
      path: target.replaceAll("{P}", "x"),
      headers: { host: "localhost" },
    });
  }
  const requests = hostileRequests(Number.MAX_SAFE_INTEGER);
  const totals = {
    sent: 0,
    refusedByClient: 0,
    serverErrors: 0,
    reflected: 0,
    redirects: 0,
    slow: 0,
    statuses: {},
  };
  const examples = [];
  const worker = async () => {
    while (totals.sent < count) {
      const { value: request } = requests.next();
      const answer = await send(agent, port, request);
      if (!answer.sent) {
        totals.refusedByClient++;
        continue;
      }
      totals.sent++;
      totals.statuses[answer.status] = (totals.statuses[answer.status] ?? 0) + 1;
      for (const finding of findings(request, answer)) {
        if (finding.startsWith("status")) totals.serverErrors++;
        else if (finding.startsWith("reflected")) totals.reflected++;
        else if (finding.startsWith("redirect")) totals.redirects++;
        else if (finding.startsWith("slow")) totals.slow++;
        if (examples.length < 20)
          examples.push(`${request.method} ${request.path.slice(0, 120)}: ${finding}`);
      }
      if (totals.sent % 1000 === 0) log(`  ${totals.sent} requests sent`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { totals, examples };
}

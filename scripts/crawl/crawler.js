// Follows every link of the shop from start pages, across the hosts the pages link to
// (countries and languages, or only the hosts given), and reports links that lead
// nowhere. The flyouts and the burger navigation load their links as JSON on demand
// (`/_furniture.json`), so those are followed too. Pages are fetched a few at a time;
// design and product detail pages of one template are sampled per host (their links
// are checked, only the first few are followed), since they share one template.
// The unit stage runs the same crawl inside its storefront test (app/furniture): its pages
// come from the in-process shop (`fetch`), and the pages that test already rendered are
// handed in (`known`) instead of being rendered twice.
import http from "node:http";

const IN_FLIGHT = 4;
const SAMPLE_PER_TEMPLATE = 3;
/** A page that has not answered in this time counts as a failed link (a hung render). */
const REQUEST_TIMEOUT_MS = 30_000;

/** One GET with the shop's Host header (fetch would send the origin's host instead). */
function fetchPage(origin, host, path) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: origin.hostname,
        port: origin.port || 80,
        path,
        headers: { host: `${host}:${origin.port || 80}`, "user-agent": "shop-crawler" },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const readable = /text\/html|application\/json/.test(
          response.headers["content-type"] ?? "",
        );
        const chunks = [];
        response.on("data", (chunk) => readable && chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () =>
      request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)),
    );
    request.on("error", reject);
  });
}

/** A page of the shop at `origin` as `host` serves it: status, Location and body. */
export function getPage(origin, host, path) {
  return fetchPage(new URL(origin), host, path);
}

function templateOf(path) {
  const match = path.match(/^(\/[a-z]{2})?\/(themes|d\/themes|products)\/[^/?]+/);
  return match ? match[0].replace(/\/[^/]+$/, "/*") : null;
}

/**
 * Crawls the shop at `origin` from `start` ([host, path] pairs). `only` limits what is
 * followed to some hosts, or to a language of a host ("ch.cards.localhost/fr"); by
 * default every *.localhost host is. Answers the pages visited and the dead
 * links: status 4xx/5xx or a failed request, with the pages that link to them.
 * `fetch(host, path)` answers a page instead of a GET to `origin` (a shop in the same
 * process); `known` holds pages already fetched, by host and path ("cards.localhost/agb"):
 * their links are followed without asking for them again.
 */
export async function crawl({ origin, start, only, max = 20000, fetch, known }) {
  const base = origin ? new URL(origin) : null;
  const get = fetch ?? ((host, path) => fetchPage(base, host, path));
  // "host" follows a whole host, "host/fr" only its pages below /fr.
  const allowed = only?.map((entry) => {
    const cut = entry.indexOf("/");
    return cut < 0
      ? { host: entry, prefix: "" }
      : { host: entry.slice(0, cut), prefix: entry.slice(cut) };
  });
  const followed = (url) =>
    allowed
      ? allowed.some(
          ({ host, prefix }) =>
            url.hostname === host &&
            (prefix === "" || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)),
        )
      : url.hostname === "localhost" || url.hostname.endsWith(".localhost");
  const key = (host, path) => `${host}${path}`;
  const queue = [];
  const seen = new Map();
  const templateCount = new Map();

  function enqueue(host, path, from) {
    const k = key(host, path);
    const known = seen.get(k);
    if (known) {
      known.from.add(from);
      return;
    }
    seen.set(k, { status: 0, from: new Set([from]) });
    queue.push({ host, path });
  }

  function linksOf(html, pageUrl) {
    const out = [];
    for (const match of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
      const href = match[1].replaceAll("&amp;", "&");
      if (/^(mailto:|tel:|javascript:|#)/i.test(href)) continue;
      let url;
      try {
        url = new URL(href, pageUrl);
      } catch {
        continue;
      }
      if (!followed(url)) continue;
      url.hash = "";
      out.push(url);
    }
    return out;
  }

  async function visit({ host, path }) {
    const k = key(host, path);
    const entry = seen.get(k);
    const template = templateOf(path.split("?")[0]);
    const sampleKey = template && `${host}${template}`;
    const sampled = sampleKey ? (templateCount.get(sampleKey) ?? 0) : 0;
    if (sampleKey) templateCount.set(sampleKey, sampled + 1);
    const page = known?.get(k) ?? (await get(host, path));
    entry.status = page.status;
    const pageUrl = `http://${host}${path}`;
    if (page.status >= 300 && page.status < 400 && page.location) {
      const target = new URL(page.location, pageUrl);
      if (followed(target)) enqueue(target.hostname, `${target.pathname}${target.search}`, k);
      return;
    }
    if (page.status !== 200 || (sampleKey && sampled >= SAMPLE_PER_TEMPLATE)) return;
    const home = path.match(/^(\/[a-z]{2})?\/$/);
    if (home) {
      const details = await get(host, `${home[1] ?? ""}/_furniture.json`);
      for (const [, href] of details.body.matchAll(/"href":"(\/[^/"][^"]*|\/)"/g)) {
        const url = new URL(href, `http://${host}/`);
        enqueue(host, `${url.pathname}${url.search}`, `${k} (navigation details)`);
      }
    }
    for (const url of linksOf(page.body, pageUrl)) {
      enqueue(url.hostname, `${url.pathname}${url.search}`, k);
    }
  }

  for (const [host, path] of start) enqueue(host, path, "start");
  let visited = 0;
  async function worker() {
    while (queue.length > 0 && visited < max) {
      const next = queue.shift();
      visited++;
      try {
        await visit(next);
      } catch (error) {
        seen.get(key(next.host, next.path)).status = `failed: ${error.message}`;
      }
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const dead = [...seen]
    .filter(([, v]) => v.status !== 0 && (typeof v.status === "string" || v.status >= 400))
    .map(([link, v]) => ({ link, status: v.status, from: [...v.from] }));
  return { visited, dead };
}

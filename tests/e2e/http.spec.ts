/** HTTP-level rules of the built server: redirects, headers, API 404s. */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { PORT } from "./fixtures";

const origin = `http://127.0.0.1:${PORT}`;

async function get(request: APIRequestContext, host: string, path: string) {
  return request.get(`${origin}${path}`, { headers: { host: `${host}:${PORT}` }, maxRedirects: 0 });
}

test("a redundant default-language prefix redirects on the same host", async ({ request }) => {
  const response = await get(request, "ch.cards.localhost", "/de/fotobuch");
  expect(response.status()).toBe(301);
  expect(response.headers()["location"]).toBe("/fotobuch");
});

test("the trailing slash follows each channel's setting", async ({ request }) => {
  const cards = await get(request, "cards.localhost", "/fotobuch/");
  expect(cards.status()).toBe(301);
  expect(cards.headers()["location"]).toBe("/fotobuch");
  const wallart = await get(request, "wallart.localhost", "/leinwand?x=1");
  expect(wallart.status()).toBe(301);
  expect(wallart.headers()["location"]).toBe("/leinwand/?x=1");
});

test("redirects never loop: every redirect target answers without a further redirect", async ({
  request,
}) => {
  const cases: Array<[string, string]> = [
    ["localhost", "/ch/fotobuch/"],
    ["ch.cards.localhost", "/de/"],
    ["ch.cards.localhost", "/nl/x"],
    ["be.wallart.localhost", "/fr/poster"],
    ["wallart.localhost", "/en/poster"],
    ["us.cards.localhost", "/en/cards/"],
    ["it.cards.localhost", "/de/d/products"],
  ];
  for (const [host, path] of cases) {
    const first = await get(request, host, path);
    if (first.status() !== 301) continue;
    const location = new URL(first.headers()["location"]!, `http://${host}:${PORT}`);
    const second = await get(request, location.hostname, `${location.pathname}${location.search}`);
    expect(second.status(), `${host}${path} -> ${location}`).not.toBe(301);
  }
});

test("anonymous HTML is cacheable, and an unknown address's 404 only briefly", async ({
  request,
}) => {
  const home = await get(request, "localhost", "/");
  expect(home.headers()["cache-control"]).toContain("s-maxage");
  expect(home.headers()["cache-control"]).toContain("stale-while-revalidate");
  expect(home.headers()["cache-control"]).toContain("stale-if-error");
  // The 404 of an address without a page is kept for a minute, so made-up addresses do not
  // cost a render each; a publish at its slug drops it.
  const missing = await get(request, "localhost", "/xx/y");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["cache-control"]).toBe(
    "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
  );
});

test("a page rendered for its request carries a CSP with a fresh nonce", async ({ request }) => {
  // The log-in page is personal: rendered for every request, never kept.
  const a = (await get(request, "localhost", "/konto/anmelden")).headers();
  const b = (await get(request, "localhost", "/konto/anmelden")).headers();
  expect(a["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  expect(a["content-security-policy"]).not.toBe(b["content-security-policy"]);
  expect(a["x-cache"]).toBeUndefined();
});

test("an anonymous page is rendered once and then shared from the page cache, with an ETag", async ({
  request,
}) => {
  const path = "/fotos-drucken?utm_source=http-test";
  await get(request, "localhost", path);
  const kept = await get(request, "localhost", "/fotos-drucken");
  expect(kept.headers()["x-cache"]).toMatch(/^(HIT|STALE)$/);
  expect(kept.headers()["content-security-policy"]).not.toContain("nonce-");
  expect(kept.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  const etag = kept.headers()["etag"]!;
  const revalidated = await request.get(`${origin}/fotos-drucken`, {
    headers: { host: `localhost:${PORT}`, "if-none-match": etag },
  });
  expect(revalidated.status()).toBe(304);
});

test("an unknown API path is a JSON 404, never an HTML page", async ({ request }) => {
  const response = await get(request, "localhost", "/web-api/does-not-exist");
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ error: "not_found" });
});

test("/health reports the embedded database", async ({ request }) => {
  const response = await get(request, "localhost", "/health");
  expect(await response.json()).toMatchObject({
    status: "ok",
    database: { kind: "pglite", ok: true },
  });
});

test("fingerprinted assets are served with immutable caching", async ({ request }) => {
  const html = await (await get(request, "localhost", "/")).text();
  const asset = html.match(/\/assets\/[^"\s]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const response = await get(request, "localhost", asset!);
  expect(response.headers()["cache-control"]).toContain("immutable");
});

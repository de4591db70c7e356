import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CACHE_TIERS } from "../config/cache";
import { createHostTable } from "../config/hosts";
import { pagePolicy } from "./middleware/security";
import {
  acceptedCodings,
  ANNOUNCED_VERSION_WINDOW_MS,
  cacheableQuery,
  COMPRESS_MIN_BYTES,
  inlineScriptHashes,
  isShareable,
  mayUseCache,
  PageCache,
  pageAddress,
  SHARED_PAGE_SETTLE_MS,
  type SharedPage,
  pageKey,
  pageUrlKey,
  preferredCoding,
  sharedDocumentKey,
  sitemapKey,
  sitemapOrigin,
} from "./pageCache";
import { CATALOGUE_TAG, collectPageTags, storyTag, tagPage } from "./pageTags";

const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

function page(body: string, headers: Record<string, string> = {}, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": CACHE_TIERS.page,
      "Content-Security-Policy": "script-src 'nonce-abc'",
      ...headers,
    },
  });
}

function cacheAt(clock: { now: number }, maxBytes = 1_000_000) {
  return new PageCache({
    maxBytes,
    freshMs: 60_000,
    staleMs: 600_000,
    policy: pagePolicy(false),
    now: () => clock.now,
  });
}

const get = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://cards.localhost/", { method, headers });

/** A render that counts its calls and answers what `next` says. */
function renderer(next: () => Response | Promise<Response>) {
  const calls = { count: 0 };
  const render = async () => {
    calls.count++;
    return next();
  };
  return { calls, render };
}

describe("the page cache's keys", () => {
  it("leave tracking parameters out and sort the rest, so one page is one key", () => {
    expect(pageUrlKey(new URL("http://h/karten?utm_source=x&b=2&gclid=1&a=1&fbclid=z"))).toBe(
      "/karten?a=1&b=2",
    );
    expect(pageUrlKey(new URL("http://h/karten?utm_medium=mail"))).toBe("/karten");
    expect(pageUrlKey(new URL("http://h/themen?color=red&color=gold"))).toBe(
      "/themen?color=gold&color=red",
    );
  });

  it("change with the host, the scheme, the flags and crawlers (versions are kept with the page)", () => {
    const versions = { treatments: { a: "on" }, crawler: false };
    const base = pageKey(new URL("http://cards.localhost/"), versions);
    const variants = [
      pageKey(new URL("http://wallart.localhost/"), versions),
      pageKey(new URL("https://cards.localhost/"), versions),
      pageKey(new URL("http://cards.localhost/"), { ...versions, treatments: { a: "off" } }),
      pageKey(new URL("http://cards.localhost/"), { ...versions, crawler: true }),
    ];
    expect(new Set([base, ...variants]).size).toBe(5);
    expect(pageKey(new URL("http://CARDS.localhost/?utm_source=x"), versions)).toBe(base);
  });
});

describe("which requests and responses the page cache takes", () => {
  it("answers GET and HEAD of anonymous visitors, not a preview or a logged-in customer", () => {
    const url = (path: string) => new URL(`http://cards.localhost${path}`);
    expect(mayUseCache(get(), url("/"))).toBe(true);
    expect(mayUseCache(get({}, "HEAD"), url("/"))).toBe(true);
    expect(mayUseCache(get({}, "POST"), url("/"))).toBe(false);
    expect(mayUseCache(get(), url("/?_storyblok=12"))).toBe(false);
    expect(mayUseCache(get({ Cookie: "a=1; shop_session=xyz" }), url("/"))).toBe(false);
    expect(mayUseCache(get({ Cookie: "__Host-shop_session=xyz" }), url("/"))).toBe(false);
    expect(mayUseCache(get({ Cookie: "shop_consent=v1; visitor_key=k" }), url("/"))).toBe(true);
  });

  it("keeps only a 200 HTML page of the shared tier that sets no cookie", () => {
    expect(isShareable(page("x"))).toBe(true);
    expect(isShareable(page("x", {}, 404))).toBe(false);
    expect(isShareable(page("x", { "Cache-Control": CACHE_TIERS.missing }, 404))).toBe(true);
    expect(isShareable(page("x", { "Cache-Control": CACHE_TIERS.missing }, 200))).toBe(false);
    expect(isShareable(page("x", { "Cache-Control": CACHE_TIERS.missing }, 500))).toBe(false);
    expect(isShareable(page("x", { "Cache-Control": CACHE_TIERS.revalidate }))).toBe(false);
    expect(isShareable(page("x", { "Set-Cookie": "a=1" }))).toBe(false);
    expect(isShareable(page("x", { "Content-Type": "application/json" }))).toBe(false);
    expect(isShareable(page("x", { "Content-Encoding": "gzip" }))).toBe(false);
    // The sitemap's XML too.
    expect(isShareable(page("x", { "Content-Type": "application/xml; charset=utf-8" }))).toBe(true);
  });

  it("keep a sitemap once per scheme and host, whatever the query, the flags or a crawler", () => {
    const key = sharedDocumentKey(new URL("http://cards.localhost/sitemap.xml"));
    expect(sharedDocumentKey(new URL("http://cards.localhost/sitemap.xml?x=1&utm_source=a"))).toBe(
      key,
    );
    expect(sharedDocumentKey(new URL("https://cards.localhost/sitemap.xml"))).not.toBe(key);
    expect(sharedDocumentKey(new URL("http://ch.cards.localhost/sitemap.xml"))).not.toBe(key);
  });

  it("keep a site's sitemap under its canonical origin, and none for an origin with a port", () => {
    const hosts = createHostTable([
      { host: "shop.ch", channel: "cards", country: "CH", canonical: true },
      { host: "www.shop.ch", channel: "cards", country: "CH", canonical: false },
    ]);
    const swiss = { channel: "cards", country: "CH" } as const;
    const canonical = sitemapKey("https://shop.ch");
    expect(canonical).toBe(sharedDocumentKey(new URL("https://shop.ch/sitemap.xml")));
    // An alias host, a made-up port, plain HTTP: the production site's one origin.
    for (const visitor of ["https://www.shop.ch", "http://shop.ch:1", "https://shop.ch:2"]) {
      expect(sitemapOrigin(hosts, swiss, visitor), visitor).toBe("https://shop.ch");
    }
    // A local host keeps the scheme and port it is asked on (its addresses work there).
    const german = { channel: "cards", country: "DE" } as const;
    expect(sitemapOrigin(hosts, german, "http://localhost")).toBe("http://cards.localhost");
    expect(sitemapKey("http://cards.localhost")).toBe(
      sharedDocumentKey(new URL("http://cards.localhost/sitemap.xml")),
    );
    for (const visitor of ["http://localhost:1", "https://cards.localhost:80"]) {
      const origin = sitemapOrigin(hosts, german, visitor);
      expect(origin, visitor).toMatch(/:\d+$/);
      expect(sitemapKey(origin), visitor).toBeNull();
    }
  });
});

describe("the hashes of a page's inline scripts", () => {
  it("cover every inline script once, not external scripts or data blocks", () => {
    const html = [
      '<script nonce="n">window.a=1</script>',
      '<script type="module" nonce="n">import "/assets/x.js";</script>',
      '<script src="/assets/y.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<script>window.a=1</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/assets/x.js";')]);
  });
});

describe("the page cache", () => {
  it("renders a page once and answers the next visitors from memory, with a policy of hashes", async () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    const { calls, render } = renderer(() => page('<script nonce="abc">go()</script>'));
    const first = await cache.serve("k", get(), render);
    const second = await cache.serve("k", get(), render);
    expect(calls.count).toBe(1);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    // Kept without the render's nonce: the policy names the script by its hash.
    expect(await second.text()).toBe("<script>go()</script>");
    const policy = second.headers.get("Content-Security-Policy")!;
    expect(policy).toContain(`script-src 'self' '${sha("go()")}'`);
    expect(policy).not.toContain("nonce");
    expect(second.headers.get("Cache-Control")).toBe(CACHE_TIERS.page);
  });

  it("keeps an XML document as it was rendered, with no page policy", async () => {
    const cache = cacheAt({ now: 0 });
    const xml = '<?xml version="1.0"?><urlset><url><loc>http://h/?a nonce="x"</loc></url></urlset>';
    const { calls, render } = renderer(() =>
      page(xml, { "Content-Type": "application/xml; charset=utf-8" }),
    );
    await cache.serve("k", get(), render);
    const again = await cache.serve("k", get(), render);
    expect(calls.count).toBe(1);
    expect(again.headers.get("X-Cache")).toBe("HIT");
    expect(again.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(again.headers.get("Content-Security-Policy")).toBeNull();
    expect(await again.text()).toBe(xml);
  });

  it("renders once for requests that come while the first render runs", async () => {
    const cache = cacheAt({ now: 0 });
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const { calls, render } = renderer(async () => {
      await gate;
      return page("<p>once</p>");
    });
    const answers = Promise.all([1, 2, 3].map(() => cache.serve("k", get(), render)));
    finish();
    const bodies = await Promise.all((await answers).map((response) => response.text()));
    expect(calls.count).toBe(1);
    expect(bodies).toEqual(["<p>once</p>", "<p>once</p>", "<p>once</p>"]);
  });

  it("answers a stale copy at once and renders it anew in the background", async () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    let version = 1;
    const { calls, render } = renderer(() => page(`<p>v${version}</p>`));
    await cache.serve("k", get(), render);
    version = 2;
    clock.now = 61_000;
    const stale = await cache.serve("k", get(), render);
    expect(stale.headers.get("X-Cache")).toBe("STALE");
    expect(await stale.text()).toBe("<p>v1</p>");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.count).toBe(2);
    const renewed = await cache.serve("k", get(), render);
    expect(renewed.headers.get("X-Cache")).toBe("HIT");
    expect(await renewed.text()).toBe("<p>v2</p>");
  });

  it("keeps answering the stale copy while new renders fail, until its time is up", async () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    let failing = false;
    const { render } = renderer(() => {
      if (failing) throw new Error("content service down");
      return page("<p>kept</p>");
    });
    await cache.serve("k", get(), render);
    failing = true;
    clock.now = 120_000;
    expect(await (await cache.serve("k", get(), render)).text()).toBe("<p>kept</p>");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await (await cache.serve("k", get(), render)).text()).toBe("<p>kept</p>");
    clock.now = 661_000;
    await expect(cache.serve("k", get(), render)).rejects.toThrow("content service down");
  });

  it("hands a page that may not be shared to its visitor only and keeps nothing", async () => {
    const cache = cacheAt({ now: 0 });
    const { calls, render } = renderer(() => page("<p>mine</p>", { "Set-Cookie": "a=1" }));
    const first = await cache.serve("k", get(), render);
    expect(first.headers.get("X-Cache")).toBeNull();
    expect(first.headers.get("Content-Security-Policy")).toBe("script-src 'nonce-abc'");
    expect(await first.text()).toBe("<p>mine</p>");
    await cache.serve("k", get(), render);
    expect(calls.count).toBe(2);
    expect(cache.stats.pages).toBe(0);
  });

  it("answers 304 without a body when the browser has the page (If-None-Match), and HEAD without one", async () => {
    const cache = cacheAt({ now: 0 });
    const { render } = renderer(() => page("<p>same</p>"));
    const first = await cache.serve("k", get(), render);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const revalidated = await cache.serve("k", get({ "If-None-Match": etag }), render);
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    const other = await cache.serve("k", get({ "If-None-Match": 'W/"other"' }), render);
    expect(other.status).toBe(200);
    const head = await cache.serve("k", get({}, "HEAD"), render);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("keeps a page without its render's nonces, so a renewed copy of the same page keeps its ETag and the browser's copy still gets 304", async () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    let render = 0;
    const { calls, render: renderPage } = renderer(() =>
      page(`<style nonce="a${++render}==">p{}</style><script nonce="b${render}/+">go()</script>`),
    );
    const first = await cache.serve("k", get(), renderPage);
    expect(await first.text()).toBe("<style>p{}</style><script>go()</script>");
    const etag = first.headers.get("ETag")!;
    clock.now = 61_000;
    await cache.serve("k", get(), renderPage);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.count).toBe(2);
    const revalidated = await cache.serve("k", get({ "If-None-Match": etag }), renderPage);
    expect(revalidated.headers.get("X-Cache")).toBe("HIT");
    expect(revalidated.status).toBe(304);
  });

  it("stays within its bytes: the least recently used page goes first", async () => {
    const cache = cacheAt({ now: 0 }, 250);
    const body = (name: string) => `<p>${name}</p>${" ".repeat(90)}`;
    for (const name of ["a", "b"]) await cache.serve(name, get(), async () => page(body(name)));
    await cache.serve("a", get(), async () => page(body("a")));
    await cache.serve("c", get(), async () => page(body("c")));
    expect(cache.stats.pages).toBe(2);
    expect(cache.stats.bytes).toBeLessThanOrEqual(250);
    const keptA = renderer(() => page(body("a")));
    await cache.serve("a", get(), keptA.render);
    expect(keptA.calls.count).toBe(0);
    const goneB = renderer(() => page(body("b")));
    await cache.serve("b", get(), goneB.render);
    expect(goneB.calls.count).toBe(1);
  });

  it("keeps 404 pages apart in an eighth of its bytes: made-up addresses never push out a page", async () => {
    const cache = cacheAt({ now: 0 }, 2000);
    const body = (name: string) => `<p>${name}</p>${" ".repeat(90)}`;
    const missing = (name: string) => async () =>
      page(body(name), { "Cache-Control": CACHE_TIERS.missing }, 404);
    for (const name of ["a", "b", "c"])
      await cache.serve(name, get(), async () => page(body(name)));
    for (let i = 0; i < 50; i++) await cache.serve(`gone-${i}`, get(), missing(`gone-${i}`));
    // The pages are all still there, the 404s within their 250 bytes (two of 100 each).
    for (const name of ["a", "b", "c"]) {
      const kept = renderer(() => page(body(name)));
      await cache.serve(name, get(), kept.render);
      expect(kept.calls.count, name).toBe(0);
    }
    expect(cache.stats.pages).toBe(5);
    const last = renderer(() => page(body("x"), { "Cache-Control": CACHE_TIERS.missing }, 404));
    const hit = await cache.serve("gone-49", get({ "If-None-Match": "*" }), last.render);
    expect(last.calls.count).toBe(0);
    // A 404 answers as a 404 every time, never 304, and has no ETag to revalidate.
    expect(hit.status).toBe(404);
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    expect(hit.headers.get("ETag")).toBeNull();
    expect(await hit.text()).toBe(body("gone-49"));
    // When the address gets a page, the page replaces its 404.
    cache.invalidate({});
    const now = renderer(() => page(body("now a page")));
    const found = await cache.serve("gone-49", get(), now.render);
    expect(found.status).toBe(200);
    expect(now.calls.count).toBe(1);
  });

  it("tells the addresses it holds a copy of, whatever the variant, until the copies go", async () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock, 250);
    const versions = { treatments: {}, crawler: false };
    const url = new URL("http://cards.localhost/karten?utm_source=x");
    const address = pageAddress(url);
    const body = (name: string) => `<p>${name}</p>${" ".repeat(90)}`;
    const keep = (key: string, name: string) =>
      cache.serve(key, get(), async () => page(body(name)));
    expect(cache.holds(address)).toBe(false);
    await keep(pageKey(url, versions), "v7");
    await keep(pageKey(url, { ...versions, crawler: true }), "crawler");
    expect(cache.holds(address)).toBe(true);
    expect(cache.holds(pageAddress(new URL("http://cards.localhost/karten")))).toBe(true);
    expect(cache.holds(pageAddress(new URL("http://cards.localhost/fotobuch")))).toBe(false);
    // Two others push both copies out.
    await keep(pageKey(new URL("http://cards.localhost/a"), versions), "a");
    await keep(pageKey(new URL("http://cards.localhost/b"), versions), "b");
    expect(cache.holds(address)).toBe(false);
    // A copy past its stale time is dropped when asked for.
    const a = pageKey(new URL("http://cards.localhost/a"), versions);
    clock.now = 661_000;
    await keep(a, "a again");
    expect(cache.holds(pageAddress(new URL("http://cards.localhost/a")))).toBe(true);
    cache.clear();
    expect(cache.holds(pageAddress(new URL("http://cards.localhost/a")))).toBe(false);
  });

  it("answers a fresh copy without rendering, and nothing for a stale or missing one", async () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    await cache.serve("k", get(), async () => page("<p>kept</p>"));
    const headers = new Headers({ "Accept-Encoding": "br" });
    const fresh = cache.freshAnswer("k", { method: "GET", headers });
    expect(fresh?.status).toBe(200);
    expect(Buffer.from(fresh!.body!).toString()).toBe("<p>kept</p>");
    expect(fresh!.headers).toContainEqual(["x-cache", "HIT"]);
    expect(cache.freshAnswer("other", { method: "GET", headers })).toBeUndefined();
    clock.now = 60_000;
    expect(cache.freshAnswer("k", { method: "GET", headers })).toBeUndefined();
  });
});

/** A page big enough to be compressed, with a script and text beyond ASCII. */
const BIG = `<!doctype html><script>go()</script>${"<p>Grüße aus Köln – Karten</p>".repeat(200)}`;

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("the content codings a request accepts", () => {
  it("prefer brotli, then gzip, by q; q=0 refuses; identity liked more wins", () => {
    expect(acceptedCodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
    expect(acceptedCodings("gzip")).toEqual(["gzip"]);
    expect(acceptedCodings("br;q=0.5, gzip")).toEqual(["gzip", "br"]);
    expect(acceptedCodings("gzip;q=0, br;q=0")).toEqual([]);
    expect(acceptedCodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedCodings("*;q=0.2, br;q=0")).toEqual(["gzip"]);
    expect(acceptedCodings("gzip;q=0.5, identity")).toEqual([]);
    expect(acceptedCodings("deflate, identity")).toEqual([]);
    expect(acceptedCodings("GZIP ; Q=1.0")).toEqual(["gzip"]);
    expect(acceptedCodings("gzip;q=nonsense")).toEqual([]);
    expect(acceptedCodings(null)).toEqual([]);
    expect(preferredCoding("gzip, br", ["gzip"])).toBe("gzip");
    expect(preferredCoding("br", ["gzip"])).toBeNull();
  });
});

describe("the page cache's copies of a page", () => {
  it("answers a hit with the brotli or gzip copy the request accepts, decompressing to the page", async () => {
    const cache = cacheAt({ now: 0 });
    const { calls, render } = renderer(() => page(BIG));
    await cache.serve("k", get(), render);
    const html = Buffer.from(BIG, "utf8");
    const plain = await cache.serve("k", get(), render);
    const br = await cache.serve("k", get({ "Accept-Encoding": "gzip, deflate, br" }), render);
    const gz = await cache.serve("k", get({ "Accept-Encoding": "gzip" }), render);
    expect(calls.count).toBe(1);

    expect(plain.headers.get("Content-Encoding")).toBeNull();
    const plainBytes = await bytesOf(plain);
    expect(plainBytes.equals(html)).toBe(true);
    expect(plain.headers.get("Content-Length")).toBe(String(html.byteLength));

    expect(br.headers.get("Content-Encoding")).toBe("br");
    const brBytes = await bytesOf(br);
    expect(br.headers.get("Content-Length")).toBe(String(brBytes.byteLength));
    expect(brBytes.byteLength).toBeLessThan(html.byteLength / 5);
    expect(brotliDecompressSync(brBytes).equals(html)).toBe(true);

    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    const gzBytes = await bytesOf(gz);
    expect(gz.headers.get("Content-Length")).toBe(String(gzBytes.byteLength));
    expect(gunzipSync(gzBytes).equals(html)).toBe(true);

    for (const response of [plain, br, gz]) {
      expect(response.headers.get("Vary")).toBe("Accept-Encoding");
      expect(response.headers.get("X-Cache")).toBe("HIT");
      expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("Cache-Control")).toBe(CACHE_TIERS.page);
      expect(response.headers.get("Content-Security-Policy")).toContain(`'${sha("go()")}'`);
    }
    // One page, one weak ETag, whatever its coding.
    expect(new Set([plain, br, gz].map((r) => r.headers.get("ETag"))).size).toBe(1);
  });

  it("sends the miss that stores a page compressed as well", async () => {
    const cache = cacheAt({ now: 0 });
    const first = await cache.serve("k", get({ "Accept-Encoding": "br" }), async () => page(BIG));
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(first.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(await bytesOf(first)).toString("utf8")).toBe(BIG);
  });

  it("answers 304 for every coding, with Vary and no body, and HEAD with a GET's headers", async () => {
    const cache = cacheAt({ now: 0 });
    const render = async () => page(BIG);
    const first = await cache.serve("k", get({ "Accept-Encoding": "gzip, br" }), render);
    const etag = first.headers.get("ETag")!;
    for (const accept of ["gzip, br", "gzip", ""]) {
      const again = await cache.serve(
        "k",
        get({ "If-None-Match": etag, ...(accept ? { "Accept-Encoding": accept } : {}) }),
        render,
      );
      expect(again.status).toBe(304);
      expect(again.headers.get("Vary")).toBe("Accept-Encoding");
      expect(again.headers.get("ETag")).toBe(etag);
      expect(again.headers.get("Content-Encoding")).toBeNull();
      expect(again.headers.get("Content-Length")).toBeNull();
      expect(again.headers.get("Content-Type")).toBeNull();
      expect(await again.text()).toBe("");
    }
    const head = await cache.serve("k", get({ "Accept-Encoding": "gzip" }, "HEAD"), render);
    const gz = await cache.serve("k", get({ "Accept-Encoding": "gzip" }), render);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(head.headers.get("Content-Encoding")).toBe("gzip");
    expect(head.headers.get("Content-Length")).toBe(gz.headers.get("Content-Length"));
  });

  it("sends a small page as it is, and keeps the render's own Vary", async () => {
    const cache = cacheAt({ now: 0 });
    const small = "<p>small</p>";
    expect(Buffer.byteLength(small)).toBeLessThan(COMPRESS_MIN_BYTES);
    const render = async () => page(small, { Vary: "Cookie" });
    await cache.serve("k", get(), render);
    const hit = await cache.serve("k", get({ "Accept-Encoding": "gzip, br" }), render);
    expect(hit.headers.get("Content-Encoding")).toBeNull();
    expect(hit.headers.get("Content-Length")).toBe(String(Buffer.byteLength(small)));
    expect(hit.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
    expect(await hit.text()).toBe(small);
  });

  it("counts the compressed copies in the bytes it keeps", async () => {
    const cache = cacheAt({ now: 0 });
    await cache.serve("k", get(), async () => page(BIG));
    const html = Buffer.byteLength(BIG);
    expect(cache.stats.bytes).toBeGreaterThan(html);
    expect(cache.stats.bytes).toBeLessThan(html * 1.5);
  });
});

describe("what a kept page shows, and the changes that drop it", () => {
  const scope = (content = 7, catalogue: string | null = "cat-1") =>
    ({ channel: "cards", content, catalogue }) as const;
  const key = (path: string) => pageKey(new URL(`http://cards.localhost${path}`), VARIANT);
  const VARIANT = { treatments: {}, crawler: false };
  /** A render that tags the page as the content and catalogue services do. */
  const tagged = (name: string, ...tags: string[]) =>
    renderer(async () => {
      await Promise.resolve();
      tagPage(...tags);
      return page(`<p>${name}</p>`);
    });
  const state = async (cache: PageCache, path: string, at = scope()) =>
    (await cache.serve(key(path), get(), tagged(path).render, at)).headers.get("X-Cache");

  it("names its stories, its channel's content and the catalogue it shows in Surrogate-Key and Cache-Tag", async () => {
    const cache = cacheAt({ now: 0 });
    const { render } = tagged("a", storyTag("u-1"), storyTag("u-2"), CATALOGUE_TAG);
    const first = await cache.serve(key("/a"), get(), render, scope());
    const keys = first.headers.get("Surrogate-Key")!.split(" ");
    expect(keys).toEqual(
      expect.arrayContaining(["story-u-1", "story-u-2", "content-cards", "catalogue-cat-1"]),
    );
    expect(first.headers.get("Cache-Tag")!.split(",")).toEqual(keys);
    expect(first.headers.get("Cache-Control")).toMatch(/s-maxage=\d+.*stale-while-revalidate=/);
    const plain = await cache.serve(key("/b"), get(), tagged("b", storyTag("u-3")).render, scope());
    expect(plain.headers.get("Surrogate-Key")).toBe("content-cards story-u-3");
  });

  it("a publish drops exactly the pages with the story's tags, the others stay at the next cv", async () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    await cache.serve(key("/a"), get(), tagged("a", storyTag("u-1")).render, scope());
    await cache.serve(key("/b"), get(), tagged("b", storyTag("u-2")).render, scope());
    await cache.serve(
      key("/c"),
      get(),
      tagged("c", storyTag("u-1"), storyTag("u-3")).render,
      scope(),
    );
    expect(cache.invalidate({ channel: "cards", tags: [storyTag("u-1")] })).toBe(2);
    // The publish moved the space's cv on: the page that does not show the story is still kept.
    expect(await state(cache, "/b", scope(8))).toBe("HIT");
    expect(await state(cache, "/a", scope(8))).toBe("MISS");
    expect(await state(cache, "/c", scope(8))).toBe("MISS");
    // Another channel's pages and an unknown tag touch nothing.
    expect(cache.invalidate({ channel: "wallart", tags: [storyTag("u-2")] })).toBe(0);
    expect(await state(cache, "/b", scope(8))).toBe("HIT");
  });

  it("a cv that moves on unannounced, or a change of the whole channel, drops every page of it", async () => {
    const clock = { now: 0 };
    const cache = cacheAt(clock);
    await state(cache, "/a");
    await state(cache, "/b");
    expect(await state(cache, "/a", scope(9))).toBe("MISS");
    expect(await state(cache, "/b", scope(9))).toBe("MISS");
    // An announced publish long ago does not cover a later unannounced change.
    cache.invalidate({ channel: "cards", tags: ["story-none"] });
    clock.now += ANNOUNCED_VERSION_WINDOW_MS;
    expect(await state(cache, "/a", scope(10))).toBe("MISS");
    expect(cache.invalidate({ channel: "cards" })).toBe(1);
    expect(await state(cache, "/a", scope(10))).toBe("MISS");
    expect(cache.invalidate({})).toBe(1);
  });

  it("a new catalogue drops the pages that show catalogue data, not the others", async () => {
    const cache = cacheAt({ now: 0 });
    await cache.serve(key("/price"), get(), tagged("p", CATALOGUE_TAG).render, scope());
    await cache.serve(key("/legal"), get(), tagged("l", storyTag("u-9")).render, scope());
    const at = scope(7, "cat-2");
    expect(
      (await cache.serve(key("/legal"), get(), tagged("l").render, at)).headers.get("X-Cache"),
    ).toBe("HIT");
    expect(
      (await cache.serve(key("/price"), get(), tagged("p", CATALOGUE_TAG).render, at)).headers.get(
        "X-Cache",
      ),
    ).toBe("MISS");
    // Another process's import, announced: the same pages go.
    expect(cache.catalogueChanged()).toBe(1);
    expect(cache.stats.pages).toBe(1);
  });

  it("keeps a page with catalogue data made while no catalogue version is known, until the first import", async () => {
    const cache = cacheAt({ now: 0 });
    const unknown = scope(7, null);
    const price = () => tagged("p", CATALOGUE_TAG).render;
    expect((await cache.serve(key("/price"), get(), price(), unknown)).headers.get("X-Cache")).toBe(
      "MISS",
    );
    expect((await cache.serve(key("/price"), get(), price(), unknown)).headers.get("X-Cache")).toBe(
      "HIT",
    );
    // The first import's version: the page made without one goes.
    expect(
      (await cache.serve(key("/price"), get(), price(), scope(7, "cat-1"))).headers.get("X-Cache"),
    ).toBe("MISS");
  });

  it("answers but does not keep a render a change overlapped", async () => {
    const cache = cacheAt({ now: 0 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = renderer(async () => {
      tagPage(storyTag("u-1"));
      await held;
      return page("<p>old</p>");
    });
    const answer = cache.serve(key("/a"), get(), slow.render, scope());
    await Promise.resolve();
    cache.invalidate({ channel: "cards", tags: [storyTag("u-1")] });
    release();
    expect(await (await answer).text()).toBe("<p>old</p>");
    expect(cache.stats.pages).toBe(0);
  });

  it("collects tags only while a page renders", async () => {
    tagPage("nowhere");
    const tags = new Set<string>();
    await collectPageTags(tags, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      tagPage("late");
    });
    expect([...tags]).toEqual(["late"]);
  });
});

describe("pages shared between the workers of a machine", () => {
  const scope = (content = 7, catalogue: string | null = "cat-1") =>
    ({ channel: "cards", content, catalogue }) as const;
  const key = (path: string) =>
    pageKey(new URL(`http://cards.localhost${path}`), { treatments: {}, crawler: false });

  /** Two workers' caches on one clock: what the first keeps is handed to the second. */
  function workers() {
    const clock = { now: 10_000 };
    const handed: SharedPage[] = [];
    const make = (share?: (page: SharedPage) => void) =>
      new PageCache({
        maxBytes: 1_000_000,
        freshMs: 60_000,
        staleMs: 600_000,
        policy: pagePolicy(false),
        now: () => clock.now,
        ...(share ? { share } : {}),
      });
    const first = make((page) => handed.push(structuredClone(page)));
    const second = make();
    return { clock, handed, first, second };
  }

  const tagged = (name: string, ...tags: string[]) =>
    renderer(async () => {
      tagPage(...tags);
      return page(`<p>${name}</p>${" ".repeat(2000)}`);
    });

  it("a page one worker rendered is answered by the other without a render, bytes and headers alike", async () => {
    const { handed, first, second } = workers();
    const made = await first.serve(key("/a"), get(), tagged("a", storyTag("u-1")).render, scope());
    expect(handed).toHaveLength(1);
    expect(second.adopt(handed[0]!)).toBe(true);
    const other = tagged("a");
    const answer = await second.serve(
      key("/a"),
      get({ "Accept-Encoding": "br" }),
      other.render,
      scope(),
    );
    expect(other.calls.count).toBe(0);
    expect(answer.headers.get("X-Cache")).toBe("HIT");
    expect(answer.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(
      await made.text(),
    );
    expect(answer.headers.get("Surrogate-Key")).toContain("story-u-1");
    // A publish of its story drops it in the other worker too.
    expect(second.invalidate({ channel: "cards", tags: [storyTag("u-1")] })).toBe(1);
  });

  it("shares a 404 as a 404, and nothing it does not keep", async () => {
    const { handed, first, second } = workers();
    const missing = renderer(async () =>
      page("<p>nothing here</p>", { "Cache-Control": CACHE_TIERS.missing }, 404),
    );
    await first.serve(key("/gone"), get(), missing.render, scope());
    const personal = renderer(async () => page("<p>mine</p>", { "Set-Cookie": "a=1" }));
    await first.serve(key("/mine"), get(), personal.render, scope());
    expect(handed.map((shared) => [shared.key, shared.status])).toEqual([[key("/gone"), 404]]);
    second.adopt(handed[0]!);
    const answer = await second.serve(key("/gone"), get(), missing.render, scope());
    expect(answer.status).toBe(404);
    expect(missing.calls.count).toBe(1);
  });

  it("refuses a page made at another content version, or begun before a change the worker heard of", async () => {
    const { handed, first, second } = workers();
    await second.serve(key("/seen"), get(), tagged("seen").render, scope(8));
    await first.serve(key("/old"), get(), tagged("old").render, scope(7));
    expect(second.adopt(handed[0]!)).toBe(false);

    const late = workers();
    // A render begins; meanwhile the second worker hears of a publish the first has not yet.
    let finish!: () => void;
    const slow = renderer(async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return page(`<p>before</p>${" ".repeat(2000)}`);
    });
    const rendering = late.first.serve(key("/b"), get(), slow.render, scope());
    await Promise.resolve();
    late.clock.now += 10;
    late.second.invalidate({ channel: "cards", tags: ["story-u-9"] });
    finish();
    await rendering;
    expect(late.handed).toHaveLength(1);
    expect(late.second.adopt(late.handed[0]!)).toBe(false);
    // One begun well after the change is taken.
    late.clock.now += SHARED_PAGE_SETTLE_MS + 1;
    await late.first.serve(key("/c"), get(), tagged("c").render, scope());
    expect(late.second.adopt(late.handed[1]!)).toBe(true);
  });

  it("keeps its own copy when it is newer than the one handed over", async () => {
    const { clock, handed, first, second } = workers();
    await first.serve(key("/a"), get(), tagged("first").render, scope());
    clock.now += 5;
    await second.serve(key("/a"), get(), tagged("second").render, scope());
    expect(second.adopt(handed[0]!)).toBe(false);
    const own = await second.serve(key("/a"), get(), tagged("x").render, scope());
    expect(await own.text()).toContain("second");
  });
});

describe("the queries a kept page may have", () => {
  const url = (search: string) => new URL(`http://cards.localhost/themen${search}`);
  it("are a theme list's browsing state, promotion switches and tracking parameters", () => {
    for (const search of [
      "",
      "?color=red&color=gold",
      "?color[]=red&page=2&sort=new",
      "?pageSize=48&occasion=birthday",
      "?barDisabled=1&utm_source=mail",
    ]) {
      expect(cacheableQuery(url(search)), search).toBe(true);
    }
  });

  it("anything else is rendered for its request and not kept", () => {
    for (const search of [
      "?x=1",
      "?color=red&random=2",
      "?_storyblok=1",
      "?feature=a&treatment=on",
    ]) {
      expect(cacheableQuery(url(search)), search).toBe(false);
      expect(mayUseCache(get(), url(search))).toBe(false);
    }
  });
});

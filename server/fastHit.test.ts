import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CACHE_TIERS } from "../config/cache";
import { createHostTable } from "../config/hosts";
import { fastHits } from "./fastHit";
import type { RequestFlags } from "./flags/request";
import { pagePolicy, responseHeaders } from "./middleware/security";
import { PageCache, pageKey } from "./pageCache";
import { sendOverSocket, type SocketAnswer } from "./testing/socket";

/** A page of a few KB, so it is kept with compressed copies, with one inline script. */
const HTML = `<!doctype html><html><head><script>window.x=1</script></head><body>${"<p>Karten</p>".repeat(400)}</body></html>`;

const SHARED: RequestFlags = { featureFlags: { a: "off" }, personal: false, crawler: false };

function rendered(headers: Record<string, string> = {}) {
  return new Response(HTML, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": CACHE_TIERS.page,
      ...headers,
    },
  });
}

describe("page cache hits answered before the app", () => {
  const clock = { now: Date.now() };
  const state = {
    cv: 7 as number | undefined,
    flags: SHARED,
    forceHttps: false,
    appAnswered: 0,
    flagsAsked: 0,
  };
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const pages = new PageCache({
    maxBytes: 10_000_000,
    freshMs: 60_000,
    staleMs: 600_000,
    policy: pagePolicy(false),
    now: () => clock.now,
  });
  const fastHit = fastHits({
    pages,
    services: {
      hosts: createHostTable(),
      content: { knownCv: () => state.cv },
      catalogue: { version: () => "catalogue-1" },
      flags: {
        forRequest: () => {
          state.flagsAsked++;
          return state.flags;
        },
      },
    },
    get forceHttps() {
      return state.forceHttps;
    },
    responseHeaders: responseHeaders(),
    log,
  });
  let server: Server;
  let port: number;

  /** Keeps a page under the key the app works out for `url`. */
  async function keep(url: string, response = rendered()) {
    const key = pageKey(new URL(url), { treatments: SHARED.featureFlags, crawler: false });
    const channel = createHostTable().resolve(new URL(url).host)!.channel;
    await pages.serve(key, new Request(url), async () => response, {
      channel,
      content: 7,
      catalogue: "catalogue-1",
    });
  }

  /** A request over HTTP; headers as a list of name, value, name, value … */
  function send(
    target: string,
    headers: string[] | Record<string, string> = {},
    method = "GET",
  ): Promise<SocketAnswer> {
    const list = Array.isArray(headers)
      ? headers
      : ["Host", "localhost", ...Object.entries(headers).flat()];
    return sendOverSocket(port, target, list, method);
  }

  beforeAll(async () => {
    server = createServer((incoming, outgoing) => {
      if (fastHit(incoming, outgoing)) return;
      state.appAnswered++;
      outgoing.writeHead(299, { "Content-Type": "text/plain" });
      outgoing.end("the app");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    await keepAll();
  });

  async function keepAll() {
    await keep("http://localhost/karten");
    await keep("https://localhost/karten");
    // Pages the app never keeps, kept here to show the rules alone turn them away.
    await keep("http://localhost/karten?_storyblok=12");
    await keep("http://localhost/karten?voll_492_hide_shops=maybe");
  }

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => {
    clock.now = Date.now();
    Object.assign(state, {
      cv: 7,
      flags: SHARED,
      forceHttps: false,
      appAnswered: 0,
      flagsAsked: 0,
    });
    lines.length = 0;
  });

  it("answers a fresh copy with its headers, the security headers and a log line", async () => {
    const answer = await send("/karten");
    expect(state.appAnswered).toBe(0);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(HTML);
    expect(answer.headers).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "cache-control": CACHE_TIERS.page,
      "content-length": String(Buffer.byteLength(HTML)),
      vary: "Accept-Encoding",
      "x-cache": "HIT",
      age: "0",
      "x-content-type-options": "nosniff",
      "x-frame-options": "SAMEORIGIN",
      "cross-origin-resource-policy": "same-site",
    });
    expect(answer.headers.etag).toMatch(/^W\/"/);
    expect(answer.headers["content-security-policy"]).toMatch(/'sha256-[^']+'/);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    // HSTS only for a visitor who came over HTTPS.
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
    expect(lines).toEqual([
      expect.objectContaining({ method: "GET", path: "/karten", status: 200, msg: "request" }),
    ]);
  });

  it("sends the copy Accept-Encoding prefers, and a HEAD the headers of a GET", async () => {
    const br = await send("/karten", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-length"]).toBe(String(br.body.byteLength));
    expect(brotliDecompressSync(br.body).toString()).toBe(HTML);
    const head = await send("/karten", { "Accept-Encoding": "gzip, deflate, br, zstd" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    const withoutDate = ({ date: _date, ...rest }: SocketAnswer["headers"]) => rest;
    expect(withoutDate(head.headers)).toEqual(withoutDate(br.headers));
    expect(state.appAnswered).toBe(0);
  });

  it("answers 304 to a browser that has the page", async () => {
    const { headers } = await send("/karten");
    for (const tag of [headers.etag!, headers.etag!.replace(/^W\//, "")]) {
      const again = await send("/karten", { "If-None-Match": tag, "Accept-Encoding": "br" });
      expect(again.status).toBe(304);
      expect(again.body.byteLength).toBe(0);
      expect(again.headers["content-encoding"]).toBeUndefined();
      expect(again.headers["content-type"]).toBeUndefined();
      expect(again.headers).toMatchObject({ etag: headers.etag, vary: "Accept-Encoding" });
      expect(again.headers["x-content-type-options"]).toBe("nosniff");
    }
    expect(state.appAnswered).toBe(0);
  });

  it("gives the security headers the middleware gives, over a page's own", async () => {
    await keep("http://localhost/eigene", rendered({ "X-Frame-Options": "DENY" }));
    const answer = await send("/eigene");
    expect(answer.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(state.appAnswered).toBe(0);
  });

  it.each([
    ["a logged-in customer", "/karten", { Cookie: "shop_session=abc" }],
    ["an editor's preview", "/karten?_storyblok=12", {}],
    ["an ad click the app may keep in a cookie", "/karten?gclid=Cj0abc", {}],
    ["a malformed forced flag (the app reports it)", "/karten?voll_492_hide_shops=maybe", {}],
    ["a host the hosts table does not know", "/karten", { Host: "evil.example" }],
    ["a page nobody kept", "/fotobuch", {}],
    ["a target the app refuses", "/karten\\..", {}],
    ["an absolute-form target", "http://localhost/karten", {}],
    [
      "a client that takes only deflate (the app compresses)",
      "/karten",
      { "Accept-Encoding": "deflate" },
    ],
  ])("leaves %s to the app", async (_name, target, headers) => {
    const list = Object.entries({ Host: "localhost", ...headers }).flat();
    const answer = await send(target, list);
    expect(answer.status).toBe(299);
    expect(state.appAnswered).toBe(1);
  });

  it("asks the flags for no request whose page the cache holds no copy of", async () => {
    for (const target of ["/assets/entry.client-abc.js", "/web-api/flags", "/fotobuch"]) {
      await send(target, { Cookie: "visitor_key=3f0c1c53-8d2e-4c55-9a57-0e8f0f2b1a11" });
    }
    expect(state.appAnswered).toBe(3);
    expect(state.flagsAsked).toBe(0);
  });

  it("leaves a request with two Host headers to the app", async () => {
    await send("/karten", ["Host", "localhost", "Host", "localhost"]);
    expect(state.appAnswered).toBe(1);
  });

  it("leaves writes to the app", async () => {
    await send("/karten", {}, "POST");
    expect(state.appAnswered).toBe(1);
  });

  it("leaves a visitor whose flag treatments are their own to the app", async () => {
    state.flags = { ...SHARED, personal: true };
    await send("/karten");
    expect(state.appAnswered).toBe(1);
  });

  it("asks the app while the cv is not known without asking, and once it changed", async () => {
    state.cv = undefined;
    await send("/karten");
    expect(state.appAnswered).toBe(1);
    state.cv = 8;
    await send("/karten");
    expect(state.appAnswered).toBe(2);
    // The content version moved on unannounced: the pages of the channel went.
    expect(pages.stats.pages).toBe(0);
    await keepAll();
  });

  it("leaves a stale copy to the app, which renders it anew", async () => {
    clock.now += 61_000;
    await send("/karten");
    expect(state.appAnswered).toBe(1);
  });

  it("with FORCE_HTTPS leaves plain HTTP to the app, and answers HTTPS through a proxy", async () => {
    state.forceHttps = true;
    await send("/karten");
    expect(state.appAnswered).toBe(1);
    const secure = await send("/karten", { "X-Forwarded-Proto": "https" });
    expect(state.appAnswered).toBe(1);
    expect(secure.status).toBe(200);
    expect(secure.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
  });
});

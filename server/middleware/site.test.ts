import { readdirSync, readFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { HostTable } from "../../config/hosts";
import { hostSite, siteOf, siteOrDefault } from "./site";

/** A hosts table that counts its look-ups. */
function countingHosts() {
  const hosts = new HostTable([
    { host: "wallart.test", channel: "wallart", country: "DE", canonical: true },
    { host: "gb.cards.test", channel: "cards", country: "GB", canonical: true },
  ]);
  let lookups = 0;
  const resolve = hosts.resolve.bind(hosts);
  hosts.resolve = (host) => {
    lookups++;
    return resolve(host);
  };
  return { hosts, lookups: () => lookups };
}

describe("the request's site", () => {
  it("is read from the host once, whatever reads it after", async () => {
    const { hosts, lookups } = countingHosts();
    const app = new Hono();
    app.use(siteOf(hosts));
    // A second copy of the middleware (the API mounted inside the shop) looks up nothing more.
    app.use(siteOf(hosts));
    app.use(async (c, next) => {
      expect(hostSite(c)).toEqual({ channel: "wallart", country: "DE" });
      return next();
    });
    app.get("/", (c) => c.json(hostSite(c)));
    const response = await app.request("/", { headers: { host: "wallart.test:3000" } });
    expect(await response.json()).toEqual({ channel: "wallart", country: "DE" });
    expect(lookups()).toBe(1);
  });

  it("keeps an unknown host as none, without asking again; the default site stands in for it", async () => {
    const { hosts, lookups } = countingHosts();
    const app = new Hono();
    app.use(siteOf(hosts));
    app.get("/", (c) =>
      c.json({ first: hostSite(c), second: hostSite(c), shown: siteOrDefault(c) }),
    );
    const response = await app.request("/", { headers: { host: "evil.example" } });
    expect(await response.json()).toEqual({
      first: null,
      second: null,
      shown: { channel: "cards", country: "DE" },
    });
    expect(lookups()).toBe(1);
  });

  it("takes the URL's host when the request has no Host header", async () => {
    const { hosts } = countingHosts();
    const app = new Hono();
    app.use(siteOf(hosts));
    app.get("/", (c) => c.json(hostSite(c)));
    const response = await app.request("http://gb.cards.test/");
    expect(await response.json()).toEqual({ channel: "cards", country: "GB" });
  });

  it("is not looked up a second way when no middleware ran: the router fails loudly", async () => {
    const { lookups } = countingHosts();
    const app = new Hono();
    app.get("/", (c) => c.json(hostSite(c)));
    app.onError((error, c) => c.text(error.message, 500));
    const response = await app.request("/", { headers: { host: "gb.cards.test" } });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("the site middleware (siteOf) did not run");
    expect(lookups()).toBe(0);
  });
});

describe("who looks a host up", () => {
  const root = resolve(import.meta.dirname, "../..");
  /** Every source file of the shop's code, tests left out. */
  function sources(folder: string): string[] {
    return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => join(folder, name).split(sep).join("/"));
  }
  // Every other router, middleware and page reads the site the middleware resolved.
  const ALLOWED = {
    // The middleware itself: once per request.
    "server/middleware/site.ts": 1,
    // The page cache's fast path answers before the app (and its middleware) runs at all.
    "server/fastHit.ts": 1,
    // The campaign API checks that its `url` parameter names this site: that URL's host.
    "server/api/campaign-data.ts": 1,
  };

  it("is the site middleware alone for a request's host", () => {
    const callers: Record<string, number> = {};
    for (const file of ["server", "app", "cms", "config"].flatMap(sources)) {
      const calls = readFileSync(join(root, file), "utf8").match(/\bhosts\.resolve\(/g);
      if (calls) callers[file] = calls.length;
    }
    expect(callers).toEqual(ALLOWED);
  });
});

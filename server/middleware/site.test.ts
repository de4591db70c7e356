import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { HostTable } from "../../config/hosts";
import { hostSite, siteOf } from "./site";

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
      expect(hostSite(hosts, c)).toEqual({ channel: "wallart", country: "DE" });
      return next();
    });
    app.get("/", (c) => c.json(hostSite(hosts, c)));
    const response = await app.request("/", { headers: { host: "wallart.test:3000" } });
    expect(await response.json()).toEqual({ channel: "wallart", country: "DE" });
    expect(lookups()).toBe(1);
  });

  it("keeps an unknown host as none, without asking again", async () => {
    const { hosts, lookups } = countingHosts();
    const app = new Hono();
    app.use(siteOf(hosts));
    app.get("/", (c) => c.json({ first: hostSite(hosts, c), second: hostSite(hosts, c) }));
    const response = await app.request("/", { headers: { host: "evil.example" } });
    expect(await response.json()).toEqual({ first: null, second: null });
    expect(lookups()).toBe(1);
  });

  it("is resolved where it is read when no middleware ran (a router tested alone)", async () => {
    const { hosts, lookups } = countingHosts();
    const app = new Hono();
    app.get("/", (c) => c.json(hostSite(hosts, c)));
    const response = await app.request("/", { headers: { host: "gb.cards.test" } });
    expect(await response.json()).toEqual({ channel: "cards", country: "GB" });
    expect(lookups()).toBe(1);
  });
});

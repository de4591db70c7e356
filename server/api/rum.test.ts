import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHostTable } from "../../config/hosts";
import { RUM_MAX_EVENTS, RUM_POSTS_PER_MINUTE } from "../../domain/rum";
import { createRumCollector, type RumCollector } from "../rum/collector";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { siteOf } from "../middleware/site";
import { rumRoutes } from "./rum";

/** The router as the shop mounts it: behind the middleware that resolves the request's site. */
const mounted = (rum: RumCollector) =>
  new Hono().use(siteOf(createHostTable())).route("/", rumRoutes({ rum }));

const lcp = {
  type: "vital",
  name: "LCP",
  value: 1234.5,
  rating: "good",
  device: "mobile",
  path: "/",
};
const error = {
  type: "error",
  message: "TypeError: x is undefined",
  source: "http://cards.localhost/assets/app.js",
  line: 12,
  column: 7,
  device: "desktop",
  path: "/fotobuch",
};

describe.each(TEST_DATABASES)("POST /web-api/rum on %s", (kind) => {
  let database: TestDatabase;
  let rum: RumCollector;
  let api: Hono;
  const post = (body: unknown) =>
    api.request("http://cards.localhost/web-api/rum", {
      method: "POST",
      headers: { host: "cards.localhost", "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    rum = createRumCollector(database.db);
    api = mounted(rum);
  });
  afterAll(() => database.destroy());

  it("stores web vitals and browser errors with their page and device", async () => {
    expect((await post({ events: [lcp, error] })).status).toBe(204);
    const stored = await rum.recent(2);
    expect(stored.map((row) => [row.type, row.name, row.device, row.path, row.channel])).toEqual([
      ["error", "TypeError: x is undefined", "desktop", "/fotobuch", "cards"],
      ["vital", "LCP", "mobile", "/", "cards"],
    ]);
    expect(stored[1]!.value).toBe(1234.5);
    expect(stored[0]!.line).toBe(12);
  });

  it("refuses a malformed report whole, naming the field", async () => {
    const before = (await rum.recent(100)).length;
    const bad = await post({ events: [lcp, { ...lcp, name: "FID" }] });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors)).toEqual(["events.1.name"]);
    expect((await post("{not json")).status).toBe(400);
    expect((await post({ events: [] })).status).toBe(400);
    expect((await post({ events: [{ ...lcp, value: -1 }] })).status).toBe(400);
    expect((await post({ events: [{ ...lcp, path: "https://evil.example/" }] })).status).toBe(400);
    expect((await post({ events: [lcp], extra: 1 })).status).toBe(400);
    expect((await rum.recent(100)).length).toBe(before);
  });

  it(`takes at most ${RUM_MAX_EVENTS} events per report and answers 413 over the size limit`, async () => {
    expect((await post({ events: Array(RUM_MAX_EVENTS + 1).fill(lcp) })).status).toBe(400);
    const huge = { events: [{ ...error, message: "x".repeat(40_000) }] };
    expect((await post(huge)).status).toBe(413);
  });

  it(`throttles an address after ${RUM_POSTS_PER_MINUTE} reports a minute; other addresses go on`, async () => {
    const minute = () => new Date("2030-01-01T00:00:30Z");
    const throttled = createRumCollector(database.db, minute);
    const routes = mounted(throttled);
    const send = () =>
      routes.request("http://cards.localhost/web-api/rum", {
        method: "POST",
        headers: { host: "cards.localhost", "content-type": "application/json" },
        body: JSON.stringify({ events: [lcp] }),
      });
    for (let i = 0; i < RUM_POSTS_PER_MINUTE; i++) expect((await send()).status).toBe(204);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await throttled.record("cards", "198.51.100.7", [lcp as never])).toBe(true);
  });
});

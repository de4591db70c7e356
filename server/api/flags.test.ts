import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHostTable } from "../../config/hosts";
import { FLAGS, FLAG_NAMES } from "../../domain/flags";
import { createFlagService, type FlagService } from "../flags/service";
import { createLogger } from "../logger";
import { siteOf } from "../middleware/site";
import { flagRoutes } from "./flags";

const TESTER = "3f0c1c53-8d2e-4c55-9a57-0e8f0f2b1a11";

let flags: FlagService;
let api: Hono;
beforeAll(async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "flags-")), "flags.yaml");
  writeFileSync(
    file,
    `- ${FLAGS.hideShops}:\n    treatment: "on"\n    keys: ["${TESTER}"]\n` +
      FLAG_NAMES.map((name) => `- ${name}:\n    treatment: "off"\n`).join(""),
  );
  flags = createFlagService({ file, log: createLogger("silent") });
  while (flags.readiness() === "not ready") await new Promise((r) => setTimeout(r, 10));
  // As the shop mounts it: behind the middleware that resolves the request's site.
  api = new Hono().use(siteOf(createHostTable())).route("/", flagRoutes({ flags }));
});
afterAll(() => flags.destroy());

const get = (cookie?: string, query = "") =>
  api.request(`http://cards.localhost/web-api/feature-flags${query}`, {
    headers: { host: "cards.localhost", ...(cookie ? { cookie } : {}) },
  });
const post = (body: unknown, cookie = `visitor_key=${TESTER}`) =>
  api.request("http://cards.localhost/web-api/feature-flags/events", {
    method: "POST",
    headers: { host: "cards.localhost", cookie, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("GET /web-api/feature-flags", () => {
  it("answers the asking visitor's treatments, never cached", async () => {
    const response = await get(`visitor_key=${TESTER}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.json();
    expect(body.readiness).toBe("ready");
    expect(body.featureFlags[FLAGS.hideShops]).toBe("on");
  });

  it("a visitor without a key gets the shared treatments; the URL can force a flag", async () => {
    expect((await (await get()).json()).featureFlags[FLAGS.hideShops]).toBe("off");
    const forced = await (await get(undefined, "?voll_492_hide_shops=on")).json();
    expect(forced.featureFlags[FLAGS.hideShops]).toBe("on");
  });
});

describe("POST /web-api/feature-flags/events", () => {
  it("records an event of the visitor", async () => {
    expect((await post({ eventType: "cart_add", value: 1 })).status).toBe(202);
    expect((await post({})).status).toBe(202);
  });

  it("refuses an event without a visitor key", async () => {
    const response = await post({ eventType: "x" }, "");
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()).errors)).toEqual(["visitor_key"]);
  });

  it("refuses an event type, value or properties that break the rules, naming the rule", async () => {
    const badType = await post({ eventType: "-view" });
    expect(badType.status).toBe(400);
    expect((await badType.json()).detail).toBe("invalid event type");
    const tooLarge = await post({ properties: { text: "x".repeat(40_000) } });
    expect((await tooLarge.json()).detail).toBe("event properties too large");
    const notNumber = await post({ value: "1" });
    expect(Object.keys((await notNumber.json()).errors)).toEqual(["value"]);
    expect((await post("{not json")).status).toBe(400);
  });
});

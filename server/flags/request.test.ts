import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLAGS, FLAG_NAMES } from "../../domain/flags";
import { createLogger } from "../logger";
import { createFlagService, type FlagService } from "./service";

const TESTER = "3f0c1c53-8d2e-4c55-9a57-0e8f0f2b1a11";
const VISITOR = "7b1e2f40-1d2c-4e3f-8a5b-6c7d8e9f0a1b";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let flags: FlagService;
beforeAll(async () => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "flags-")), "flags.yaml");
  writeFileSync(
    file,
    // The burger groups for the tester only; the wandbilder images for everyone.
    `- ${FLAGS.wallArtBurgerGroups}:\n    treatment: "on"\n    keys: ["${TESTER}"]\n` +
      `- ${FLAGS.wandbilderFlyoutImage}:\n    treatment: "on"\n` +
      FLAG_NAMES.filter((name) => name !== FLAGS.wandbilderFlyoutImage)
        .map((name) => `- ${name}:\n    treatment: "off"\n`)
        .join(""),
  );
  flags = createFlagService({ file, log: createLogger("silent") });
  for (let i = 0; i < 50 && flags.readiness() !== "ready"; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
});
afterAll(() => flags.destroy());

function request(query = "", headers: Record<string, string> = {}) {
  return new Request(`http://wallart.localhost/${query}`, {
    headers: { "user-agent": BROWSER, ...headers },
  });
}

describe("the flags of a request", () => {
  it("a visitor without a key gets the shared treatments: the page may be shared", () => {
    const result = flags.forRequest(request(), "wallart");
    expect(result.featureFlags[FLAGS.wandbilderFlyoutImage]).toBe("on");
    expect(result.featureFlags[FLAGS.wallArtBurgerGroups]).toBe("off");
    expect(result.personal).toBe(false);
  });

  it("a visitor with a key gets their own treatments; a page that differs is personal", () => {
    const tester = flags.forRequest(request("", { cookie: `visitor_key=${TESTER}` }), "wallart");
    expect(tester.featureFlags[FLAGS.wallArtBurgerGroups]).toBe("on");
    expect(tester.personal).toBe(true);
    const visitor = flags.forRequest(request("", { cookie: `visitor_key=${VISITOR}` }), "wallart");
    expect(visitor.featureFlags[FLAGS.wallArtBurgerGroups]).toBe("off");
    expect(visitor.personal).toBe(false);
  });

  it("a malformed visitor key counts as none", () => {
    const result = flags.forRequest(request("", { cookie: "visitor_key=not-a-uuid" }), "wallart");
    expect(result.featureFlags[FLAGS.wallArtBurgerGroups]).toBe("off");
  });

  it("crawlers get no flag client: every flag off", () => {
    const result = flags.forRequest(
      request("", { "user-agent": GOOGLEBOT, cookie: `visitor_key=${TESTER}` }),
      "wallart",
    );
    expect(Object.values(result.featureFlags).every((t) => t === "off")).toBe(true);
  });

  it("the URL forces a flag on or off for everyone asking for that URL", () => {
    const on = flags.forRequest(request("?voll_492_hide_shops=on"), "wallart");
    expect(on.featureFlags[FLAGS.hideShops]).toBe("on");
    expect(on.personal).toBe(false);
    const off = flags.forRequest(
      request(`?feature=${FLAGS.wallArtBurgerGroups}&treatment=off`, {
        cookie: `visitor_key=${TESTER}`,
      }),
      "wallart",
    );
    expect(off.featureFlags[FLAGS.wallArtBurgerGroups]).toBe("off");
    expect(off.personal).toBe(false);
    const ignored = flags.forRequest(request("?voll_492_hide_shops=control"), "wallart");
    expect(ignored.featureFlags[FLAGS.hideShops]).toBe("off");
  });
});

import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FLAGS, FLAG_NAMES, type Treatment } from "../../domain/flags";
import { createLogger } from "../logger";
import { requestFlags, SHARED_TREATMENTS_MS, type FlagAttributes } from "./request";
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

describe("the work a request's flags cost", () => {
  /** A flag service that counts what it is asked; the hide-shops flag is on for mobiles. */
  function countingFlags() {
    const asked = { shared: [] as FlagAttributes[], evaluate: 0 };
    const treatments = (mobile: boolean): Record<string, Treatment> => ({
      [FLAGS.hideShops]: mobile ? "on" : "off",
    });
    return {
      asked,
      flags: {
        evaluate: (_key: string | undefined, attributes: FlagAttributes) => {
          asked.evaluate++;
          return treatments(attributes.mobileDevice);
        },
        shared: (attributes: FlagAttributes) => {
          asked.shared.push(attributes);
          return treatments(attributes.mobileDevice);
        },
      },
    };
  }
  const log = createLogger("silent");
  const MOBILE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

  it("asks the flag service for the shared treatments once a second, not per request", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: 1_000_000 });
    try {
      const { asked, flags } = countingFlags();
      for (let i = 0; i < 5; i++) {
        const result = requestFlags(flags, log, request(), "cards");
        expect(result.featureFlags[FLAGS.hideShops]).toBe("off");
        expect(result.personal).toBe(false);
      }
      expect(asked.shared).toEqual([{ channel: "cards", mobileDevice: false }]);
      requestFlags(flags, log, request(), "wallart");
      expect(asked.shared).toHaveLength(2);
      vi.setSystemTime(1_000_000 + SHARED_TREATMENTS_MS);
      requestFlags(flags, log, request(), "cards");
      expect(asked.shared).toHaveLength(3);
      // A visitor's own key is asked about every time (their treatments are watched).
      requestFlags(flags, log, request("", { cookie: `visitor_key=${VISITOR}` }), "cards");
      requestFlags(flags, log, request("", { cookie: `visitor_key=${VISITOR}` }), "cards");
      expect(asked.evaluate).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the shared treatments of mobiles apart: a mobile's first page differs and is personal", () => {
    const { flags } = countingFlags();
    const mobile = requestFlags(flags, log, request("", { "user-agent": MOBILE }), "cards");
    expect(mobile.featureFlags[FLAGS.hideShops]).toBe("on");
    expect(mobile.personal).toBe(true);
    const desktop = requestFlags(flags, log, request(), "cards");
    expect(desktop.featureFlags[FLAGS.hideShops]).toBe("off");
    expect(desktop.personal).toBe(false);
    // The client hint wins over the user agent, also when the user agent was seen before.
    const hinted = requestFlags(flags, log, request("", { "sec-ch-ua-mobile": "?1" }), "cards");
    expect(hinted.featureFlags[FLAGS.hideShops]).toBe("on");
  });

  it("names a crawler, whose flags are all off", () => {
    const { flags } = countingFlags();
    const crawler = requestFlags(flags, log, request("", { "user-agent": GOOGLEBOT }), "cards");
    expect(crawler.crawler).toBe(true);
    expect(requestFlags(flags, log, request(), "cards").crawler).toBe(false);
  });
});

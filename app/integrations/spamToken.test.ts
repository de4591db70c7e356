// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { spamToken as SpamToken } from "./spamToken";

// The page's script tags are not the point here: reCAPTCHA's script "loads" at once and
// leaves a stand-in of its API behind, or fails when a test says so.
const loadScript = vi.hoisted(() => vi.fn<(name: string, src: string) => Promise<void>>());
vi.mock("./scriptLoader", () => ({ loadScript }));

const RECAPTCHA = {
  src: "https://www.google.com/recaptcha/api.js?render=6LcSiteKey_one",
  siteKey: "6LcSiteKey_one",
  hosts: ["https://www.gstatic.com"],
};

const execute = vi.fn(async (siteKey: string, options: { action: string }) => {
  return `token-for-${siteKey}-${options.action}`;
});

let logged: { level: string; id: string }[];
let spamToken: typeof SpamToken;

beforeEach(async () => {
  // A fresh page: nothing loaded yet.
  vi.resetModules();
  ({ spamToken } = await import("./spamToken"));
  const { setLogSink } = await import("../lib/log");
  logged = [];
  setLogSink((level, id) => void logged.push({ level, id }));
  loadScript.mockReset();
  loadScript.mockImplementation(async () => {
    window.grecaptcha = { ready: (callback) => callback(), execute };
  });
});
afterEach(() => {
  delete window.grecaptcha;
});

describe("the spam-protection token with reCAPTCHA configured", () => {
  it("loads Google's script for the site key and asks it for a token for the form's action", async () => {
    await expect(spamToken("newsletterContainer", { recaptcha: RECAPTCHA })).resolves.toBe(
      "token-for-6LcSiteKey_one-newsletterContainer",
    );
    expect(loadScript).toHaveBeenCalledWith("recaptcha", RECAPTCHA.src);
    expect(logged).toEqual([]);
  });

  it("fails loading for a different site key than the page's script was loaded with", async () => {
    await spamToken("newsletterContainer", { recaptcha: RECAPTCHA });
    const other = { ...RECAPTCHA, siteKey: "6LcSiteKey_two", src: `${RECAPTCHA.src}x` };
    await expect(spamToken("contactForm", { recaptcha: other })).resolves.toBe("");
    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(logged).toEqual([
      { level: "error", id: "newsletter-recaptcha-error" },
      { level: "warn", id: "newsletter-no-recaptcha-token" },
    ]);
  });

  it("sends the form with an empty token, logged and warned, when the script does not load", async () => {
    loadScript.mockRejectedValueOnce(new Error("third-party script failed: recaptcha"));
    await expect(spamToken("newsletterContainer", { recaptcha: RECAPTCHA })).resolves.toBe("");
    expect(logged.map((line) => line.id)).toEqual([
      "newsletter-recaptcha-error",
      "newsletter-no-recaptcha-token",
    ]);
    // The next try loads anew (and may then use another key: nothing was loaded).
    await expect(spamToken("newsletterContainer", { recaptcha: RECAPTCHA })).resolves.toBe(
      "token-for-6LcSiteKey_one-newsletterContainer",
    );
  });

  it("asks the shop's own challenge, not Google, without reCAPTCHA", async () => {
    const fetch = vi.fn(async () => new Response("no", { status: 503 }));
    vi.stubGlobal("fetch", fetch);
    try {
      await expect(spamToken("newsletterContainer", { recaptcha: null })).resolves.toBe("");
      expect(loadScript).not.toHaveBeenCalled();
      expect(fetch).toHaveBeenCalledWith(
        "/web-api/newsletter-challenge?action=newsletterContainer",
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

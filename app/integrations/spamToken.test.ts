// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { prepareSpamToken as PrepareSpamToken, spamToken as SpamToken } from "./spamToken";

// The page's script tags are not the point here: reCAPTCHA's script "loads" at once and
// leaves a stand-in of its API behind, or fails when a test says so.
const loadScript = vi.hoisted(() => vi.fn<(name: string, src: string) => Promise<void>>());
vi.mock("./scriptLoader", () => ({ loadScript }));
// Solving is altcha's business (and the server's tests'); here a solution is found at once.
const solveChallenge = vi.hoisted(() =>
  vi.fn(async ({ challenge }: { challenge: { n: number } }) => ({ counter: challenge.n })),
);
vi.mock("altcha-lib", () => ({ solveChallenge }));
vi.mock("altcha-lib/algorithms/web/pbkdf2", () => ({ deriveKey: vi.fn() }));

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
let prepareSpamToken: typeof PrepareSpamToken;

beforeEach(async () => {
  // A fresh page: nothing loaded yet.
  vi.resetModules();
  ({ spamToken, prepareSpamToken } = await import("./spamToken"));
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

describe("the shop's own challenge solved ahead, from the form's first input", () => {
  /** The challenge the shop hands out next: numbered, so a token tells which one it solved. */
  let handedOut: number;
  const fetch = vi.fn(async () => Response.json({ n: ++handedOut }));
  const solved = (token: string) =>
    (JSON.parse(atob(token.replace(/-/g, "+").replace(/_/g, "/"))) as { challenge: { n: number } })
      .challenge.n;
  const OWN = { recaptcha: null, challengeUrl: "/web-api/contact-challenge" };

  beforeEach(() => {
    handedOut = 0;
    fetch.mockClear();
    solveChallenge.mockClear();
    vi.stubGlobal("fetch", fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("sends the challenge solved on the first input, solving once for many inputs", async () => {
    prepareSpamToken("contactForm", OWN);
    prepareSpamToken("contactForm", OWN);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/web-api/contact-challenge?action=contactForm");
    expect(solved(await spamToken("contactForm", OWN))).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(logged).toEqual([]);
  });

  it("uses a solution once: the next sending solves a new challenge", async () => {
    prepareSpamToken("contactForm", OWN);
    expect(solved(await spamToken("contactForm", OWN))).toBe(1);
    expect(solved(await spamToken("contactForm", OWN))).toBe(2);
    // Another form's action is another challenge.
    prepareSpamToken("newsletterContainer", { recaptcha: null });
    expect(solved(await spamToken("contactForm", OWN))).toBe(4);
    expect(fetch).toHaveBeenLastCalledWith("/web-api/contact-challenge?action=contactForm");
  });

  it("solves anew when the one solved ahead is too old for the shop to take", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    prepareSpamToken("contactForm", OWN);
    vi.setSystemTime(Date.now() + 5 * 60_000);
    // An input now starts a new one; a sending now would not take the old one either.
    prepareSpamToken("contactForm", OWN);
    expect(fetch).toHaveBeenCalledTimes(2);
    vi.setSystemTime(Date.now() + 5 * 60_000);
    expect(solved(await spamToken("contactForm", OWN))).toBe(3);
  });

  it("solves when sending if solving ahead failed, and tells only of the sending's failure", async () => {
    fetch.mockImplementationOnce(async () => new Response("busy", { status: 503 }));
    prepareSpamToken("contactForm", OWN);
    expect(solved(await spamToken("contactForm", OWN))).toBe(1);
    expect(logged).toEqual([]);
  });

  it("asks nothing ahead with reCAPTCHA, whose tokens last only minutes", async () => {
    prepareSpamToken("contactForm", { recaptcha: RECAPTCHA });
    expect(fetch).not.toHaveBeenCalled();
    expect(loadScript).not.toHaveBeenCalled();
  });
});

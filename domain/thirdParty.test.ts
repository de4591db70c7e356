import { describe, expect, it } from "vitest";
import {
  allowedThirdParties,
  chatSrc,
  recaptchaSrc,
  tagManagerSrc,
  thirdPartySources,
  trackingSwitches,
  type ThirdPartyConfig,
} from "./thirdParty";

const everything: ThirdPartyConfig = {
  tagManager: {
    src: "https://tags.example/gtm.js?id=GTM-AB12CD3",
    containerId: "GTM-AB12CD3",
    hosts: [],
  },
  sessionAnalytics: { src: "https://analytics.example/a.js" },
  rum: { endpoint: "/web-api/rum" },
  chat: { src: "https://chat.example/snippet.js" },
  googleSignIn: { src: "https://accounts.example/gsi/client", clientId: "1234.apps.example" },
  recaptcha: {
    src: "https://www.google.com/recaptcha/api.js",
    siteKey: "6LeStandinSiteKey",
    hosts: ["https://www.gstatic.com"],
  },
};
const all = { functional: true, analytics: true, marketing: true };
const none = { functional: false, analytics: false, marketing: false };
const on = { tracking: true, logging: true };

describe("which third-party scripts may run", () => {
  it("runs nothing before the visitor has chosen", () => {
    expect([...allowedThirdParties(everything, null, on)]).toEqual([]);
  });

  it("runs nothing but necessary cookies when the visitor declines everything", () => {
    expect([...allowedThirdParties(everything, none, on)]).toEqual([]);
  });

  it("leaves the Google sign-in out of the consent choice: it loads where the visitor logs in", () => {
    expect([...allowedThirdParties(everything, all, on)]).not.toContain("googleSignIn");
  });

  it("leaves reCAPTCHA out of the consent choice: it loads when the visitor sends a form", () => {
    expect([...allowedThirdParties(everything, all, on)]).not.toContain("recaptcha");
  });

  it("runs every configured script after 'accept all'", () => {
    expect([...allowedThirdParties(everything, all, on)].sort()).toEqual(
      ["chat", "rum", "sessionAnalytics", "tagManager"].sort(),
    );
  });

  it("ties the tag manager to marketing, analytics and RUM to statistics, the chat to comfort", () => {
    expect([...allowedThirdParties(everything, { ...none, marketing: true }, on)]).toEqual([
      "tagManager",
    ]);
    expect([...allowedThirdParties(everything, { ...none, analytics: true }, on)].sort()).toEqual([
      "rum",
      "sessionAnalytics",
    ]);
    expect([...allowedThirdParties(everything, { ...none, functional: true }, on)]).toEqual([
      "chat",
    ]);
  });

  it("never runs a script that is not configured", () => {
    expect([...allowedThirdParties({ ...everything, tagManager: null }, all, on)]).not.toContain(
      "tagManager",
    );
  });

  it("turns off the tag manager and analytics with tracking=0, remote logging with logging=0", () => {
    const noTracking = allowedThirdParties(
      everything,
      all,
      trackingSwitches(new URLSearchParams("tracking=0")),
    );
    expect([...noTracking].sort()).toEqual(["chat", "rum"]);
    const noLogging = allowedThirdParties(
      everything,
      all,
      trackingSwitches(new URLSearchParams("logging=0")),
    );
    expect(noLogging.has("rum")).toBe(false);
    expect(noLogging.has("tagManager")).toBe(true);
  });

  it("reads only 0 or false as switching off", () => {
    expect(trackingSwitches(new URLSearchParams("tracking=1&logging=no"))).toEqual(on);
    expect(trackingSwitches(new URLSearchParams("tracking=false"))).toEqual({
      tracking: false,
      logging: true,
    });
  });
});

describe("third-party script URLs", () => {
  it("adds the container id to the tag manager's script", () => {
    expect(tagManagerSrc("https://www.googletagmanager.com/gtm.js", "GTM-AB12CD3")).toBe(
      "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3",
    );
  });

  it("asks reCAPTCHA's script for the invisible client of the site key", () => {
    expect(recaptchaSrc("https://www.google.com/recaptcha/api.js", "6LeKey-_1")).toBe(
      "https://www.google.com/recaptcha/api.js?render=6LeKey-_1",
    );
  });

  it("allows reCAPTCHA's script, code host and frame only when it is configured", () => {
    const withIt = thirdPartySources({ ...everything, googleSignIn: null });
    expect(withIt.script).toEqual(
      expect.arrayContaining(["https://www.google.com", "https://www.gstatic.com"]),
    );
    expect(withIt.frame).toContain("https://www.google.com");
    expect(withIt.connect).toContain("https://www.google.com");
    const without = thirdPartySources({ ...everything, googleSignIn: null, recaptcha: null });
    expect([...without.script, ...without.frame, ...without.connect]).not.toEqual(
      expect.arrayContaining(["https://www.gstatic.com"]),
    );
    expect(without.frame).not.toContain("https://www.google.com");
  });

  it("adds the channel's public key to the chat provider's script", () => {
    expect(chatSrc("https://chat.example/snippet.js", "local-cards")).toBe(
      "https://chat.example/snippet.js?key=local-cards",
    );
  });
});

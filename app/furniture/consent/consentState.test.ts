import { describe, expect, it } from "vitest";
import { CONSENT_GIVEN_CLASS, consentScript, isConsentRoute } from "./consentState";

describe("the consent banner", () => {
  it("is asked for everywhere but on the excluded legal pages", () => {
    expect(isConsentRoute("/", ["/impressum", "/datenschutz"])).toBe(true);
    expect(isConsentRoute("/datenschutz", ["/impressum", "/datenschutz"])).toBe(false);
    expect(isConsentRoute("/fr/confidentialite/", ["/confidentialite"])).toBe(false);
  });
});

describe("the consent script in the page", () => {
  function run(cookie: string, hydrated = false) {
    const classes = new Set<string>();
    let listener: ((event: { target: unknown; preventDefault(): void }) => void) | null = null;
    const answered: (string | null)[] = [];
    const document = {
      cookie,
      documentElement: {
        dataset: hydrated ? { hydrated: "true" } : {},
        classList: { add: (c: string) => classes.add(c) },
      },
      addEventListener: (_type: string, handler: typeof listener) => (listener = handler),
    };
    new Function("document", "location", consentScript())(document, { protocol: "https:" });
    const tap = (choice: string | null) =>
      listener?.({
        target: { closest: () => (choice ? { getAttribute: () => choice } : null) },
        preventDefault: () => answered.push(choice),
      });
    return { classes, document, tap, answered };
  }

  it("marks the page of a visitor with a stored choice, so the banner never shows", () => {
    expect(run("a=1; shop_consent=v1%3Af1a0m0").classes.has(CONSENT_GIVEN_CLASS)).toBe(true);
    expect(run("shop_consent=v2%3Ayes").classes.size).toBe(0);
    expect(run("other_shop_consent=v1%3Af1a0m0").classes.size).toBe(0);
    expect(run("shop_consent=%E0%A4%A").classes.size).toBe(0);
  });

  it("stores a choice tapped before the page has hydrated, and leaves later ones to the banner", () => {
    const early = run("");
    early.tap("v1:f0a0m0");
    expect(early.document.cookie).toBe(
      "shop_consent=v1%3Af0a0m0; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
    expect(early.classes.has(CONSENT_GIVEN_CLASS)).toBe(true);
    // Marked as answered, so the scripts' starter does not keep the tap for later.
    expect(early.answered).toEqual(["v1:f0a0m0"]);
    const elsewhere = run("");
    elsewhere.tap(null);
    expect(elsewhere.document.cookie).toBe("");
    expect(elsewhere.answered).toEqual([]);
    const late = run("", true);
    late.tap("v1:f1a1m1");
    expect(late.document.cookie).toBe("");
    expect(late.answered).toEqual([]);
  });
});

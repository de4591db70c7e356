import { describe, expect, it } from "vitest";
import { CONSENT_COOKIE, parseConsent, readConsentCookie, serializeConsent } from "./consent";

describe("the consent choice", () => {
  it("round-trips through the cookie value", () => {
    const choice = { functional: true, analytics: false, marketing: true };
    expect(serializeConsent(choice)).toBe("v1:f1a0m1");
    expect(parseConsent(serializeConsent(choice))).toEqual(choice);
    expect(parseConsent("v2:garbage")).toBeNull();
  });

  it("is read from a cookie string", () => {
    expect(readConsentCookie(`a=1; ${CONSENT_COOKIE}=v1%3Af0a1m0; b=2`)).toEqual({
      functional: false,
      analytics: true,
      marketing: false,
    });
    expect(readConsentCookie("a=1")).toBeNull();
  });
});

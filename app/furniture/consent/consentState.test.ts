import { describe, expect, it } from "vitest";
import { isConsentRoute } from "./consentState";

describe("the consent banner", () => {
  it("is asked for everywhere but on the excluded legal pages", () => {
    expect(isConsentRoute("/", ["/impressum", "/datenschutz"])).toBe(true);
    expect(isConsentRoute("/datenschutz", ["/impressum", "/datenschutz"])).toBe(false);
    expect(isConsentRoute("/fr/confidentialite/", ["/confidentialite"])).toBe(false);
  });
});

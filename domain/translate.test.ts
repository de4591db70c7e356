import { describe, expect, it, vi } from "vitest";
import { SUPPORTED_TEXT_RESOURCES, createMissingKeyReporter, missingKeyText } from "./translate";

describe("missingKeyText", () => {
  it("shows the last part of the key", () => {
    expect(missingKeyText("footer.newsletter.title")).toBe("title");
  });

  it("shows a key without dots as is", () => {
    expect(missingKeyText("title")).toBe("title");
  });

  it("shows the whole key when it ends with a dot", () => {
    expect(missingKeyText("footer.")).toBe("footer.");
  });
});

describe("createMissingKeyReporter", () => {
  it("lists the text resources that exist as supported", () => {
    expect(SUPPORTED_TEXT_RESOURCES).toEqual(["de", "es", "fr", "it", "nl", "en-GB", "en-US"]);
  });

  it("logs a missing key for a five-letter locale not in the supported list", () => {
    const log = vi.fn();
    createMissingKeyReporter(log)("de-CH", "a.b");
    expect(log).toHaveBeenCalledWith(expect.stringContaining("a.b"), {
      locale: "de-CH",
      key: "a.b",
    });
  });

  it("logs each key only once", () => {
    const log = vi.fn();
    const report = createMissingKeyReporter(log);
    report("de-CH", "a.b");
    report("de-CH", "a.b");
    report("fr-CH", "a.b");
    report("fr-CH", "a.c");
    expect(log).toHaveBeenCalledTimes(2);
  });

  it("does not log for supported five-letter resources", () => {
    const log = vi.fn();
    const report = createMissingKeyReporter(log);
    report("en-GB", "a.b");
    report("en-us", "a.b");
    expect(log).not.toHaveBeenCalled();
  });

  it("does not log for codes that are not five-letter locales", () => {
    const log = vi.fn();
    const report = createMissingKeyReporter(log);
    for (const locale of ["de", "fr", "deu-CH", "de_CH", ""]) report(locale, "a.b");
    expect(log).not.toHaveBeenCalled();
  });
});

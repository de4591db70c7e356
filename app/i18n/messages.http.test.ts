/**
 * The messages over HTTP: a page names the URL of its locale's messages instead of
 * carrying them, and the URL answers them, versioned, for the browser to keep.
 */
import { describe, expect, it } from "vitest";
import { useTestShop } from "../../server/testing/shop";
import { messagesFor, messagesUrl } from "./messages.server";

describe("the messages of a locale", () => {
  const test = useTestShop();

  it("are named by the page, not carried in it", async () => {
    const html = await (await test.request("/")).text();
    expect(html).toContain(`data-messages="${messagesUrl("de-DE")}"`);
    // Texts of the account pages, which the home page does not show: only the messages
    // would carry them (plain ones, written the same in any encoding of the page's data).
    const plain = Object.values(messagesFor("de-DE").de?.["account"] ?? {})
      .flatMap((value) => (typeof value === "string" ? [value] : Object.values(value)))
      .filter((text): text is string => typeof text === "string" && /^[A-Za-z ]{16,}$/.test(text));
    expect(plain.length).toBeGreaterThan(2);
    for (const text of plain) expect(html).not.toContain(text);
  });

  it("are answered at their versioned URL for the browser to keep for good", async () => {
    for (const locale of ["de-CH", "en-US", "fr-FR"] as const) {
      const response = await test.request(messagesUrl(locale));
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await response.json()).toEqual(messagesFor(locale));
    }
    // English for the US falls back to the British texts, both sent.
    expect(Object.keys(messagesFor("en-US"))).toEqual(["en-US", "en-GB"]);
  });

  it("change their URL with the texts: one version per text resource", () => {
    expect(messagesUrl("de-CH")).toBe(messagesUrl("de-DE"));
    expect(messagesUrl("de-DE")).not.toBe(messagesUrl("fr-FR"));
    expect(messagesUrl("en-US")).not.toBe(messagesUrl("en-GB"));
    expect(messagesUrl("de-DE")).toMatch(/^\/_messages\/de\.[0-9a-f]{12}\.json$/);
  });

  it("of an older version are the current ones, which the browser must ask for again", async () => {
    const response = await test.request("/_messages/de.000000000000.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(await response.json()).toEqual(messagesFor("de-DE"));
  });

  it.each([
    "/_messages/xx.000000000000.json",
    "/_messages/de.json",
    "/_messages/de.0000000000000.json",
    "/_messages/de.00000000000g.json",
    "/_messages/..%2Fde.000000000000.json",
  ])("answer %s with 404 and what was expected", async (path) => {
    const response = await test.request(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect((await response.json()).error).toContain("<text resource>.<version>.json");
  });
});

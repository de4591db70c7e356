import { describe, expect, it } from "vitest";
import { contentColour, isCssColour, linkTarget, storyPath } from "./contentFields";

describe("the colour rule", () => {
  it("accepts hex, rgb()/hsl() of numbers and the CSS named colours", () => {
    for (const good of [
      "#fff",
      "#b4235a",
      "#b4235a80",
      "rgb(1, 2, 3)",
      "rgba(1 2 3 / 50%)",
      "hsl(120deg 50% 50%)",
      "RebeccaPurple",
      "transparent",
    ]) {
      expect([good, isCssColour(good)]).toEqual([good, true]);
    }
  });

  it("refuses anything else, so no value can do more than colour", () => {
    for (const bad of [
      "#ffff",
      "#12345",
      "berry",
      "inherit",
      "var(--x)",
      "url(x)",
      "red; background: url(x)",
      "",
    ]) {
      expect([bad, isCssColour(bad)]).toEqual([bad, false]);
    }
  });

  it("reads a plain value or a colour picker's { hex }, { value } or { color }", () => {
    expect(contentColour(" #e3b23c ")).toBe("#e3b23c");
    expect(contentColour({ name: "Gold", hex: "#e3b23c" })).toBe("#e3b23c");
    expect(contentColour({ value: "navy" })).toBe("navy");
    expect(contentColour({ color: "rgb(0,0,0)" })).toBe("rgb(0,0,0)");
    expect(contentColour({ hex: "javascript:alert(1)" })).toBeNull();
    expect(contentColour(42)).toBeNull();
    expect(contentColour(undefined)).toBeNull();
  });
});

describe("the link rule", () => {
  it("gives a story its shop path, whatever locale folder it lies in", () => {
    expect(storyPath("de-de/home")).toBe("/");
    expect(storyPath("de-de")).toBe("/");
    expect(storyPath("de-de/service/versand")).toBe("/service/versand");
    expect(storyPath("fr-fr/aide/contact")).toBe("/aide/contact");
    expect(storyPath("/de-ch/fotobuch")).toBe("/fotobuch");
    expect(storyPath("fotobuch")).toBe("/fotobuch");
  });

  it("takes strings as written and multilinks by their type", () => {
    expect(linkTarget(" /fotobuch ")).toBe("/fotobuch");
    expect(linkTarget({ linktype: "story", cached_url: "de-de/fotobuch", url: "" })).toBe(
      "/fotobuch",
    );
    expect(linkTarget({ linktype: "story", url: "fr-fr/cartes" })).toBe("/cartes");
    expect(linkTarget({ linktype: "url", url: "https://example.com/x" })).toBe(
      "https://example.com/x",
    );
    expect(linkTarget({ linktype: "url", url: "", cached_url: "https://example.com/x" })).toBe(
      "https://example.com/x",
    );
    expect(linkTarget({ cached_url: "de-de/fotobuch" })).toBe("/fotobuch");
    expect(linkTarget({ linktype: "email", email: "mailto:hilfe@example.com" })).toBe(
      "mailto:hilfe@example.com",
    );
    expect(linkTarget({ linktype: "email", email: "" })).toBe("");
    expect(linkTarget({ linktype: "story", cached_url: "" })).toBe("");
    expect(linkTarget(null)).toBe("");
    expect(linkTarget(7)).toBe("");
  });

  it("adds an anchor unless the target has a fragment of its own", () => {
    expect(linkTarget({ url: "/faq", anchor: "#versand" })).toBe("/faq#versand");
    expect(linkTarget({ url: "/faq#zahlung", anchor: "versand" })).toBe("/faq#zahlung");
    expect(linkTarget({ anchor: "oben" })).toBe("#oben");
    expect(linkTarget({ url: "/x", anchor: "a b" })).toBe("/x#a%20b");
  });
});

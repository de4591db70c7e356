import { describe, expect, it } from "vitest";
import { asset, colour, isoDate, link, stars, type ReadContext } from "./read";

const ctx: ReadContext = {
  country: "CH",
  language: "fr",
  locale: "fr-CH",
  folder: "fr-fr",
  trailingSlash: true,
};

describe("reading content fields", () => {
  it("localises links and keeps external ones external", () => {
    expect(link({ url: "/cartes" }, ctx)).toEqual({ href: "/fr/cartes/", external: false });
    expect(link({ linktype: "story", cached_url: "fr-fr/home" }, ctx)).toEqual({
      href: "/fr/",
      external: false,
    });
    expect(link("https://www.instagram.com/x", ctx)).toEqual({
      href: "https://www.instagram.com/x",
      external: true,
    });
    expect(link({ url: "javascript:alert(1)" }, ctx)).toBeNull();
    expect(link({ url: "" }, ctx)).toBeNull();
  });

  it("accepts plain colours and colour-selector values only", () => {
    expect(colour("#fff", "x")).toBe("#fff");
    expect(colour({ name: "Berry", hex: "#b4235a" }, "x")).toBe("#b4235a");
    expect(colour("red;background:url(x)", "#000")).toBe("#000");
  });

  it("normalises dates and refuses others", () => {
    expect(isoDate("2027-01-31T23:59:59+01:00")).toBe("2027-01-31T22:59:59.000Z");
    expect(isoDate("tomorrow")).toBeUndefined();
  });

  it("takes images from the asset store or https only", () => {
    expect(asset({ filename: "/a/cards/x.svg", alt: "X", width: 10, height: "5" })).toEqual({
      filename: "/a/cards/x.svg",
      alt: "X",
      width: 10,
      height: 5,
    });
    expect(asset({ filename: "javascript:x" })).toBeUndefined();
    expect(asset({ filename: "//evil.example/x.png" })).toBeUndefined();
  });

  it("keeps review stars between 1 and 5 in half steps", () => {
    expect(stars(4.4)).toBe(4.5);
    expect(stars(9)).toBe(5);
    expect(stars(0)).toBe(1);
  });
});

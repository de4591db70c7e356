import { describe, expect, it } from "vitest";
import { asset, blocks, colour, isCssColour, link, stars, type ReadContext } from "./read.server";

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

  it("accepts #rgb, #rrggbb, #rrggbbaa, rgb()/rgba()/hsl()/hsla() and CSS named colours only", () => {
    for (const ok of [
      "#fff",
      "#B4235A",
      "#b4235a80",
      "rgb(10, 20, 30)",
      "rgba(10,20,30,0.5)",
      "rgb(10 20 30 / 50%)",
      "hsl(210, 50%, 40%)",
      "hsla(210deg 50% 40% / .5)",
      "rebeccapurple",
      "DarkSlateGray",
      "transparent",
    ]) {
      expect([ok, isCssColour(ok)]).toEqual([ok, true]);
    }
    for (const bad of [
      "#ffff",
      "#12345",
      "#1234567",
      "#ggg",
      "berry",
      "notacolour",
      "inherit",
      "rgb(1, 2)",
      "rgb(1, 2, 3, 4, 5)",
      "rgb(1,2,3);x:y",
      "hsl(a, b, c)",
      "url(x)",
      "",
    ]) {
      expect([bad, isCssColour(bad)]).toEqual([bad, false]);
    }
    expect(colour("berry", "#000")).toBe("#000");
    expect(colour({ hex: "#12345" }, "#000")).toBe("#000");
  });

  it("takes images from the asset store or Storyblok only", () => {
    expect(asset({ filename: "/a/cards/x.svg", alt: "X", width: 10, height: "5" })).toEqual({
      filename: "/a/cards/x.svg",
      alt: "X",
      width: 10,
      height: 5,
    });
    // An icon without a size takes its view box's proportions.
    expect(asset({ filename: "/a/cards/i.svg", alt: "", viewBox: "0 0 32 16" })).toEqual({
      filename: "/a/cards/i.svg",
      alt: "",
      width: 32,
      height: 16,
    });
    // A size or view box that breaks its rule: no image, rather than one at a wrong size.
    expect(asset({ filename: "/a/cards/i.svg", alt: "", width: "24em" })).toBeUndefined();
    expect(asset({ filename: "/a/cards/i.svg", alt: "", viewBox: "0,0,24,24" })).toBeUndefined();
    expect(asset({ filename: "javascript:x" })).toBeUndefined();
    expect(asset({ filename: "//evil.example/x.png" })).toBeUndefined();
    expect(asset({ filename: "https://images.example/x.png" })).toBeUndefined();
    expect(asset({ filename: "https://a.storyblok.com/f/1/2x3/ab/x.png" })?.filename).toBe(
      "https://a.storyblok.com/f/1/2x3/ab/x.png",
    );
  });

  it("keeps review stars between 1 and 5 in half steps", () => {
    expect(stars(4.4)).toBe(4.5);
    expect(stars("4")).toBe(4);
    expect(stars(9)).toBe(5);
    expect(stars(0.5)).toBe(1);
  });

  it("reads 0, missing and non-numeric stars as no rating rather than one star", () => {
    expect(stars(0)).toBeNull();
    expect(stars(0.2)).toBeNull();
    expect(stars(-3)).toBeNull();
    expect(stars(undefined)).toBeNull();
    expect(stars("five")).toBeNull();
    expect(stars("")).toBeNull();
  });

  it("reads Storyblok email links as mailto: and a link's anchor as #anchor", () => {
    expect(link({ linktype: "email", email: "info@cardelia.example", url: "" }, ctx)).toEqual({
      href: "mailto:info@cardelia.example",
      external: true,
    });
    expect(link({ linktype: "email", email: "mailto:a@b.example" }, ctx)?.href).toBe(
      "mailto:a@b.example",
    );
    expect(link({ linktype: "email", email: "" }, ctx)).toBeNull();
    expect(
      link({ linktype: "story", cached_url: "fr-fr/service/faq", anchor: "livraison" }, ctx),
    ).toEqual({ href: "/fr/service/faq/#livraison", external: false });
    expect(link({ linktype: "url", url: "/aide", anchor: "#contact" }, ctx)?.href).toBe(
      "/fr/aide/#contact",
    );
    expect(link({ linktype: "story", cached_url: "", anchor: "top" }, ctx)).toEqual({
      href: "#top",
      external: false,
    });
    expect(link({ url: "/aide#x", anchor: "y" }, ctx)?.href).toBe("/fr/aide/#x");
  });

  it("takes the first image of a list of images", () => {
    expect(
      asset([{ filename: "/a/cards/1.svg", alt: "One" }, { filename: "/a/cards/2.svg" }]),
    ).toEqual({ filename: "/a/cards/1.svg", alt: "One" });
    expect(asset([])).toBeUndefined();
    expect(asset([{ filename: "javascript:x" }])).toBeUndefined();
  });

  it("reads a single block as a one-block list", () => {
    expect(blocks({ text: "a" })).toEqual([{ text: "a" }]);
    expect(blocks([{ text: "a" }, "x", { text: "b" }])).toEqual([{ text: "a" }, { text: "b" }]);
    expect(blocks("x")).toEqual([]);
  });
});

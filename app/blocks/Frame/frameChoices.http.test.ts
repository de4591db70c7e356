/**
 * A framed print's product page over HTTP, as a browser without JavaScript sees it: the
 * frame's colour, mat and glazing offered as radio groups with only what the frame type
 * is sold with, the URL's choice rendered, the design link carrying it to the studio, and
 * the price the price rules give for that configuration.
 */
import { describe, expect, it } from "vitest";
import { FRAME_FINISHES } from "../../../domain/catalogue";
import { useTestShop } from "../../../server/testing/shop";

describe("the frame choices of a framed print's product page", () => {
  const test = useTestShop({ CONTENT_DIR: "content", CONTENT_IMPORT_ON_START: "true" });

  /** The calculator of a page, as a search engine (no JavaScript) gets it. */
  const calculator = async (target: string) => {
    const response = await test.request(target, { headers: { "User-Agent": "Googlebot/2.1" } });
    expect(response.status, target).toBe(200);
    const html = await response.text();
    const start = html.indexOf('class="calculator"');
    return html.slice(start, html.indexOf("</section>", start));
  };
  const radios = (html: string, name: string) =>
    [...html.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g"))].map((m) => m[0]);
  const values = (html: string, name: string) =>
    radios(html, name).map((input) => input.match(/value="([^"]*)"/)?.[1]);
  const checked = (html: string, name: string) =>
    radios(html, name)
      .find((input) => / checked/.test(input))
      ?.match(/value="([^"]*)"/)?.[1];
  const cta = (html: string) => {
    const href = /<a[^>]*class="button calculator__cta"[^>]*>/
      .exec(html)?.[0]
      .match(/href="([^"]+)"/)?.[1]
      ?.replaceAll("&amp;", "&");
    expect(href).toBeDefined();
    return new URL(href!, "http://wallart.localhost");
  };
  const price = (html: string) =>
    /class="calculator__price">.*?(\d[\d.]*,\d\d\u00a0€)/s.exec(html)?.[1];
  const wood = "http://wallart.localhost/bilderrahmen/wood/?material=holzrahmen&format=400x300";

  it("offers a wooden frame's colours, mats and glazing, its defaults chosen and linked", async () => {
    const html = await calculator(wood);
    expect(values(html, "frameColour")).toEqual(FRAME_FINISHES.holzrahmen);
    expect(values(html, "mat")).toEqual(["none", "cream", "black", "white"]);
    expect(values(html, "glass")).toEqual(["museum-glass", "museum-acrylic"]);
    expect(html).toContain("<legend>Rahmenfarbe</legend>");
    expect(html).toContain("<legend>Passepartout</legend>");
    expect(html).toContain("<legend>Verglasung</legend>");
    expect(checked(html, "frameColour")).toBe(FRAME_FINISHES.holzrahmen[0]);
    expect(checked(html, "mat")).toBe("none");
    expect(checked(html, "glass")).toBe("museum-glass");
    const link = cta(html).searchParams;
    expect(link.get("frameType")).toBe("holzrahmen");
    expect(link.get("frameColour")).toBe(FRAME_FINISHES.holzrahmen[0]);
    expect(link.get("matType")).toBe("mat-none");
    expect(link.get("glass")).toBe("museum-glass");
  });

  it("renders the URL's colour, mat and glazing and carries them into the design link at the same price", async () => {
    const plain = await calculator(wood);
    const html = await calculator(`${wood}&frameColour=oak&mat=cream&glass=museum-acrylic`);
    expect(checked(html, "frameColour")).toBe("oak");
    expect(checked(html, "mat")).toBe("cream");
    expect(checked(html, "glass")).toBe("museum-acrylic");
    const link = cta(html);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      materialType: "poster",
      frameType: "holzrahmen",
      formatType: "400x300",
      frameColour: "oak",
      matType: "mat-weiss",
      matSize: "30",
      matColour: "cream",
      glass: "museum-acrylic",
    });
    // Colour, mat and glazing cost nothing extra: the page's price is the frame's one price.
    expect(price(html)).toBeDefined();
    expect(price(html)).toBe(price(plain));
  });

  it("offers only what a frame type is sold with, and its defaults for what it is not", async () => {
    // A shadow gap holds a canvas: no mat, no glazing.
    const gap = await calculator(
      "http://wallart.localhost/bilderrahmen/wood/?material=schattenfuge-leinwand&mat=cream&glass=museum-glass",
    );
    expect(values(gap, "frameColour")).toEqual(FRAME_FINISHES["schattenfuge-leinwand"]);
    expect(radios(gap, "mat")).toEqual([]);
    expect(radios(gap, "glass")).toEqual([]);
    const gapLink = cta(gap).searchParams;
    expect(gapLink.get("matType")).toBeNull();
    expect(gapLink.get("glass")).toBeNull();
    // An aluminium frame comes in no oak: its own first colour is chosen and linked.
    const alu = await calculator(
      "http://wallart.localhost/bilderrahmen/wood/?material=alurahmen&frameColour=oak",
    );
    expect(values(alu, "frameColour")).not.toContain("oak");
    expect(checked(alu, "frameColour")).toBe(FRAME_FINISHES.alurahmen[0]);
    expect(cta(alu).searchParams.get("frameColour")).toBe(FRAME_FINISHES.alurahmen[0]);
  });
});

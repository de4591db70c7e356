import { describe, expect, it } from "vitest";
import { readRaw, readSeed, seedBlock } from "../parts/seedBlock.testing";
import { USP_ICON_PATHS, USP_TEASER } from "./uspTeaser.server";

describe("the USP teaser on the server", () => {
  it("reads the seed example's promises and gives an unknown icon the star", () => {
    const seed = readSeed(USP_TEASER, "UspTeaser");
    expect(seed.items.length).toBeGreaterThan(0);
    const block = readRaw(USP_TEASER, {
      ...(seedBlock("UspTeaser") as object),
      items: [{ _uid: "u", icon: "no-such-icon", title: "Schnell", text: "" }],
    });
    expect(block.items).toEqual([
      { _uid: "u", icon: "star", iconPath: USP_ICON_PATHS.star, title: "Schnell", text: "" },
    ]);
  });
});

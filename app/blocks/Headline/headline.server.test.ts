import { describe, expect, it } from "vitest";
import { convertContext, readRaw, readSeed, seedBlock } from "../parts/seedBlock.testing";
import { HEADLINE } from "./headline.server";

describe("the headline on the server", () => {
  it("reads the seed example, takes a level written as text and drops an anchor that is no id", () => {
    expect(readSeed(HEADLINE, "Headline").text).not.toBe("");
    const block = readRaw(HEADLINE, {
      ...(seedBlock("Headline") as object),
      level: "3",
      anchor: "Not an id!",
    });
    expect(block.level).toBe(3);
    expect(block.anchor).toBe("");
  });

  it("refuses a headline without text", () => {
    expect(
      HEADLINE.read({ ...(seedBlock("Headline") as object), text: "" }, convertContext()).issues,
    ).toBeDefined();
  });
});

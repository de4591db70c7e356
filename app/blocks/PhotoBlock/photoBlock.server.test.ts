import { describe, expect, it } from "vitest";
import { readRaw, readSeed, seedBlock } from "../parts/seedBlock.testing";
import { PHOTO_BLOCK } from "./photoBlock.server";

describe("the photo block on the server", () => {
  it("reads the seed example and takes the editor's aspect ratio over the picture's own", () => {
    expect(readSeed(PHOTO_BLOCK, "PhotoBlock").image.src).toMatch(/^\/a\//);
    const block = readRaw(PHOTO_BLOCK, {
      ...(seedBlock("PhotoBlock") as object),
      aspectRatio: "4/3",
    });
    expect(block.ratio).toBeCloseTo(4 / 3);
  });
});

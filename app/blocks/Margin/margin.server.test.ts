import { describe, expect, it } from "vitest";
import { readRaw, readSeed, seedBlock } from "../parts/seedBlock.testing";
import { MARGIN } from "./margin.server";

describe("the margin on the server", () => {
  it("reads the seed example and takes the middle size for one it does not know", () => {
    expect(["small", "medium", "large"]).toContain(readSeed(MARGIN, "Margin").size);
    expect(readRaw(MARGIN, { ...(seedBlock("Margin") as object), size: "huge" }).size).toBe(
      "medium",
    );
  });
});

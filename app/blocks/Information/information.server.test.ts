import { describe, expect, it } from "vitest";
import { readRaw, readSeed, seedBlock } from "../parts/seedBlock.testing";
import { INFORMATION } from "./information.server";

describe("the information block on the server", () => {
  it("reads the seed example and takes the info variant for one it does not know", () => {
    expect(["info", "success", "warning"]).toContain(readSeed(INFORMATION, "Information").variant);
    expect(
      readRaw(INFORMATION, { ...(seedBlock("Information") as object), variant: "alarm" }).variant,
    ).toBe("info");
  });
});

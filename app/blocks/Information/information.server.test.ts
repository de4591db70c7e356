import { describe, expect, it } from "vitest";
import { readRaw, readSeed, seedBlock } from "../parts/seedBlock.testing";
import { INFORMATION, INFORMATION_ICON_PATHS } from "./information.server";

describe("the information block on the server", () => {
  it("reads the seed example and takes the info variant for one it does not know", () => {
    expect(["info", "success", "warning"]).toContain(readSeed(INFORMATION, "Information").variant);
    expect(
      readRaw(INFORMATION, { ...(seedBlock("Information") as object), variant: "alarm" }).variant,
    ).toBe("info");
  });

  it("gives the prepared note its variant's icon, so the browser needs no table of them", () => {
    const note = readRaw(INFORMATION, {
      ...(seedBlock("Information") as object),
      variant: "warning",
    });
    expect(note.iconPath).toBe(INFORMATION_ICON_PATHS.warning);
    expect(note.iconPath).not.toBe(INFORMATION_ICON_PATHS.info);
  });
});

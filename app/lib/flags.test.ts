import { describe, expect, it } from "vitest";
import { isFlagOn, treatmentOf } from "./flags";

describe("feature flags", () => {
  it("are off without a treatment", () => {
    expect(treatmentOf(undefined, "x")).toBe("off");
    expect(treatmentOf({}, "x")).toBe("off");
  });

  it("are on only for the treatment on", () => {
    expect(isFlagOn({ x: "on" }, "x")).toBe(true);
    expect(isFlagOn({ x: "control" }, "x")).toBe(false);
    expect(treatmentOf({ x: "control" }, "x")).toBe("control");
  });
});

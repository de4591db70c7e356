import { describe, expect, it } from "vitest";
import { needsTag, nextScriptState } from "./scriptLoading";

describe("a third-party script's states", () => {
  it("goes from awaiting load through loading to loaded", () => {
    const loading = nextScriptState("awaiting load", "request");
    expect(loading).toBe("loading");
    expect(nextScriptState(loading, "load")).toBe("loaded");
  });

  it("ends in error when the script fails, and may be asked for again", () => {
    expect(nextScriptState("loading", "fail")).toBe("error");
    expect(nextScriptState("error", "request")).toBe("loading");
    expect(needsTag("error")).toBe(true);
  });

  it("never adds a loading or loaded script a second time", () => {
    expect(nextScriptState("loading", "request")).toBe("loading");
    expect(nextScriptState("loaded", "request")).toBe("loaded");
    expect(needsTag("loading")).toBe(false);
    expect(needsTag("loaded")).toBe(false);
  });

  it("is removed when consent is withdrawn, loaded or not, and can load again later", () => {
    expect(nextScriptState("loaded", "remove")).toBe("removed");
    expect(nextScriptState("loading", "remove")).toBe("removed");
    expect(nextScriptState("removed", "request")).toBe("loading");
  });

  it("ignores a late load or failure after removal", () => {
    expect(nextScriptState("removed", "load")).toBe("removed");
    expect(nextScriptState("removed", "fail")).toBe("removed");
  });

  it("stays awaiting load when nothing was ever loaded", () => {
    expect(nextScriptState("awaiting load", "remove")).toBe("awaiting load");
  });
});

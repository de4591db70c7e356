import { describe, expect, it } from "vitest";
import { loadedReactBuild } from "./runtime";

describe("the React build a process runs", () => {
  it("is the one NODE_ENV chose when React was first loaded", async () => {
    await import("react");
    // Vitest runs with NODE_ENV=test, which React treats as development.
    expect(loadedReactBuild()).toBe(
      process.env.NODE_ENV === "production" ? "production" : "development",
    );
  });
});

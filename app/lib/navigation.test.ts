import { describe, expect, it } from "vitest";
import { RELOAD_GUARD_MS } from "../../domain/constants";
import {
  claimChunkReload,
  isChunkLoadError,
  isSlowConnection,
  scrollDecision,
  type GuardStorage,
} from "./navigation";

const at = (pathname: string, search = "", hash = "") => ({ pathname, search, hash });

describe("scrolling after a transition", () => {
  it("goes smoothly to the top for a new path", () => {
    expect(scrollDecision(at("/a"), at("/b"), "PUSH")).toBe("smooth-top");
  });

  it("keeps the position for a query-only change between product lists", () => {
    expect(scrollDecision(at("/products", "?a=1"), at("/products", "?a=2"), "PUSH")).toBe("keep");
    expect(scrollDecision(at("/fr/products"), at("/fr/products", "?page=2"), "REPLACE")).toBe(
      "keep",
    );
  });

  it("jumps to the top for other query-only changes", () => {
    expect(scrollDecision(at("/fotobuch", "?a=1"), at("/fotobuch", "?a=2"), "PUSH")).toBe("top");
  });

  it("leaves back/forward, hash targets and the first load to the router", () => {
    expect(scrollDecision(at("/a"), at("/b"), "POP")).toBe("restore");
    expect(scrollDecision(at("/a"), at("/b", "", "#x"), "PUSH")).toBe("restore");
    expect(scrollDecision(null, at("/b"), "PUSH")).toBe("restore");
  });
});

function memoryStorage(): GuardStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

describe("the chunk reload guard", () => {
  it("reloads a path at most once within 10 seconds", () => {
    const storage = memoryStorage();
    expect(claimChunkReload("/a", 1_000, storage)).toBe(true);
    expect(claimChunkReload("/a", 1_000 + RELOAD_GUARD_MS - 1, storage)).toBe(false);
    expect(claimChunkReload("/b", 2_000, storage)).toBe(true);
    expect(claimChunkReload("/a", 1_000 + RELOAD_GUARD_MS, storage)).toBe(true);
  });

  it("never reloads when nothing can be remembered", () => {
    const broken: GuardStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(claimChunkReload("/a", 0, broken)).toBe(false);
  });

  it("recognises chunk load errors", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /x.js")),
    ).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });
});

describe("preloading", () => {
  it("is skipped on 2g and with the data saver", () => {
    expect(isSlowConnection({ effectiveType: "2g" })).toBe(true);
    expect(isSlowConnection({ effectiveType: "slow-2g" })).toBe(true);
    expect(isSlowConnection({ effectiveType: "4g", saveData: true })).toBe(true);
    expect(isSlowConnection({ effectiveType: "3g" })).toBe(false);
    expect(isSlowConnection(undefined)).toBe(false);
  });
});

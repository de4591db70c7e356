import { describe, expect, it } from "vitest";
import { arrowOf, sizeKeyOf } from "./tools";

describe("the studio's keys", () => {
  it("move by the arrow keys alone", () => {
    expect(arrowOf("ArrowLeft")).toEqual([-1, 0]);
    expect(arrowOf("ArrowDown")).toEqual([0, 1]);
    expect(arrowOf("a")).toBeNull();
    for (const key of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"])
      expect(sizeKeyOf(key, false)).toBe(0);
  });

  it("resize with Alt and an arrow: up or right larger, down or left smaller", () => {
    expect(sizeKeyOf("ArrowUp", true)).toBe(1);
    expect(sizeKeyOf("ArrowRight", true)).toBe(1);
    expect(sizeKeyOf("ArrowDown", true)).toBe(-1);
    expect(sizeKeyOf("ArrowLeft", true)).toBe(-1);
  });

  it("resize with + and - (and = for + without Shift on US layouts), with or without Alt", () => {
    expect(sizeKeyOf("+", false)).toBe(1);
    expect(sizeKeyOf("=", false)).toBe(1);
    expect(sizeKeyOf("-", false)).toBe(-1);
    expect(sizeKeyOf("-", true)).toBe(-1);
  });

  it("leave other keys alone, Alt or not", () => {
    expect(sizeKeyOf("a", true)).toBe(0);
    expect(sizeKeyOf("Enter", false)).toBe(0);
    expect(sizeKeyOf("*", false)).toBe(0);
  });
});

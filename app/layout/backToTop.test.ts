import { describe, expect, it } from "vitest";
import { backToTopVisible, easeInOut } from "./backToTop";

describe("back to top", () => {
  it("shows only while scrolling up below half the viewport height", () => {
    expect(backToTopVisible({ previousY: 2000, y: 1500, viewportHeight: 800 })).toBe(true);
    expect(backToTopVisible({ previousY: 1500, y: 2000, viewportHeight: 800 })).toBe(false);
    expect(backToTopVisible({ previousY: 900, y: 400, viewportHeight: 800 })).toBe(false);
  });

  it("eases from 0 to 1", () => {
    expect(easeInOut(0)).toBe(0);
    expect(easeInOut(0.5)).toBe(0.5);
    expect(easeInOut(1)).toBe(1);
  });
});

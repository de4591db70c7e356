import { describe, expect, it } from "vitest";
import { backToTopVisible } from "./backToTop";

describe("back to top", () => {
  it("shows only while scrolling up below half the viewport height", () => {
    expect(backToTopVisible({ previousY: 2000, y: 1500, viewportHeight: 800 })).toBe(true);
    expect(backToTopVisible({ previousY: 1500, y: 2000, viewportHeight: 800 })).toBe(false);
    expect(backToTopVisible({ previousY: 900, y: 400, viewportHeight: 800 })).toBe(false);
  });
});

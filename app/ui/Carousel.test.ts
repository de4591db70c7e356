import { describe, expect, it } from "vitest";
import { REVIEW_CAROUSEL } from "../furniture/footer/ReviewBlock";
import { gestureDirection, groupOf, layoutAt } from "./Carousel";

describe("the carousel", () => {
  it("lays the review carousel out by breakpoint", () => {
    expect(layoutAt(REVIEW_CAROUSEL, 375)).toEqual({
      slidesPerView: 1,
      slidesPerGroup: 1,
      spaceBetween: 0,
    });
    expect(layoutAt(REVIEW_CAROUSEL, 720)).toEqual({
      slidesPerView: 3,
      slidesPerGroup: 3,
      spaceBetween: 20,
    });
    expect(layoutAt(REVIEW_CAROUSEL, 1280)).toEqual({
      slidesPerView: 3,
      slidesPerGroup: 3,
      spaceBetween: 45,
    });
  });

  it("moves on a swipe over 50 px", () => {
    expect(gestureDirection({ dx: -51, dy: 0, pointerType: "touch" })).toBe(1);
    expect(gestureDirection({ dx: 51, dy: 40, pointerType: "touch" })).toBe(-1);
    expect(gestureDirection({ dx: -50, dy: 0, pointerType: "touch" })).toBe(0);
  });

  it("counts a mouse drag only when it is three times wider than high", () => {
    expect(gestureDirection({ dx: -90, dy: 29, pointerType: "mouse" })).toBe(1);
    expect(gestureDirection({ dx: -90, dy: 30, pointerType: "mouse" })).toBe(0);
  });

  it("knows the current group, also past the ends of a loop", () => {
    expect(groupOf(0, 5, 3)).toEqual({ group: 0, groups: 2 });
    expect(groupOf(3, 5, 3)).toEqual({ group: 1, groups: 2 });
    expect(groupOf(-1, 5, 1)).toEqual({ group: 4, groups: 5 });
  });
});

import { describe, expect, it } from "vitest";
import {
  BURGER_CLOSE_MIN_WIDTH,
  CONTENT_API_MAX_RETRIES,
  CONTENT_API_RETRY_DELAY_MS,
  DEFAULT_TRACKING_VIEW_EVENT,
  DENSITIES,
  FEATURE_FLAG_LIMITS,
  FOOTER_COLLAPSE_MAX_WIDTH,
  IMAGE_QUALITY,
  MS_PER_DAY,
  PAYMENT_LOGO_QUALITY,
  PLACEHOLDER_IMAGE,
  RELOAD_GUARD_MS,
  REVIEW_CAROUSEL_CONFIG,
} from "./constants";

describe("shared constants", () => {
  it("closes the burger at 1000 px and collapses the footer below 720 px", () => {
    expect(BURGER_CLOSE_MIN_WIDTH).toBe(1000);
    expect(FOOTER_COLLAPSE_MAX_WIDTH).toBe(720);
  });

  it("uses image quality 85, 100 for payment logos, and a 10x10 blurred placeholder", () => {
    expect(IMAGE_QUALITY).toBe(85);
    expect(PAYMENT_LOGO_QUALITY).toBe(100);
    expect(PLACEHOLDER_IMAGE).toEqual({ quality: 50, blur: 3, width: 10, height: 10 });
    expect(DENSITIES).toEqual([1, 2]);
  });

  it("retries the content API within the shop's limits", () => {
    expect(CONTENT_API_MAX_RETRIES).toBe(10);
    expect(CONTENT_API_RETRY_DELAY_MS).toBe(300);
  });

  it("keeps the tracking and timing constants", () => {
    expect(DEFAULT_TRACKING_VIEW_EVENT).toBe("landingpage_view");
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(MS_PER_DAY).toBe(86_400_000);
    expect(REVIEW_CAROUSEL_CONFIG.breakpoints[1080]).toEqual({
      spaceBetween: 45,
      slidesPerGroup: 3,
    });
  });

  it("validates feature-flag set names and event types", () => {
    expect(FEATURE_FLAG_LIMITS.flagSetName.test("set_1")).toBe(true);
    expect(FEATURE_FLAG_LIMITS.flagSetName.test("Set")).toBe(false);
    expect(FEATURE_FLAG_LIMITS.flagSetName.test("a".repeat(51))).toBe(false);
    expect(FEATURE_FLAG_LIMITS.eventType.test("page.view:1")).toBe(true);
    expect(FEATURE_FLAG_LIMITS.eventType.test("-view")).toBe(false);
    expect(FEATURE_FLAG_LIMITS.eventType.test("a".repeat(81))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  BREAKPOINTS,
  BURGER_CLOSE_MIN_WIDTH,
  CARD_FILTER_PAGE_SIZES,
  CONTENT_API_MAX_RETRIES,
  CONTENT_API_PAGE_SIZE,
  CONTENT_API_RETRY_DELAY_MS,
  DEFAULT_COLLAGE_ID,
  DEFAULT_IMAGE_FORMAT,
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
  it("has increasing breakpoints from xxs 319 to xxxl 1599", () => {
    const values = Object.values(BREAKPOINTS);
    expect(values[0]).toBe(319);
    expect(values.at(-1)).toBe(1599);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });

  it("closes the burger at 1000 px and collapses the footer below 720 px", () => {
    expect(BURGER_CLOSE_MIN_WIDTH).toBe(1000);
    expect(FOOTER_COLLAPSE_MAX_WIDTH).toBe(720);
  });

  it("uses image quality 85, 100 for payment logos, and a 10x10 blurred placeholder", () => {
    expect(IMAGE_QUALITY).toBe(85);
    expect(PAYMENT_LOGO_QUALITY).toBe(100);
    expect(PLACEHOLDER_IMAGE).toEqual({ quality: 50, blur: 3, width: 10, height: 10 });
    expect(DEFAULT_IMAGE_FORMAT).toBe("webp");
    expect(DENSITIES).toEqual([1, 2]);
  });

  it("pages, batches and retries the content API within the shop's limits", () => {
    expect(CONTENT_API_PAGE_SIZE).toBe(25);
    expect(CONTENT_API_MAX_RETRIES).toBe(10);
    expect(CONTENT_API_RETRY_DELAY_MS).toBe(300);
  });

  it("keeps the catalogue, tracking and timing constants", () => {
    expect(CARD_FILTER_PAGE_SIZES).toEqual([12, 48]);
    expect(DEFAULT_COLLAGE_ID).toBe(13);
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

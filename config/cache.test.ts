import { describe, expect, it } from "vitest";
import { CACHE_TIERS, cacheControlFor, isMissingShareableRoute, isShareableRoute } from "./cache";

describe("cache policy", () => {
  it("lets shared caches keep anonymous HTML on SSR-safe paths, with stale fallbacks", () => {
    const value = cacheControlFor({ status: 200, ssrSafe: true, preview: false });
    expect(value).toBe(CACHE_TIERS.page);
    expect(value).toMatch(/s-maxage=\d+/);
    expect(value).toMatch(/stale-while-revalidate=\d+/);
    expect(value).toMatch(/stale-if-error=\d+/);
  });

  it("never caches previews or errors", () => {
    expect(cacheControlFor({ status: 200, ssrSafe: true, preview: true })).toBe(
      "private, no-store",
    );
    expect(cacheControlFor({ status: 404, ssrSafe: true, preview: false })).toBe(
      "private, no-store",
    );
    expect(cacheControlFor({ status: 500, ssrSafe: false, preview: false })).toBe(
      "private, no-store",
    );
    expect(
      cacheControlFor({ status: 500, ssrSafe: true, preview: false, missingShareable: true }),
    ).toBe("private, no-store");
  });

  it("lets shared caches keep the anonymous 404 of an address without a story or theme a short while", () => {
    expect(isMissingShareableRoute("content")).toBe(true);
    expect(isMissingShareableRoute("theme")).toBe(true);
    // The reviews list's page beyond the last depends on reviews no tag names.
    expect(isMissingShareableRoute("reviews-de")).toBe(false);
    expect(isMissingShareableRoute("cart-de")).toBe(false);
    const missing = cacheControlFor({
      status: 404,
      ssrSafe: true,
      preview: false,
      missingShareable: true,
    });
    expect(missing).toBe(CACHE_TIERS.missing);
    expect(missing).toMatch(/^public, max-age=0, s-maxage=\d+/);
    for (const other of [
      { preview: true, personal: false },
      { preview: false, personal: true },
    ]) {
      expect(
        cacheControlFor({ status: 404, ssrSafe: true, missingShareable: true, ...other }),
      ).toBe(CACHE_TIERS.never);
    }
  });

  it("keeps other pages out of shared caches", () => {
    expect(cacheControlFor({ status: 200, ssrSafe: false, preview: false })).toBe(
      "private, no-cache",
    );
  });

  it("shares the reviews page of every language like the product lists, never the wishlist", () => {
    expect(isShareableRoute("reviews-de")).toBe(true);
    expect(isShareableRoute("reviews-nl")).toBe(true);
    expect(isShareableRoute("products-products")).toBe(true);
    expect(isShareableRoute("wishlist-de")).toBe(false);
    expect(isShareableRoute("recommendation-de-empfehlung")).toBe(false);
  });

  it("keeps a page with the visitor's own flag treatments out of shared caches", () => {
    expect(cacheControlFor({ status: 200, ssrSafe: true, preview: false, personal: true })).toBe(
      "private, no-cache",
    );
  });
});

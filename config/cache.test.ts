import { describe, expect, it } from "vitest";
import { CACHE_TIERS, cacheControlFor } from "./cache";

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
  });

  it("keeps other pages out of shared caches", () => {
    expect(cacheControlFor({ status: 200, ssrSafe: false, preview: false })).toBe(
      "private, no-cache",
    );
  });

  it("keeps a page with the visitor's own flag treatments out of shared caches", () => {
    expect(cacheControlFor({ status: 200, ssrSafe: true, preview: false, personal: true })).toBe(
      "private, no-cache",
    );
  });
});

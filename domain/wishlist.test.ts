import { describe, expect, it } from "vitest";
import { APP_ROUTE_PREFIXES, isAppRoute } from "./paths";
import { MAX_WISHLIST_THEMES, themesToAdopt, wishlistThemeId } from "./wishlist";
import { WISHLIST_PATHS } from "./wishlistPaths";

describe("the wishlist rules", () => {
  it("adopts the visitor's themes the customer has not saved, in the visitor's order", () => {
    expect(themesToAdopt(["a", "b"], ["c", "b", "d", "c"])).toEqual(["c", "d"]);
    expect(themesToAdopt([], [])).toEqual([]);
  });

  it("adopts only as many as fit under the limit", () => {
    const customer = Array.from({ length: MAX_WISHLIST_THEMES - 1 }, (_, i) => `t${i}`);
    expect(themesToAdopt(customer, ["x", "y"])).toEqual(["x"]);
    expect(themesToAdopt([...customer, "z"], ["x"])).toEqual([]);
  });

  it("takes catalogue theme ids and refuses anything else", () => {
    expect(wishlistThemeId.parse(" einschulung-001 ")).toBe("einschulung-001");
    for (const bad of ["", "../x", "a b", "x".repeat(81), "<script>"])
      expect(wishlistThemeId.safeParse(bad).success).toBe(false);
  });

  it("has its page in every language as an app route, never a content page", () => {
    for (const [language, path] of Object.entries(WISHLIST_PATHS)) {
      expect(isAppRoute(path)).toBe(true);
      expect(APP_ROUTE_PREFIXES.wishlist[language as keyof typeof WISHLIST_PATHS]).toContain(
        path.slice(1),
      );
    }
  });
});

import { describe, expect, it } from "vitest";
import { p75, pageTypeOf, vitalRating, vitalsByPageType } from "./webVitalsReport";

describe("the dashboard's web vitals", () => {
  it.each([
    ["/", "home"],
    ["/fr", "home"],
    ["/fr/", "home"],
    ["/products", "products"],
    ["/d/products", "products"],
    ["/vorkonfigurator-karten?x=1", "products"],
    ["/themes/123", "theme"],
    ["/designer/card", "designer"],
    ["/warenkorb", "cart"],
    ["/fr/panier", "cart"],
    ["/kasse", "checkout"],
    ["/konto/anmelden", "account"],
    ["/hochzeit/einladungen", "content"],
  ])("files %s under %s", (path, type) => {
    expect(pageTypeOf(path)).toBe(type);
  });

  it("takes the nearest-rank 75th percentile", () => {
    expect(p75([])).toBeNull();
    expect(p75([5])).toBe(5);
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(8);
  });

  it("groups LCP, INP and CLS per page type and ignores other names", () => {
    const table = vitalsByPageType([
      { name: "LCP", path: "/", value: 1000 },
      { name: "LCP", path: "/fr", value: 3000 },
      { name: "LCP", path: "/", value: 2000 },
      { name: "CLS", path: "/warenkorb", value: 0.2 },
      { name: "TTFB", path: "/", value: 100 },
    ]);
    expect(table.home.LCP).toEqual({ p75: 3000, samples: 3 });
    expect(table.cart.CLS).toEqual({ p75: 0.2, samples: 1 });
    expect(table.home.INP).toEqual({ p75: null, samples: 0 });
  });

  it("rates by the usual thresholds", () => {
    expect(vitalRating("LCP", 2500)).toBe("good");
    expect(vitalRating("INP", 300)).toBe("needs-improvement");
    expect(vitalRating("CLS", 0.3)).toBe("poor");
  });
});

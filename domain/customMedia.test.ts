import { describe, expect, it } from "vitest";
import { BREAKPOINTS, BURGER_CLOSE_MIN_WIDTH, FOOTER_COLLAPSE_MAX_WIDTH } from "./constants";
import { CUSTOM_MEDIA, customMediaPostcss, mediaWidths, resolveCustomMedia } from "./customMedia";

describe("the CSS's custom media", () => {
  it("are made from the breakpoints and the burger and tile widths", () => {
    expect(resolveCustomMedia("(--above-md)")).toBe(`(min-width: ${BREAKPOINTS.md + 1}px)`);
    expect(resolveCustomMedia("(--up-to-md)")).toBe("(max-width: 767.98px)");
    expect(resolveCustomMedia("(--with-burger)")).toBe(
      `(max-width: ${BURGER_CLOSE_MIN_WIDTH - 0.02}px)`,
    );
    expect(resolveCustomMedia("(--expanded-tiles)")).toBe(
      `(min-width: ${FOOTER_COLLAPSE_MAX_WIDTH}px)`,
    );
    expect(resolveCustomMedia("screen and (--above-xl) and (hover: hover)")).toBe(
      "screen and (min-width: 1024px) and (hover: hover)",
    );
  });

  it("leave other queries as they are and refuse a name they do not know", () => {
    expect(resolveCustomMedia("(prefers-reduced-motion: reduce)")).toBe(
      "(prefers-reduced-motion: reduce)",
    );
    expect(() => resolveCustomMedia("(--above-huge)")).toThrow(/--above-huge/);
  });

  it("name only widths of the constants", () => {
    const allowed = new Set([
      ...Object.values(BREAKPOINTS).flatMap((w) => [w + 1, w + 1 - 0.02]),
      BURGER_CLOSE_MIN_WIDTH,
      BURGER_CLOSE_MIN_WIDTH - 0.02,
      FOOTER_COLLAPSE_MAX_WIDTH,
      FOOTER_COLLAPSE_MAX_WIDTH - 0.02,
    ]);
    for (const query of Object.values(CUSTOM_MEDIA))
      for (const width of mediaWidths(query)) expect(allowed.has(width), query).toBe(true);
    expect(mediaWidths("(min-width: 768px) and (max-width:1023.98px)")).toEqual([768, 1023.98]);
  });

  it("stop the build where one of our sheets writes a width of its own, not a package's sheet", () => {
    const media = (params: string, file: string) => {
      const rule = { params, source: { input: { file } } };
      customMediaPostcss.AtRule.media(rule);
      return rule.params;
    };
    expect(media("(--above-md)", "/shop/app/ui/a.css")).toBe(
      `(min-width: ${BREAKPOINTS.md + 1}px)`,
    );
    expect(() => media("(min-width: 640px)", "/shop/app/ui/a.css")).toThrow(/a width of its own/);
    expect(media("(min-width: 640px)", "/shop/node_modules/x/x.css")).toBe("(min-width: 640px)");
  });
});

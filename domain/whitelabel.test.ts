import { describe, expect, it } from "vitest";
import { inWhitelabelView, isWhitelabelOrder } from "./whitelabel";

describe("the white-label view", () => {
  it("shows a white-label customer in the view until they leave it in this browser", () => {
    expect(inWhitelabelView(true, "")).toBe(true);
    expect(inWhitelabelView(true, "shop_whitelabel=1")).toBe(true);
    expect(inWhitelabelView(true, "a=b; shop_whitelabel=0")).toBe(false);
  });

  it("never shows another customer in it, whatever the cookie says", () => {
    expect(inWhitelabelView(false, "shop_whitelabel=1")).toBe(false);
    expect(inWhitelabelView(false, "")).toBe(false);
  });

  it("marks the open order as white label only with articles in it, in the view", () => {
    expect(isWhitelabelOrder(true, 2)).toBe(true);
    expect(isWhitelabelOrder(true, 0)).toBe(false);
    expect(isWhitelabelOrder(false, 2)).toBe(false);
  });
});

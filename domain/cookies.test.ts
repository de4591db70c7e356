import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies";

describe("reading a cookie", () => {
  it("finds it by exact name among others and decodes its value", () => {
    expect(readCookie("a=1; gclid=Cj%2D0; b=2", "gclid")).toBe("Cj-0");
    expect(readCookie("xgclid=1; gclid=2", "gclid")).toBe("2");
    expect(readCookie("consent=v1:f1a0m1=x", "consent")).toBe("v1:f1a0m1=x");
  });

  it("is undefined when absent or malformed", () => {
    expect(readCookie("", "gclid")).toBeUndefined();
    expect(readCookie("gclid", "gclid")).toBeUndefined();
    expect(readCookie("gclid=%E0%A4%A", "gclid")).toBeUndefined();
  });
});

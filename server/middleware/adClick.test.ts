import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { adClickCookie } from "./adClick";

describe("the ad-click cookie", () => {
  const app = new Hono();
  app.use(adClickCookie());
  app.get("*", (c) => {
    c.header("Cache-Control", "public, s-maxage=60");
    return c.html("<p>page</p>");
  });
  const marketing = { cookie: "shop_consent=v1%3Af1a1m1" };

  it("keeps the id a visitor lands with when marketing cookies are allowed", async () => {
    const response = await app.request("/leinwand?gclid=Cj0KCQ-abc_1", { headers: marketing });
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^gclid=Cj0KCQ-abc_1; Path=\/; Max-Age=7776000; SameSite=Lax$/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("is Secure behind a TLS proxy", async () => {
    const response = await app.request("/?gclid=abc", {
      headers: { ...marketing, "x-forwarded-proto": "https" },
    });
    expect(response.headers.get("set-cookie")).toContain("; Secure");
  });

  it("is not set without marketing consent, for a malformed id, or without one", async () => {
    const noConsent = await app.request("/?gclid=abc", {
      headers: { cookie: "shop_consent=v1%3Af1a1m0" },
    });
    expect(noConsent.headers.get("set-cookie")).toBeNull();
    expect(noConsent.headers.get("cache-control")).toBe("public, s-maxage=60");
    const malformed = await app.request("/?gclid=a%3Bb%3Dc", { headers: marketing });
    expect(malformed.headers.get("set-cookie")).toBeNull();
    expect((await app.request("/", { headers: marketing })).headers.get("set-cookie")).toBeNull();
  });
});

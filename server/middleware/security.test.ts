import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders, type NonceVariables } from "./security";

describe("security headers", () => {
  const app = new Hono<{ Variables: NonceVariables }>();
  app.use(securityHeaders(false));
  app.get("/page", (c) => c.html(`<p>${c.get("nonce")}</p>`));
  app.get("/data", (c) => c.json({ ok: true }));

  it("gives every HTML response a CSP whose nonce the page can use", async () => {
    const response = await app.request("/page");
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = (await response.text()).replace(/<\/?p>/g, "");
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("sets the baseline headers on every response", async () => {
    const response = await app.request("/data");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-security-policy")).toBeNull();
  });

  it("allows eval and websockets only in development", () => {
    expect(contentSecurityPolicy("n", false)).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy("n", true)).toContain("unsafe-eval");
  });
});

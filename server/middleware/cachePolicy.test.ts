import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { describe, expect, it } from "vitest";
import { cachePolicy, keepsSharedCachesOut, secureCookie } from "./cachePolicy";

describe("the cache policy every response goes through", () => {
  const app = new Hono();
  app.use(cachePolicy());
  app.get("/public", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ ok: true });
  });
  app.get("/cookie", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    setCookie(c, "choice", "1", { path: "/", httpOnly: true, sameSite: "Lax" });
    setCookie(c, "other", "2", { path: "/" });
    return c.json({ ok: true });
  });
  app.get("/private-cookie", (c) => {
    c.header("Cache-Control", "private, no-cache");
    setCookie(c, "choice", "1", { path: "/" });
    return c.json({ ok: true });
  });
  // Response.redirect makes a response whose headers cannot be changed.
  app.post("/redirect", () => Response.redirect("http://localhost/", 303));
  app.post("/write", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ ok: true });
  });
  app.put("/write", (c) => c.json({ ok: true }));

  it("leaves a GET answer that sets no cookie as its route made it", async () => {
    const response = await app.request("/public");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("makes every answer to a write no-store, whatever its route said", async () => {
    const post = await app.request("/write", { method: "POST" });
    expect(post.headers.get("cache-control")).toBe("no-store");
    const put = await app.request("/write", { method: "PUT" });
    expect(put.headers.get("cache-control")).toBe("no-store");
    const redirect = await app.request("/redirect", { method: "POST" });
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps an answer that sets a cookie out of shared caches", async () => {
    const response = await app.request("/cookie");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const strict = await app.request("/private-cookie");
    expect(strict.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("marks every cookie Secure over HTTPS and behind a TLS proxy, not over plain HTTP", async () => {
    const direct = await app.request("https://shop.example/cookie");
    expect(direct.headers.getSetCookie()).toEqual([
      "choice=1; Path=/; HttpOnly; SameSite=Lax; Secure",
      "other=2; Path=/; Secure",
    ]);
    const proxied = await app.request("/cookie", { headers: { "x-forwarded-proto": "https" } });
    expect(proxied.headers.getSetCookie().every((c) => c.endsWith("; Secure"))).toBe(true);
    const plain = await app.request("/cookie");
    expect(plain.headers.getSetCookie().some((c) => /secure/i.test(c))).toBe(false);
  });

  it("reads which Cache-Control values keep shared caches out", () => {
    expect(keepsSharedCachesOut("private, max-age=60")).toBe(true);
    expect(keepsSharedCachesOut("no-store")).toBe(true);
    expect(keepsSharedCachesOut("public, max-age=60")).toBe(false);
    expect(keepsSharedCachesOut('public, no-cache="private-stuff"')).toBe(false);
    expect(keepsSharedCachesOut('public, private="set-cookie"')).toBe(false);
    expect(keepsSharedCachesOut(null)).toBe(false);
    expect(secureCookie("a=1; Secure")).toBe("a=1; Secure");
    expect(secureCookie("a=1; Path=/")).toBe("a=1; Path=/; Secure");
  });
});

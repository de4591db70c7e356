import { describe, expect, it } from "vitest";
import { isSecureRequest, visitorOrigin, withVisitorScheme } from "./forwarded";

describe("the visitor's scheme behind a TLS proxy", () => {
  it.each([
    ["an https request URL", "https://cards.example/_editor", {}],
    ["X-Forwarded-Proto: https", "http://cards.example/_editor", { "X-Forwarded-Proto": "https" }],
    [
      "the first hop's X-Forwarded-Proto",
      "http://x/_editor",
      { "X-Forwarded-Proto": "HTTPS, http" },
    ],
    ["Forwarded proto=https", "http://x/_editor", { Forwarded: "for=1.2.3.4;proto=https;host=x" }],
  ])("counts %s as HTTPS", (_name, target, headers) => {
    expect(isSecureRequest(new Request(target, { headers }))).toBe(true);
  });

  it.each([
    ["a plain http request", "http://cards.example/_editor", {}],
    ["X-Forwarded-Proto: http", "http://x/_editor", { "X-Forwarded-Proto": "http" }],
    ["https only at a later hop", "http://x/_editor", { "X-Forwarded-Proto": "http, https" }],
    ["Forwarded proto=http", "http://x/_editor", { Forwarded: "proto=http;host=x" }],
    ["Forwarded with https elsewhere", "http://x/_editor", { Forwarded: 'host="https"' }],
  ])("does not count %s as HTTPS", (_name, target, headers) => {
    expect(isSecureRequest(new Request(target, { headers }))).toBe(false);
  });

  it("gives a forwarded HTTPS request its https URL, with method, headers and body", async () => {
    const request = new Request("http://cards.example:80/_editor?story=3", {
      method: "POST",
      headers: { "X-Forwarded-Proto": "https", Origin: "https://cards.example" },
      body: "intent=login",
    });
    const seen = withVisitorScheme(request);
    expect(seen.url).toBe("https://cards.example/_editor?story=3");
    expect(seen.method).toBe("POST");
    expect(seen.headers.get("origin")).toBe("https://cards.example");
    expect(await seen.text()).toBe("intent=login");
  });

  it("leaves a plain HTTP request as it is", () => {
    const request = new Request("http://localhost:3000/");
    expect(withVisitorScheme(request)).toBe(request);
  });
});

describe("the origin the visitor asked for", () => {
  it("takes the host they named, port included, and the scheme they used", () => {
    const plain = new Request("http://localhost/robots.txt", {
      headers: { host: "CH.Cards.localhost:3000" },
    });
    expect(visitorOrigin(plain)).toBe("http://ch.cards.localhost:3000");
    const proxied = new Request("http://localhost/robots.txt", {
      headers: { host: "shop.example", "x-forwarded-proto": "https" },
    });
    expect(visitorOrigin(proxied)).toBe("https://shop.example");
  });

  it("falls back to the request URL's host", () => {
    expect(visitorOrigin(new Request("https://shop.example:8443/sitemap.xml"))).toBe(
      "https://shop.example:8443",
    );
  });
});

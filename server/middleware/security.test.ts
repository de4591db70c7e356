import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, securityHeaders, type NonceVariables } from "./security";
import { NO_THIRD_PARTIES } from "../../domain/thirdParty";

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

  it("draws a new nonce for every response, across the draws of random bytes", () => {
    const nonces = Array.from({ length: 1000 }, () => newNonce());
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
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

describe("the content security policy built from the configured third parties", () => {
  const configured = {
    tagManager: {
      src: "https://tags.example/gtm.js?id=GTM-AB12CD3",
      containerId: "GTM-AB12CD3",
      hosts: ["https://collect.example"],
    },
    sessionAnalytics: { src: "https://analytics.example/a.js" },
    rum: { endpoint: "https://rum.example/events" },
    chat: { src: "https://chat.example/snippet.js" },
    googleSignIn: null,
    recaptcha: null,
  };

  it("allows no third-party host when none is configured", () => {
    const csp = contentSecurityPolicy("n", false);
    expect(csp).toContain("script-src 'self' 'nonce-n';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain("https:");
  });

  it("allows each configured script's origin and nothing else", () => {
    const csp = contentSecurityPolicy("n", false, configured);
    const directive = (name: string) =>
      csp.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";
    expect(directive("script-src")).toBe(
      "script-src 'self' 'nonce-n' https://tags.example https://collect.example https://analytics.example https://chat.example",
    );
    expect(directive("connect-src")).toContain("https://rum.example");
    expect(directive("script-src")).not.toContain("rum.example");
  });

  it("lets only style elements with the nonce apply, and style attributes apart", () => {
    const csp = contentSecurityPolicy("n", false);
    expect(csp).toContain("style-src 'self' 'nonce-n'; style-src-attr 'unsafe-inline'");
    expect(csp).not.toMatch(/style-src 'self'[^;]*'unsafe-inline'/);
  });

  it("allows inline style elements when a third party's loader inserts its own, and in development", () => {
    expect(contentSecurityPolicy("n", false, configured)).toContain(
      "style-src 'self' 'unsafe-inline'; style-src-attr 'unsafe-inline'",
    );
    expect(contentSecurityPolicy("n", true)).toContain("style-src 'self' 'unsafe-inline';");
  });

  it("never lets an inserted script run from any host ('strict-dynamic' is left out)", () => {
    expect(contentSecurityPolicy("n", false, configured)).not.toContain("strict-dynamic");
  });

  it("allows Google's sign-in origin for its script, calls, frames and style sheet only when configured", () => {
    const google = {
      ...NO_THIRD_PARTIES,
      googleSignIn: {
        src: "https://accounts.google.com/gsi/client",
        clientId: "1234.apps.example",
      },
    };
    const csp = contentSecurityPolicy("n", false, google);
    const directive = (name: string) =>
      csp.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";
    for (const name of ["script-src", "connect-src", "frame-src", "style-src"]) {
      expect(directive(name), name).toContain("https://accounts.google.com");
    }
    expect(directive("img-src")).not.toContain("accounts.google.com");
    expect(contentSecurityPolicy("n", false)).not.toContain("google");
  });

  it("allows reCAPTCHA's script, code host, calls and frame only when configured", () => {
    const csp = contentSecurityPolicy("n", false, {
      ...NO_THIRD_PARTIES,
      recaptcha: {
        src: "https://www.google.com/recaptcha/api.js?render=6LcSiteKey",
        siteKey: "6LcSiteKey",
        hosts: ["https://www.gstatic.com"],
      },
    });
    const directive = (name: string) =>
      csp.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";
    expect(directive("script-src")).toContain("https://www.google.com https://www.gstatic.com");
    for (const name of ["connect-src", "frame-src"]) {
      expect(directive(name), name).toContain("https://www.google.com");
    }
    expect(directive("img-src")).not.toContain("google");
    expect(contentSecurityPolicy("n", false)).not.toContain("gstatic");
  });

  it("keeps the shop's own RUM collector on its own origin", () => {
    const csp = contentSecurityPolicy("n", false, {
      ...configured,
      rum: { endpoint: "/web-api/rum" },
    });
    expect(csp).not.toContain("/web-api/rum");
  });
});

describe("transport and isolation headers", () => {
  const app = new Hono<{ Variables: NonceVariables }>();
  app.use(securityHeaders(false, undefined, { hstsIncludeSubdomains: true }));
  app.get("*", (c) => c.html("<p>page</p>"));

  it("sends HSTS only on HTTPS, directly or through a TLS proxy", async () => {
    expect(
      (await app.request("http://shop.example/")).headers.get("strict-transport-security"),
    ).toBeNull();
    expect(
      (await app.request("https://shop.example/")).headers.get("strict-transport-security"),
    ).toBe("max-age=31536000; includeSubDomains");
    const proxied = await app.request("http://shop.example/", {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(proxied.headers.get("strict-transport-security")).toContain("max-age=31536000");
  });

  it("lets Google's sign-in window hand its answer back to the page only when configured", async () => {
    const withGoogle = new Hono<{ Variables: NonceVariables }>();
    withGoogle.use(
      securityHeaders(false, {
        ...NO_THIRD_PARTIES,
        googleSignIn: {
          src: "https://accounts.google.com/gsi/client",
          clientId: "1234.apps.example",
        },
      }),
    );
    withGoogle.get("*", (c) => c.html("<p>page</p>"));
    const page = await withGoogle.request("https://shop.example/konto/anmelden");
    expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
  });

  it("isolates the shop's windows and lets other sites embed only its images", async () => {
    const page = await app.request("https://shop.example/fotobuch");
    expect(page.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(page.headers.get("cross-origin-resource-policy")).toBe("same-site");
    const image = await app.request("https://shop.example/_img/200x0/a/cards/x.jpg");
    expect(image.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
  });
});

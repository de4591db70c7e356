import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { httpsOnly } from "./httpsOnly";

const app = new Hono();
app.use(httpsOnly());
app.all("*", (c) => c.text("page"));

describe("HTTP to HTTPS", () => {
  it("sends a plain-HTTP request to the same address over HTTPS with 308", async () => {
    const response = await app.request("http://shop.example:8080/fotobuch?x=1", {
      method: "POST",
      headers: { host: "shop.example:8080" },
    });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("https://shop.example/fotobuch?x=1");
  });

  it("lets through what came over HTTPS, also through a TLS proxy, and health checks", async () => {
    expect((await app.request("https://shop.example/")).status).toBe(200);
    const proxied = await app.request("http://shop.example/", {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(proxied.status).toBe(200);
    expect((await app.request("http://10.0.0.7/health")).status).toBe(200);
  });
});

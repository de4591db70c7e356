import { describe, expect, it } from "vitest";
import { PAYLOADS, findings, hostileRequests } from "./fuzz.js";

const html = (body: string) => ({
  status: 200,
  headers: { "content-type": "text/html; charset=utf-8" },
  body,
  ms: 20,
});

describe("the fuzz suite's judgement", () => {
  const script = PAYLOADS.find((p) => p.startsWith("<script>"))!;
  const request = { method: "GET", path: `/themes/${encodeURIComponent(script)}`, headers: {} };

  it("finds a payload reflected into a page, and not an escaped one", () => {
    expect(findings(request, html(`<h1>${script}</h1>`))).toEqual([`reflected ${script}`]);
    const escaped = script.replaceAll("<", "&lt;").replaceAll(">", "&gt;");
    expect(findings(request, html(`<h1>${escaped}</h1>`))).toEqual([]);
  });

  it("finds a redirect to another site, not one within the shop", () => {
    const redirect = (location: string) => ({
      status: 302,
      headers: { location },
      ms: 5,
    });
    expect(findings(request, redirect("https://evil.example/x"))).toEqual([
      "redirect to https://evil.example/x",
    ]);
    expect(findings(request, redirect("//evil.example"))).toEqual(["redirect to //evil.example"]);
    expect(findings(request, redirect("/fotobuch"))).toEqual([]);
    expect(findings(request, redirect("http://ch.cards.localhost:3000/"))).toEqual([]);
  });

  it("finds server errors, broken connections and slow answers", () => {
    expect(findings(request, { status: 500, ms: 3 })).toEqual(["status 500"]);
    expect(findings(request, { status: 0, ms: 3, error: new Error("socket hang up") })).toEqual([
      "status socket hang up",
    ]);
    expect(findings(request, { status: 404, ms: 2500 })).toEqual(["slow 2500 ms"]);
  });

  it("sends the same requests on every run, over paths, queries, headers and bodies", () => {
    const first = [...hostileRequests(200)];
    expect([...hostileRequests(200)]).toEqual(first);
    expect(new Set(first.map((r) => r.method))).toEqual(
      new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"]),
    );
    expect(first.some((r) => r.path.includes("?"))).toBe(true);
    expect(first.some((r) => r.body !== undefined)).toBe(true);
  });
});

/**
 * Hostile input through the whole shop: oversized and malformed bodies, ids beyond what
 * a row id can be, bytes a database cannot store, and methods a page does not take. Each
 * is answered 4xx with a clear message and logged as an expected refusal, never as a
 * server error.
 */
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { useTestShop } from "./testing/shop";

const MANAGEMENT = "hostile-input-management-token";
const PREVIEW = "hostile-input-preview-token-0001";
const logged: { level: number; id?: string; msg?: string }[] = [];
const log = pino({ level: "info" }, { write: (line: string) => logged.push(JSON.parse(line)) });
const errors = () => logged.filter((line) => line.level >= 50);

describe("hostile input", () => {
  const shop = useTestShop(
    { CONTENT_MANAGEMENT_TOKEN: MANAGEMENT, CONTENT_CARDS_PREVIEW_TOKEN: PREVIEW },
    { log },
  );

  const management = (path: string, init: RequestInit = {}) =>
    shop.request(`/v1/spaces/1001${path}`, {
      ...init,
      headers: { Authorization: MANAGEMENT, "Content-Type": "application/json", ...init.headers },
    });

  it("answers 413 as JSON for a body over the route's limit, also where a route sets its own", async () => {
    const webhook = await shop.request("/web-api/cms/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "x".repeat(70 * 1024) }),
    });
    expect(webhook.status).toBe(413);
    expect(webhook.headers.get("content-type")).toBe("application/problem+json");
    expect(await webhook.json()).toMatchObject({
      status: 413,
      error: "too_large",
      detail: "The request body is too large",
    });
    const story = await management("/stories", {
      method: "POST",
      body: JSON.stringify({ story: { name: "x".repeat(1100 * 1024), slug: "gross" } }),
    });
    expect(story.status).toBe(413);
    expect(errors()).toEqual([]);
  });

  it("refuses a page form over the global limit before reading it", async () => {
    const huge = await shop.request("/_admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `email=a%40example.com&password=${"x".repeat(2 * 1024 * 1024)}`,
    });
    expect(huge.status).toBe(413);
  });

  it("answers 400 when a page's form is no form at all", async () => {
    const response = await shop.request("/_admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost" },
      body: '{"email":"a@example.com"}',
    });
    expect(response.status).toBe(400);
    expect(errors()).toEqual([]);
  });

  it("answers 404 for story and release ids beyond any row id, 400 for such a release filter", async () => {
    expect((await management("/stories/2147483648")).status).toBe(404);
    expect((await management("/stories/99999999999999999999")).status).toBe(404);
    const release = await management("/releases/2147483648", {
      method: "PUT",
      body: JSON.stringify({ do_release: 1 }),
    });
    expect(release.status).toBe(404);
    const cdn = await shop.request(`/v2/cdn/stories?token=${PREVIEW}&from_release=2147483648`);
    expect(cdn.status).toBe(400);
    expect((await shop.request(`/v2/cdn/stories/2147483648?token=${PREVIEW}`)).status).toBe(404);
    expect(errors()).toEqual([]);
  });

  it("answers 400 for a NUL byte in a tag filter or in a story the database would refuse", async () => {
    const tag = await shop.request(`/v2/cdn/stories?token=${PREVIEW}&with_tag=a%00b`);
    expect(tag.status).toBe(400);
    const story = await management("/stories", {
      method: "POST",
      body: JSON.stringify({
        story: { name: "Null\u0000Byte", slug: "null-byte", content: { component: "Page" } },
      }),
    });
    expect(story.status).toBe(400);
    expect(errors()).toEqual([]);
  });

  it("logs a POST to a page without a form as an expected 405, not as an unhandled error", async () => {
    logged.length = 0;
    const response = await shop.request("/fotobuch", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(response.status).toBe(405);
    expect(errors()).toEqual([]);
    expect(logged.some((line) => line.id === "request-error")).toBe(true);
  });
});

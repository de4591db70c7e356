/**
 * The studio's reading of the API's refusals: the code and the sentence come from the
 * problem documents the server really answers (built here by the API's own helper), so a
 * refusal such as "not an image" reaches the shopper with its code and words.
 */
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { problem } from "../../server/api/problem";
import { addArticleToCart, apiErrorOf, ApiError, loadDesign, saveDesign } from "./api";

function serverAnswering(status: 404 | 409 | 415, code: string, detail: string) {
  const app = new Hono();
  app.all("*", (c) => problem(c, status, { code, detail }));
  vi.stubGlobal("fetch", (input: string, init?: RequestInit) =>
    app.request(`http://shop.test${input}`, init),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("studio API errors", () => {
  it("reads the problem document's code from `error` and its sentence from `detail`", async () => {
    serverAnswering(409, "stale_version", "The design was saved elsewhere meanwhile");
    const error = await saveDesign("d1", 3, {} as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: "stale_version",
      message: "The design was saved elsewhere meanwhile",
    });
  });

  it("keeps the status of an answer that is no problem document", async () => {
    vi.stubGlobal("fetch", () =>
      Promise.resolve(new Response("<html>", { status: 502, statusText: "Bad Gateway" })),
    );
    const error = await loadDesign("d1").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: null, message: "502 Bad Gateway" });
  });

  it("reads an upload's refusal (the XHR path) the same way", async () => {
    const app = new Hono();
    app.post("/", (c) => problem(c, 415, { code: "not_an_image", detail: "Kein Bild" }));
    const answer = await app.request("http://shop.test/", { method: "POST" });
    const error = apiErrorOf(answer.status, "", JSON.parse(await answer.text()));
    expect(error).toMatchObject({ status: 415, code: "not_an_image", message: "Kein Bild" });
    expect(apiErrorOf(0, "", null)).toMatchObject({ code: null, message: "0" });
  });

  it("reads the cart's refusal with each field it names and why", async () => {
    const app = new Hono();
    app.all("*", (c) =>
      problem(c, 422, {
        code: "not_for_sale",
        detail: "The line is not the design it prints: prints 900 (the design has 250)",
        errors: { prints: "is 900; the design has 250" },
      }),
    );
    vi.stubGlobal("fetch", (input: string, init?: RequestInit) =>
      app.request(`http://shop.test${input}`, init),
    );
    const error = await addArticleToCart(
      { product: "photobox", options: { type: "small" }, quantity: 900 },
      "design-0001",
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      code: "not_for_sale",
      errors: { prints: "is 900; the design has 250" },
    });
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonOnce } from "./jsonOnce";

afterEach(() => vi.unstubAllGlobals());

describe("JSON loaded once per URL", () => {
  it("asks once for any number of readers, and again after forget", async () => {
    const fetch = vi.fn(async () => Response.json({ a: 1 }));
    vi.stubGlobal("fetch", fetch);
    const json = jsonOnce({});
    expect(await Promise.all([json.load("/x.json"), json.load("/x.json")])).toEqual([
      { a: 1 },
      { a: 1 },
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    json.forget();
    await json.load("/x.json");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("gives the fallback when the answer fails, and asks again next time", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response("gone", { status: 503 }))
      .mockResolvedValueOnce(Response.json({ a: 2 }));
    vi.stubGlobal("fetch", fetch);
    const json = jsonOnce({ none: true });
    expect(await json.load("/y.json")).toEqual({ none: true });
    expect(await json.load("/y.json")).toEqual({ a: 2 });
  });

  it("logs an answer that is no JSON object under the caller's identifier", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi
        .fn()
        .mockResolvedValueOnce(new Response("{broken", { status: 200 }))
        .mockResolvedValueOnce(new Response('"a string"', { status: 200 }))
        .mockResolvedValueOnce(new Response("gone", { status: 503 })),
    );
    const json = jsonOnce({ none: true }, { unreadable: "translator-parse-error" });
    expect(await json.load("/m.json")).toEqual({ none: true });
    expect(await json.load("/m.json")).toEqual({ none: true });
    expect(await json.load("/m.json")).toEqual({ none: true });
    expect(logged.mock.calls.map(([id]) => id)).toEqual([
      "translator-parse-error",
      "translator-parse-error",
      "request-error",
    ]);
  });
});

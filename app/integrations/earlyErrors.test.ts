// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepEarlyErrors, takeEarlyErrors } from "./earlyErrors";
import { startRum } from "./rum";

const raise = (message: string) =>
  window.dispatchEvent(new ErrorEvent("error", { message, filename: "/app.js", lineno: 3 }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("errors raised while monitoring's code is on its way", () => {
  it("are kept from the moment monitoring is allowed, handed over in order, and not kept after", () => {
    raise("before consent");
    keepEarlyErrors();
    raise("first");
    window.dispatchEvent(new Event("unhandledrejection"));
    raise("second");
    const kept = takeEarlyErrors();
    expect(kept.map((event) => event.type)).toEqual(["error", "unhandledrejection", "error"]);
    expect((kept[0] as ErrorEvent).message).toBe("first");
    expect((kept[2] as ErrorEvent).message).toBe("second");
    raise("after the hand-over");
    expect(takeEarlyErrors()).toEqual([]);
    // Once a document: a later consent does not start keeping again.
    keepEarlyErrors();
    raise("after a later consent");
    expect(takeEarlyErrors()).toEqual([]);
  });

  it("reach the monitoring endpoint in its first post, before what comes later", async () => {
    vi.useFakeTimers();
    const posts: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        posts.push(String(init.body));
        return new Response(null, { status: 204 });
      }),
    );
    const early = new ErrorEvent("error", { message: "while loading", lineno: 7 });
    const stop = startRum("/web-api/rum", [early]);
    raise("later");
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    const events = JSON.parse(posts[0]!).events as { type: string; message?: string }[];
    expect(events.filter((event) => event.type === "error").map((event) => event.message)).toEqual([
      "while loading",
      "later",
    ]);
  });
});

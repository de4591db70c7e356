import { describe, expect, it } from "vitest";
import { RateLimiter, requestsPerSecond } from "./rateLimit";

describe("content API rate limit", () => {
  it.each([
    [undefined, 50],
    [1, 50],
    [25, 50],
    [26, 15],
    [50, 15],
    [75, 10],
    [100, 6],
  ])("allows a listing of %s per page %i requests per second", (perPage, limit) => {
    expect(requestsPerSecond(perPage)).toBe(limit);
  });

  it("serves the limit in a second, refuses the rest, and starts again the next second", () => {
    let now = 10_000;
    const limiter = new RateLimiter(() => now);
    const served = Array.from({ length: 8 }, () => limiter.take("client:token", 6));
    expect(served).toEqual([true, true, true, true, true, true, false, false]);
    expect(limiter.take("other:token", 6)).toBe(true);
    now += 1000;
    expect(limiter.take("client:token", 6)).toBe(true);
  });
});

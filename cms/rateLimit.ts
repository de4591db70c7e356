/**
 * The request limit of the content API, per client and token and second, in the tiers
 * Storyblok uses: single stories and small listings 50/s, up to 50 per page 15/s, up to
 * 75 10/s, up to 100 6/s. Over the limit the API answers 429; storyblok-js-client
 * retries those (10 times, 300 ms apart).
 */

/** The caller key of a request made inside this process: the shop's own reads, never limited. */
export const IN_PROCESS = "in-process";

/** Requests per second for a listing of `perPage` stories (undefined: a single story). */
export function requestsPerSecond(perPage: number | undefined): number {
  if (perPage === undefined || perPage <= 25) return 50;
  if (perPage <= 50) return 15;
  if (perPage <= 75) return 10;
  return 6;
}

const MAX_KEYS = 10_000;

export class RateLimiter {
  private windows = new Map<string, { second: number; count: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Counts a request; false when the key is over its limit in this second. */
  take(key: string, limit: number): boolean {
    const second = Math.floor(this.now() / 1000);
    if (this.windows.size > MAX_KEYS) {
      for (const [k, w] of this.windows) if (w.second !== second) this.windows.delete(k);
    }
    const window = this.windows.get(key);
    if (!window || window.second !== second) {
      this.windows.set(key, { second, count: 1 });
      return true;
    }
    window.count++;
    return window.count <= limit;
  }
}

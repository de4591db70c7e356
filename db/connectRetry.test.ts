import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, withConnectRetry } from "./client";

const RETRY = { attempts: 4, firstDelayMs: 100, maxDelayMs: 250 };

describe("waiting for the database at boot", () => {
  it("tries again with growing pauses until the database answers", async () => {
    const pauses: number[] = [];
    const retries: number[] = [];
    let calls = 0;
    const result = await withConnectRetry(
      async () => {
        calls++;
        if (calls < 3) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        return "connected";
      },
      RETRY,
      (attempt) => retries.push(attempt),
      async (ms) => {
        pauses.push(ms);
      },
    );
    expect(result).toBe("connected");
    expect(retries).toEqual([1, 2]);
    expect(pauses).toEqual([100, 200]);
  });

  it("gives up after the last attempt with a message naming the cause, the pauses capped", async () => {
    const pauses: number[] = [];
    const attempt = withConnectRetry(
      async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      },
      RETRY,
      () => {},
      async (ms) => {
        pauses.push(ms);
      },
    );
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(attempt).rejects.toThrow(
      "The database is not reachable after 4 attempts: connect ECONNREFUSED 127.0.0.1:5432",
    );
    expect(pauses).toEqual([100, 200, 250]);
  });
});

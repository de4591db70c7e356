import { describe, expect, it } from "vitest";
import { relaySharedPage, SHARED_PAGE_MESSAGE, workerCount, workersRefused } from "./cluster";
import { parseEnv } from "./env";

describe("the number of shop workers", () => {
  it("runs one process unless told otherwise, one per core for auto", () => {
    expect(workerCount(undefined, 8)).toBe(1);
    expect(workerCount(3, 8)).toBe(3);
    expect(workerCount("auto", 2)).toBe(2);
    expect(workerCount("auto", 0)).toBe(1);
  });

  it("reads WEB_CONCURRENCY as a number from 1 to 64 or auto", () => {
    expect(parseEnv({ WEB_CONCURRENCY: "2" }).WEB_CONCURRENCY).toBe(2);
    expect(parseEnv({ WEB_CONCURRENCY: "auto" }).WEB_CONCURRENCY).toBe("auto");
    expect(parseEnv({ WEB_CONCURRENCY: "" }).WEB_CONCURRENCY).toBeUndefined();
    for (const bad of ["0", "65", "two", "1.5"]) {
      expect(() => parseEnv({ WEB_CONCURRENCY: bad }), bad).toThrow(/WEB_CONCURRENCY/);
    }
  });

  it("needs PostgreSQL for more than one worker: the embedded database belongs to one process", () => {
    expect(workersRefused(2, undefined)).toMatch(/DATABASE_URL/);
    expect(workersRefused(2, "postgres://db/shop")).toBeNull();
    expect(workersRefused(1, undefined)).toBeNull();
  });
});

describe("pages shared between workers", () => {
  const worker = (id: number, connected = true) => {
    const sent: unknown[] = [];
    return {
      id,
      sent,
      send: (message: unknown) => sent.push(message) > 0,
      isConnected: () => connected,
    };
  };

  it("hands a page one worker kept to every other worker that is up, and nothing else", () => {
    const [a, b, c, gone] = [worker(1), worker(2), worker(3), worker(4, false)];
    const message = { kind: SHARED_PAGE_MESSAGE, page: { key: "k" } };
    expect(relaySharedPage(a, message, [a, b, undefined, c, gone])).toBe(2);
    expect(a.sent).toEqual([]);
    expect(b.sent).toEqual([message]);
    expect(c.sent).toEqual([message]);
    expect(gone.sent).toEqual([]);
    expect(relaySharedPage(a, { kind: "other" }, [a, b])).toBe(0);
    expect(relaySharedPage(a, "shop:page", [a, b])).toBe(0);
  });
});

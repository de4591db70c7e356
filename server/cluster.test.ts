import { describe, expect, it } from "vitest";
import { workerCount, workersRefused } from "./cluster";
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

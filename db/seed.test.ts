import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runSeed, type SeedStep } from "./seed";
import { pino } from "pino";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "./testing";

describe.each(TEST_DATABASES)("seeding on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("runs each step once, and again only when its version goes up", async () => {
    const log = pino({ level: "silent" });
    const run = vi.fn(async () => {});
    const step: SeedStep = { name: "example", version: 1, run };
    expect(await runSeed(database.db, [step], log)).toEqual(["example"]);
    expect(await runSeed(database.db, [step], log)).toEqual([]);
    expect(run).toHaveBeenCalledTimes(1);
    expect(await runSeed(database.db, [{ ...step, version: 2 }], log)).toEqual(["example"]);
    expect(run).toHaveBeenCalledTimes(2);
  });
});

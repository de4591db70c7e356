import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../db/testing";
import { BAD_TOKENS, BadTokenGuard } from "./badTokens";

describe.each(TEST_DATABASES)("wrong access tokens on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.destroy());

  const minute = Date.UTC(2030, 0, 1, 12, 0, 10);

  it(`block an address after ${BAD_TOKENS.limit} in a minute, until the minute is over`, async () => {
    const guard = new BadTokenGuard(database.db);
    for (let i = 0; i < BAD_TOKENS.limit; i++) await guard.failed("198.51.100.4", minute);
    expect(guard.blocked("198.51.100.4", minute)).toBe(false);
    await guard.failed("198.51.100.4", minute);
    expect(guard.blocked("198.51.100.4", minute + 1000)).toBe(true);
    expect(guard.blocked("198.51.100.5", minute + 1000)).toBe(false);
    expect(guard.blocked("198.51.100.4", minute + 50_000)).toBe(false);
  });

  it("are counted across processes: another guard on the same database sees them", async () => {
    const first = new BadTokenGuard(database.db);
    const second = new BadTokenGuard(database.db);
    const later = minute + 3_600_000;
    for (let i = 0; i < BAD_TOKENS.limit; i++) await first.failed("203.0.113.8", later);
    await second.failed("203.0.113.8", later);
    expect(second.blocked("203.0.113.8", later)).toBe(true);
  });

  it("never block the shop's own in-process reads", async () => {
    const guard = new BadTokenGuard(database.db);
    for (let i = 0; i <= BAD_TOKENS.limit; i++) await guard.failed("in-process", minute);
    expect(guard.blocked("in-process", minute)).toBe(false);
  });
});

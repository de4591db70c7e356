/**
 * The proof-of-work spam protection on PGlite and PostgreSQL: a solved challenge is
 * accepted once and refused on every replay while it is valid, and its used-solution
 * marker is an ended throttle window the retention job prunes after the challenge expired.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rateLimits } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { MS_PER_DAY } from "../../domain/constants";
import { pruneThrottleCounters } from "../retention/steps";
import {
  CHALLENGE_TTL_MS,
  createSpamProtection,
  encodeSpamToken,
  usedSolutionKey,
  type SpamProtection,
} from "./spamProtection";

afterEach(() => {
  vi.useRealTimers();
});

describe.each(TEST_DATABASES)("the proof-of-work spam protection on %s", (kind) => {
  let database: TestDatabase;
  let spam: SpamProtection;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    spam = createSpamProtection({ db: database.db, secret: "test-secret" });
  });
  afterAll(() => database.destroy());

  async function solved(action: string) {
    const challenge = await spam.challenge!(action);
    const solution = await solveChallenge({ challenge, deriveKey });
    return { challenge, token: encodeSpamToken({ challenge, solution }) };
  }

  const marker = async (signature: string) =>
    database.db
      .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, usedSolutionKey(signature)));

  it("accepts a solution once and refuses its replay until the challenge expired", async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const { token } = await solved("contactForm");
    expect(await spam.verify(token, "contactForm")).toBe(true);
    expect(await spam.verify(token, "contactForm")).toBe(false);
    // Late in the challenge's life, past any ten-minute boundary of the clock: still used.
    vi.setSystemTime(start + CHALLENGE_TTL_MS - 2_000);
    expect(await spam.verify(token, "contactForm")).toBe(false);
    vi.setSystemTime(start + CHALLENGE_TTL_MS + 2_000);
    expect(await spam.verify(token, "contactForm")).toBe(false);
  });

  it("refuses a solution made for another form", async () => {
    const { token } = await solved("newsletterContainer");
    expect(await spam.verify(token, "contactForm")).toBe(false);
    expect(await spam.verify(token, "newsletterContainer")).toBe(true);
  });

  it("leaves a used-solution marker that the retention job prunes once its challenge expired", async () => {
    const { challenge, token } = await solved("contactForm");
    expect(await spam.verify(token, "contactForm")).toBe(true);
    const expiry = new Date(challenge.parameters.expiresAt! * 1_000);
    expect(await marker(challenge.signature!)).toEqual([{ windowStart: expiry, count: 1 }]);

    // While the challenge is valid, and for a day after, the marker stays.
    await pruneThrottleCounters(database.db, new Date());
    await pruneThrottleCounters(database.db, new Date(expiry.getTime() + MS_PER_DAY));
    expect(await marker(challenge.signature!)).toHaveLength(1);

    await pruneThrottleCounters(database.db, new Date(expiry.getTime() + 2 * MS_PER_DAY + 1_000));
    expect(await marker(challenge.signature!)).toEqual([]);
  });
});

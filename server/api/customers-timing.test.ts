/**
 * No account enumeration by timing: sign-up, log-in and password reset through the shop
 * API take as long for an address with an account as for one without. Each is timed 30
 * times per kind, alternating, and the medians may differ by no more than the spread of
 * the tries themselves (scripts/hostile/accounts.js, which the hostile suite uses too).
 * On PGlite only: what is compared is the shop's own work, not the database's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareTimings, timedComparison } from "../../scripts/hostile/accounts.js";
import { customers, rateLimits } from "../../db/schema";
import { openTestDatabase, type TestDatabase } from "../../db/testing";
import { newCustomerNumber } from "../customers/accounts";
import { hashPassword } from "../customers/passwords";
import { createTestServices } from "../testing/services";
import { loadTestStorefront } from "../testing/shop";
import type { ShopServices } from "../services";
import { createApi } from ".";

const TRIES = 30;
const PASSWORD = "Winterwald-Kerze-42";

describe("the timing comparison", () => {
  const around = (centre: number, spread: number) =>
    Array.from({ length: TRIES }, (_, i) => centre + ((i % 7) - 3) * (spread / 6));

  it("fails on a gap like the one the reset request had (7.3 against 4.9 ms)", () => {
    expect(compareTimings(around(7.3, 1), around(4.9, 1)).within).toBe(false);
  });

  it("passes two runs of the same work", () => {
    expect(compareTimings(around(5, 1), around(5.1, 1)).within).toBe(true);
  });
});

describe("answer times for known and unknown addresses", () => {
  let database: TestDatabase;
  let services: ShopServices;
  let api: ReturnType<typeof createApi>;
  let known: string[];

  beforeAll(async () => {
    const storefront = await loadTestStorefront();
    database = await openTestDatabase("pglite");
    services = await createTestServices(database);
    api = createApi(services, storefront);
    // Confirmed customers, one per try, so no per-account counter answers instead.
    const passwordHash = await hashPassword(PASSWORD);
    known = Array.from(
      { length: TRIES },
      (_, i) => `known-${String(i).padStart(2, "0")}@example.de`,
    );
    await database.db.insert(customers).values(
      known.map((email) => ({
        channel: "cards",
        number: newCustomerNumber("cards"),
        email,
        passwordHash,
        firstName: "Anna",
        lastName: "Schmidt",
        locale: "de-DE",
        emailVerifiedAt: new Date(),
      })),
    );
    // The password checker's dictionaries are built on first use: not in a timed try.
    await timed("/web-api/customer-signup", signUpOf("warm-up@example.de"));
  }, 120_000);
  afterAll(async () => {
    services?.cms?.close();
    await database?.destroy();
  });

  /**
   * One call's answer time. The throttles' counters are cleared first (every try comes from
   * the same in-process address) and the work begun after the answer is awaited after it,
   * so neither spills into another try.
   */
  async function timed(path: string, body: unknown): Promise<number> {
    await database.db.delete(rateLimits);
    const started = performance.now();
    const response = await api.request(`http://localhost${path}`, {
      method: "POST",
      headers: { host: "localhost", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    await services.customers.accounts.settled();
    return ms;
  }
  const unknown = (i: number, round: number) =>
    `unknown-${round}${String(i).padStart(2, "0")}@example.de`;
  const signUpOf = (email: string) => ({
    email,
    password: PASSWORD,
    firstName: "Anna",
    lastName: "Schmidt",
  });

  it("answers a sign-up as fast for an address with an account as for a new one", async () => {
    const result = await timedComparison(
      (i) => timed("/web-api/customer-signup", signUpOf(known[i]!)),
      (i, round) => timed("/web-api/customer-signup", signUpOf(unknown(i, round))),
      TRIES,
    );
    expect(result.gap, JSON.stringify(result)).toBeLessThanOrEqual(result.noise);
  }, 60_000);

  it("answers a failed log-in as fast for an address with an account as for an unknown one", async () => {
    const logIn = (email: string) => ({ email, password: "Falsch-geraten-1" });
    const result = await timedComparison(
      (i) => timed("/web-api/customer-login", logIn(known[i]!)),
      (i, round) => timed("/web-api/customer-login", logIn(unknown(i, round))),
      TRIES,
    );
    expect(result.gap, JSON.stringify(result)).toBeLessThanOrEqual(result.noise);
  }, 60_000);

  it("answers a reset request as fast for an address with an account as for an unknown one", async () => {
    const result = await timedComparison(
      (i) => timed("/web-api/customer-password-reset", { email: known[i]! }),
      (i, round) => timed("/web-api/customer-password-reset", { email: unknown(i, round) }),
      TRIES,
    );
    expect(result.gap, JSON.stringify(result)).toBeLessThanOrEqual(result.noise);
  }, 60_000);
});

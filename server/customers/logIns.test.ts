/**
 * The log-in history's retention on PGlite and PostgreSQL: the retention job's accounts
 * step removes log-ins older than LOG_IN_HISTORY_DAYS and keeps younger ones.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerLogIns, customers } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { MS_PER_DAY, MS_PER_HOUR } from "../../domain/constants";
import { LOG_IN_HISTORY_DAYS } from "../../domain/logInHistory";
import type { ShopServices } from "../services";
import { createTestServices } from "../testing/services";
import { retentionSteps } from "../retention/steps";

const NOW = new Date("2026-12-01T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe.each(TEST_DATABASES)("the log-in history's retention on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database);
  });
  afterAll(() => database.destroy());

  it(`keeps log-ins for ${LOG_IN_HISTORY_DAYS} days, then the accounts step removes them`, async () => {
    const db = database.db;
    const [customer] = await db
      .insert(customers)
      .values({
        channel: "cards",
        number: "L-1",
        email: "history@example.de",
        emailVerifiedAt: ago(400 * MS_PER_DAY),
        firstName: "Hanna",
        lastName: "History",
        locale: "de-DE",
      })
      .returning({ id: customers.id });
    const row = (method: string, createdAt: Date) => ({
      customerId: customer!.id,
      method,
      network: "192.0.2.0/24",
      browser: "Firefox on Linux",
      createdAt,
    });
    const period = LOG_IN_HISTORY_DAYS * MS_PER_DAY;
    await db
      .insert(customerLogIns)
      .values([
        row("old", ago(period + MS_PER_HOUR)),
        row("young", ago(period - MS_PER_HOUR)),
        row("today", ago(MS_PER_HOUR)),
      ]);
    const accounts = retentionSteps(services).find((step) => step.name === "accounts")!;
    expect(await accounts.run(NOW)).toMatchObject({ logIns: 1 });
    const left = await db.select({ method: customerLogIns.method }).from(customerLogIns);
    expect(left.map((l) => l.method).sort()).toEqual(["today", "young"]);
  });
});

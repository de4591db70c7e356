/**
 * The retention job as the shop wires it, on PGlite and PostgreSQL: its interval from the
 * environment, every service's step run by one tick, and no second pruning within the
 * interval.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { parseEnv } from "../env";
import type { ShopServices } from "../services";
import { createTestServices } from "../testing/services";
import { createRetention } from ".";

describe("RETENTION_INTERVAL_MINUTES", () => {
  it("is an hour unless set, and a whole number of minutes from 1 to 1440", () => {
    expect(parseEnv({}).RETENTION_INTERVAL_MINUTES).toBe(60);
    expect(parseEnv({ RETENTION_INTERVAL_MINUTES: "15" }).RETENTION_INTERVAL_MINUTES).toBe(15);
    for (const bad of ["0", "1441", "2.5", "hourly"]) {
      expect(() => parseEnv({ RETENTION_INTERVAL_MINUTES: bad })).toThrow(
        /RETENTION_INTERVAL_MINUTES/,
      );
    }
  });
});

describe.each(TEST_DATABASES)("the shop's retention job on %s", (kind) => {
  let database: TestDatabase;
  let services: ShopServices;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    services = await createTestServices(database);
  });
  afterAll(() => database.destroy());

  it("runs every service's step in one tick, then skips ticks within the interval", async () => {
    const retention = createRetention(services);
    const first = await retention.tick();
    expect(first).toMatchObject({ ran: true, failed: [] });
    expect(Object.keys(first.ran ? first.removed : {})).toEqual([
      "accounts",
      "newsletter",
      "mail",
      "recommendations",
      "carts",
      "wishlists",
      "toolbox",
      "rum",
      "operator sessions",
      "studio designs",
      "studio photos",
      "throttles",
      "test payments",
    ]);
    expect(await retention.tick()).toEqual({ ran: false, reason: "recent" });
    await retention.stop();
    expect(await retention.tick()).toEqual({ ran: false, reason: "stopped" });
  });
});

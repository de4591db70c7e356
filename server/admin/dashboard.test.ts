/**
 * The dashboard's figures from known rows, on PGlite and PostgreSQL, at a fixed moment: orders
 * and revenue (less refunds) per brand and currency today and since Monday, cancelled orders
 * and last week's left out; failed jobs and those still retrying; payments pending longer than
 * half an hour; only the last seven days of vital samples.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, orders, payments, rumEvents } from "../../db/schema";
import { openTestDatabase, TEST_DATABASES, type TestDatabase } from "../../db/testing";
import { MS_PER_DAY, MS_PER_MINUTE } from "../../domain/constants";
import { testOrderValues } from "../testing/orders";
import { createDashboard, periodStarts } from "./dashboard";

/** A Wednesday afternoon; its week began on Monday the 10th. */
const NOW = new Date("2031-03-12T15:00:00Z");

/** A test order created at `createdAt`. */
function order(
  number: string,
  createdAt: string,
  over: Partial<typeof orders.$inferInsert> = {},
): typeof orders.$inferInsert {
  return testOrderValues(number, { createdAt: new Date(createdAt), ...over });
}

describe("the week a dashboard starts from", () => {
  it("begins on Monday at midnight UTC, also on a Sunday and on a Monday", () => {
    expect(periodStarts(NOW)).toEqual({
      day: new Date("2031-03-12T00:00:00Z"),
      week: new Date("2031-03-10T00:00:00Z"),
    });
    expect(periodStarts(new Date("2031-03-16T23:59:59Z")).week).toEqual(
      new Date("2031-03-10T00:00:00Z"),
    );
    expect(periodStarts(new Date("2031-03-10T00:00:00Z")).week).toEqual(
      new Date("2031-03-10T00:00:00Z"),
    );
  });
});

describe.each(TEST_DATABASES)("the dashboard's figures on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const db = database.db;
    const placed = await db
      .insert(orders)
      .values([
        order("C-2031-000001", "2031-03-12T08:00:00Z"),
        order("C-2031-000002", "2031-03-12T00:00:00Z", {
          state: "partly_refunded",
          totalMinor: 6000,
          refundedMinor: 1000,
        }),
        order("C-2031-000003", "2031-03-12T09:00:00Z", { state: "cancelled", totalMinor: 9999 }),
        order("W-2031-000004", "2031-03-10T00:00:00Z", {
          channel: "wallart",
          country: "CH",
          currency: "CHF",
          state: "paid",
          totalMinor: 7000,
        }),
        order("C-2031-000005", "2031-03-09T23:59:59Z", { state: "paid", totalMinor: 3000 }),
      ])
      .returning({ id: orders.id });
    const payment = (orderId: number, status: string, minutesAgo: number) => ({
      ref: `pay-${orderId}-${status}`,
      orderId,
      provider: "test",
      status,
      currency: "EUR",
      amountMinor: 4000,
      idempotencyKey: `pay-${orderId}-${status}`,
      createdAt: new Date(NOW.getTime() - minutesAgo * MS_PER_MINUTE),
    });
    await db
      .insert(payments)
      .values([
        payment(placed[0]!.id, "pending", 31),
        payment(placed[1]!.id, "pending", 29),
        payment(placed[3]!.id, "captured", 300),
      ]);
    await db.insert(jobs).values([
      { kind: "order-mail", payload: {}, state: "failed", attempts: 8 },
      { kind: "order-invoice", payload: {}, state: "queued", attempts: 2 },
      { kind: "order-mail", payload: {}, state: "done", attempts: 1 },
      { kind: "order-mail", payload: {}, state: "queued", attempts: 0 },
    ]);
    const vital = (daysAgo: number, value: number) => ({
      channel: "cards",
      type: "vital",
      name: "LCP",
      value,
      device: "mobile",
      path: "/",
      receivedAt: new Date(NOW.getTime() - daysAgo * MS_PER_DAY),
    });
    await db.insert(rumEvents).values([vital(1, 1800), vital(6.9, 2200), vital(8, 9000)]);
  }, 180_000);
  afterAll(() => database?.destroy());

  it("counts orders and revenue per brand today and this week, and what needs looking at", async () => {
    const figures = await createDashboard({ db: database.db }).figures(NOW);
    expect(figures.today).toEqual([
      { channel: "cards", currency: "EUR", orders: 2, revenueMinor: 9000 },
    ]);
    expect(figures.week).toEqual([
      { channel: "cards", currency: "EUR", orders: 2, revenueMinor: 9000 },
      { channel: "wallart", currency: "CHF", orders: 1, revenueMinor: 7000 },
    ]);
    expect(figures.failedJobs).toBe(1);
    expect(figures.retryingJobs).toBe(1);
    expect(figures.pendingPayments).toBe(1);
    expect(figures.vitalSamples).toBe(2);
  });
});

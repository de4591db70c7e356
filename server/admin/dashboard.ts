/**
 * The dashboard's figures: orders and revenue today and this week per brand (UTC days,
 * weeks from Monday; cancelled orders left out), jobs that failed or keep failing,
 * payments pending for more than half an hour, and the storefront's Core Web Vitals
 * (p75 per page type over the last 7 days, from the shop's own RUM events).
 */
import { and, eq, gt, gte, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobs, orders, payments, rumEvents } from "../../db/schema";
import { MS_PER_DAY, MS_PER_MINUTE } from "../../domain/constants";
import { vitalsByPageType, type VitalsTable } from "../../domain/webVitalsReport";

/** How long a payment may stay pending before the dashboard counts it. */
export const PENDING_TOO_LONG_MS = 30 * MS_PER_MINUTE;
/** Vital samples read at most (the newest), so a busy week stays a quick query. */
const MAX_VITAL_SAMPLES = 100_000;

export interface SalesFigure {
  channel: string;
  currency: string;
  orders: number;
  revenueMinor: number;
}

export interface Dashboard {
  today: SalesFigure[];
  week: SalesFigure[];
  failedJobs: number;
  retryingJobs: number;
  pendingPayments: number;
  vitals: VitalsTable;
  vitalSamples: number;
}

/** Midnight UTC of the day, and of the Monday of its week. */
export function periodStarts(now: Date): { day: Date; week: Date } {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return { day, week: new Date(day.getTime() - sinceMonday * MS_PER_DAY) };
}

export function createDashboard(options: { db: Db }) {
  const { db } = options;

  async function sales(since: Date): Promise<SalesFigure[]> {
    const rows = await db
      .select({
        channel: orders.channel,
        currency: orders.currency,
        orders: sql<number>`count(*)::int`,
        revenueMinor: sql<number>`coalesce(sum(${orders.totalMinor} - ${orders.refundedMinor}), 0)::int`,
      })
      .from(orders)
      .where(and(gte(orders.createdAt, since), ne(orders.state, "cancelled")))
      .groupBy(orders.channel, orders.currency)
      .orderBy(orders.channel, orders.currency);
    return rows.map((r) => ({
      ...r,
      orders: Number(r.orders),
      revenueMinor: Number(r.revenueMinor),
    }));
  }

  return {
    async figures(now = new Date()): Promise<Dashboard> {
      const { day, week } = periodStarts(now);
      const [today, thisWeek, jobRows, pending, samples] = await Promise.all([
        sales(day),
        sales(week),
        db
          .select({
            failed: sql<number>`(count(*) filter (where ${jobs.state} = 'failed'))::int`,
            retrying: sql<number>`(count(*) filter (where ${jobs.state} <> 'failed' and ${jobs.attempts} > 0 and ${jobs.state} <> 'done'))::int`,
          })
          .from(jobs)
          .where(or(eq(jobs.state, "failed"), gt(jobs.attempts, 0))),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(payments)
          .where(
            and(
              eq(payments.status, "pending"),
              lt(payments.createdAt, new Date(now.getTime() - PENDING_TOO_LONG_MS)),
            ),
          ),
        db
          .select({ name: rumEvents.name, path: rumEvents.path, value: rumEvents.value })
          .from(rumEvents)
          .where(
            and(
              eq(rumEvents.type, "vital"),
              gte(rumEvents.receivedAt, new Date(now.getTime() - 7 * MS_PER_DAY)),
            ),
          )
          .orderBy(sql`${rumEvents.id} desc`)
          .limit(MAX_VITAL_SAMPLES),
      ]);
      const vitalSamples = samples.flatMap((s) =>
        s.value === null ? [] : [{ name: s.name, path: s.path, value: s.value }],
      );
      return {
        today,
        week: thisWeek,
        failedJobs: Number(jobRows[0]?.failed ?? 0),
        retryingJobs: Number(jobRows[0]?.retrying ?? 0),
        pendingPayments: Number(pending[0]?.n ?? 0),
        vitals: vitalsByPageType(vitalSamples),
        vitalSamples: vitalSamples.length,
      };
    },
  };
}

export type AdminDashboard = ReturnType<typeof createDashboard>;

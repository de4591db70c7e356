/**
 * Recommending the shop to a friend. A recommendation is taken only with a valid, unused
 * spam-protection solution and only so many per network address and per sender, and a
 * friend's address only once per brand (kept as a hash, never in the clear). The friend gets
 * an e-mail with a voucher for a first order; when that friend's first order is paid, a job
 * issues the sender's own voucher and thanks them. Both vouchers are ordinary rows of the
 * voucher ledger: valid once, in the country's shop the recommendation came from.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import { MS_PER_DAY, MS_PER_HOUR } from "../../domain/constants";
import { localeSettings, parseLocale } from "../../domain/locales";
import {
  normalisedEmail,
  readRecommendation,
  RECOMMENDATION_ACTION,
  RECOMMENDATION_VOUCHER,
  recommendationCode,
  recommendationVoucher,
  type RecommendationErrors,
  type RecommendationVoucherFor,
} from "../../domain/recommendation";
import type { Db } from "../../db/client";
import { catalogueVouchers, orderEvents, orders, recommendations } from "../../db/schema";
import { hit, type Window } from "../../db/throttle";
import type { ChannelId } from "../../config/channels";
import type { JobQueue } from "../jobs/queue";
import type { Mailer } from "./mail";
import { friendMail, senderMail, type RecommendationSite } from "./recommendationMails";
import type { SpamProtection } from "./spamProtection";

export const RECOMMENDATIONS_PER_ADDRESS: Window = { ms: MS_PER_HOUR, limit: 10 };
export const RECOMMENDATIONS_PER_SENDER: Window = { ms: MS_PER_DAY, limit: 5 };

/** How long a recommendation is kept after its sender was thanked (for questions about it). */
export const RECOMMENDATION_KEPT_AFTER_THANKS_MS = 30 * MS_PER_DAY;

/** The job that looks for a recommendation behind a paid order. */
export const RECOMMENDATION_REWARD_JOB = "recommendation-reward";

export interface RecommendationRequest {
  site: RecommendationSite;
  form: unknown;
  token: string;
  /** The network address it came from, for the throttle. */
  ip: string;
  /** The page the recommendation came from (its host names the shop the friend is sent to). */
  requestUrl: URL;
}

export type RecommendationResult =
  | { ok: true }
  | { ok: false; problem: "invalid"; errors: RecommendationErrors }
  | { ok: false; problem: "spam-protection" }
  | { ok: false; problem: "throttled" };

/** The friend's address as it is kept: a hash of the trimmed, lowercased address. */
export function friendHashOf(email: string): string {
  return createHash("sha256").update(normalisedEmail(email)).digest("base64url");
}

/** The origin and language prefix of a brand's country site (from the host table). */
export type SiteRoot = (site: RecommendationSite, base: URL) => string;

export function createRecommendations(options: {
  db: Db;
  mailer: Mailer;
  spamProtection: SpamProtection;
  siteRoot: SiteRoot;
  /** The shop's origin for mails written by a job when the order kept none. */
  fallbackOrigin: string;
}) {
  const { db, mailer, spamProtection, siteRoot } = options;

  /** A new voucher of the ledger for the friend or the sender. */
  function voucherFor(forWhom: RecommendationVoucherFor, site: RecommendationSite, now: Date) {
    return recommendationVoucher({
      forWhom,
      code: recommendationCode(forWhom, randomBytes(8)),
      channel: site.channel,
      country: localeSettings(site.locale).country,
      now,
    });
  }

  async function send(request: RecommendationRequest): Promise<RecommendationResult> {
    const reading = readRecommendation(request.form);
    if (!reading.ok) return { ok: false, problem: "invalid", errors: reading.errors };
    if (!(await spamProtection.verify(request.token, RECOMMENDATION_ACTION)))
      return { ok: false, problem: "spam-protection" };
    const input = reading.data;
    const sender = createHash("sha256")
      .update(normalisedEmail(input.senderEmail))
      .digest("base64url");
    // Both windows count every recommendation, so a sender cannot spread over addresses.
    const byAddress = await hit(db, `recommend:ip:${request.ip}`, RECOMMENDATIONS_PER_ADDRESS);
    const bySender = await hit(db, `recommend:from:${sender}`, RECOMMENDATIONS_PER_SENDER);
    if (!byAddress || !bySender) return { ok: false, problem: "throttled" };

    const { site } = request;
    const now = new Date();
    const voucher = voucherFor("friend", site, now);
    const taken = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(recommendations)
        .values({
          channel: site.channel,
          locale: site.locale,
          friendHash: friendHashOf(input.friendEmail),
          senderName: input.senderName,
          senderEmail: input.senderEmail,
          friendCode: voucher.code,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: recommendations.id });
      if (!row) return true;
      await tx.insert(catalogueVouchers).values(voucher);
      return false;
    });
    if (taken) return { ok: false, problem: "invalid", errors: { friendEmail: "taken" } };
    await mailer.send(
      friendMail({
        site,
        recipient: input.friendEmail,
        sender: { name: input.senderName, email: input.senderEmail },
        message: input.message,
        voucher: { code: voucher.code, validUntil: voucher.validUntil },
        shopUrl: `${siteRoot(site, request.requestUrl)}/`,
      }),
    );
    return { ok: true };
  }

  /**
   * A paid order: when it is the first paid order of a recommended friend (by its address,
   * in the brand they were recommended to, placed after the recommendation), the sender's
   * voucher is issued once and mailed. Answers whether a voucher was issued.
   */
  async function reward(orderId: number): Promise<boolean> {
    const [order] = await db
      .select({
        id: orders.id,
        channel: orders.channel,
        email: orders.email,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) return false;
    const [recommendation] = await db
      .select()
      .from(recommendations)
      .where(
        and(
          eq(recommendations.channel, order.channel),
          eq(recommendations.friendHash, friendHashOf(order.email)),
          isNull(recommendations.senderCode),
        ),
      );
    if (!recommendation || order.createdAt < recommendation.createdAt) return false;
    const [earlier] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.channel, order.channel),
          sql`lower(${orders.email}) = ${normalisedEmail(order.email)}`,
          notInArray(orders.state, ["placed", "cancelled"]),
          ne(orders.id, order.id),
        ),
      );
    if (Number(earlier?.count ?? 0) > 0) return false;

    const locale = parseLocale(recommendation.locale);
    if (!locale) return false;
    const site = { channel: recommendation.channel as ChannelId, locale };
    const voucher = voucherFor("sender", site, new Date());
    const issued = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(recommendations)
        .set({ senderCode: voucher.code, rewardOrderId: order.id, rewardedAt: new Date() })
        .where(and(eq(recommendations.id, recommendation.id), isNull(recommendations.senderCode)))
        .returning({ id: recommendations.id });
      if (!row) return false;
      await tx.insert(catalogueVouchers).values(voucher);
      return true;
    });
    if (!issued) return false;
    const [placed] = await db
      .select({ data: orderEvents.data })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "placed")));
    const origin =
      typeof placed?.data.origin === "string" && URL.canParse(placed.data.origin)
        ? placed.data.origin
        : options.fallbackOrigin;
    await mailer.send(
      senderMail({
        site,
        recipient: recommendation.senderEmail,
        name: recommendation.senderName,
        voucher: { code: voucher.code, validUntil: voucher.validUntil },
        shopUrl: `${siteRoot(site, new URL(origin))}/`,
      }),
    );
    return true;
  }

  /**
   * Forgets recommendations whose purpose is over: a month after the sender was thanked, or
   * once the friend's voucher has expired unused. The friend may then be recommended again;
   * their voucher is still for a first order only, so nothing can be earned twice.
   */
  async function prune(now = new Date()) {
    const thankedBefore = new Date(now.getTime() - RECOMMENDATION_KEPT_AFTER_THANKS_MS);
    const sentBefore = new Date(now.getTime() - RECOMMENDATION_VOUCHER.validDays * MS_PER_DAY);
    const removed = await db
      .delete(recommendations)
      .where(
        or(
          lt(recommendations.rewardedAt, thankedBefore),
          and(isNull(recommendations.rewardedAt), lt(recommendations.createdAt, sentBefore)),
        ),
      )
      .returning({ id: recommendations.id });
    return removed.length;
  }

  return {
    send,
    reward,
    prune,
    /** Lets the job queue run the reward after each paid order. */
    register(queue: Pick<JobQueue, "register">) {
      queue.register(RECOMMENDATION_REWARD_JOB, async (payload) => {
        await reward(Number(payload.orderId));
      });
    },
  };
}

export type Recommendations = ReturnType<typeof createRecommendations>;

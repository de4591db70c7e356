/**
 * The retention job's steps, in the order they run: each calls the prune function of the
 * service that owns the rows (the periods are named there). What each keeps and for how
 * long is listed in docs/security.md ("Retention").
 */
import { MS_PER_DAY } from "../../domain/constants";
import type { Db } from "../../db/client";
import { prune as pruneCounters } from "../../db/throttle";
import { pruneAccounts } from "../customers/accounts";
import { pruneTestPayments } from "../payments/testProvider";
import type { ShopServices } from "../services";
import type { Removed, RetentionStep } from "./scheduler";

/**
 * Throttle windows last a day at most (the proof-of-work markers' window starts at their
 * challenge's expiry, minutes ahead), except reCAPTCHA's used-token markers below; two days
 * leave every current window alone.
 */
export const COUNTER_KEPT_MS = 2 * MS_PER_DAY;
/** reCAPTCHA's used-token markers count in 30-day windows: gone once the window ended a month ago. */
export const RECAPTCHA_MARKER_PREFIX = "spam:recaptcha:";
export const RECAPTCHA_MARKER_KEPT_MS = 60 * MS_PER_DAY;

/** A prune function's answer as the log shows it: a count, counts by kind, or nothing said. */
export function removedOf(answer: unknown): Removed {
  if (typeof answer === "number") return { rows: answer };
  if (answer && typeof answer === "object") {
    return Object.fromEntries(
      Object.entries(answer).filter(
        (entry): entry is [string, number] => typeof entry[1] === "number",
      ),
    );
  }
  return {};
}

/** The throttles' counters whose windows are over. */
export async function pruneThrottleCounters(db: Db, now: Date): Promise<Removed> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return {
    windows: await pruneCounters(db, before(COUNTER_KEPT_MS), {
      except: [RECAPTCHA_MARKER_PREFIX],
    }),
    recaptchaMarkers: await pruneCounters(db, before(RECAPTCHA_MARKER_KEPT_MS), {
      prefix: RECAPTCHA_MARKER_PREFIX,
    }),
  };
}

export type RetentionServices = Pick<
  ShopServices,
  | "database"
  | "customers"
  | "cart"
  | "wishlist"
  | "toolbox"
  | "rum"
  | "studioPhotos"
  | "studioDesigns"
  | "admin"
>;

export function retentionSteps(services: RetentionServices): RetentionStep[] {
  const db = services.database.db;
  const { newsletter, mailer } = services.customers;
  return [
    // Expired sessions and tokens, and accounts whose confirmation link expired unused.
    { name: "accounts", run: async (now) => removedOf(await pruneAccounts(db, now)) },
    { name: "newsletter", run: (now) => newsletter.prune(now) },
    { name: "mail", run: (now) => mailer.prune(now) },
    // Recommendations whose friend's voucher expired, or a month after the sender's thanks.
    {
      name: "recommendations",
      run: async (now) => removedOf(await services.customers.recommendations.prune(now)),
    },
    { name: "carts", run: (now) => services.cart.prune(now) },
    { name: "wishlists", run: (now) => services.wishlist.prune(now) },
    { name: "toolbox", run: (now) => services.toolbox.prune(now) },
    { name: "rum", run: (now) => services.rum.prune(now) },
    // Back-office sessions past their 12 hours or idle half an hour.
    {
      name: "operator sessions",
      run: async (now) => removedOf(await services.admin.operators.pruneSessions(now)),
    },
    // Studio photos nobody used for STUDIO_RETENTION_DAYS, unless a cart or order needs them.
    // Designs before photos: a photo only an abandoned design placed goes in the same pass.
    { name: "studio designs", run: (now) => services.studioDesigns.prune(now) },
    { name: "studio photos", run: (now) => services.studioPhotos.prune(now) },
    { name: "throttles", run: (now) => pruneThrottleCounters(db, now) },
    // The test payment provider's books: payments over (finished or abandoned) for a day.
    { name: "test payments", run: async (now) => removedOf(await pruneTestPayments(db, now)) },
  ];
}

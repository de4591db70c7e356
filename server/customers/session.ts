/**
 * Customer sessions: an opaque random token in an HttpOnly, SameSite=Lax cookie (with the
 * __Host- prefix and Secure when the visitor uses HTTPS, directly or through a TLS proxy),
 * only its SHA-256 in the database. Every way of logging in starts one through
 * `startSession`, which also ends the session the browser came with and writes the log-in
 * to the customer's history (server/customers/logIns.ts).
 */
import { and, eq, gt, lt, or } from "drizzle-orm";
import { MS_PER_DAY, MS_PER_MINUTE } from "../../domain/constants";
import { deleteInBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import { customerLogIns, customers, customerSessions } from "../../db/schema";
import { logInRow, type LogInFacts } from "./logIns";
import { newToken, sessionCookies, tokenHash } from "./secrets";

/** A session lasts at most 30 days from log-in … */
export const SESSION_MS = 30 * MS_PER_DAY;
/** … and ends sooner when the browser has not used it for a week. */
export const SESSION_IDLE_MS = 7 * MS_PER_DAY;
/** How stale the last-seen time may get before a request writes it again. */
const LAST_SEEN_GRANULARITY_MS = 5 * MS_PER_MINUTE;

export const SESSION_COOKIE = "shop_session";

type Customer = typeof customers.$inferSelect;

/**
 * Starts a session for a customer who has just proved who they are, and ends the one the
 * browser came with (`previous`, whoever's it was): a session id planted or copied before
 * the log-in is worth nothing after it. A log-in (`logIn`: how, from where) is written to
 * the customer's history with the session; a new session without one (after a password
 * change) is none. Answers the new token for the cookie.
 */
export async function startSession(
  db: Db,
  customerId: number,
  previous?: string | undefined,
  logIn?: LogInFacts,
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db.transaction(async (tx) => {
    if (previous) {
      await tx.delete(customerSessions).where(eq(customerSessions.tokenHash, tokenHash(previous)));
    }
    await tx.insert(customerSessions).values({
      tokenHash: tokenHash(token),
      customerId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + SESSION_MS),
    });
    if (logIn) await tx.insert(customerLogIns).values(logInRow(customerId, logIn, new Date(now)));
  });
  return token;
}

/** The customer of a live session of the brand (within both timeouts), or null. */
export async function sessionCustomer(
  db: Db,
  token: string | undefined,
  channel: string,
  now = new Date(),
): Promise<Customer | null> {
  if (!token) return null;
  const hash = tokenHash(token);
  const [row] = await db
    .select({ customer: customers, lastSeenAt: customerSessions.lastSeenAt })
    .from(customerSessions)
    .innerJoin(customers, eq(customers.id, customerSessions.customerId))
    .where(
      and(
        eq(customerSessions.tokenHash, hash),
        gt(customerSessions.expiresAt, now),
        gt(customerSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        eq(customers.channel, channel),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_GRANULARITY_MS) {
    await db
      .update(customerSessions)
      .set({ lastSeenAt: now })
      .where(eq(customerSessions.tokenHash, hash));
  }
  return row.customer;
}

/** Removes sessions past either timeout; says how many went. */
export function pruneSessions(db: Db, now = new Date()): Promise<number> {
  return deleteInBatches(
    db,
    customerSessions,
    or(
      lt(customerSessions.expiresAt, now),
      lt(customerSessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
    )!,
  );
}

// Lax: a customer who follows a link to the shop arrives signed in.
const cookies = sessionCookies(SESSION_COOKIE, SESSION_MS, "Lax");

export const sessionCookie: (token: string, secure: boolean) => string = cookies.cookie;
export const clearedSessionCookie: (secure: boolean) => string = cookies.cleared;
/** The session token a request carries: the secure cookie when present. */
export const sessionToken: (cookies: string) => string | undefined = cookies.token;

/**
 * Customer accounts of a brand: sign-up confirmed through a mailed link, log-in and
 * log-out with sessions in the database, password reset by a mailed single-use link, and
 * what a signed-in customer changes themselves: their name, their password, or the whole
 * account.
 *
 * A sign-up creates no account: it waits in `customer_sign_ups` with the password and name
 * that request chose, and the account is opened only when its link is followed and that
 * same password is typed in. So nobody can claim an address before its owner (the owner's
 * own sign-up never inherits a stranger's password or name), and a mail scanner or a
 * victim following a stranger's link opens nothing.
 *
 * None of the answers tells whether an address has an account: sign-up and reset answer
 * the same at once and do what depends on the address afterwards (`later`), and a log-in
 * with an unknown address checks a decoy hash. Failed log-ins are counted per network
 * address and account together, and per network address, before the password is checked.
 */
import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { createHash } from "node:crypto";
import type { ChannelId } from "../../config/channels";
import { MS_PER_DAY, MS_PER_HOUR } from "../../domain/constants";
import { ANONYMOUS_CUSTOMER, type Customer as StorefrontCustomer } from "../../domain/customerData";
import type { Locale } from "../../domain/locales";
import { deleteInBatches } from "../../db/batches";
import type { Db } from "../../db/client";
import {
  carts,
  customers,
  customerSessions,
  customerSignUps,
  customerTokens,
} from "../../db/schema";
import type { Logger } from "../logger";
import { accountMail, type MailLinks } from "./accountMails";
import type { Mailer } from "./mail";
import { forgetSubscriber } from "./newsletter";
import { checkPassword, hashPassword, passwordProblem, type PasswordProblem } from "./passwords";
import { newToken, tokenHash } from "./secrets";
import { pruneLogIns } from "./logIns";
import { pruneSessions, sessionCustomer, startSession } from "./session";
import { hit, refund, type Window } from "../../db/throttle";

export { SESSION_IDLE_MS, SESSION_MS } from "./session";
/**
 * How long work that differs between a known and an unknown address waits after the
 * answer (ms, plus up to the jitter): longer than a loaded machine takes to write an answer.
 */
const AFTER_ANSWER_MS = 250;
const AFTER_ANSWER_JITTER_MS = 250;

/** A sign-up link is valid for a day, a reset link for an hour. */
export const VERIFY_TOKEN_MS = MS_PER_DAY;
export const RESET_TOKEN_MS = MS_PER_HOUR;
/**
 * Failed log-ins allowed in an hour per network address and account together: they slow
 * whoever guesses from an address, never the owner logging in from another one.
 */
export const FAILED_LOGINS_PER_ACCOUNT: Window = { ms: MS_PER_HOUR, limit: 10 };
/** Failed log-ins per network address over all accounts in an hour (guessing across many). */
export const FAILED_LOGINS_PER_ADDRESS: Window = { ms: MS_PER_HOUR, limit: 100 };
/** Sign-ups and reset mails per network address and per recipient in an hour. */
export const MAILS_PER_ADDRESS: Window = { ms: MS_PER_HOUR, limit: 20 };
export const MAILS_PER_RECIPIENT: Window = { ms: MS_PER_HOUR, limit: 5 };

export type Customer = typeof customers.$inferSelect;

/** The customer fields an account answer carries (customer-data adds the order and wishlist). */
export type CustomerView = Omit<StorefrontCustomer, "order" | "wishlistThemes">;

export function customerView(customer: Customer | null): CustomerView {
  if (!customer) {
    const { order: _order, wishlistThemes: _wishlist, ...anonymous } = ANONYMOUS_CUSTOMER;
    return anonymous;
  }
  return {
    emailHash: createHash("sha256").update(customer.email).digest("hex"),
    firstName: customer.firstName,
    lastName: customer.lastName,
    fullName: `${customer.firstName} ${customer.lastName}`.trim(),
    isLoggedIn: true,
    isWhitelabelCustomer: customer.isWhitelabel,
    number: customer.number,
    type: customer.type,
  };
}

/** Where a call comes from: the brand, the visitor's locale, links for mails, their address. */
export interface CallSite {
  channel: ChannelId;
  locale: Locale;
  links: MailLinks;
  ip: string;
  /** The session token the browser came with, ended by a log-in (it gets a new one). */
  session?: string | undefined;
  /** The browser's User-Agent header: a log-in keeps only its family in the history. */
  userAgent?: string | undefined;
}

export interface SignUp {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export type SignUpResult =
  | { ok: true }
  | { ok: false; errors: { password: PasswordProblem } }
  | { ok: false; throttled: true };

export type LogInResult =
  | { ok: true; customer: Customer; sessionToken: string }
  | { ok: false; reason: "invalid" | "unverified" | "throttled" };

export type ConfirmSignUpResult =
  | { ok: true; customer: Customer; sessionToken: string }
  | { ok: false; reason: "invalid-link" | "invalid" | "throttled" };

export type ChangePasswordResult =
  | { ok: true; sessionToken: string }
  | {
      ok: false;
      errors: { currentPassword?: "wrong-password"; newPassword?: PasswordProblem };
    }
  | { ok: false; throttled: true };

export type DeleteAccountResult =
  { ok: true } | { ok: false; reason: "wrong-password" | "throttled" };

export interface Accounts {
  /** Takes a sign-up; the mail (a link, or "you already have an account") follows. */
  signUp(input: SignUp, site: CallSite): Promise<SignUpResult>;
  logIn(input: { email: string; password: string }, site: CallSite): Promise<LogInResult>;
  logOut(sessionToken: string): Promise<void>;
  /** The customer of a live session, or null. */
  customerFor(sessionToken: string | undefined, channel: ChannelId): Promise<Customer | null>;
  /** The address a sign-up link is for, while it is valid (the page asks for its password). */
  signUpFor(token: string, channel: ChannelId): Promise<{ email: string } | null>;
  /**
   * Opens the account of a sign-up link with the password that sign-up chose, and logs the
   * browser in. Every other waiting sign-up of the address ends with it.
   */
  confirmSignUp(
    input: { token: string; password: string },
    site: Pick<CallSite, "channel" | "ip" | "session" | "userAgent">,
  ): Promise<ConfirmSignUpResult>;
  requestPasswordReset(email: string, site: CallSite): Promise<{ throttled: boolean }>;
  /**
   * Sets the password of a reset link, ends every session and every other reset link of
   * the customer, and starts a new session (a log-in from `from`, for the history).
   */
  resetPassword(
    token: string,
    password: string,
    previousSession?: string,
    from?: Pick<CallSite, "ip" | "userAgent">,
  ): Promise<
    | { ok: true; customer: Customer; sessionToken: string }
    | { ok: false; reason: "invalid-link" | PasswordProblem }
  >;
  /** Sets a signed-in customer's first and last name; the customer as they are now. */
  updateName(
    customerId: number,
    name: { firstName: string; lastName: string },
  ): Promise<Customer | null>;
  /**
   * Changes the password of a signed-in customer who knows the current one. Every session
   * of the customer ends and the browser that asked goes on with a new one (its token in
   * the answer), so a session someone else holds or copied is worthless afterwards.
   */
  changePassword(
    customer: Customer,
    input: { currentPassword: string; newPassword: string },
    ip: string,
  ): Promise<ChangePasswordResult>;
  /**
   * Deletes a customer who confirms with their password, with everything kept for them:
   * sessions, mailed tokens, their cart and the newsletter subscription of their address
   * with the brand.
   */
  deleteAccount(customer: Customer, password: string, ip: string): Promise<DeleteAccountResult>;
  /** Starts the work waiting after earlier answers (mails) at once, and resolves when it is done. */
  settled(): Promise<void>;
}

/** Addresses are compared lowercased and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A customer number: the brand's letter and eight digits. */
export function newCustomerNumber(channel: ChannelId): string {
  const digits = Array.from(crypto.getRandomValues(new Uint32Array(2)))
    .map((n) => String(n % 10_000).padStart(4, "0"))
    .join("");
  return `${channel === "cards" ? "C" : "W"}${digits}`;
}

/** The counters a password check is made under: per address and account, and per address. */
function loginKeys(channel: string, email: string, ip: string) {
  return [
    { key: `login:${channel}:${normaliseEmail(email)}:${ip}`, window: FAILED_LOGINS_PER_ACCOUNT },
    { key: `login:ip:${ip}`, window: FAILED_LOGINS_PER_ADDRESS },
  ];
}

/**
 * Counts a password check before it is made (one atomic step per counter, so parallel
 * guesses cannot all pass a count read before any was written): false when over a limit.
 * A right password takes its hits back with `forgive`.
 */
export async function takeLoginAttempt(
  db: Db,
  channel: string,
  email: string,
  ip: string,
): Promise<boolean> {
  let within = true;
  for (const { key, window } of loginKeys(channel, email, ip)) {
    if (!(await hit(db, key, window))) within = false;
  }
  return within;
}

export async function forgiveLoginAttempt(
  db: Db,
  channel: string,
  email: string,
  ip: string,
): Promise<void> {
  for (const { key, window } of loginKeys(channel, email, ip)) await refund(db, key, window);
}

export function createAccounts(options: { db: Db; mailer: Mailer; log: Logger }): Accounts {
  const { db, mailer, log } = options;
  const background = new Set<Promise<void>>();
  /** Work waiting for its moment, each started by calling it. */
  const waiting = new Set<() => void>();

  /**
   * Runs work well after the answer has gone: the part of a call that differs between a
   * known and an unknown address, so the answer's time says nothing about it. Started on
   * the next turn of the event loop, the work would run while the answer is still being
   * compressed and written, and a known address would answer later; a delay with jitter
   * puts it beside some later request of anyone, whichever address that one asks about.
   */
  function later(what: string, task: () => Promise<void>): void {
    const run = new Promise<void>((resolve) => {
      const start = () => {
        clearTimeout(timer);
        waiting.delete(start);
        resolve();
      };
      const timer = setTimeout(start, AFTER_ANSWER_MS + Math.random() * AFTER_ANSWER_JITTER_MS);
      waiting.add(start);
    })
      .then(task)
      .catch((error: unknown) => {
        log.error({ err: error, id: "account-mail-failed", what }, "account mail not sent");
      })
      .finally(() => background.delete(run));
    background.add(run);
  }

  async function findByEmail(channel: ChannelId, email: string): Promise<Customer | null> {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.channel, channel), eq(customers.email, normaliseEmail(email))));
    return row ?? null;
  }

  /** The newest waiting sign-up of an address, while its link is valid. */
  async function newestSignUp(channel: ChannelId, email: string) {
    const [row] = await db
      .select()
      .from(customerSignUps)
      .where(
        and(
          eq(customerSignUps.channel, channel),
          eq(customerSignUps.email, normaliseEmail(email)),
          gt(customerSignUps.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(customerSignUps.id))
      .limit(1);
    return row ?? null;
  }

  async function issueResetToken(customerId: number): Promise<string> {
    const token = newToken();
    await db.insert(customerTokens).values({
      tokenHash: tokenHash(token),
      customerId,
      purpose: "reset-password",
      expiresAt: new Date(Date.now() + RESET_TOKEN_MS),
    });
    return token;
  }

  /**
   * Checks the password of a signed-in customer. Wrong guesses count like failed log-ins,
   * so a borrowed session cannot be used to try passwords without limit.
   */
  async function confirmPassword(
    customer: Customer,
    password: string,
    ip: string,
  ): Promise<"ok" | "wrong-password" | "throttled"> {
    if (!(await takeLoginAttempt(db, customer.channel, customer.email, ip))) {
      log.warn(
        { id: "password-check-throttled", channel: customer.channel },
        "password check throttled",
      );
      return "throttled";
    }
    if (!(await checkPassword(customer.passwordHash, password))) return "wrong-password";
    await forgiveLoginAttempt(db, customer.channel, customer.email, ip);
    return "ok";
  }

  /** Mails are limited per network address and per recipient, so nobody floods an inbox. */
  async function mayMail(ip: string, email: string): Promise<boolean> {
    const byAddress = await hit(db, `mail:ip:${ip}`, MAILS_PER_ADDRESS);
    const byRecipient = await hit(db, `mail:to:${normaliseEmail(email)}`, MAILS_PER_RECIPIENT);
    return byAddress && byRecipient;
  }

  /** Writes a waiting sign-up with a fresh link and mails the link. */
  async function mailSignUpLink(
    input: SignUp & { passwordHash: string },
    site: CallSite,
  ): Promise<void> {
    const token = newToken();
    await db.insert(customerSignUps).values({
      channel: site.channel,
      email: normaliseEmail(input.email),
      tokenHash: tokenHash(token),
      passwordHash: input.passwordHash,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      locale: site.locale,
      expiresAt: new Date(Date.now() + VERIFY_TOKEN_MS),
    });
    const person = {
      email: normaliseEmail(input.email),
      firstName: input.firstName.trim(),
      channel: site.channel,
    };
    await mailer.send(accountMail("verify-email", person, site, site.links.verify(token)));
  }

  return {
    async signUp(input, site) {
      const problem = await passwordProblem(input.password, [
        input.email,
        input.firstName,
        input.lastName,
      ]);
      if (problem) return { ok: false, errors: { password: problem } };
      const passwordHash = await hashPassword(input.password);
      if (!(await mayMail(site.ip, input.email))) return { ok: false, throttled: true };
      later("sign-up", async () => {
        const existing = await findByEmail(site.channel, input.email);
        if (existing) {
          await mailer.send(
            accountMail("already-registered", existing, site, site.links.reset(null)),
          );
          return;
        }
        await mailSignUpLink({ ...input, passwordHash }, site);
      });
      return { ok: true };
    },

    async logIn(input, site) {
      const email = normaliseEmail(input.email);
      if (!(await takeLoginAttempt(db, site.channel, email, site.ip))) {
        log.warn({ id: "log-in-throttled", channel: site.channel }, "log-in throttled");
        return { ok: false, reason: "throttled" };
      }
      // Both are read whatever the address, and one hash is checked either way.
      const [customer, waiting] = await Promise.all([
        findByEmail(site.channel, email),
        newestSignUp(site.channel, email),
      ]);
      // An account nobody confirmed (left from before sign-ups waited apart) never logs in.
      const stored = customer
        ? customer.emailVerifiedAt
          ? customer.passwordHash
          : null
        : (waiting?.passwordHash ?? null);
      if (!(await checkPassword(stored, input.password))) {
        return { ok: false, reason: "invalid" };
      }
      await forgiveLoginAttempt(db, site.channel, email, site.ip);
      if (!customer && waiting) {
        // Only who chose this sign-up's password learns that it waits: a new link is mailed.
        if (await mayMail(site.ip, email)) {
          later("sign-up link again", async () => {
            const token = newToken();
            await db
              .update(customerSignUps)
              .set({
                tokenHash: tokenHash(token),
                expiresAt: new Date(Date.now() + VERIFY_TOKEN_MS),
              })
              .where(eq(customerSignUps.id, waiting.id));
            await mailer.send(accountMail("verify-email", waiting, site, site.links.verify(token)));
          });
        }
        return { ok: false, reason: "unverified" };
      }
      if (!customer) return { ok: false, reason: "invalid" };
      return {
        ok: true,
        customer,
        sessionToken: await startSession(db, customer.id, site.session, {
          method: "password",
          ip: site.ip,
          userAgent: site.userAgent,
        }),
      };
    },

    async logOut(sessionToken) {
      await db
        .delete(customerSessions)
        .where(eq(customerSessions.tokenHash, tokenHash(sessionToken)));
    },

    customerFor(sessionToken, channel) {
      return sessionCustomer(db, sessionToken, channel);
    },

    async signUpFor(token, channel) {
      const [row] = await db
        .select({ email: customerSignUps.email })
        .from(customerSignUps)
        .where(
          and(
            eq(customerSignUps.tokenHash, tokenHash(token)),
            eq(customerSignUps.channel, channel),
            gt(customerSignUps.expiresAt, new Date()),
          ),
        );
      return row ?? null;
    },

    async confirmSignUp(input, site) {
      const [waiting] = await db
        .select()
        .from(customerSignUps)
        .where(
          and(
            eq(customerSignUps.tokenHash, tokenHash(input.token)),
            eq(customerSignUps.channel, site.channel),
            gt(customerSignUps.expiresAt, new Date()),
          ),
        );
      if (!waiting) return { ok: false, reason: "invalid-link" };
      if (!(await takeLoginAttempt(db, waiting.channel, waiting.email, site.ip))) {
        return { ok: false, reason: "throttled" };
      }
      if (!(await checkPassword(waiting.passwordHash, input.password))) {
        return { ok: false, reason: "invalid" };
      }
      await forgiveLoginAttempt(db, waiting.channel, waiting.email, site.ip);
      const customer = await db.transaction(async (tx) => {
        // Whichever sign-up of the address is confirmed first opens the account; the
        // others (a stranger's among them) end with it.
        const gone = await tx
          .delete(customerSignUps)
          .where(
            and(
              eq(customerSignUps.channel, waiting.channel),
              eq(customerSignUps.email, waiting.email),
            ),
          )
          .returning({ id: customerSignUps.id });
        if (!gone.some((row) => row.id === waiting.id)) return null;
        const [created] = await tx
          .insert(customers)
          .values({
            channel: waiting.channel,
            number: newCustomerNumber(waiting.channel as ChannelId),
            email: waiting.email,
            emailVerifiedAt: new Date(),
            passwordHash: waiting.passwordHash,
            firstName: waiting.firstName,
            lastName: waiting.lastName,
            locale: waiting.locale,
          })
          // An account that exists by now (Google, another link) is never changed here.
          .onConflictDoNothing()
          .returning();
        return created ?? null;
      });
      if (!customer) return { ok: false, reason: "invalid-link" };
      return {
        ok: true,
        customer,
        sessionToken: await startSession(db, customer.id, site.session, {
          method: "sign-up link",
          ip: site.ip,
          userAgent: site.userAgent,
        }),
      };
    },

    async requestPasswordReset(email, site) {
      if (!(await mayMail(site.ip, email))) return { throttled: true };
      later("password reset", async () => {
        const customer = await findByEmail(site.channel, email);
        if (!customer) return;
        const token = await issueResetToken(customer.id);
        await mailer.send(accountMail("reset-password", customer, site, site.links.reset(token)));
      });
      return { throttled: false };
    },

    async resetPassword(token, password, previousSession, from) {
      // The strength check comes first so a weak password does not use up the link.
      const [pending] = await db
        .select({ customer: customers })
        .from(customerTokens)
        .innerJoin(customers, eq(customers.id, customerTokens.customerId))
        .where(
          and(
            eq(customerTokens.tokenHash, tokenHash(token)),
            eq(customerTokens.purpose, "reset-password"),
            isNull(customerTokens.usedAt),
            gt(customerTokens.expiresAt, new Date()),
          ),
        );
      if (!pending) return { ok: false, reason: "invalid-link" };
      const { customer } = pending;
      const problem = await passwordProblem(password, [
        customer.email,
        customer.firstName,
        customer.lastName,
      ]);
      if (problem) return { ok: false, reason: problem };
      const passwordHash = await hashPassword(password);
      const done = await db.transaction(async (tx) => {
        // Every reset link of the customer goes with this one: an older link used later
        // would set another password and end the session this reset starts.
        const used = await tx
          .delete(customerTokens)
          .where(
            and(
              eq(customerTokens.customerId, customer.id),
              eq(customerTokens.purpose, "reset-password"),
            ),
          )
          .returning({ tokenHash: customerTokens.tokenHash });
        if (!used.some((row) => row.tokenHash === tokenHash(token))) return false;
        await tx
          .update(customers)
          // Whoever can read the mails of the address owns it: the reset also confirms it.
          .set({ passwordHash, emailVerifiedAt: customer.emailVerifiedAt ?? new Date() })
          .where(eq(customers.id, customer.id));
        await tx.delete(customerSessions).where(eq(customerSessions.customerId, customer.id));
        return true;
      });
      if (!done) return { ok: false, reason: "invalid-link" };
      return {
        ok: true,
        customer,
        sessionToken: await startSession(db, customer.id, previousSession, {
          method: "password reset",
          ip: from?.ip,
          userAgent: from?.userAgent,
        }),
      };
    },

    async updateName(customerId, name) {
      const [updated] = await db
        .update(customers)
        .set({ firstName: name.firstName.trim(), lastName: name.lastName.trim() })
        .where(eq(customers.id, customerId))
        .returning();
      return updated ?? null;
    },

    async changePassword(customer, input, ip) {
      const check = await confirmPassword(customer, input.currentPassword, ip);
      if (check === "throttled") return { ok: false, throttled: true };
      // The new password is judged either way, so one answer names every problem.
      const problem = await passwordProblem(input.newPassword, [
        customer.email,
        customer.firstName,
        customer.lastName,
      ]);
      if (check === "wrong-password" || problem) {
        return {
          ok: false,
          errors: {
            ...(check === "wrong-password" ? { currentPassword: check } : {}),
            ...(problem ? { newPassword: problem } : {}),
          },
        };
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(customers).set({ passwordHash }).where(eq(customers.id, customer.id));
        await tx.delete(customerSessions).where(eq(customerSessions.customerId, customer.id));
        // A reset link mailed before would set another password behind the customer's back.
        await tx
          .delete(customerTokens)
          .where(
            and(
              eq(customerTokens.customerId, customer.id),
              eq(customerTokens.purpose, "reset-password"),
            ),
          );
      });
      return { ok: true, sessionToken: await startSession(db, customer.id) };
    },

    async deleteAccount(customer, password, ip) {
      const check = await confirmPassword(customer, password, ip);
      if (check !== "ok") return { ok: false, reason: check };
      await db.transaction(async (tx) => {
        await forgetSubscriber(tx, customer.channel, customer.email);
        // The cart's lines go with it (they belong to the cart).
        await tx.delete(carts).where(eq(carts.customerId, customer.id));
        await tx.delete(customerSessions).where(eq(customerSessions.customerId, customer.id));
        await tx.delete(customerTokens).where(eq(customerTokens.customerId, customer.id));
        await tx
          .delete(customerSignUps)
          .where(
            and(
              eq(customerSignUps.channel, customer.channel),
              eq(customerSignUps.email, customer.email),
            ),
          );
        await tx.delete(customers).where(eq(customers.id, customer.id));
      });
      // Who it was is gone with the account: the log says only that one was deleted.
      log.info({ id: "account-deleted", channel: customer.channel }, "account deleted");
      return { ok: true };
    },

    async settled() {
      while (background.size > 0) {
        for (const start of [...waiting]) start();
        await Promise.all([...background]);
      }
    },
  };
}

/**
 * Removes what has run out: sessions past either timeout, log-ins older than the history
 * keeps, expired mailed tokens, sign-ups whose link expired, and accounts nobody confirmed
 * within a link's lifetime (left by the sign-up before sign-ups waited apart; none are made
 * now). Answers how many of each went.
 */
export async function pruneAccounts(
  db: Db,
  now = new Date(),
): Promise<{
  sessions: number;
  logIns: number;
  tokens: number;
  signUps: number;
  unconfirmedAccounts: number;
}> {
  return {
    sessions: await pruneSessions(db, now),
    logIns: await pruneLogIns(db, now),
    tokens: await deleteInBatches(db, customerTokens, lt(customerTokens.expiresAt, now)),
    signUps: await deleteInBatches(db, customerSignUps, lt(customerSignUps.expiresAt, now)),
    unconfirmedAccounts: await deleteInBatches(
      db,
      customers,
      and(
        isNull(customers.emailVerifiedAt),
        lt(customers.createdAt, new Date(now.getTime() - VERIFY_TOKEN_MS)),
      )!,
    ),
  };
}

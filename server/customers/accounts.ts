/**
 * Customer accounts of a brand: sign-up with e-mail verification, log-in and log-out
 * with sessions in the database, password reset by a mailed single-use link, and what a
 * signed-in customer changes themselves: their name, their password, or the whole account.
 *
 * None of the answers tells whether an address has an account: sign-up always says
 * "check your mail" (an existing customer gets a mail saying so), a reset request always
 * says the same, and a log-in with an unknown address costs as much time as a wrong
 * password. Failed log-ins are throttled per account and per network address.
 */
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { createHash } from "node:crypto";
import type { ChannelId } from "../../config/channels";
import { MS_PER_DAY, MS_PER_HOUR } from "../../domain/constants";
import { ANONYMOUS_CUSTOMER, type Customer as StorefrontCustomer } from "../../domain/customerData";
import type { Locale } from "../../domain/locales";
import type { Db } from "../../db/client";
import { carts, customers, customerSessions, customerTokens } from "../../db/schema";
import type { Logger } from "../logger";
import { accountMail, type MailLinks } from "./accountMails";
import type { Mailer } from "./mail";
import { forgetSubscriber } from "./newsletter";
import { checkPassword, hashPassword, passwordProblem, type PasswordProblem } from "./passwords";
import { newToken, tokenHash } from "./secrets";
import { count, hit, type Window } from "../../db/throttle";

/** A session lasts 30 days from log-in. */
export const SESSION_MS = 30 * MS_PER_DAY;
/** A verification link is valid for a day, a reset link for an hour. */
export const VERIFY_TOKEN_MS = MS_PER_DAY;
export const RESET_TOKEN_MS = MS_PER_HOUR;
/** Failed log-ins allowed per account and per network address in an hour. */
export const FAILED_LOGINS_PER_ACCOUNT: Window = { ms: MS_PER_HOUR, limit: 100 };
export const FAILED_LOGINS_PER_ADDRESS: Window = { ms: MS_PER_HOUR, limit: 300 };
/** Sign-ups and reset mails per network address and per recipient in an hour. */
export const MAILS_PER_ADDRESS: Window = { ms: MS_PER_HOUR, limit: 20 };
export const MAILS_PER_RECIPIENT: Window = { ms: MS_PER_HOUR, limit: 5 };

export type Customer = typeof customers.$inferSelect;

/** The customer fields an account answer carries (customer-data adds the order). */
export type CustomerView = Omit<StorefrontCustomer, "order">;

export function customerView(customer: Customer | null): CustomerView {
  if (!customer) {
    const { order: _order, ...anonymous } = ANONYMOUS_CUSTOMER;
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
  signUp(input: SignUp, site: CallSite): Promise<SignUpResult>;
  logIn(input: { email: string; password: string }, site: CallSite): Promise<LogInResult>;
  logOut(sessionToken: string): Promise<void>;
  /** The customer of a live session, or null. */
  customerFor(sessionToken: string | undefined, channel: ChannelId): Promise<Customer | null>;
  /** Confirms the address of a verification link and starts a session. */
  verifyEmail(token: string): Promise<{ customer: Customer; sessionToken: string } | null>;
  requestPasswordReset(email: string, site: CallSite): Promise<{ throttled: boolean }>;
  /** Sets the password of a reset link, ends every other session and starts a new one. */
  resetPassword(
    token: string,
    password: string,
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

export function createAccounts(options: { db: Db; mailer: Mailer; log: Logger }): Accounts {
  const { db, mailer, log } = options;

  async function findByEmail(channel: ChannelId, email: string): Promise<Customer | null> {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.channel, channel), eq(customers.email, normaliseEmail(email))));
    return row ?? null;
  }

  async function startSession(customerId: number): Promise<string> {
    const token = newToken();
    await db.insert(customerSessions).values({
      tokenHash: tokenHash(token),
      customerId,
      expiresAt: new Date(Date.now() + SESSION_MS),
    });
    return token;
  }

  async function issueToken(
    customerId: number,
    purpose: "verify-email" | "reset-password",
  ): Promise<string> {
    const token = newToken();
    await db.insert(customerTokens).values({
      tokenHash: tokenHash(token),
      customerId,
      purpose,
      expiresAt: new Date(
        Date.now() + (purpose === "verify-email" ? VERIFY_TOKEN_MS : RESET_TOKEN_MS),
      ),
    });
    return token;
  }

  /** Uses a token once: the customer it belongs to, or null when unknown, used or expired. */
  async function redeem(token: string, purpose: "verify-email" | "reset-password") {
    const [row] = await db
      .update(customerTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(customerTokens.tokenHash, tokenHash(token)),
          eq(customerTokens.purpose, purpose),
          isNull(customerTokens.usedAt),
          gt(customerTokens.expiresAt, new Date()),
        ),
      )
      .returning({ customerId: customerTokens.customerId });
    if (!row) return null;
    const [customer] = await db.select().from(customers).where(eq(customers.id, row.customerId));
    return customer ?? null;
  }

  /**
   * Checks the password of a signed-in customer. Wrong guesses count like failed log-ins
   * (per account and per network address), so a borrowed session cannot be used to try
   * passwords without limit.
   */
  async function confirmPassword(
    customer: Customer,
    password: string,
    ip: string,
  ): Promise<"ok" | "wrong-password" | "throttled"> {
    const accountKey = `login:${customer.channel}:${customer.email}`;
    const addressKey = `login:ip:${ip}`;
    if (
      (await count(db, accountKey, FAILED_LOGINS_PER_ACCOUNT)) >= FAILED_LOGINS_PER_ACCOUNT.limit ||
      (await count(db, addressKey, FAILED_LOGINS_PER_ADDRESS)) >= FAILED_LOGINS_PER_ADDRESS.limit
    ) {
      log.warn(
        { id: "password-check-throttled", channel: customer.channel },
        "password check throttled",
      );
      return "throttled";
    }
    if (await checkPassword(customer.passwordHash, password)) return "ok";
    await hit(db, accountKey, FAILED_LOGINS_PER_ACCOUNT);
    await hit(db, addressKey, FAILED_LOGINS_PER_ADDRESS);
    return "wrong-password";
  }

  /** Mails are limited per network address and per recipient, so nobody floods an inbox. */
  async function mayMail(ip: string, email: string): Promise<boolean> {
    const byAddress = await hit(db, `mail:ip:${ip}`, MAILS_PER_ADDRESS);
    const byRecipient = await hit(db, `mail:to:${normaliseEmail(email)}`, MAILS_PER_RECIPIENT);
    return byAddress && byRecipient;
  }

  return {
    async signUp(input, site) {
      const problem = await passwordProblem(input.password, [
        input.email,
        input.firstName,
        input.lastName,
      ]);
      if (problem) return { ok: false, errors: { password: problem } };
      // Hashing first keeps the answer equally slow for new and existing addresses.
      const passwordHash = await hashPassword(input.password);
      if (!(await mayMail(site.ip, input.email))) return { ok: false, throttled: true };
      const existing = await findByEmail(site.channel, input.email);
      if (existing?.emailVerifiedAt) {
        await mailer.send(
          accountMail("already-registered", existing, site, site.links.reset(null)),
        );
        return { ok: true };
      }
      let customer = existing;
      if (!customer) {
        const [created] = await db
          .insert(customers)
          .values({
            channel: site.channel,
            number: newCustomerNumber(site.channel),
            email: normaliseEmail(input.email),
            passwordHash,
            firstName: input.firstName.trim(),
            lastName: input.lastName.trim(),
            locale: site.locale,
          })
          .onConflictDoNothing()
          .returning();
        // Two sign-ups for one address at once: the other one created it.
        customer = created ?? (await findByEmail(site.channel, input.email));
      }
      if (!customer) return { ok: true };
      const token = await issueToken(customer.id, "verify-email");
      await mailer.send(accountMail("verify-email", customer, site, site.links.verify(token)));
      return { ok: true };
    },

    async logIn(input, site) {
      const email = normaliseEmail(input.email);
      const accountKey = `login:${site.channel}:${email}`;
      const addressKey = `login:ip:${site.ip}`;
      if (
        (await count(db, accountKey, FAILED_LOGINS_PER_ACCOUNT)) >=
          FAILED_LOGINS_PER_ACCOUNT.limit ||
        (await count(db, addressKey, FAILED_LOGINS_PER_ADDRESS)) >= FAILED_LOGINS_PER_ADDRESS.limit
      ) {
        log.warn({ id: "log-in-throttled", channel: site.channel }, "log-in throttled");
        return { ok: false, reason: "throttled" };
      }
      const customer = await findByEmail(site.channel, email);
      const matches = await checkPassword(customer?.passwordHash ?? null, input.password);
      if (!customer || !matches) {
        await hit(db, accountKey, FAILED_LOGINS_PER_ACCOUNT);
        await hit(db, addressKey, FAILED_LOGINS_PER_ADDRESS);
        return { ok: false, reason: "invalid" };
      }
      if (!customer.emailVerifiedAt) {
        if (await mayMail(site.ip, email)) {
          const token = await issueToken(customer.id, "verify-email");
          await mailer.send(accountMail("verify-email", customer, site, site.links.verify(token)));
        }
        return { ok: false, reason: "unverified" };
      }
      return { ok: true, customer, sessionToken: await startSession(customer.id) };
    },

    async logOut(sessionToken) {
      await db
        .delete(customerSessions)
        .where(eq(customerSessions.tokenHash, tokenHash(sessionToken)));
    },

    async customerFor(sessionToken, channel) {
      if (!sessionToken) return null;
      const [row] = await db
        .select({ customer: customers })
        .from(customerSessions)
        .innerJoin(customers, eq(customers.id, customerSessions.customerId))
        .where(
          and(
            eq(customerSessions.tokenHash, tokenHash(sessionToken)),
            gt(customerSessions.expiresAt, new Date()),
            eq(customers.channel, channel),
          ),
        );
      return row?.customer ?? null;
    },

    async verifyEmail(token) {
      const customer = await redeem(token, "verify-email");
      if (!customer) return null;
      const verifiedAt = customer.emailVerifiedAt ?? new Date();
      await db
        .update(customers)
        .set({ emailVerifiedAt: verifiedAt })
        .where(eq(customers.id, customer.id));
      return {
        customer: { ...customer, emailVerifiedAt: verifiedAt },
        sessionToken: await startSession(customer.id),
      };
    },

    async requestPasswordReset(email, site) {
      if (!(await mayMail(site.ip, email))) return { throttled: true };
      const customer = await findByEmail(site.channel, email);
      if (customer) {
        const token = await issueToken(customer.id, "reset-password");
        await mailer.send(accountMail("reset-password", customer, site, site.links.reset(token)));
      }
      return { throttled: false };
    },

    async resetPassword(token, password) {
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
      const redeemed = await redeem(token, "reset-password");
      if (!redeemed) return { ok: false, reason: "invalid-link" };
      await db
        .update(customers)
        // Whoever can read the mails of the address owns it: the reset also confirms it.
        .set({
          passwordHash: await hashPassword(password),
          emailVerifiedAt: customer.emailVerifiedAt ?? new Date(),
        })
        .where(eq(customers.id, customer.id));
      await db.delete(customerSessions).where(eq(customerSessions.customerId, customer.id));
      return { ok: true, customer, sessionToken: await startSession(customer.id) };
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
      return { ok: true, sessionToken: await startSession(customer.id) };
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
        await tx.delete(customers).where(eq(customers.id, customer.id));
      });
      // Who it was is gone with the account: the log says only that one was deleted.
      log.info({ id: "account-deleted", channel: customer.channel }, "account deleted");
      return { ok: true };
    },
  };
}

/** Removes expired sessions and tokens (run now and then). */
export async function pruneAccounts(db: Db, now = new Date()): Promise<void> {
  await db.delete(customerSessions).where(lt(customerSessions.expiresAt, now));
  await db.delete(customerTokens).where(lt(customerTokens.expiresAt, now));
}

/**
 * Operators of the back office: accounts with a role, log-in with password and second
 * factor, sessions, the first owner's setup link, and the audit log every change goes to.
 *
 * Sessions work as the customers' do (an opaque token in an HttpOnly cookie, only its
 * SHA-256 stored, a new token at every log-in and whenever the session gains the second
 * factor), but they are short: 12 hours at most and 30 minutes without a request.
 */
import { timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, ilike, isNull, lt, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import {
  auditLog,
  operatorRecoveryCodes,
  operators,
  operatorSessions,
  operatorSetupTokens,
} from "../../db/schema";
import { hit, type Window } from "../../db/throttle";
import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from "../../domain/constants";
import { checkPassword, hashPassword, passwordProblem } from "../customers/passwords";
import { newToken, sessionCookies, tokenHash } from "../customers/secrets";
import { needsSecondFactor, ROLES, type Role } from "../../domain/operatorRoles";
import { newTotpSecret, totpEnrollment, totpStep } from "./totp";

export const OPERATOR_SESSION_MS = 12 * MS_PER_HOUR;
export const OPERATOR_IDLE_MS = 30 * MS_PER_MINUTE;
const LAST_SEEN_GRANULARITY_MS = MS_PER_MINUTE;
export const SETUP_LINK_MS = MS_PER_DAY;
/** Failed log-ins one address or one caller may make in a quarter of an hour. */
export const LOGIN_ATTEMPTS: Window = { ms: 15 * MS_PER_MINUTE, limit: 10 };
export const RECOVERY_CODE_COUNT = 10;

export const ADMIN_COOKIE = "admin_session";

export type Operator = typeof operators.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;

/** Who does something: an operator, or the command line / setup link (no account yet). */
export interface Actor {
  id: number | null;
  email: string;
}

export const operatorInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "Enter a valid e-mail address" })),
  name: z.string().trim().min(1, { error: "Enter a name" }).max(120),
  role: z.enum(ROLES, { error: "Choose a role" }),
  password: z.string(),
});
export type OperatorInput = z.input<typeof operatorInputSchema>;

export type FieldErrors = Partial<Record<string, string>>;

const PASSWORD_TEXT = {
  "too-short": "Use at least 10 characters",
  "too-long": "Use at most 128 characters",
  "too-weak": "This password is too easy to guess: use a longer phrase",
} as const;

export type LoginResult =
  | { ok: true; token: string; operator: Operator; secondFactor: boolean }
  | { ok: false; problem: "throttled" | "credentials" | "code" };

export interface SessionView {
  operator: Operator;
  /** Whether this session may act: the second factor given, or the role needs none. */
  secondFactor: boolean;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Ten recovery codes of 10 letters and digits each (grouped for reading), shown once. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = newToken()
      .replace(/[^a-zA-Z0-9]/g, "")
      .slice(0, 10)
      .toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5, 10)}`;
  });
}

const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, "");

export function createOperatorService(options: { db: Db }) {
  const { db } = options;

  async function audit(
    actor: Actor,
    action: string,
    target: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    await db.insert(auditLog).values({
      operatorId: actor.id,
      operatorEmail: actor.email,
      action,
      target,
      details,
    });
  }

  async function startSession(
    operatorId: number,
    secondFactor: boolean,
    previous?: string,
    now = Date.now(),
  ): Promise<string> {
    const token = newToken();
    await db.transaction(async (tx) => {
      if (previous) {
        await tx
          .delete(operatorSessions)
          .where(eq(operatorSessions.tokenHash, tokenHash(previous)));
      }
      await tx.insert(operatorSessions).values({
        tokenHash: tokenHash(token),
        operatorId,
        secondFactor,
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + OPERATOR_SESSION_MS),
      });
    });
    return token;
  }

  /** Checks a TOTP code (each time step once) or a recovery code (each once). */
  async function checkSecondFactor(operator: Operator, code: string, now: number) {
    if (!operator.totpSecret || !operator.totpConfirmedAt) return false;
    const step = totpStep(operator.totpSecret, code, now);
    if (step !== null) {
      const [used] = await db
        .update(operators)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(operators.id, operator.id),
            or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
          ),
        )
        .returning({ id: operators.id });
      return used !== undefined;
    }
    const hash = tokenHash(normaliseRecovery(code));
    const [used] = await db
      .update(operatorRecoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(
        and(
          eq(operatorRecoveryCodes.operatorId, operator.id),
          eq(operatorRecoveryCodes.codeHash, hash),
          isNull(operatorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: operatorRecoveryCodes.id });
    return used !== undefined;
  }

  async function byEmail(email: string): Promise<Operator | null> {
    const [row] = await db
      .select()
      .from(operators)
      .where(eq(operators.email, email.trim().toLowerCase()));
    return row ?? null;
  }

  async function byId(id: number): Promise<Operator | null> {
    const [row] = await db.select().from(operators).where(eq(operators.id, id));
    return row ?? null;
  }

  async function ownerExists(): Promise<boolean> {
    const [row] = await db
      .select({ id: operators.id })
      .from(operators)
      .where(and(eq(operators.role, "owner"), isNull(operators.disabledAt)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Validates and creates an operator; answers the messages per field when the input is
   * wrong or the address is taken. Written to the audit log by `actor`.
   */
  async function create(
    actor: Actor,
    input: OperatorInput,
  ): Promise<{ ok: true; operator: Operator } | { ok: false; errors: FieldErrors }> {
    // Every field's message at once: the password is judged even when another field is wrong.
    const parsed = operatorInputSchema.safeParse(input);
    const errors: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    }
    const problem = await passwordProblem(input.password, [input.email, input.name]);
    if (problem) errors.password = PASSWORD_TEXT[problem];
    if (!parsed.success || problem) return { ok: false, errors };
    const { email, name, role, password } = parsed.data;
    if (await byEmail(email)) {
      return { ok: false, errors: { email: "An operator with this address exists" } };
    }
    const [operator] = await db
      .insert(operators)
      .values({ email, name, role, passwordHash: await hashPassword(password) })
      .onConflictDoNothing()
      .returning();
    if (!operator) return { ok: false, errors: { email: "An operator with this address exists" } };
    await audit(actor, "operator.create", `operator:${operator.id}`, { email, role });
    return { ok: true, operator };
  }

  return {
    audit,
    byId,
    ownerExists,
    create,

    /**
     * While no owner exists: a fresh one-time link token (kept a day) for the log at
     * start; null once an owner exists.
     */
    async setupToken(now = new Date()): Promise<string | null> {
      if (await ownerExists()) return null;
      const token = newToken();
      await db.delete(operatorSetupTokens).where(lt(operatorSetupTokens.expiresAt, now));
      await db.insert(operatorSetupTokens).values({
        tokenHash: tokenHash(token),
        expiresAt: new Date(now.getTime() + SETUP_LINK_MS),
      });
      return token;
    },

    /** Whether a setup link is still good (no owner yet, token known and not expired). */
    async setupTokenValid(token: string, now = new Date()): Promise<boolean> {
      if (!token || (await ownerExists())) return false;
      const [row] = await db
        .select()
        .from(operatorSetupTokens)
        .where(
          and(
            eq(operatorSetupTokens.tokenHash, tokenHash(token)),
            gt(operatorSetupTokens.expiresAt, now),
          ),
        );
      return row !== undefined;
    },

    /** Creates the first owner through the setup link, which then is used up with every other. */
    async createFirstOwner(token: string, input: Omit<OperatorInput, "role">) {
      if (!(await this.setupTokenValid(token)))
        return { ok: false as const, errors: { token: "This setup link is no longer valid" } };
      const result = await create({ id: null, email: "setup-link" }, { ...input, role: "owner" });
      if (result.ok) await db.delete(operatorSetupTokens);
      return result;
    },

    /**
     * Password and, when the operator has set it up, the second factor. A role that needs
     * the second factor but has none yet gets a session that only reaches its set-up.
     */
    async login(
      input: { email: string; password: string; code?: string; caller: string },
      now = Date.now(),
    ): Promise<LoginResult> {
      const email = input.email.trim().toLowerCase();
      const allowed =
        (await hit(db, `admin-login:${tokenHash(email)}`, LOGIN_ATTEMPTS, new Date(now))) &&
        (await hit(db, `admin-login-caller:${input.caller}`, LOGIN_ATTEMPTS, new Date(now)));
      if (!allowed) return { ok: false, problem: "throttled" };
      const operator = await byEmail(email);
      const passwordOk = await checkPassword(
        operator && !operator.disabledAt ? operator.passwordHash : null,
        input.password,
      );
      if (!operator || !passwordOk) return { ok: false, problem: "credentials" };
      const enrolled = operator.totpConfirmedAt !== null;
      let secondFactor = !needsSecondFactor(operator.role) && !enrolled;
      if (enrolled) {
        if (!input.code || !(await checkSecondFactor(operator, input.code, now))) {
          await audit(
            { id: operator.id, email: operator.email },
            "operator.login-failed",
            `operator:${operator.id}`,
            { reason: "second-factor" },
          );
          return { ok: false, problem: "code" };
        }
        secondFactor = true;
      }
      await db
        .update(operators)
        .set({ lastLoginAt: new Date(now) })
        .where(eq(operators.id, operator.id));
      await audit(
        { id: operator.id, email: operator.email },
        "operator.login",
        `operator:${operator.id}`,
        { secondFactor },
      );
      return {
        ok: true,
        token: await startSession(operator.id, secondFactor, undefined, now),
        operator,
        secondFactor,
      };
    },

    /** The operator of a live session (within both timeouts, not disabled), or null. */
    async session(token: string | undefined, now = new Date()): Promise<SessionView | null> {
      if (!token) return null;
      const hash = tokenHash(token);
      const [row] = await db
        .select({
          operator: operators,
          secondFactor: operatorSessions.secondFactor,
          lastSeenAt: operatorSessions.lastSeenAt,
        })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(
          and(
            eq(operatorSessions.tokenHash, hash),
            gt(operatorSessions.expiresAt, now),
            gt(operatorSessions.lastSeenAt, new Date(now.getTime() - OPERATOR_IDLE_MS)),
            isNull(operators.disabledAt),
          ),
        );
      if (!row) return null;
      if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_GRANULARITY_MS) {
        await db
          .update(operatorSessions)
          .set({ lastSeenAt: now })
          .where(eq(operatorSessions.tokenHash, hash));
      }
      const secondFactor =
        row.secondFactor ||
        (!needsSecondFactor(row.operator.role) && row.operator.totpConfirmedAt === null);
      return { operator: row.operator, secondFactor };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token)
        await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash(token)));
    },

    /**
     * An operator's own new password: the current one first (throttled like the log-in), the
     * new one checked like a customer's and hashed the same way; every other session of the
     * operator ends (a stolen session dies with the old password), the one in use stays.
     * Written to the audit log, without either password.
     */
    async changePassword(
      operatorId: number,
      sessionToken: string,
      input: { current: string; next: string; repeat: string },
      now = new Date(),
    ): Promise<{ ok: true; sessionsEnded: number } | { ok: false; errors: FieldErrors }> {
      const operator = await byId(operatorId);
      if (!operator || operator.disabledAt)
        return { ok: false, errors: { form: "No such operator" } };
      if (!(await hit(db, `admin-password:${operator.id}`, LOGIN_ATTEMPTS, now)))
        return { ok: false, errors: { current: "Too many tries: wait a quarter of an hour" } };
      if (!(await checkPassword(operator.passwordHash, input.current)))
        return { ok: false, errors: { current: "This is not your current password" } };
      if (input.next !== input.repeat)
        return { ok: false, errors: { repeat: "The two new passwords differ" } };
      if (input.next === input.current)
        return { ok: false, errors: { next: "Choose a password other than the current one" } };
      const problem = await passwordProblem(input.next, [operator.email, operator.name]);
      if (problem) return { ok: false, errors: { next: PASSWORD_TEXT[problem] } };
      const passwordHash = await hashPassword(input.next);
      const ended = await db.transaction(async (tx) => {
        await tx.update(operators).set({ passwordHash }).where(eq(operators.id, operator.id));
        return tx
          .delete(operatorSessions)
          .where(
            and(
              eq(operatorSessions.operatorId, operator.id),
              ne(operatorSessions.tokenHash, tokenHash(sessionToken)),
            ),
          )
          .returning({ hash: operatorSessions.tokenHash });
      });
      await audit(
        { id: operator.id, email: operator.email },
        "operator.password-changed",
        `operator:${operator.id}`,
        { sessionsEnded: ended.length },
      );
      return { ok: true, sessionsEnded: ended.length };
    },

    /** Ends every session of an operator (a role change, a removal, a suspected theft). */
    async endSessions(actor: Actor, operatorId: number): Promise<void> {
      await db.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
      await audit(actor, "operator.sessions-ended", `operator:${operatorId}`);
    },

    /**
     * Starts (or restarts) the set-up of the second factor: a new secret, not counted
     * until `confirmSecondFactor` proves it with a code.
     */
    async beginSecondFactor(
      operator: Operator,
    ): Promise<{ secret: string; url: string; qr: string }> {
      const secret = newTotpSecret();
      await db
        .update(operators)
        .set({ totpSecret: secret, totpConfirmedAt: null, totpLastStep: null })
        .where(and(eq(operators.id, operator.id), isNull(operators.totpConfirmedAt)));
      const [row] = await db.select().from(operators).where(eq(operators.id, operator.id));
      if (row?.totpConfirmedAt) throw new Error("second factor already set up");
      return { secret, ...(await totpEnrollment(secret, operator.email)) };
    },

    /** The pending secret's QR code again (a reload of the set-up page). */
    async pendingSecondFactor(operator: Operator) {
      if (!operator.totpSecret || operator.totpConfirmedAt) return null;
      return {
        secret: operator.totpSecret,
        ...(await totpEnrollment(operator.totpSecret, operator.email)),
      };
    },

    /**
     * Confirms the pending secret with a code from the app: the second factor counts from
     * now and the session gets a new token that carries it (the old one ends).
     */
    async confirmSecondFactor(
      operator: Operator,
      code: string,
      currentToken: string,
      now = Date.now(),
    ): Promise<{ ok: true; token: string } | { ok: false }> {
      if (!operator.totpSecret || operator.totpConfirmedAt) return { ok: false };
      const step = totpStep(operator.totpSecret, code, now);
      if (step === null) return { ok: false };
      const [confirmed] = await db
        .update(operators)
        .set({ totpConfirmedAt: new Date(now), totpLastStep: step })
        .where(and(eq(operators.id, operator.id), isNull(operators.totpConfirmedAt)))
        .returning({ id: operators.id });
      if (!confirmed) return { ok: false };
      await audit(
        { id: operator.id, email: operator.email },
        "operator.second-factor-set-up",
        `operator:${operator.id}`,
      );
      return { ok: true, token: await startSession(operator.id, true, currentToken, now) };
    },

    /**
     * New recovery codes for an operator with the second factor, answered once (only
     * their hashes are kept); the earlier codes stop working.
     */
    async replaceRecoveryCodes(operator: Operator): Promise<string[]> {
      if (!operator.totpConfirmedAt) throw new Error("no second factor to recover");
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await tx
          .delete(operatorRecoveryCodes)
          .where(eq(operatorRecoveryCodes.operatorId, operator.id));
        await tx.insert(operatorRecoveryCodes).values(
          codes.map((c) => ({
            operatorId: operator.id,
            codeHash: tokenHash(normaliseRecovery(c)),
          })),
        );
      });
      await audit(
        { id: operator.id, email: operator.email },
        "operator.recovery-codes-made",
        `operator:${operator.id}`,
      );
      return codes;
    },

    async recoveryCodesLeft(operatorId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(operatorRecoveryCodes)
        .where(
          and(
            eq(operatorRecoveryCodes.operatorId, operatorId),
            isNull(operatorRecoveryCodes.usedAt),
          ),
        );
      return row?.n ?? 0;
    },

    async list(): Promise<Operator[]> {
      return db.select().from(operators).orderBy(operators.email);
    },

    /** Changes a role or disables an operator; their sessions end either way. */
    async update(actor: Actor, operatorId: number, change: { role?: Role; disabled?: boolean }) {
      if (operatorId === actor.id)
        return { ok: false as const, problem: "Operators cannot change their own account here" };
      const set: Partial<Operator> = {};
      if (change.role) set.role = change.role;
      if (change.disabled !== undefined) set.disabledAt = change.disabled ? new Date() : null;
      const [row] = await db
        .update(operators)
        .set(set)
        .where(eq(operators.id, operatorId))
        .returning();
      if (!row) return { ok: false as const, problem: "No such operator" };
      await db.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
      await audit(actor, "operator.update", `operator:${operatorId}`, change);
      return { ok: true as const };
    },

    /** The newest audit entries, optionally those of one target or action prefix. */
    async auditEntries(
      filter: { target?: string; search?: string; limit?: number } = {},
    ): Promise<AuditEntry[]> {
      const where = [];
      if (filter.target) where.push(eq(auditLog.target, filter.target));
      if (filter.search) {
        const like = `%${filter.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        where.push(
          or(
            ilike(auditLog.action, like),
            ilike(auditLog.target, like),
            ilike(auditLog.operatorEmail, like),
          ),
        );
      }
      return db
        .select()
        .from(auditLog)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(filter.limit ?? 200);
    },

    /** Removes sessions past either timeout; says how many went. */
    async pruneSessions(now = new Date()): Promise<number> {
      const gone = await db
        .delete(operatorSessions)
        .where(
          or(
            lt(operatorSessions.expiresAt, now),
            lt(operatorSessions.lastSeenAt, new Date(now.getTime() - OPERATOR_IDLE_MS)),
          ),
        )
        .returning({ t: operatorSessions.tokenHash });
      return gone.length;
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;

/** A form's CSRF token: bound to the session token, so another site cannot know it. */
export function csrfToken(sessionToken: string): string {
  return tokenHash(`csrf:${sessionToken}`).slice(0, 43);
}

export function csrfValid(sessionToken: string, given: unknown): boolean {
  return typeof given === "string" && safeEqual(csrfToken(sessionToken), given);
}

// Strict: the back office is never entered signed in from another site's link.
const cookies = sessionCookies(ADMIN_COOKIE, OPERATOR_SESSION_MS, "Strict");

export const adminCookie: (token: string, secure: boolean) => string = cookies.cookie;
export const clearedAdminCookie: (secure: boolean) => string = cookies.cleared;

export function adminToken(header: string | null): string | undefined {
  return header ? cookies.token(header) : undefined;
}

/**
 * The back office: operators with a role, their sessions, second factors and recovery
 * codes, the one-time link that creates the first owner, and the audit log of every
 * change an operator makes.
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A person who works in the back office; the role says what they may do. */
export const operators = pgTable(
  "operators",
  {
    id: serial("id").primaryKey(),
    /** Lowercased and trimmed. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", {
      enum: ["owner", "operator", "production", "content_editor"],
    }).notNull(),
    /** argon2id, as the customers' passwords. */
    passwordHash: text("password_hash").notNull(),
    /** The TOTP secret (base32) once the operator has set up the second factor. */
    totpSecret: text("totp_secret"),
    /** When the operator proved the secret with a first code; until then it does not count. */
    totpConfirmedAt: timestamp("totp_confirmed_at", { withTimezone: true }),
    /** The last TOTP time step used, so a code is accepted only once. */
    totpLastStep: integer("totp_last_step"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("operators_email").on(t.email)],
);

/** A signed-in back-office browser: only the SHA-256 of the cookie's token is kept. */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    /** Whether the second factor was given (or the role needs none) in this session. */
    secondFactor: boolean("second_factor").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("operator_sessions_operator").on(t.operatorId)],
);

/** Single-use codes that stand in for the TOTP app once each; only their SHA-256 is kept. */
export const operatorRecoveryCodes = pgTable(
  "operator_recovery_codes",
  {
    id: serial("id").primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("operator_recovery_codes_operator").on(t.operatorId)],
);

/** The link that creates the first owner, printed in the log while no owner exists. */
export const operatorSetupTokens = pgTable("operator_setup_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Who changed what and when; kept for good (an operator's removal keeps their address here). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Null for the command line and the setup link. */
    operatorId: integer("operator_id"),
    operatorEmail: text("operator_email").notNull(),
    action: text("action").notNull(),
    /** What the action was about, e.g. "customer:12", "operator:3", "voucher:WINTER". */
    target: text("target").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("audit_log_at").on(t.at), index("audit_log_target").on(t.target)],
);

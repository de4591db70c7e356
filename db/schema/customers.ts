/**
 * Customers: accounts per brand, their sessions, single-use e-mail tokens (address
 * verification, password reset), the mail outbox and the counters that throttle
 * log-ins and other abusable calls.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** An account of one brand; the same address may hold an account with each brand. */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    /** The customer number shown to the customer and to the service team. */
    number: text("number").notNull().unique(),
    /** Lowercased and trimmed. */
    email: text("email").notNull(),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** argon2id; null for an account that only signs in with Google. */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** The customer type; 0 for consumers. */
    type: integer("type").notNull().default(0),
    isWhitelabel: boolean("is_whitelabel").notNull().default(false),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The Google account ("sub" of its ID tokens) that signs in to this account, once it
     * has; later Google log-ins find the account by it even after an address change.
     */
    googleSubject: text("google_subject"),
  },
  (t) => [
    uniqueIndex("customers_channel_email").on(t.channel, t.email),
    uniqueIndex("customers_channel_google_subject").on(t.channel, t.googleSubject),
  ],
);

/** A signed-in browser: only the SHA-256 of the cookie's token is kept. */
export const customerSessions = pgTable(
  "customer_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end, fixed at log-in. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the browser last used it (written at most every few minutes): the idle timeout. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_sessions_customer").on(t.customerId)],
);

/**
 * Sign-ups waiting for their mailed link. Each request is its own row with the password
 * and name it chose, so a sign-up confirmed later takes exactly what that request asked
 * for, never what someone typed in for the address before; no account exists until then.
 */
export const customerSignUps = pgTable(
  "customer_sign_ups",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    /** Lowercased and trimmed. */
    email: text("email").notNull(),
    /** SHA-256 of the mailed link's token. */
    tokenHash: text("token_hash").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    locale: text("locale").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("customer_sign_ups_email").on(t.channel, t.email)],
);

/** Single-use tokens sent by e-mail; only their SHA-256 is kept. */
export const customerTokens = pgTable(
  "customer_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify-email", "reset-password"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("customer_tokens_customer").on(t.customerId, t.purpose)],
);

/** Every e-mail the shop sends, written first here; a sender delivers it (SMTP) or not (embedded). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** What the mail is for: sign-up, password reset … */
    kind: text("kind").notNull(),
    /** Where an answer goes instead of the sender (a contact form's shopper); null: the sender. */
    replyTo: text("reply_to"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    index("mail_outbox_unsent")
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Counters per key and fixed window, shared by every process on the database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [uniqueIndex("rate_limits_key_window").on(t.key, t.windowStart)],
);

/**
 * Newsletter subscriptions, one per address and brand. An entry is pending until the
 * link of its confirmation mail is followed; unconfirmed entries expire.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    email: text("email").notNull(),
    locale: text("locale").notNull(),
    status: text("status", { enum: ["pending", "confirmed", "unsubscribed"] }).notNull(),
    /** Where the form was: the uniqueIdentifier the page sent. */
    source: text("source").notNull(),
    /** SHA-256 of the confirmation link's token (pending entries only). */
    confirmTokenHash: text("confirm_token_hash"),
    /** SHA-256 of the token in every mail's unsubscribe link. */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_channel_email").on(t.channel, t.email),
    index("newsletter_confirm_token").on(t.confirmTokenHash),
    index("newsletter_unsubscribe_token").on(t.unsubscribeTokenHash),
  ],
);

/**
 * Each successful log-in of a customer (password, Google, a confirmed sign-up link, a
 * password reset): when, how, the network of the address (cut as domain/logInHistory.ts
 * says) and the browser family. Kept LOG_IN_HISTORY_DAYS, and goes with the account.
 */
export const customerLogIns = pgTable(
  "customer_log_ins",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    /** The address's network ("203.0.113.0/24", "2001:db8:85a3::/48"), never the address. */
    network: text("network").notNull(),
    /** "Firefox on Windows"; never the whole user-agent string. */
    browser: text("browser").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_log_ins_customer").on(t.customerId, t.createdAt),
    index("customer_log_ins_created").on(t.createdAt),
  ],
);

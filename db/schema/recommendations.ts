/**
 * Recommendations of the shop to a friend: one per friend address and brand, kept only as
 * a hash of the address (it is never needed again except to recognise the friend's first
 * order). The sender is written to once more, with their voucher, after that order is paid.
 */
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const recommendations = pgTable(
  "recommendations",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    locale: text("locale").notNull(),
    /** SHA-256 of the friend's address, trimmed and lowercased. */
    friendHash: text("friend_hash").notNull(),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    /** The friend's first-order voucher. */
    friendCode: text("friend_code").notNull(),
    /** The sender's voucher, issued once the friend's first order is paid. */
    senderCode: text("sender_code"),
    /** The order that earned the sender's voucher. */
    rewardOrderId: integer("reward_order_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("recommendations_friend").on(t.channel, t.friendHash)],
);

/**
 * Carts: one per brand and anonymous visitor (by visitor key) or customer; a visitor's
 * cart moves into the customer's on log-in. Lines keep the designer's product and options;
 * prices always come fresh from the catalogue.
 */
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { customers } from "./customers";

export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    visitorKey: text("visitor_key"),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    voucherCode: text("voucher_code"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("carts_channel_visitor").on(t.channel, t.visitorKey),
    uniqueIndex("carts_channel_customer").on(t.channel, t.customerId),
  ],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    product: text("product").notNull(),
    options: jsonb("options").$type<Record<string, string>>().notNull(),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cart_lines_cart").on(t.cartId)],
);

/**
 * The voucher ledger: a use is reserved when a checkout starts, redeemed with the order and
 * released when the checkout is abandoned. Reserved and redeemed uses count against the
 * voucher's limits; released ones do not.
 */
export const voucherUses = pgTable(
  "voucher_uses",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    code: text("code").notNull(),
    cartId: integer("cart_id").references(() => carts.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    state: text("state").$type<"reserved" | "redeemed" | "released">().notNull(),
    discountMinor: integer("discount_minor").notNull(),
    currency: text("currency").notNull(),
    orderRef: text("order_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("voucher_uses_code").on(t.channel, t.code, t.state),
    index("voucher_uses_customer").on(t.customerId),
  ],
);

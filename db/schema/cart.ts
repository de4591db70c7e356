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

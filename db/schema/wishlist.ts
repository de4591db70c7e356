/**
 * The wishlist: card themes a visitor (by visitor key) or a customer saved, one row per
 * theme and owner in a brand. A visitor's rows move to the customer at log-in, as the
 * cart's lines do. Themes are named by id only: the list is shown from the catalogue.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers } from "./customers";

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    visitorKey: text("visitor_key"),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    themeId: text("theme_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wishlist_items_visitor_theme").on(t.channel, t.visitorKey, t.themeId),
    uniqueIndex("wishlist_items_customer_theme").on(t.channel, t.customerId, t.themeId),
    index("wishlist_items_created").on(t.createdAt),
  ],
);

/**
 * The design studio's designs (server/studio/designs.ts): a row per design a shopper
 * started, owned like the cart by a customer or else a visitor key. The document is the
 * whole design (domain/studio/document.ts); its version counts the saves, so a save made
 * from an older copy is refused instead of overwriting a newer one.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { cartLines } from "./cart";
import { customers } from "./customers";

export const studioDesigns = pgTable(
  "studio_designs",
  {
    /** Unguessable (24 characters of random base64url). */
    id: text("id").primaryKey(),
    /** The shop the design was started in. */
    channel: text("channel").notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    visitorKey: text("visitor_key"),
    /** The product configuration as the cart takes it (kind and options). */
    configuration: jsonb("configuration").$type<Record<string, unknown>>().notNull(),
    /** The card theme the design started from, if any. */
    themeId: text("theme_id"),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    version: integer("version").notNull().default(1),
    /** The cart line that holds the design: such a design is never deleted as abandoned. */
    cartLineId: integer("cart_line_id").references(() => cartLines.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("studio_designs_customer").on(t.customerId),
    index("studio_designs_visitor").on(t.visitorKey),
    index("studio_designs_updated").on(t.updatedAt),
    // Exactly one owner.
    check("studio_designs_owner", sql`(${t.customerId} is null) <> (${t.visitorKey} is null)`),
  ],
);

/**
 * Shoppers' own photos the shop keeps: the toolbox's results (server/toolbox), made from a
 * shopper's files and deleted once they expire, and the customer pictures
 * (server/customerPictures) customers show in the gallery once an editor approved them.
 * Kept in the database so every shop process can hand them out.
 */
import { customType, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "./customers";

/** Binary data: node-postgres reads it as a Buffer, PGlite as a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const toolboxFiles = pgTable(
  "toolbox_files",
  {
    /** An unguessable token: whoever has it may download the file until it expires. */
    id: text("id").primaryKey(),
    channel: text("channel").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    data: bytea("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("toolbox_files_expires").on(t.expiresAt)],
);

export const customerPictures = pgTable(
  "customer_pictures",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    /** The customer who showed it; the picture goes with their account. */
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** The name shown under it: the customer's first name when it was handed in. */
    name: text("name").notNull(),
    caption: text("caption").notNull().default(""),
    /** The product family it shows (e.g. "photobook"), or "" for none in particular. */
    product: text("product").notNull().default(""),
    /** "pending" until an editor approves it ("approved"); a refused one is deleted. */
    status: text("status").notNull().default("pending"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The photo as shown large (a JPEG, at most 1600 px) and as a tile (480 px). */
    large: bytea("large").notNull(),
    small: bytea("small").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
  },
  (t) => [
    index("customer_pictures_shown").on(t.channel, t.status, t.approvedAt),
    index("customer_pictures_customer").on(t.customerId),
  ],
);

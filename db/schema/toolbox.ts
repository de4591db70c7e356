/**
 * The toolbox's results (server/toolbox): files a shopper made from their own photos, kept
 * in the database so every shop process can hand them out, and deleted once they expire.
 */
import { customType, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

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

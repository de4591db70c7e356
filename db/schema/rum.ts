/**
 * Real-user monitoring: the errors and web vitals browsers report to /web-api/rum, kept
 * for the operator (the newest first) and pruned after a retention period.
 */
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

export const rumEvents = pgTable(
  "rum_events",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").notNull(),
    /** "vital" or "error". */
    type: text("type").notNull(),
    /** The vital's name (LCP, CLS …) or the error's message. */
    name: text("name").notNull(),
    value: doublePrecision("value"),
    rating: text("rating"),
    source: text("source"),
    line: integer("line"),
    column: integer("column"),
    device: text("device").notNull(),
    path: text("path").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("rum_events_received").on(t.receivedAt),
    index("rum_events_type_name").on(t.type, t.name),
  ],
);

/**
 * The design studio's photos (server/studio/photos.ts): a row per photo a shopper handed
 * in, owned by a visitor (their visitor key) or a customer. The pictures themselves (the
 * upright original for printing and a screen copy for the editor) live in the studio's
 * storage (disk or S3) under the photo's id; the row says what they are.
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "./customers";

export const studioPhotos = pgTable(
  "studio_photos",
  {
    /** Unguessable (24 characters of random base64url); also the photo's name in storage. */
    id: text("id").primaryKey(),
    /** The customer who owns it; the photo goes with their account. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    /** Else the visitor key of the browser that handed it in. */
    visitorKey: text("visitor_key"),
    /** SHA-256 (hex) of the file as handed in: the same file again is the same photo. */
    sha256: text("sha256").notNull(),
    /** The upright original's size in pixels. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The original as kept: image/jpeg or image/png, and its bytes (counted in the quota). */
    originalType: text("original_type").notNull(),
    originalBytes: bigint("original_bytes", { mode: "number" }).notNull(),
    /** The screen copy: image/jpeg or image/webp, and its size in pixels. */
    screenType: text("screen_type").notNull(),
    screenWidth: integer("screen_width").notNull(),
    screenHeight: integer("screen_height").notNull(),
    /**
     * When the picture was taken: the camera's EXIF date as it reads on the camera (no
     * time zone); null when the file had none. Photo books lay photos out in this order.
     */
    capturedAt: timestamp("captured_at"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Last handed in again, shown or used by a design; retention counts from here. */
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("studio_photos_customer").on(t.customerId, t.sha256),
    index("studio_photos_visitor").on(t.visitorKey, t.sha256),
    index("studio_photos_used").on(t.usedAt),
    // Exactly one owner.
    check("studio_photos_owner", sql`(${t.customerId} is null) <> (${t.visitorKey} is null)`),
  ],
);

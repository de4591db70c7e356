/**
 * The zod field types every content schema shares: the page blocks' (blocks/schemas.server.ts)
 * and the global configuration's and campaigns' (app/content/). Each field is tolerant, as
 * editors expect: a missing or malformed value gives the field's empty value, never a
 * failed story, and each follows the one rule of domain/ for its kind of value.
 */
import { z } from "zod";
import { contentColour, linkTarget } from "../../domain/contentFields";
import { contentDateIso } from "../../domain/dates";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value read later by its own rule (inline HTML, an asset, a link localised for the page). */
export const rawField = z.unknown().optional();

/** Text, trimmed; "" when it is not text. */
export const textField = z
  .unknown()
  .transform((v) => (typeof v === "string" ? v.trim() : ""))
  .default("");

/** A checkbox: true for true or "true". */
export const flagField = z
  .unknown()
  .transform((v) => v === true || v === "true")
  .default(false);

/** A colour the shop accepts, or null (the field's default applies). */
export const colourField = z
  .unknown()
  .transform((v) => contentColour(v))
  .default(null);

/** A Storyblok date as ISO 8601 UTC, or null when it is none. */
export const dateField = z
  .unknown()
  .transform((v) => contentDateIso(v) ?? null)
  .default(null);

/** A link field's target before it is checked and localised for the page; "" when none. */
export const linkField = z
  .unknown()
  .transform((v) => linkTarget(v))
  .default("");

/**
 * A list of blocks, each read by `schema`; a single block written without its list counts
 * as a list of one, and entries that are not blocks (or fail `schema`) are left out.
 */
export function blockList<T extends z.ZodType>(schema: T) {
  return z.unknown().transform((value) => {
    const entries = isRecord(value) ? [value] : Array.isArray(value) ? value.filter(isRecord) : [];
    return entries.flatMap((entry) => {
      const parsed = schema.safeParse(entry);
      return parsed.success ? [parsed.data as z.output<T>] : [];
    });
  });
}

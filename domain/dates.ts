/**
 * The one rule for dates written in the content system. Storyblok's date field stores
 * UTC: a date-time without an offset ("2027-01-31 23:59", "2027-01-31T23:59") means that
 * time in UTC, never in the server's or the visitor's time zone. An explicit offset or
 * "Z" is honoured; a plain day is its midnight UTC; anything else is no date.
 */

const CONTENT_DATE =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** "2027-02-30" is not a day (Date.parse would roll it over into March). */
function isCalendarDay(day: string): boolean {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, date));
  return utc.getUTCMonth() === month - 1 && utc.getUTCDate() === date;
}

/** The instant (ms since the epoch) a content date stands for, or null when it is none. */
export function contentInstant(value: unknown): number | null {
  const match = CONTENT_DATE.exec(typeof value === "string" ? value.trim() : "");
  if (!match) return null;
  const [, day = "", time, seconds = ":00", zone = "Z"] = match;
  if (!isCalendarDay(day)) return null;
  const offset = zone.toUpperCase() === "Z" ? "Z" : zone.replace(/^([+-]\d{2})(\d{2})$/, "$1:$2");
  const iso = time ? `${day}T${time}${seconds}${offset}` : `${day}T00:00:00Z`;
  const instant = Date.parse(iso);
  return Number.isNaN(instant) ? null : instant;
}

/** A content date as ISO 8601 in UTC ("2027-01-31T23:59:00.000Z"), or undefined when it is none. */
export function contentDateIso(value: unknown): string | undefined {
  const instant = contentInstant(value);
  return instant === null ? undefined : new Date(instant).toISOString();
}

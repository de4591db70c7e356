/**
 * Recent moments said the way people say them: "just now", "5 minutes ago", "vor 5 Minuten",
 * in the visitor's language (Intl.RelativeTimeFormat). Only the last hour is relative; an
 * older moment (or one in the future, a clock out of step) is for the caller to show as a
 * date and time of day.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The first minute, as people say it: Intl's own word ("now", "jetzt") sounds like a
 * countdown, so each language of the shop has its "just now"; another language gets Intl's.
 */
const JUST_NOW: Readonly<Record<string, string>> = {
  en: "just now",
  de: "gerade eben",
  fr: "à l'instant",
  it: "proprio ora",
  es: "hace un momento",
  nl: "zojuist",
};

/** The moment relative to now within the last hour, else null. */
export function recentTime(at: Date | number, now: Date | number, locale: string): string | null {
  const ago = +now - +at;
  // A minute's skew between clocks still counts as now.
  if (ago < -MINUTE_MS || ago >= HOUR_MS) return null;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  if (ago < MINUTE_MS) return JUST_NOW[locale.split("-")[0] ?? ""] ?? format.format(0, "second");
  return format.format(-Math.floor(ago / MINUTE_MS), "minute");
}

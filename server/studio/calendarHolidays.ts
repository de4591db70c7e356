/**
 * Public holidays for a calendar, from the maintained holiday library `date-holidays`: the
 * days that are public holidays in the shop's country, or in the region (canton, state,
 * province) the shopper chose where they differ, named in the calendar's language. Only
 * holidays of the type "public" are marked: observances (Mother's Day …) are not days off.
 */
import Holidays from "date-holidays";
import {
  calendarYears,
  type CalendarSettings,
  type Holidays as HolidayMap,
} from "../../domain/studio/calendar";

export interface HolidayRegion {
  code: string;
  name: string;
}

function library(country: string, region: string | undefined, language: string) {
  const options = { languages: [language], types: ["public" as const] };
  return region ? new Holidays(country, region, options) : new Holidays(country, options);
}

/**
 * The regions of a country whose holidays the library knows, by name in `language` where
 * it has one (sorted as the language sorts); empty for a country without regions.
 */
export function holidayRegions(country: string, language: string): HolidayRegion[] {
  const states = new Holidays().getStates(country, language) ?? {};
  return Object.entries(states)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/** Whether `region` is one of the country's regions. */
export function isHolidayRegion(country: string, region: string): boolean {
  return holidayRegions(country, "en").some((r) => r.code === region);
}

/**
 * The public holidays of `years`, 'YYYY-MM-DD' → name (two holidays on one day are named
 * together). A region the library does not know counts as the country as a whole.
 */
export function publicHolidays(
  country: string,
  region: string | undefined,
  years: readonly number[],
  language: string,
): Map<string, string> {
  const known = region && isHolidayRegion(country, region) ? region : undefined;
  const days = new Map<string, string>();
  let lib: ReturnType<typeof library>;
  try {
    lib = library(country, known, language);
  } catch {
    return days;
  }
  for (const year of years) {
    for (const h of lib.getHolidays(year, language) || []) {
      if (h.type !== "public") continue;
      const day = h.date.slice(0, 10);
      const before = days.get(day);
      if (before === undefined) days.set(day, h.name);
      else if (!before.split(" / ").includes(h.name)) days.set(day, `${before} / ${h.name}`);
    }
  }
  return days;
}

/** The holidays a calendar's settings mark: its country's (and region's) over its months. */
export function calendarHolidays(settings: CalendarSettings): HolidayMap {
  return publicHolidays(
    settings.country,
    settings.region,
    calendarYears(settings.year, settings.startMonth),
    settings.locale.slice(0, 2),
  );
}

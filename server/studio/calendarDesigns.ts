/**
 * What the designs service does for calendars: a new calendar starts in the storefront's
 * language with the holidays of the shop's country, from the month the product page chose;
 * a save keeps those (the cart priced that calendar) and takes a region only from the
 * country's list; the preflight warns about anything in the binding's band.
 */
import {
  calendarTemplate,
  layoutProblems,
  type CalendarDesignGroup,
  type CalendarSettings,
} from "../../domain/studio/calendar";
import { bindingProblemsOf } from "../../domain/studio/binding";
import type { StudioConfiguration } from "../../domain/studio/configuration";
import type { DesignDocument, ProductRef } from "../../domain/studio/document";
import type { PrintProfile } from "../../domain/studio/profiles";
import { calendarHolidays, isHolidayRegion } from "./calendarHolidays";

type CalendarConfiguration = Extract<StudioConfiguration, { kind: "calendar" }>;

/**
 * The settings a calendar design starts with: the configuration's start, the storefront's
 * locale, and the design group it is made in (whose layouts the pages are offered).
 */
export function calendarSettingsOf(
  configuration: CalendarConfiguration,
  locale: string,
  designGroup?: CalendarDesignGroup,
): CalendarSettings {
  const [year = "", month = ""] = configuration.start.split("-");
  return {
    year: Number(year),
    startMonth: Number(month),
    locale,
    country: locale.slice(3, 5),
    dates: [],
    ...(designGroup ? { designGroup } : {}),
  };
}

/**
 * A new calendar's document: cover and months laid out in the design group's default
 * layouts, grids named and holidays marked.
 */
export function calendarDocument(
  configuration: CalendarConfiguration,
  product: ProductRef,
  profile: PrintProfile,
  locale: string,
  designGroup: CalendarDesignGroup,
): DesignDocument {
  const settings = calendarSettingsOf(configuration, locale, designGroup);
  return calendarTemplate(product, profile, settings, calendarHolidays(settings));
}

/**
 * Where a saved calendar's settings break the rules, as path → what is wrong: the start,
 * language and country stay the design's (the cart priced that calendar; the storefront
 * chose the language), so does its design group, each page's layout is one the group
 * offers, a region is one of the country's.
 */
export function calendarSaveErrors(
  before: DesignDocument,
  next: DesignDocument,
): Record<string, string> {
  const was = before.calendar;
  if (!was) return {};
  const now = next.calendar;
  if (!now) return { "document.calendar": "a calendar keeps its settings" };
  const errors: Record<string, string> = {};
  for (const key of ["year", "startMonth", "locale", "country"] as const)
    if (now[key] !== was[key]) errors[`document.calendar.${key}`] = `is ${was[key]}`;
  if (JSON.stringify(now.designGroup) !== JSON.stringify(was.designGroup))
    errors["document.calendar.designGroup"] = "a calendar keeps its design group";
  else Object.assign(errors, layoutProblems(next));
  if (now.region !== undefined && !isHolidayRegion(now.country, now.region))
    errors["document.calendar.region"] = `not a region of ${now.country}`;
  return errors;
}

/**
 * The elements that reach into the binding's band: a calendar's holes, block or foot; a
 * photo book's gutter (see domain/studio/binding.ts).
 */
export function bindingProblems(
  doc: DesignDocument,
  profile: PrintProfile,
): { surface: string; element: string }[] {
  return bindingProblemsOf(doc.surfaces, profile);
}

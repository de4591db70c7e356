/**
 * The print profile of a calendar: a cover and twelve month pages, all of the format's size,
 * with the band its binding takes kept clear. Every calendar type, format and mounting the
 * catalogue sells has one; the catalogue's format codes ("a3-hoch") are its sizes in mm.
 */
import { CALENDAR_FORMATS, CALENDAR_MOUNTINGS, CALENDAR_TYPES } from "../catalogue";
import { parseFormat } from "../formats";
import type { PpiThresholds, ProductRef } from "./document";

/** Months a calendar has: one page each after its cover. */
export const CALENDAR_MONTHS = 12;

/** Where a calendar's binding sits on each page and how much of the page it takes (mm). */
export interface CalendarBinding {
  edge: "top" | "bottom";
  depth: number;
}

/**
 * The band each mounting needs clear of pictures and words, measured from the trim:
 *  - a spiral (wire-o) and punched holes go through the top edge: the holes sit about 6 mm
 *    in, with room for the wire to turn;
 *  - a wooden block clamps the top of the sheets;
 *  - a wooden foot holds the pages standing in its slot at the bottom;
 *  - loose sheets ("ohne") have no binding.
 */
export const CALENDAR_BINDINGS: Readonly<Record<string, CalendarBinding | null>> = {
  spirale: { edge: "top", depth: 12 },
  lochung: { edge: "top", depth: 12 },
  holzblock: { edge: "top", depth: 15 },
  holzfuss: { edge: "bottom", depth: 15 },
  ohne: null,
};

/** Calendars are looked at from close by, like cards: the same resolution thresholds. */
export const CALENDAR_PPI: PpiThresholds = { good: 300, acceptable: 150, poor: 100 };

/** The calendar types the studio designs (all the catalogue sells). */
export const STUDIO_CALENDAR_TYPES: readonly string[] = CALENDAR_TYPES;

/** A calendar format code's size as 'WxH' mm, or null for a code the catalogue has not. */
export function calendarFormat(code: string): string | null {
  return Object.hasOwn(CALENDAR_FORMATS, code)
    ? CALENDAR_FORMATS[code as keyof typeof CALENDAR_FORMATS]
    : null;
}

/** The binding of a calendar product, or undefined when it has none (or is not a calendar). */
export function calendarBinding(product: ProductRef): CalendarBinding | undefined {
  if (product.family !== "calendar") return undefined;
  return CALENDAR_BINDINGS[product.options.mounting ?? ""] ?? undefined;
}

/** Whether a product is a calendar the studio knows: a known type and mounting, a valid size. */
export function isDesignableCalendar(product: ProductRef): boolean {
  return (
    product.family === "calendar" &&
    STUDIO_CALENDAR_TYPES.includes(product.options.calendarType ?? "") &&
    (CALENDAR_MOUNTINGS as readonly string[]).includes(product.options.mounting ?? "") &&
    parseFormat(product.format).width > 0
  );
}

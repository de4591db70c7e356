/**
 * Calendars in the studio: a cover and twelve month pages from the chosen start month (the
 * year may turn on the way), each month's grid in the storefront's language, the public
 * holidays of the shop's country (and region) marked in colour with their names, and the
 * shopper's own dates (birthdays …) printed in their day's cell.
 *
 * The grid is drawn as ordinary locked text and shape elements whose ids start with
 * {@link CALENDAR_ELEMENT_PREFIX}, so the editor and the print file draw it like any other
 * element; when a setting changes only those are made anew, the shopper's photos and
 * words stay. The photo frames of a page come from the layouts the calendar's design group
 * (the catalogue's, one per calendar type) offers and are normal photo frames. Nothing is placed in the band the binding takes (spiral holes at the top,
 * a wooden foot at the bottom).
 *
 * Holidays come in as data (see calendarHolidays.ts), so this file needs no holiday library.
 */
import { calendarBinding, CALENDAR_MONTHS, type CalendarBinding } from "./calendarProfile";
import {
  CALENDAR_ELEMENT_PREFIX,
  DOCUMENT_SCHEMA_VERSION,
  MIN_TEXT_PT,
  MM_PER_POINT,
  type DesignDocument,
  type Element,
  type PhotoElement,
  type ProductRef,
  type Rect,
  type Surface,
  type TextElement,
} from "./document";
import { surfacesOf, type PrintProfile } from "./profiles";

export type CalendarSettings = NonNullable<DesignDocument["calendar"]>;
export type OwnDate = CalendarSettings["dates"][number];

export { CALENDAR_ELEMENT_PREFIX };
/** Ids of a layout's photo frames: replaced when the shopper picks another layout. */
const FRAME_PREFIX = "frame-";

/** Public holidays by day, 'YYYY-MM-DD' → the holiday's name in the calendar's language. */
export type Holidays = ReadonlyMap<string, string>;

/** Lines of text are this many times their size apart (as the print file sets them). */
const LINE_SPACING = 1.2;
/** A rough mean advance of a character, in ems, to fit names into a cell (Inter, Lora). */
const CHAR_EM = 0.55;
/** Space between photo frames and between the photos and the grid (mm). */
const GAP = 3;

const INK = "#212121";
const WEEKEND = "#757575";
const HOLIDAY = "#c62828";
const OWN_DATE = "#1565c0";
const RULE = "#bdbdbd";

// ------------------------------------------------------------------ dates and names

export interface CalendarMonth {
  year: number;
  /** 1..12 */
  month: number;
}

/** The twelve months a calendar starting at `year`-`startMonth` shows, turning the year if need be. */
export function calendarMonths(year: number, startMonth: number): CalendarMonth[] {
  return Array.from({ length: CALENDAR_MONTHS }, (_, i) => {
    const index = startMonth - 1 + i;
    return { year: year + Math.floor(index / 12), month: (index % 12) + 1 };
  });
}

/** The years a calendar's months fall in (one, or two when it crosses the year's end). */
export function calendarYears(year: number, startMonth: number): number[] {
  return [...new Set(calendarMonths(year, startMonth).map((m) => m.year))];
}

/**
 * The first day of the week (0 Sunday, 1 Monday) where the calendar is sold: Monday
 * everywhere the shop sells (ISO weeks, as European calendars print them) except the United
 * States, whose calendars start on Sunday.
 */
export function firstDayOfWeek(locale: string): 0 | 1 {
  return locale.endsWith("-US") ? 0 : 1;
}

/** Days in a month (1..12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function capitalised(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** The month's name in the locale's language, capitalised as a calendar's heading ("Mars"). */
export function monthName(year: number, month: number, locale: string): string {
  const name = new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  return capitalised(name, locale);
}

/** The seven short weekday names in the order the locale's weeks start ("Lun." … "Dim."). */
export function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
  const first = firstDayOfWeek(locale);
  // 2023-01-01 was a Sunday: day d of the week is the first plus d.
  return Array.from({ length: 7 }, (_, i) =>
    capitalised(format.format(new Date(Date.UTC(2023, 0, 1 + ((first + i) % 7)))), locale),
  );
}

export interface MonthGrid {
  title: string;
  weekdays: string[];
  /** The weeks as rows of seven days (null: a day of the month before or after). */
  weeks: (number | null)[][];
  /** The weekday (0 Sunday … 6 Saturday) of each column. */
  columns: number[];
}

/** A month as a calendar prints it: its heading, the weekday names and the weeks. */
export function monthGrid(year: number, month: number, locale: string): MonthGrid {
  const first = firstDayOfWeek(locale);
  const startsOn = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const lead = (startsOn - first + 7) % 7;
  const days = daysInMonth(year, month);
  const cells: (number | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: days }, (_, i) => i + 1),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return {
    title: `${monthName(year, month, locale)} ${year}`,
    weekdays: weekdayNames(locale),
    weeks,
    columns: Array.from({ length: 7 }, (_, i) => (first + i) % 7),
  };
}

/** 'YYYY-MM-DD' of a day. */
export function isoDay(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

// ------------------------------------------------------------------ own dates

/** Longest label of an own date (as the document's schema allows). */
export const OWN_DATE_LABEL_MAX = 40;
/** Most own dates a calendar keeps. */
export const OWN_DATES_MAX = 200;

export type OwnDateProblem = "day" | "label" | "full" | "duplicate";

/**
 * Why an own date cannot be added, or null when it can: a day the month has (29 February
 * counts: a birthday on it is printed in leap years), a label of 1 to 40 characters, room
 * for it, and not the same day and label twice.
 */
export function ownDateProblem(settings: CalendarSettings, date: OwnDate): OwnDateProblem | null {
  const label = date.label.trim();
  if (
    !Number.isInteger(date.month) ||
    !Number.isInteger(date.day) ||
    date.month < 1 ||
    date.month > 12 ||
    date.day < 1 ||
    date.day > daysInMonth(2024, date.month) // a leap year: every day a month can have
  )
    return "day";
  if (label.length === 0 || label.length > OWN_DATE_LABEL_MAX) return "label";
  if (settings.dates.length >= OWN_DATES_MAX) return "full";
  if (settings.dates.some((d) => d.month === date.month && d.day === date.day && d.label === label))
    return "duplicate";
  return null;
}

/** The settings with an own date added, sorted by month and day. */
export function withOwnDate(settings: CalendarSettings, date: OwnDate): CalendarSettings {
  const dates = [...settings.dates, { ...date, label: date.label.trim() }];
  dates.sort((a, b) => a.month - b.month || a.day - b.day);
  return { ...settings, dates };
}

/** The settings without the own date at `index`. */
export function withoutOwnDate(settings: CalendarSettings, index: number): CalendarSettings {
  return { ...settings, dates: settings.dates.filter((_, i) => i !== index) };
}

// ------------------------------------------------------------------ layouts

/** A photo frame of a layout, as fractions of the page's photo area. */
type Cell = readonly [x: number, y: number, width: number, height: number];

export interface CalendarLayout {
  id: string;
  /** The page kind it is for. */
  page: "cover" | "month";
  cells: readonly Cell[];
  /** One photo running to the page's edges (into the bleed), rather than framed inside it. */
  fullBleed: boolean;
}

/** The layouts a calendar's pages are laid out from: the first of each kind is the default. */
export const CALENDAR_LAYOUTS: readonly CalendarLayout[] = [
  { id: "cover-full", page: "cover", cells: [[0, 0, 1, 1]], fullBleed: true },
  { id: "cover-framed", page: "cover", cells: [[0, 0, 1, 1]], fullBleed: false },
  {
    id: "cover-duo",
    page: "cover",
    cells: [
      [0, 0, 0.5, 1],
      [0.5, 0, 0.5, 1],
    ],
    fullBleed: false,
  },
  { id: "month-single", page: "month", cells: [[0, 0, 1, 1]], fullBleed: true },
  { id: "month-framed", page: "month", cells: [[0, 0, 1, 1]], fullBleed: false },
  {
    id: "month-duo",
    page: "month",
    cells: [
      [0, 0, 0.5, 1],
      [0.5, 0, 0.5, 1],
    ],
    fullBleed: false,
  },
  {
    id: "month-trio",
    page: "month",
    cells: [
      [0, 0, 0.6, 1],
      [0.6, 0, 0.4, 0.5],
      [0.6, 0.5, 0.4, 0.5],
    ],
    fullBleed: false,
  },
  {
    id: "month-quad",
    page: "month",
    cells: [
      [0, 0, 0.5, 0.5],
      [0.5, 0, 0.5, 0.5],
      [0, 0.5, 0.5, 0.5],
      [0.5, 0.5, 0.5, 0.5],
    ],
    fullBleed: false,
  },
];

/** The catalogue's calendar design group a calendar is made in: its id and attributes. */
export interface CalendarGroup {
  id: number;
  attributes: Record<string, unknown>;
}

export type CalendarDesignGroup = NonNullable<CalendarSettings["designGroup"]>;

/**
 * The photo layouts a calendar design group offers, as the catalogue names them in the
 * group's `layouts`: known layouts only, in the group's order, at least one for the cover
 * and one for the months. Null when the group names none that way (a catalogue mistake).
 */
export function groupLayouts(group: CalendarGroup): CalendarDesignGroup | null {
  const named = group.attributes.layouts;
  if (!Array.isArray(named)) return null;
  const known = new Set(CALENDAR_LAYOUTS.map((l) => l.id));
  const layouts = [...new Set(named.filter((id): id is string => typeof id === "string"))];
  if (layouts.length !== named.length || !layouts.every((id) => known.has(id))) return null;
  const kinds = new Set(layouts.map((id) => CALENDAR_LAYOUTS.find((l) => l.id === id)!.page));
  if (!kinds.has("cover") || !kinds.has("month")) return null;
  return { id: group.id, layouts };
}

/**
 * The layouts a page of a calendar may take: those of its design group (in the group's
 * order), or every layout of the page's kind for a calendar made without one.
 */
export function layoutsFor(
  page: Surface["name"],
  designGroup?: CalendarDesignGroup,
): CalendarLayout[] {
  const ofPage = CALENDAR_LAYOUTS.filter((l) => l.page === page);
  if (!designGroup) return ofPage;
  const offered = designGroup.layouts.flatMap((id) => ofPage.filter((l) => l.id === id));
  return offered.length > 0 ? offered : ofPage;
}

function layoutById(
  id: string | undefined,
  page: Surface["name"],
  designGroup?: CalendarDesignGroup,
): CalendarLayout {
  const options = layoutsFor(page, designGroup);
  return options.find((l) => l.id === id) ?? options[0]!;
}

/**
 * The pages whose layout is not one their design group offers, as path → what is wrong
 * (a save may not bring in a layout from another group).
 */
export function layoutProblems(doc: DesignDocument): Record<string, string> {
  const group = doc.calendar?.designGroup;
  if (!group) return {};
  const errors: Record<string, string> = {};
  doc.surfaces.forEach((surface, i) => {
    if (surface.layout === undefined) return;
    if (!layoutsFor(surface.name, group).some((l) => l.id === surface.layout))
      errors[`document.surfaces.${i}.layout`] = `not a layout of design group ${group.id}`;
  });
  return errors;
}

// ------------------------------------------------------------------ page geometry

interface PageGeometry {
  /** Where the photos go when they run to the edges (reaching into the bleed). */
  bleedPhotos: Rect;
  /** Where framed photos go: inside the safe area. */
  framedPhotos: Rect;
  /** The month grid, or on the cover the year's heading. */
  text: Rect;
}

/** The page's area clear of the binding's band, and the same within the safe inset. */
function clearAreas(surface: Surface, binding: CalendarBinding | undefined) {
  const { width: w, height: h } = surface.trim;
  const b = surface.bleed;
  const s = surface.safeInset;
  const top = binding?.edge === "top" ? binding.depth : -b;
  const bottom = binding?.edge === "bottom" ? h - binding.depth : h + b;
  const safeTop = Math.max(s, binding?.edge === "top" ? binding.depth + 2 : s);
  const safeBottom = Math.min(h - s, binding?.edge === "bottom" ? h - binding.depth - 2 : h - s);
  return {
    outer: { x: -b, y: top, width: w + 2 * b, height: bottom - top },
    safe: { x: s, y: safeTop, width: w - 2 * s, height: safeBottom - safeTop },
  };
}

/**
 * How a page is divided between photos and the grid: a wide page (a desk calendar's strip)
 * has the photos on the left, every other page above the grid; planners and kitchen
 * calendars give the grid more room to write in.
 */
function pageGeometry(
  surface: Surface,
  binding: CalendarBinding | undefined,
  calendarType: string,
): PageGeometry {
  const { width: w, height: h } = surface.trim;
  const { outer, safe } = clearAreas(surface, binding);
  if (surface.name === "cover") {
    // The cover: photos above, the year below them.
    const band = Math.max(12, safe.height * 0.14);
    const split = safe.y + safe.height - band;
    return {
      bleedPhotos: { ...outer, height: split - GAP - outer.y },
      framedPhotos: { ...safe, height: split - GAP - safe.y },
      text: { x: safe.x, y: split, width: safe.width, height: band },
    };
  }
  if (w / h >= 1.6) {
    const split = safe.x + safe.width * 0.55;
    return {
      bleedPhotos: { ...outer, width: split - outer.x },
      framedPhotos: { ...safe, width: split - safe.x },
      text: {
        x: split + GAP,
        y: safe.y,
        width: safe.x + safe.width - split - GAP,
        height: safe.height,
      },
    };
  }
  const planner = calendarType === "familienplaner" || calendarType === "terminkalender";
  const tall = h / w >= 2;
  const share = planner ? 0.4 : tall ? 0.45 : 0.6;
  const split = safe.y + safe.height * share;
  return {
    bleedPhotos: { ...outer, height: split - outer.y },
    framedPhotos: { ...safe, height: split - safe.y },
    text: {
      x: safe.x,
      y: split + GAP,
      width: safe.width,
      height: safe.y + safe.height - split - GAP,
    },
  };
}

/** The photo frames of a layout on a page. */
function layoutFrames(layout: CalendarLayout, area: PageGeometry): PhotoElement[] {
  const box = layout.fullBleed ? area.bleedPhotos : area.framedPhotos;
  const gap = layout.cells.length > 1 ? GAP : 0;
  // Widen the box by half a gap so that the outer frames meet its edges.
  const x0 = box.x - gap / 2;
  const y0 = box.y - gap / 2;
  const bw = box.width + gap;
  const bh = box.height + gap;
  return layout.cells.map(([fx, fy, fw, fh], i) => ({
    id: `${FRAME_PREFIX}${i + 1}`,
    kind: "photo",
    x: x0 + fx * bw + gap / 2,
    y: y0 + fy * bh + gap / 2,
    width: fw * bw - gap,
    height: fh * bh - gap,
    rotation: 0,
    locked: false,
  }));
}

// ------------------------------------------------------------------ drawing the grid

const pt = (mmSize: number) => mmSize / MM_PER_POINT;
const MIN_MM = MIN_TEXT_PT * MM_PER_POINT;

function textEl(
  id: string,
  rect: Rect,
  lines: string[],
  sizeMm: number,
  colour: string,
  options: { align?: TextElement["align"]; bold?: boolean; font?: TextElement["fontFamily"] } = {},
): TextElement {
  return {
    id,
    kind: "text",
    ...rect,
    rotation: 0,
    locked: true,
    fontFamily: options.font ?? "Inter",
    fontWeight: options.bold ? "bold" : "normal",
    // Rounded to a tenth of a point, never below what prints legibly.
    fontSize: Math.max(MIN_TEXT_PT, Math.round(pt(sizeMm) * 10) / 10),
    colour,
    align: options.align ?? "left",
    lines,
  };
}

/** How many characters of a text set at `sizeMm` fit into `widthMm`. */
function charsThatFit(widthMm: number, sizeMm: number): number {
  return Math.floor(widthMm / (sizeMm * CHAR_EM));
}

/**
 * A name broken into at most `maxLines` lines of `width` characters, word by word; what
 * does not fit ends in an ellipsis. Empty when not even a few characters fit.
 */
export function fitName(name: string, width: number, maxLines: number): string[] {
  if (width < 3 || maxLines < 1) return [];
  const lines: string[] = [];
  let rest = name.trim();
  while (rest) {
    if (rest.length <= width) return [...lines, rest];
    const cut = rest.lastIndexOf(" ", width);
    if (lines.length === maxLines - 1 || cut <= 0)
      return [...lines, rest.slice(0, width - 1).trimEnd() + "…"];
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut + 1).trim();
  }
  return lines;
}

/** The elements of one month's grid in `box`. */
function gridElements(
  box: Rect,
  month: CalendarMonth,
  settings: CalendarSettings,
  holidays: Holidays,
): Element[] {
  const grid = monthGrid(month.year, month.month, settings.locale);
  const elements: Element[] = [];
  const titleH = box.height * 0.16;
  const headerH = box.height * 0.09;
  const rows = grid.weeks.length;
  const rowH = (box.height - titleH - headerH) / rows;
  const colW = box.width / 7;
  const pad = Math.min(1.5, colW * 0.08, rowH * 0.08);

  const titleSize = Math.max(MIN_MM, Math.min((titleH / LINE_SPACING) * 0.8, box.width / 9));
  elements.push(
    textEl(
      "cal-title",
      { x: box.x, y: box.y, width: box.width, height: titleSize * LINE_SPACING },
      [grid.title],
      titleSize,
      INK,
      { align: "center", bold: true, font: "Lora" },
    ),
  );
  const headerSize = Math.max(MIN_MM, Math.min((headerH / LINE_SPACING) * 0.75, colW * 0.28));
  grid.weekdays.forEach((name, c) =>
    elements.push(
      textEl(
        `cal-wd-${c}`,
        {
          x: box.x + c * colW,
          y: box.y + titleH,
          width: colW,
          height: headerSize * LINE_SPACING,
        },
        [name],
        headerSize,
        grid.columns[c] === 0 || grid.columns[c] === 6 ? WEEKEND : INK,
        { align: "center", bold: true },
      ),
    ),
  );
  const top = box.y + titleH + headerH;
  const rule = (id: string, y: number): Element => ({
    id,
    kind: "shape",
    shape: "rectangle",
    x: box.x,
    y,
    width: box.width,
    height: 0.25,
    rotation: 0,
    locked: true,
    fill: RULE,
    strokeWidth: 0,
  });
  elements.push(rule("cal-rule-0", top - 0.5));

  const numberSize = Math.max(MIN_MM, Math.min(((rowH * 0.5) / LINE_SPACING) * 0.9, colW * 0.3));
  const labelSize = Math.max(MIN_MM, Math.min(numberSize * 0.5, 9 * MM_PER_POINT));
  const labelLine = labelSize * LINE_SPACING;
  const numberH = numberSize * LINE_SPACING;
  // Names below the day's number where the cell is tall enough, else beside it on one line.
  const linesBelow = Math.min(3, Math.floor((rowH - 2 * pad - numberH) / labelLine));
  const besideX = pad + numberSize * CHAR_EM * 2 + 1;

  const ownByDay = new Map<number, string[]>();
  for (const d of settings.dates)
    if (d.month === month.month) ownByDay.set(d.day, [...(ownByDay.get(d.day) ?? []), d.label]);

  grid.weeks.forEach((week, r) => {
    const y = top + r * rowH;
    if (r > 0) elements.push(rule(`cal-rule-${r}`, y));
    week.forEach((day, c) => {
      if (day === null) return;
      const x = box.x + c * colW;
      const holiday = holidays.get(isoDay(month.year, month.month, day));
      const weekday = grid.columns[c]!;
      const colour = holiday ? HOLIDAY : weekday === 0 || weekday === 6 ? WEEKEND : INK;
      elements.push(
        textEl(
          `cal-d-${day}`,
          { x: x + pad, y: y + pad, width: colW - 2 * pad, height: numberH },
          [String(day)],
          numberSize,
          colour,
          { bold: true },
        ),
      );
      const own = ownByDay.get(day) ?? [];
      const names: { id: string; text: string; colour: string }[] = [
        ...own.map((text, i) => ({ id: `cal-o-${day}-${i}`, text, colour: OWN_DATE })),
      ];
      // The shopper's own dates come first when room is short: a holiday keeps its colour.
      if (holiday) names.push({ id: `cal-h-${day}`, text: holiday, colour: HOLIDAY });
      let lineY: number;
      let left: number;
      let linesLeft: number;
      if (linesBelow >= 1) {
        lineY = y + pad + numberH;
        left = x + pad;
        linesLeft = linesBelow;
      } else {
        lineY = y + pad + numberH - labelLine;
        left = x + besideX;
        linesLeft = 1;
      }
      const width = x + colW - pad - left;
      for (const [i, name] of names.entries()) {
        if (linesLeft <= 0) break;
        // Each name gets a line; the last one may take what is left.
        const allowed = i === names.length - 1 ? linesLeft : 1;
        const lines = fitName(name.text, charsThatFit(width, labelSize), allowed);
        if (lines.length === 0) break;
        elements.push(
          textEl(
            name.id,
            { x: left, y: lineY, width, height: lines.length * labelLine },
            lines,
            labelSize,
            name.colour,
          ),
        );
        lineY += lines.length * labelLine;
        linesLeft -= lines.length;
      }
    });
  });
  return elements;
}

/** The cover's heading: the year, or both years when the calendar crosses the year's end. */
export function coverTitle(settings: Pick<CalendarSettings, "year" | "startMonth">): string {
  const years = calendarYears(settings.year, settings.startMonth);
  return years.join(" – ");
}

function coverElements(box: Rect, settings: CalendarSettings): Element[] {
  const size = Math.max(MIN_MM, Math.min((box.height / LINE_SPACING) * 0.7, box.width / 6));
  return [
    textEl(
      "cal-year",
      {
        x: box.x,
        y: box.y + (box.height - size * LINE_SPACING) / 2,
        width: box.width,
        height: size * LINE_SPACING,
      },
      [coverTitle(settings)],
      size,
      INK,
      { align: "center", bold: true, font: "Lora" },
    ),
  ];
}

// ------------------------------------------------------------------ the document

/** The month a page shows: page 1 is the cover, page 2 the start month. */
export function monthOfPage(
  settings: CalendarSettings,
  surfaceIndex: number,
): CalendarMonth | null {
  if (surfaceIndex < 1 || surfaceIndex > CALENDAR_MONTHS) return null;
  return calendarMonths(settings.year, settings.startMonth)[surfaceIndex - 1] ?? null;
}

function calendarTypeOf(product: ProductRef): string {
  return product.options.calendarType ?? "";
}

/** The calendar's own elements of page `index`: the grid of its month, or the cover's year. */
function generated(
  doc: DesignDocument,
  surface: Surface,
  index: number,
  settings: CalendarSettings,
  holidays: Holidays,
): Element[] {
  const area = pageGeometry(surface, calendarBinding(doc.product), calendarTypeOf(doc.product));
  if (surface.name === "cover") return coverElements(area.text, settings);
  const month = monthOfPage(settings, index);
  return month ? gridElements(area.text, month, settings, holidays) : [];
}

const isGenerated = (e: Element) => e.id.startsWith(CALENDAR_ELEMENT_PREFIX);

/**
 * The calendar's pages drawn anew for its settings (another region, an own date added):
 * only the calendar's own elements are replaced; photos, frames and the shopper's words stay.
 */
export function regenerateCalendar(doc: DesignDocument, holidays: Holidays): DesignDocument {
  const settings = doc.calendar;
  if (!settings) return doc;
  return {
    ...doc,
    surfaces: doc.surfaces.map((surface, i) => ({
      ...surface,
      elements: [
        ...surface.elements.filter((e) => !isGenerated(e)),
        ...generated(doc, surface, i, settings, holidays),
      ],
    })),
  };
}

/**
 * Page `index` laid out anew from `layoutId`: its layout's photo frames replace the old
 * ones, the photos in them moving into the new frames in order (photos beyond the new
 * frames' number leave the page; they stay in the tray). Returns the document unchanged
 * for a layout of another kind of page or one the calendar's design group does not offer.
 */
export function applyCalendarLayout(
  doc: DesignDocument,
  index: number,
  layoutId: string,
): DesignDocument {
  const surface = doc.surfaces[index];
  if (!surface) return doc;
  const layout = layoutsFor(surface.name, doc.calendar?.designGroup).find((l) => l.id === layoutId);
  if (!layout) return doc;
  const area = pageGeometry(surface, calendarBinding(doc.product), calendarTypeOf(doc.product));
  const isFrame = (e: Element) => e.kind === "photo" && e.id.startsWith(FRAME_PREFIX);
  const placed = surface.elements
    .filter(isFrame)
    .flatMap((e) => (e.kind === "photo" && e.photo ? [e.photo.photoId] : []));
  const frames = layoutFrames(layout, area).map((frame, i) =>
    placed[i]
      ? {
          ...frame,
          photo: { photoId: placed[i], crop: { offsetX: 0, offsetY: 0, scale: 1, rotation: 0 } },
        }
      : frame,
  );
  const others = surface.elements.filter((e) => !isFrame(e));
  return {
    ...doc,
    surfaces: doc.surfaces.map((s, i) =>
      i === index ? { ...s, layout: layout.id, elements: [...frames, ...others] } : s,
    ),
  };
}

/**
 * A calendar's starting document: the profile's cover and month pages, each with its
 * design group's default layout's photo frames and its grid (or the cover's year).
 */
export function calendarTemplate(
  product: ProductRef,
  profile: PrintProfile,
  settings: CalendarSettings,
  holidays: Holidays,
): DesignDocument {
  const binding = calendarBinding(product);
  const surfaces = surfacesOf(profile).map((surface) => {
    const layout = layoutById(undefined, surface.name, settings.designGroup);
    const area = pageGeometry(surface, binding, calendarTypeOf(product));
    return { ...surface, layout: layout.id, elements: layoutFrames(layout, area) };
  });
  return regenerateCalendar(
    { schemaVersion: DOCUMENT_SCHEMA_VERSION, product, surfaces, calendar: settings },
    holidays,
  );
}

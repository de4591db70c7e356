/**
 * Print formats: 'WxH' strings in millimetres, their labels in cm or
 * inches, DIN paper sizes, envelope sizes and the square tolerance of envelopes and inlays.
 */
import { localeSettings, type Locale } from "./locales";

/** Width and height of a format in millimetres. */
export interface Dimensions {
  width: number;
  height: number;
}

/** Millimetres per inch. */
export const MM_PER_INCH = 25.4;

const FORMAT = /^(\d+)x(\d+)$/;

/** Parses 'WxH' (positive integers, lowercase x); anything else gives 0x0. */
export function parseFormat(s: unknown): Dimensions {
  const match = typeof s === "string" ? FORMAT.exec(s) : null;
  const width = match ? Number(match[1]) : 0;
  const height = match ? Number(match[2]) : 0;
  const valid = (n: number) => Number.isSafeInteger(n) && n > 0;
  return valid(width) && valid(height) ? { width, height } : { width: 0, height: 0 };
}

/** True when `s` is a valid 'WxH' format string. */
export function isValidFormat(s: unknown): boolean {
  return parseFormat(s).width > 0;
}

/** Options of {@link formatLabel}. */
export interface FormatLabelOptions {
  /** Append the unit: "10 x 10 cm", "4 x 4 in". Default false, as in the spec's "4 x 4". */
  withUnit?: boolean;
}

/** A millimetre length in centimetres, one decimal at most, with the locale's decimal mark. */
function cmText(mm: number, locale: Locale): string {
  const cm = Math.round(mm) / 10;
  const text = Number.isInteger(cm) ? String(cm) : cm.toFixed(1);
  return locale.startsWith("en-") ? text : text.replace(".", ",");
}

/**
 * The label of a 'WxH' mm format: "10 x 10" in cm, or whole inches for en-US
 * (100x100 → "4 x 4", 300x200 → "12 x 8"); null for an invalid format.
 */
export function formatLabel(
  s: string,
  locale: Locale,
  options: FormatLabelOptions = {},
): string | null {
  const { width, height } = parseFormat(s);
  if (width === 0) return null;
  const unit = localeSettings(locale).lengthUnit;
  const text =
    unit === "in"
      ? `${Math.round(width / MM_PER_INCH)} x ${Math.round(height / MM_PER_INCH)}`
      : `${cmText(width, locale)} x ${cmText(height, locale)}`;
  return options.withUnit ? `${text} ${unit}` : text;
}

/** Envelope and inlay square tolerance: a difference under this many mm is square. */
export const SQUARE_TOLERANCE_MM = 3;

/** True when width and height (mm) differ by less than 3 mm: square for envelopes and inlays. */
export function isSquareWithinTolerance(width: number, height: number): boolean {
  return Math.abs(width - height) < SQUARE_TOLERANCE_MM;
}

/** Envelope sizes, keyed by 'WxH' mm format (the catalogue seed names its envelopes by them). */
export const ENVELOPE_SIZES = {
  "162x114": { name: "C6", width: 162, height: 114 },
  "176x125": { name: "B6", width: 176, height: 125 },
  "220x110": { name: "DIN long", width: 220, height: 110 },
  "150x150": { name: "square", width: 150, height: 150 },
} as const;

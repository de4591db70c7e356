/**
 * Validation helpers for component props: aspect ratios, image dimensions,
 * densities, icon view boxes and theme ids.
 */

/** Default aspect ratio 1/1. */
export const DEFAULT_ASPECT_RATIO = 1;

const ASPECT_RATIO = /^(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/;

/**
 * Parses an aspect ratio "number/number" ("16/9" → 1.777…). Any other given value logs
 * a warning through `warn` and gives {@link DEFAULT_ASPECT_RATIO}; an absent value
 * (undefined, null or "") gives the default silently.
 */
export function parseAspectRatio(s: unknown, warn: (message: string) => void): number {
  if (s === undefined || s === null || s === "") return DEFAULT_ASPECT_RATIO;
  const match = typeof s === "string" ? ASPECT_RATIO.exec(s.trim()) : null;
  const ratio = match ? Number(match[1]) / Number(match[2]) : NaN;
  if (Number.isFinite(ratio) && ratio > 0) return ratio;
  warn(`Invalid aspect ratio ${JSON.stringify(s)}: expected "number/number", using 1/1`);
  return DEFAULT_ASPECT_RATIO;
}

const DIMENSION = /^(\d+)(?:px)?$/;

/**
 * An image dimension in pixels as editors write it: a non-negative whole number, or its
 * digits with an optional "px" ("300", "300px"); anything else ("30em", "-3", "3.5px") is null.
 */
export function parseImageDimension(v: unknown): number | null {
  if (typeof v === "number") return Number.isInteger(v) && v >= 0 ? v : null;
  if (typeof v !== "string") return null;
  const match = DIMENSION.exec(v.trim());
  return match ? Number(match[1]) : null;
}

/** An icon's view box: x, y, width and height. */
export type ViewBox = readonly [number, number, number, number];

const VIEW_BOX = /^(-?\d+) (-?\d+) (\d+) (\d+)$/;

/**
 * An icon's view box, four whole numbers each separated by one space ("0 0 24 24"), with a
 * width and height above zero; anything else is null.
 */
export function parseViewBox(s: unknown): ViewBox | null {
  const match = typeof s === "string" ? VIEW_BOX.exec(s) : null;
  if (!match) return null;
  const box = [match[1], match[2], match[3], match[4]].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return box[2] > 0 && box[3] > 0 ? box : null;
}

/** Throws when the pixel densities are missing or empty (an image needs at least one density). */
export function assertDensities(
  d: readonly number[] | null | undefined,
): asserts d is readonly [number, ...number[]] {
  if (!d || d.length === 0) throw new Error("Image densities must not be empty");
}

/** True when a theme id is a non-empty (non-blank) string (the theme route needs an id). */
export function isValidThemeId(id: unknown): id is string {
  return typeof id === "string" && id.trim() !== "";
}

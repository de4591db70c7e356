/**
 * Validation helpers for component props: aspect ratios, image dimensions,
 * densities, icon view boxes, theme ids and numbers.
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

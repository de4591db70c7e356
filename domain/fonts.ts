/**
 * The brand fonts and their stand-ins. Each shop sets its text in a self-hosted web font
 * (Latin subset, shown with font-display: swap); until it has arrived the text is set in a
 * common system font stretched to the web font's measures (its average letter width and
 * its ascent, descent and line gap), so nothing moves when the web font takes over.
 */

/** A font's vertical metrics and average Latin letter width, in font units. */
export interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
}

/** The CSS overrides that make `fallback` take the room `font` takes, in percent. */
export interface FallbackOverrides {
  sizeAdjust: number;
  ascentOverride: number;
  descentOverride: number;
  lineGapOverride: number;
}

const percent = (value: number) => Math.round(value * 10000) / 100;

/**
 * Scales the fallback so its average letter is as wide as the web font's, then sets its
 * ascent, descent and line gap to the web font's (relative to the scaled size).
 */
export function fallbackOverrides(font: FontMetrics, fallback: FontMetrics): FallbackOverrides {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm);
  const scaled = font.unitsPerEm * sizeAdjust;
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(font.ascent / scaled),
    descentOverride: percent(Math.abs(font.descent) / scaled),
    lineGapOverride: percent(font.lineGap / scaled),
  };
}

/**
 * The @font-face rule of a fallback: `family` is what the page names, `locals` the system
 * fonts that share the fallback's metrics (Arial, Liberation Sans and Arimo, say).
 */
export function fallbackFontFace(
  family: string,
  locals: readonly string[],
  overrides: FallbackOverrides,
): string {
  const src = locals.map((name) => `local("${name}")`).join(", ");
  return (
    `@font-face{font-family:"${family}";src:${src};` +
    `size-adjust:${overrides.sizeAdjust}%;ascent-override:${overrides.ascentOverride}%;` +
    `descent-override:${overrides.descentOverride}%;line-gap-override:${overrides.lineGapOverride}%}`
  );
}

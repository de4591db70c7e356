/**
 * The small copy of a studio photo that the page strip and the photo tray draw: at most
 * THUMB_EDGE pixels on its long side, made once at upload from the screen copy. Drawing
 * a hundred pages' photos from their 2048 px screen copies cost the browser most of an
 * auto-fill click in decoding; the editor's canvas still draws the screen copy.
 */

/** The screen copy's long side (what the editor's canvas draws). */
export const SCREEN_EDGE = 2048;

/**
 * The small copy's long side: sharp in the tray's buttons (up to about 6 rem) and the
 * strip's 64 px pages on a screen of up to three device pixels a CSS pixel.
 */
export const THUMB_EDGE = 320;

/**
 * A picture of this size fitted inside `edge` pixels, never enlarged, each side rounded as
 * the image library rounds it (sharp's `fit: "inside"`).
 */
export function fitInside(
  width: number,
  height: number,
  edge: number,
): { width: number; height: number } {
  const scale = Math.min(1, edge / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The small copy's size, from the screen copy's. */
export const thumbSize = (width: number, height: number) => fitInside(width, height, THUMB_EDGE);

/**
 * The back-to-top rule (spec §4): shown only while scrolling up after passing half the
 * viewport height; hidden when scrolling down (or above that line).
 */
export function backToTopVisible(input: {
  previousY: number;
  y: number;
  viewportHeight: number;
}): boolean {
  if (input.y <= input.viewportHeight / 2) return false;
  return input.y < input.previousY;
}

/** Ease in and out over the animation (t from 0 to 1). */
export function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

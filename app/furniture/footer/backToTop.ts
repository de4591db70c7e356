/**
 * The back-to-top rule: shown only while scrolling up after passing half the
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

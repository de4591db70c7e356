/**
 * The studio's tools as edits of the document, one place for each: the keyboard, the
 * selection panel's buttons and the canvas's gestures all use these, so a button and its
 * key do exactly the same.
 */
import { setCrop, moveBy, resizeBy } from "../../domain/studio/edits";
import type { Edit } from "./useDesign";

/** One arrow key or button press (mm); with Shift ten. */
export const STEP_MM = 1;
export const BIG_STEP_MM = 10;
/** One zoom step of a photo in its frame (a key, a button, a wheel notch). */
export const ZOOM_STEP = 1.05;

/** Moves the element, or (adjusting its photo) the photo inside its frame. */
export function nudge(surface: string, id: string, dx: number, dy: number, photo: boolean): Edit {
  return photo
    ? (doc) =>
        setCrop(doc, surface, id, (c) => ({
          ...c,
          offsetX: c.offsetX + dx,
          offsetY: c.offsetY + dy,
        }))
    : (doc) => moveBy(doc, surface, id, dx, dy);
}

export function resize(surface: string, id: string, mm: number): Edit {
  return (doc) => resizeBy(doc, surface, id, mm);
}

export function zoomPhoto(surface: string, id: string, factor: number): Edit {
  return (doc) => setCrop(doc, surface, id, (c) => ({ ...c, scale: c.scale * factor }));
}

export function turnPhoto(surface: string, id: string, degrees: number): Edit {
  return (doc) => setCrop(doc, surface, id, (c) => ({ ...c, rotation: c.rotation + degrees }));
}

/** The arrow keys' direction, or null for another key. */
export function arrowOf(key: string): [number, number] | null {
  switch (key) {
    case "ArrowLeft":
      return [-1, 0];
    case "ArrowRight":
      return [1, 0];
    case "ArrowUp":
      return [0, -1];
    case "ArrowDown":
      return [0, 1];
    default:
      return null;
  }
}

/**
 * Whether a key resizes the selected element: 1 larger, -1 smaller, 0 not at all. "+" and
 * "-" do, and Alt with an arrow key (up or right larger, down or left smaller): Alt works on
 * every keyboard layout, where Shift + "+" may type another character.
 */
export function sizeKeyOf(key: string, altKey: boolean): 1 | -1 | 0 {
  const arrow = arrowOf(key);
  if (arrow) return altKey ? (arrow[0] === 1 || arrow[1] === -1 ? 1 : -1) : 0;
  return key === "+" || key === "=" ? 1 : key === "-" ? -1 : 0;
}

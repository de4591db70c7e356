/**
 * The sheet a surface is printed on: its size and the boxes a print file names on it.
 * All in millimetres from the sheet's top-left corner.
 *  - trim: where the printer cuts. A canvas is cut with its wrap (the sides and the part
 *    folded to the back of the stretcher), so its trim is the front plus the wrap.
 *  - bleed: the trim plus the bleed: what is printed beyond the cut, so no white edge shows.
 *  - art: what is seen when it hangs or lies on a table: a canvas's front, a framed
 *    print's area inside the frame's rebate, else the trim.
 */
import { printMargin, type Rect, type Surface } from "./document";

export interface Sheet {
  width: number;
  height: number;
  /** Where the surface's own origin (its trim's top-left corner) lies on the sheet. */
  originX: number;
  originY: number;
  trim: Rect;
  bleed: Rect;
  art: Rect;
}

export function sheetOf(surface: Pick<Surface, "trim" | "bleed" | "wrap">, rebate = 0): Sheet {
  const margin = printMargin(surface);
  const { width, height } = surface.trim;
  const sheetW = width + 2 * margin;
  const sheetH = height + 2 * margin;
  const inset = (r: number): Rect => ({
    x: r,
    y: r,
    width: sheetW - 2 * r,
    height: sheetH - 2 * r,
  });
  return {
    width: sheetW,
    height: sheetH,
    originX: margin,
    originY: margin,
    trim: inset(surface.bleed),
    bleed: inset(0),
    art: inset(margin + rebate),
  };
}

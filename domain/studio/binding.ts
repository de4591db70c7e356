/**
 * The binding band: the part of a page the binding takes, shown in the editor as a guide
 * (like the safe area) and checked before ordering.
 *
 * - A calendar's band runs along one edge of every page: the spiral's or the punching's
 *   holes and the wooden block at the top, the wooden foot's slot at the bottom. Whatever
 *   reaches into it is punched through or hidden, photos and words alike.
 * - A photo book's band is the gutter, either side of the fold of every spread: what lies
 *   there disappears into the binding. A photo laid to the fold from its own page (one
 *   photo to the page's edges) or across the whole spread is meant to run into the fold and
 *   is not a problem; a photo that ends inside the band, or crosses the fold without
 *   filling the spread, loses a strip of itself where nobody sees it. A book's words are
 *   checked against its safe areas, which already leave the gutter out.
 */
import type { Element, Rect, Surface } from "./document";
import type { PrintProfile } from "./profiles";

/** Tolerance for edges laid exactly on a line (mm). */
const EPS = 1e-6;

type BindingProfile = Pick<PrintProfile, "binding" | "book">;

/** The bands of a surface its binding takes (mm, in the surface's trim coordinates). */
export function bindingBands(
  surface: Pick<Surface, "name" | "trim">,
  profile: BindingProfile | null | undefined,
): Rect[] {
  const { width, height } = surface.trim;
  const binding = profile?.binding;
  if (binding) {
    const depth = Math.min(binding.depth, height);
    return [{ x: 0, y: binding.edge === "top" ? 0 : height - depth, width, height: depth }];
  }
  const book = profile?.book;
  if (book && surface.name === "spread" && book.gutter > 0) {
    const fold = width / 2;
    return [{ x: fold - book.gutter, y: 0, width: 2 * book.gutter, height }];
  }
  return [];
}

/** The element's box as drawn (its rotation taken into account). */
function drawnBox(e: Element): Rect {
  const rad = (e.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const w = e.width * cos + e.height * sin;
  const h = e.width * sin + e.height * cos;
  return { x: e.x + e.width / 2 - w / 2, y: e.y + e.height / 2 - h / 2, width: w, height: h };
}

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width - EPS &&
  b.x < a.x + a.width - EPS &&
  a.y < b.y + b.height - EPS &&
  b.y < a.y + a.height - EPS;

/** Whether a book's photo runs into the fold on purpose: laid to it from one page, or across the spread. */
function meantForTheFold(box: Rect, trimWidth: number): boolean {
  const fold = trimWidth / 2;
  const toFold = Math.abs(box.x + box.width - fold) <= 0.01 || Math.abs(box.x - fold) <= 0.01;
  const acrossSpread = box.x <= EPS && box.x + box.width >= trimWidth - EPS;
  return toFold || acrossSpread;
}

/**
 * The elements of a surface that reach into its binding band: on a calendar every element
 * (the holes go through photos and words alike); in a photo book the photos, except those
 * meant to run into the fold. Backgrounds and empty text boxes are not checked.
 */
export function inBinding(surface: Surface, profile: BindingProfile | null | undefined): Element[] {
  const bands = bindingBands(surface, profile);
  if (bands.length === 0) return [];
  const book = !profile?.binding && Boolean(profile?.book);
  return surface.elements.filter((e) => {
    if (e.kind === "text" && !e.lines.some((l) => l.trim() !== "")) return false;
    if (book && e.kind !== "photo") return false;
    const box = drawnBox(e);
    if (!bands.some((band) => overlaps(box, band))) return false;
    return !(book && meantForTheFold(box, surface.trim.width));
  });
}

/** Every element of a document in its binding band, by surface. */
export function bindingProblemsOf(
  surfaces: readonly Surface[],
  profile: BindingProfile | null | undefined,
): { surface: string; element: string }[] {
  return surfaces.flatMap((surface) =>
    inBinding(surface, profile).map((e) => ({ surface: surface.id, element: e.id })),
  );
}

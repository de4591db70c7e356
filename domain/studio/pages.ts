/**
 * The pages of a design as the studio's page strip and proof viewer show them: which
 * surfaces a shopper may put in another order, moving one, and how the pages pair up when
 * they are seen as spreads (two pages side by side, as the opened product shows them).
 */
import type { DesignDocument, Surface } from "./document";

/**
 * The surfaces a shopper may reorder: only a photo book's inner spreads, among themselves.
 * A book's cover stays first; a calendar's months follow the calendar; a card's panels
 * are folded where they are; prints and collages have one order only.
 */
export function isReorderable(doc: DesignDocument, index: number): boolean {
  return doc.product.family === "photobook" && doc.surfaces[index]?.name === "spread";
}

/**
 * The document with the surface at `from` moved to `to` (the others shift up or down);
 * the same document when either place is not a reorderable page or nothing moves.
 */
export function movePage(doc: DesignDocument, from: number, to: number): DesignDocument {
  if (from === to || !isReorderable(doc, from) || !isReorderable(doc, to)) return doc;
  const surfaces = [...doc.surfaces];
  const [moved] = surfaces.splice(from, 1);
  surfaces.splice(to, 0, moved!);
  return { ...doc, surfaces };
}

/** Surfaces that are already two facing pages (a book's spread, its cover sheet). */
const WIDE: ReadonlySet<Surface["name"]> = new Set(["spread", "book-cover"]);

/**
 * The surfaces' indices grouped as the opened product shows them side by side: a surface
 * that is a spread already stands alone; of the others the first stands alone (a card's
 * front, a calendar's cover) and the rest pair up left and right, a last one alone (a
 * card's back). A folded card: front · inside left + inside right · back.
 */
export function spreadsOf(surfaces: readonly Pick<Surface, "name">[]): number[][] {
  const groups: number[][] = [];
  let open: number[] | null = null;
  let first = true;
  surfaces.forEach((surface, i) => {
    if (WIDE.has(surface.name)) {
      if (open) groups.push(open);
      open = null;
      groups.push([i]);
      return;
    }
    if (first) {
      groups.push([i]);
      first = false;
      return;
    }
    if (open) {
      open.push(i);
      groups.push(open);
      open = null;
    } else open = [i];
  });
  if (open) groups.push(open);
  return groups;
}

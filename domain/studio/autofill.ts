/**
 * Auto-fill: a shopper's photos laid into a design in one go, by the rule of its family.
 *
 * - A photo book takes them in the order they were taken (capture date, else upload
 *   date), the first on the cover, the rest shared over the pages (see `autofillBook`).
 * - A collage is one picture of many cells: the photos go in shuffled (seeded, so the
 *   same seed gives the same collage), as many as the layout has cells; with fewer photos
 *   than cells they are used again so no cell of the picture stays a hole. Cells the
 *   shopper locked keep their photo.
 * - Everything else (cards, wall art, prints, the photo box, calendars) has frames that
 *   each show a different picture: the photos go into the empty frames in the order given,
 *   each photo once. A photo is never repeated there: two identical prints or a card with
 *   the same photo twice is not what a shopper asked for, so frames left over stay empty
 *   and the preflight names them.
 * - Prints and the photo box are pictures with copies: the photos fill the empty pictures,
 *   then pictures added for them while the design has room, the pictures left empty go,
 *   and the prints ordered are shared over the rest (900 prints from 120 photos are 120
 *   pictures of 7 or 8 copies, not 130 empty ones).
 *
 * A photo named twice counts once everywhere.
 */
import { autoPlace, cellCount } from "./collage";
import { hasCopies, printsFromPhotos } from "./copies";
import { autofill, photoIdsOf, type DesignDocument } from "./document";
import { autofillBook, type BookPhoto } from "./layouts";
import { bookGeometry } from "./photobook";

export interface AutofillOptions {
  /** The collage's shuffle; the same seed, the same order. */
  seed: number;
}

export interface AutofillResult {
  document: DesignDocument;
  /** How the photos were laid in. */
  rule: "capture-order" | "shuffle" | "in-order";
  /** Photos given that found no place (more than the design has room for). */
  leftOver: string[];
}

/** The photos once each, in the order first named. */
function once<T extends BookPhoto>(photos: readonly T[]): T[] {
  const seen = new Set<string>();
  return photos.filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
}

/** Lays `photos` into `doc` by its family's rule (see above); a new document. */
export function autofillDesign(
  doc: DesignDocument,
  photos: readonly BookPhoto[],
  { seed }: AutofillOptions,
): AutofillResult {
  const unique = once(photos);
  const ids = unique.map((p) => p.id);
  const book = bookGeometry(doc.product);
  if (book) {
    const filled = autofillBook(doc, book, unique);
    return { document: filled.document, rule: "capture-order", leftOver: filled.leftOver };
  }
  if (doc.product.family === "collage") {
    let document = doc;
    doc.surfaces.forEach((surface, index) => {
      // Up to the cells' count: autoPlace takes from the shuffled order, a cell at a time.
      if (cellCount(surface) > 0) document = autoPlace(document, index, ids, seed + index);
    });
    return { document, rule: "shuffle", leftOver: leftOverOf(ids, document) };
  }
  // A photo the design already shows is not placed a second time.
  const shown = new Set(photoIdsOf(doc));
  const rest = ids.filter((id) => !shown.has(id));
  const document = hasCopies(doc.product) ? printsFromPhotos(doc, rest) : autofill(doc, rest);
  return { document, rule: "in-order", leftOver: leftOverOf(ids, document) };
}

/** The photos given that the document does not show. */
function leftOverOf(ids: readonly string[], doc: DesignDocument): string[] {
  const shown = new Set(photoIdsOf(doc));
  return ids.filter((id) => !shown.has(id));
}

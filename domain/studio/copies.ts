/**
 * Copies in a prints or photo box design: a box of 900 prints is made from far fewer
 * pictures (at most MAX_PICTURES), each printed as many times as its copies say. The
 * design's prints are its pictures' copies together; the product names the prints that
 * were ordered, and the two must agree before the design goes into the cart.
 *
 * The editor and the print file hold each picture once: the copies are a number beside it,
 * never repeated pages.
 */
import {
  autofill,
  isEmptyFrame,
  MAX_PICTURES,
  MAX_PRINTS,
  photoIdsOf,
  picturesOf,
  type DesignDocument,
  type ProductRef,
  type Surface,
} from "./document";
import { printProfile, surfacesOf } from "./profiles";

/** Whether a product is made as prints with copies (photo prints, the photo box). */
export function hasCopies(product: Pick<ProductRef, "family">): boolean {
  return product.family === "photoprint" || product.family === "photobox";
}

/** A picture's copies (1 when it names none). */
export function copiesOf(surface: Pick<Surface, "copies">): number {
  return surface.copies ?? 1;
}

/**
 * The prints a design makes: for prints and the photo box its pictures' copies together,
 * for anything else its product's prints (1).
 */
export function printCount(
  doc: Pick<DesignDocument, "product"> & Partial<Pick<DesignDocument, "surfaces">>,
): number {
  if (!hasCopies(doc.product) || !doc.surfaces) return doc.product.prints ?? 1;
  return doc.surfaces.reduce((sum, s) => sum + copiesOf(s), 0);
}

/** The prints the design was ordered with (its product page's quantity). */
export function orderedPrints(doc: Pick<DesignDocument, "product">): number {
  return doc.product.prints ?? picturesOf(doc.product);
}

/**
 * `total` prints shared as evenly as can be over `pictures` pictures, the first ones
 * taking one more where it does not divide (10 over 3: 4, 3, 3). Each picture gets at
 * least one, so more pictures than prints are not shared.
 */
export function shareEvenly(total: number, pictures: number): number[] {
  if (pictures < 1 || total < pictures) throw new RangeError(`${total} prints over ${pictures}`);
  const base = Math.floor(total / pictures);
  const extra = total % pictures;
  return Array.from({ length: pictures }, (_, i) => base + (i < extra ? 1 : 0));
}

/** A surface with `copies` (the field left out for one, as designs without copies read). */
function withSurfaceCopies(surface: Surface, copies: number): Surface {
  const { copies: _old, ...rest } = surface;
  return copies === 1 ? rest : { ...rest, copies };
}

/** The design's ordered prints shared evenly over its pictures (a new document). */
export function spreadCopies(doc: DesignDocument): DesignDocument {
  if (!hasCopies(doc.product)) return doc;
  const shares = shareEvenly(orderedPrints(doc), doc.surfaces.length);
  return {
    ...doc,
    surfaces: doc.surfaces.map((s, i) => withSurfaceCopies(s, shares[i]!)),
  };
}

/**
 * The design with picture `index` printed `copies` times, kept between 1 and the most one
 * design makes; the total may then differ from the ordered prints (the panel and the
 * preflight say so).
 */
export function setCopies(doc: DesignDocument, index: number, copies: number): DesignDocument {
  const surface = doc.surfaces[index];
  if (!surface || !hasCopies(doc.product) || !Number.isFinite(copies)) return doc;
  const kept = Math.min(MAX_PRINTS, Math.max(1, Math.round(copies)));
  if (kept === copiesOf(surface)) return doc;
  return {
    ...doc,
    surfaces: doc.surfaces.map((s, i) => (i === index ? withSurfaceCopies(s, kept) : s)),
  };
}

/**
 * The design with `surfaces` as its pictures: the product counts them, and each takes the
 * id its place has in the profile (print-1, print-2 …, a single one 'print'), as the
 * designs API checks them.
 */
function withPictures(doc: DesignDocument, surfaces: Surface[]): DesignDocument {
  const product = { ...doc.product, pictures: surfaces.length };
  const profile = printProfile(product);
  const ids = profile ? surfacesOf(profile).map((s) => s.id) : [];
  return {
    ...doc,
    product,
    surfaces: surfaces.map((s, i) => ({ ...s, id: ids[i] ?? s.id })),
  };
}

/** Whether a picture has a photo in every frame. */
function photographed(surface: Surface): boolean {
  return !surface.elements.some(isEmptyFrame);
}

/**
 * Photos made into prints, as a shopper with a box to fill means it: they go into the
 * empty pictures in the order given, each photo once (one the design shows already is not
 * placed again), then into pictures added for them while the design has room; the
 * pictures left without a photo go. The prints ordered are then shared evenly over the
 * rest, unless the shopper set copies by hand (the photographed pictures' copies are not
 * an even share of the order): those stay, and the new pictures share what is left of the
 * order, one copy each at least (the total then says when it is more than ordered). The
 * same document for another family or when no photo finds a place and no picture is empty.
 */
export function printsFromPhotos(doc: DesignDocument, photoIds: readonly string[]): DesignDocument {
  if (!hasCopies(doc.product)) return doc;
  const shown = new Set(photoIdsOf(doc));
  const fresh = [...new Set(photoIds)].filter((id) => !shown.has(id));
  let next = autofill(doc, fresh);
  const placed = new Set(photoIdsOf(next));
  for (const id of fresh) {
    if (placed.has(id)) continue;
    const added = addPicture(next);
    if (added === next) break;
    next = autofill(added, [id]);
  }
  if (next.surfaces.every(photographed) && photoIdsOf(next).length === shown.size) return doc;
  const kept = next.surfaces.filter(photographed);
  if (kept.length === 0) return doc;
  const pictures = kept.length === next.surfaces.length ? next : withPictures(next, kept);
  const before = doc.surfaces.filter(photographed);
  if (!setByHand(doc, before)) return spreadCopies(pictures);
  // The pictures photographed before (known by their photos) keep their copies.
  const own = new Map(before.map((s) => [photosKey(s), copiesOf(s)]));
  const added = pictures.surfaces.filter((s) => !own.has(photosKey(s))).length;
  const left = orderedPrints(doc) - [...own.values()].reduce((a, b) => a + b, 0);
  const shares =
    added > 0 && left >= added ? shareEvenly(left, added) : Array<number>(added).fill(1);
  let n = 0;
  return {
    ...pictures,
    surfaces: pictures.surfaces.map((s) =>
      withSurfaceCopies(s, own.get(photosKey(s)) ?? shares[n++]!),
    ),
  };
}

/** A picture known by the photos in its frames. */
function photosKey(surface: Surface): string {
  return surface.elements
    .map((e) => (e.kind === "photo" ? (e.photo?.photoId ?? "") : ""))
    .join("|");
}

/**
 * Whether the shopper set a design's copies by hand: its photographed pictures'
 * copies are not the order shared evenly over them (none photographed: not by hand).
 */
function setByHand(doc: DesignDocument, photographedSurfaces: readonly Surface[]): boolean {
  if (photographedSurfaces.length === 0) return false;
  const ordered = orderedPrints(doc);
  if (ordered < photographedSurfaces.length) return true;
  const even = shareEvenly(ordered, photographedSurfaces.length);
  return photographedSurfaces.some((s, i) => copiesOf(s) !== even[i]);
}

/** How many pictures a design may have: at most one a print ordered, and MAX_PICTURES. */
export function maxPictures(doc: Pick<DesignDocument, "product">): number {
  return Math.min(MAX_PICTURES, orderedPrints(doc));
}

/**
 * The design with one more picture (an empty copy of the last one's frames, one copy) at
 * the end; the same document when it has as many as it may.
 */
export function addPicture(doc: DesignDocument): DesignDocument {
  const last = doc.surfaces.at(-1);
  if (!hasCopies(doc.product) || !last || doc.surfaces.length >= maxPictures(doc)) return doc;
  const empty: Surface = withSurfaceCopies(
    {
      ...last,
      elements: last.elements.map((e) => {
        if (e.kind !== "photo") return e;
        const { photo: _photo, ...frame } = e;
        return { ...frame, id: freshId(doc, "photo") };
      }),
    },
    1,
  );
  return withPictures(doc, [...doc.surfaces, empty]);
}

/** An element id the design does not use yet, made from `base` (photo-7). */
function freshId(doc: DesignDocument, base: string): string {
  const used = new Set(doc.surfaces.flatMap((s) => s.elements.map((e) => e.id)));
  let n = doc.surfaces.length + 1;
  while (used.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** The design without picture `index` (its copies gone with it); never its last picture. */
export function removePicture(doc: DesignDocument, index: number): DesignDocument {
  if (!hasCopies(doc.product) || doc.surfaces.length <= 1 || !doc.surfaces[index]) return doc;
  return withPictures(
    doc,
    doc.surfaces.filter((_, i) => i !== index),
  );
}

/**
 * Where a design's copies do not add up to its ordered prints: the two numbers, or null
 * when they agree (and for a product without copies).
 */
export function copiesProblem(doc: DesignDocument): { prints: number; ordered: number } | null {
  if (!hasCopies(doc.product)) return null;
  const prints = printCount(doc);
  const ordered = orderedPrints(doc);
  return prints === ordered ? null : { prints, ordered };
}

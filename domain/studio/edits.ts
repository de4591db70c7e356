/**
 * The studio's edits of a design document: each takes a document and returns a new one
 * (unchanged parts shared), so the undo history keeps every state cheaply and a test can
 * check each edit without a browser. Locked elements are not moved, resized or refilled.
 */
import {
  fillCrop,
  safeArea,
  type Crop,
  type DesignDocument,
  type Element,
  type Surface,
} from "./document";

/** Smallest side an element may be resized to (mm). */
export const MIN_ELEMENT_MM = 5;
/** How close (mm) an edge or centre must come to a guide to snap onto it. */
export const SNAP_MM = 2;

/** The fields of one kind of element that may change (never its id or kind). */
type PatchOf<E> = E extends Element ? Partial<Omit<E, "id" | "kind">> : never;
type ElementPatch = PatchOf<Element>;

/** The document with one element changed by `change` (an element not found: unchanged). */
export function updateElement(
  doc: DesignDocument,
  surfaceId: string,
  elementId: string,
  change: (element: Element) => Element,
): DesignDocument {
  let changed = false;
  const surfaces = doc.surfaces.map((s) => {
    if (s.id !== surfaceId) return s;
    const elements = s.elements.map((e) => {
      if (e.id !== elementId) return e;
      const next = change(e);
      if (next !== e) changed = true;
      return next;
    });
    return changed ? { ...s, elements } : s;
  });
  return changed ? { ...doc, surfaces } : doc;
}

export function findElement(
  doc: DesignDocument,
  surfaceId: string,
  elementId: string,
): Element | undefined {
  return doc.surfaces.find((s) => s.id === surfaceId)?.elements.find((e) => e.id === elementId);
}

/** Moves an element by (dx, dy) mm. */
export function moveBy(
  doc: DesignDocument,
  surfaceId: string,
  elementId: string,
  dx: number,
  dy: number,
): DesignDocument {
  return updateElement(doc, surfaceId, elementId, (e) =>
    e.locked || (dx === 0 && dy === 0) ? e : { ...e, x: e.x + dx, y: e.y + dy },
  );
}

/** Places an element's top-left corner at (x, y) mm. */
export function moveTo(
  doc: DesignDocument,
  surfaceId: string,
  elementId: string,
  x: number,
  y: number,
): DesignDocument {
  return updateElement(doc, surfaceId, elementId, (e) =>
    e.locked || (e.x === x && e.y === y) ? e : { ...e, x, y },
  );
}

/**
 * Grows (or with a negative `by`, shrinks) an element by `by` mm on its longer side and in
 * proportion on the other, around its centre, never below MIN_ELEMENT_MM.
 */
export function resizeBy(
  doc: DesignDocument,
  surfaceId: string,
  elementId: string,
  by: number,
): DesignDocument {
  return updateElement(doc, surfaceId, elementId, (e) => {
    if (e.locked) return e;
    const long = Math.max(e.width, e.height);
    const short = Math.min(e.width, e.height);
    const factor = Math.max((long + by) / long, MIN_ELEMENT_MM / short);
    if (factor === 1) return e;
    const width = e.width * factor;
    const height = e.height * factor;
    return {
      ...e,
      x: e.x - (width - e.width) / 2,
      y: e.y - (height - e.height) / 2,
      width,
      height,
    };
  });
}

/** Sets the fields of one element (text, colour, font, size …). */
export function patchElement(
  doc: DesignDocument,
  surfaceId: string,
  elementId: string,
  patch: ElementPatch,
): DesignDocument {
  return updateElement(doc, surfaceId, elementId, (e) => ({ ...e, ...patch }) as Element);
}

/** Puts a photo into a frame, filling it; the photo a frame held before is replaced. */
export function placePhoto(
  doc: DesignDocument,
  surfaceId: string,
  elementId: string,
  photoId: string,
): DesignDocument {
  return updateElement(doc, surfaceId, elementId, (e) =>
    e.kind !== "photo" || e.locked || e.photo?.photoId === photoId
      ? e
      : { ...e, photo: { photoId, crop: fillCrop() } },
  );
}

/** Takes the photo out of a frame. */
export function clearPhoto(doc: DesignDocument, surfaceId: string, elementId: string) {
  return updateElement(doc, surfaceId, elementId, (e) => {
    if (e.kind !== "photo" || e.locked || !e.photo) return e;
    const { photo: _photo, ...rest } = e;
    return rest;
  });
}

/** Changes the crop of a frame's photo (pan, zoom, turn); a frame with no photo is unchanged. */
export function setCrop(
  doc: DesignDocument,
  surfaceId: string,
  elementId: string,
  change: (crop: Crop) => Crop,
): DesignDocument {
  return updateElement(doc, surfaceId, elementId, (e) => {
    if (e.kind !== "photo" || e.locked || !e.photo) return e;
    const crop = change(e.photo.crop);
    const scale = Math.min(50, Math.max(0.05, crop.scale));
    const rotation = ((((crop.rotation + 180) % 360) + 360) % 360) - 180;
    return { ...e, photo: { ...e.photo, crop: { ...crop, scale, rotation } } };
  });
}

/**
 * Swaps the photos of two frames (on one surface or two); each photo starts filled in its
 * new frame, because the old crop belonged to the other frame's shape.
 */
export function swapPhotos(
  doc: DesignDocument,
  a: { surface: string; element: string },
  b: { surface: string; element: string },
): DesignDocument {
  const first = findElement(doc, a.surface, a.element);
  const second = findElement(doc, b.surface, b.element);
  if (first?.kind !== "photo" || second?.kind !== "photo") return doc;
  if (first.locked || second.locked || first.id === second.id) return doc;
  const refill = (photo: typeof first.photo) =>
    photo ? { photoId: photo.photoId, crop: fillCrop() } : undefined;
  const put = (e: Element, photo: ReturnType<typeof refill>): Element => {
    if (e.kind !== "photo") return e;
    const { photo: _old, ...rest } = e;
    return photo ? { ...rest, photo } : rest;
  };
  const swapped = updateElement(doc, a.surface, a.element, (e) => put(e, refill(second.photo)));
  return updateElement(swapped, b.surface, b.element, (e) => put(e, refill(first.photo)));
}

/** Sets a surface's background colour. */
export function setBackground(doc: DesignDocument, surfaceId: string, colour: string) {
  return {
    ...doc,
    surfaces: doc.surfaces.map((s) =>
      s.id === surfaceId && s.background !== colour ? { ...s, background: colour } : s,
    ),
  };
}

/** The lines an element's edges and centre may snap to: the trim's and safe area's edges and the centre. */
export function snapLines(surface: Surface): { x: number[]; y: number[] } {
  const safe = safeArea(surface);
  const { width, height } = surface.trim;
  return {
    x: [0, width / 2, width, safe.x, safe.x + safe.width],
    y: [0, height / 2, height, safe.y, safe.y + safe.height],
  };
}

/**
 * Snaps a moved element's position: when its left edge, centre or right edge (top, middle,
 * bottom) comes within `tolerance` mm of a guide, it is moved onto it. Returns the position
 * and the guides it snapped to, for the editor to show.
 */
export function snapPosition(
  surface: Surface,
  box: { x: number; y: number; width: number; height: number },
  tolerance = SNAP_MM,
): { x: number; y: number; guideX: number | null; guideY: number | null } {
  const lines = snapLines(surface);
  const axis = (start: number, size: number, guides: number[]) => {
    let best: { delta: number; guide: number } | null = null;
    for (const offset of [0, size / 2, size]) {
      for (const guide of guides) {
        const delta = guide - (start + offset);
        if (Math.abs(delta) <= tolerance && (!best || Math.abs(delta) < Math.abs(best.delta)))
          best = { delta, guide };
      }
    }
    return best ? { value: start + best.delta, guide: best.guide } : { value: start, guide: null };
  };
  const x = axis(box.x, box.width, lines.x);
  const y = axis(box.y, box.height, lines.y);
  return { x: x.value, y: y.value, guideX: x.guide, guideY: y.guide };
}

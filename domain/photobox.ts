/**
 * Photobox quantity steps: 1 to 5000; step 4 up to 5, then 5 up to 250,
 * 10 up to 1000, 100 up to 3000, 250 up to 5000; the entry at index 10 is the default.
 */

/**
 * Photobox types; "large" is sold as photobox MAX, "photoprint" is loose prints. Kept here,
 * in a light module, so the designer's link rules read the same list as the catalogue
 * without loading the catalogue's tables in the browser.
 */
export const PHOTOBOX_TYPES = ["small", "photoprint", "large"] as const;
export type PhotoboxType = (typeof PHOTOBOX_TYPES)[number];

/** The quantity bands: each step applies from the previous band's end up to `upTo`. */
export const PHOTOBOX_QUANTITY_BANDS = [
  { step: 4, upTo: 5 },
  { step: 5, upTo: 250 },
  { step: 10, upTo: 1000 },
  { step: 100, upTo: 3000 },
  { step: 250, upTo: 5000 },
] as const;

/** Smallest photobox quantity. */
export const MIN_PHOTOBOX_QUANTITY = 1;
/** Largest photobox quantity. */
export const MAX_PHOTOBOX_QUANTITY = 5000;

/** Builds the quantity list from the bands. */
function buildQuantities(): readonly number[] {
  const list = [MIN_PHOTOBOX_QUANTITY];
  let q = MIN_PHOTOBOX_QUANTITY;
  for (const band of PHOTOBOX_QUANTITY_BANDS) {
    while (q + band.step <= band.upTo) {
      q += band.step;
      list.push(q);
    }
  }
  return Object.freeze(list);
}

/** Every selectable quantity: [1, 5, 10, 15, ..., 250, 260, ..., 1000, 1100, ..., 3000, 3250, ..., 5000]. */
export const PHOTOBOX_QUANTITIES: readonly number[] = buildQuantities();

/** The default quantity: the entry at index 10 (50). */
export const DEFAULT_PHOTOBOX_QUANTITY = PHOTOBOX_QUANTITIES[10] as number;

/** True when `q` is one of the selectable quantities. */
export function isPhotoboxQuantity(q: unknown): q is number {
  return typeof q === "number" && PHOTOBOX_QUANTITIES.includes(q);
}

/**
 * Whether a box type sells `quantity` prints: one of the grid's steps and no more than the
 * type's own most (its article's maxQuantity: 250 for the small box, 1,000 for the large
 * one, 5,000 for loose prints). The product page, the studio's link and designs, and the
 * cart's price all ask this one question.
 */
export function isPhotoboxQuantityOf(
  quantity: unknown,
  maxQuantity: number = MAX_PHOTOBOX_QUANTITY,
): quantity is number {
  return isPhotoboxQuantity(quantity) && quantity <= maxQuantity;
}

/** The quantities a box type sells, from the grid's first step up to its most. */
export function photoboxQuantitiesOf(maxQuantity: number = MAX_PHOTOBOX_QUANTITY): number[] {
  return PHOTOBOX_QUANTITIES.filter((q) => q <= maxQuantity);
}

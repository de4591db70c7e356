/**
 * Order numbers: a letter per brand, the year and a six-digit sequence that counts from 1 in
 * each brand and year without gaps (`C-2026-000123`). The sequence itself comes from a
 * counter row the database increments under a lock; this file only writes it.
 */

/** The letter each brand's numbers start with. */
export const ORDER_NUMBER_PREFIX = { cards: "C", wallart: "W" } as const;
export type OrderBrand = keyof typeof ORDER_NUMBER_PREFIX;

/** The number for a brand, year and sequence value (1 → `C-2026-000001`). */
export function formatOrderNumber(brand: OrderBrand, year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError("sequence must be >= 1");
  return `${ORDER_NUMBER_PREFIX[brand]}-${year}-${String(sequence).padStart(6, "0")}`;
}

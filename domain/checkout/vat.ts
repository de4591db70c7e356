/**
 * VAT: the rates per country and tax class as data, and the VAT contained in gross prices.
 *
 * Prices in the shop are gross (what the customer pays). An order keeps, per rate, the gross
 * amount charged at that rate and the VAT it contains, all in minor units:
 *
 * - Every line belongs to a tax class; the class and the delivery country give the rate.
 * - A voucher's discount and the shipping are shared out over the rates in proportion to the
 *   goods' gross amounts at each rate (the usual rule for ancillary costs and discounts),
 *   the last cent going by largest remainder so the shares add up exactly.
 * - The VAT of a rate is computed once from the rate's gross sum, not line by line:
 *   vat = gross × rate / (100 % + rate), rounded to the nearest minor unit, half away from
 *   zero. Rates are held in basis points (8.1 % = 810) so no fraction is ever a float.
 *
 * The United States: the shop collects no sales tax (it has no nexus in any state as an
 * overseas seller; import duties and taxes are the recipient's), so US orders carry rate 0
 * and no tax lines. Great Britain: the shop charges British VAT at 20 % as a registered
 * overseas seller of low-value goods.
 */
import type { Country } from "../locales";

/** The tax classes of the catalogue. Photo books are printed matter but taxed at the full rate. */
export const TAX_CLASSES = ["standard", "photobook"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** Basis points per whole: 100 % = 10 000. */
export const BASIS_POINTS = 10_000;

/**
 * Rates in basis points per country and class. A photo book is no "book" in the reduced-rate
 * sense anywhere the shop sells (it is a photo product), so it takes the standard rate.
 */
export const VAT_RATES: Readonly<Record<Country, Readonly<Record<TaxClass, number>>>> = {
  DE: { standard: 1900, photobook: 1900 },
  AT: { standard: 2000, photobook: 2000 },
  CH: { standard: 810, photobook: 810 },
  LI: { standard: 810, photobook: 810 },
  LU: { standard: 1700, photobook: 1700 },
  IT: { standard: 2200, photobook: 2200 },
  GB: { standard: 2000, photobook: 2000 },
  US: { standard: 0, photobook: 0 },
  ES: { standard: 2100, photobook: 2100 },
  FR: { standard: 2000, photobook: 2000 },
  BE: { standard: 2100, photobook: 2100 },
  NL: { standard: 2100, photobook: 2100 },
};

/** The tax class of a cart product: photo books their own, everything else standard. */
export function taxClassOf(product: string): TaxClass {
  return product === "photobook" ? "photobook" : "standard";
}

/** The rate (basis points) of a class in a country. */
export function vatRate(country: Country, taxClass: TaxClass): number {
  return VAT_RATES[country][taxClass];
}

/** A rate for people: 1900 → "19", 810 → "8.1". */
export function formatRate(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** Divides and rounds to the nearest integer, half away from zero, exactly in integers. */
export function divRound(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const q = Math.floor(n / d);
  const r = n - q * d;
  return sign * (2 * r >= d ? q + 1 : q);
}

/** The VAT contained in a gross amount at a rate, rounded half away from zero. */
export function vatContained(grossMinor: number, rateBasisPoints: number): number {
  if (rateBasisPoints === 0) return 0;
  return divRound(grossMinor * rateBasisPoints, BASIS_POINTS + rateBasisPoints);
}

/**
 * Shares an amount out in proportion to weights, in whole minor units that add up to the
 * amount exactly: each gets the floor of its share, the rest go one by one to the largest
 * remainders (ties to the earlier weight).
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (weights.length === 0) return [];
  if (total <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const sign = amount < 0 ? -1 : 1;
  const abs = Math.abs(amount);
  const floors = weights.map((w) => Math.floor((abs * w) / total));
  let left = abs - floors.reduce((s, f) => s + f, 0);
  const order = weights
    .map((w, i) => ({ i, rest: (abs * w) % total }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left -= 1;
  }
  return floors.map((f) => f * sign);
}

/** One gross line of goods for the tax calculation. */
export interface TaxableLine {
  grossMinor: number;
  rateBasisPoints: number;
}

/** One tax line of an order: per rate, the gross charged and the VAT it contains. */
export interface TaxLine {
  rateBasisPoints: number;
  grossMinor: number;
  netMinor: number;
  vatMinor: number;
}

/**
 * The order's tax lines from its gross goods lines, its discount (a positive amount taken
 * off) and its shipping: one line per rate above zero, highest rate first. A rate-0 share
 * (US orders) gives no tax line.
 */
export function taxLines(
  lines: readonly TaxableLine[],
  discountMinor: number,
  shippingMinor: number,
): TaxLine[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    byRate.set(line.rateBasisPoints, (byRate.get(line.rateBasisPoints) ?? 0) + line.grossMinor);
  }
  const rates = [...byRate.keys()].sort((a, b) => b - a);
  const goods = rates.map((r) => byRate.get(r) ?? 0);
  const discounts = allocate(discountMinor, goods);
  const shipping = allocate(shippingMinor, goods);
  const result: TaxLine[] = [];
  rates.forEach((rate, i) => {
    const gross = (goods[i] ?? 0) - (discounts[i] ?? 0) + (shipping[i] ?? 0);
    if (rate === 0 || gross === 0) return;
    const vat = vatContained(gross, rate);
    result.push({ rateBasisPoints: rate, grossMinor: gross, netMinor: gross - vat, vatMinor: vat });
  });
  return result;
}

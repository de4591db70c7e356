/**
 * The back office's Core Web Vitals: each page a browser reported is one of a few page
 * types (the storefront's routes), and each vital's 75th percentile per type is what the
 * dashboard shows, as the field data of search engines does.
 */
import { ACCOUNT_PATHS } from "./accountPaths";
import { CART_PATHS, CHECKOUT_PATHS } from "./cart";
import { PRODUCTS_ALIASES } from "./paths";

export const PAGE_TYPES = [
  "home",
  "products",
  "theme",
  "designer",
  "cart",
  "checkout",
  "account",
  "content",
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const VITALS = ["LCP", "INP", "CLS"] as const;
export type Vital = (typeof VITALS)[number];

const cartNames = new Set(Object.values(CART_PATHS).map((p) => p.replace(/^\//, "")));
const checkoutNames = new Set(Object.values(CHECKOUT_PATHS).map((p) => p.replace(/^\//, "")));
const accountNames = new Set(Object.values(ACCOUNT_PATHS).map((a) => a.folder));
const productNames = new Set<string>(PRODUCTS_ALIASES);

/** The page type of a reported path (a language prefix and the app marker `d` aside). */
export function pageTypeOf(path: string): PageType {
  const segments = path
    .split(/[?#]/)[0]!
    .split("/")
    .filter((s) => s !== "");
  if (segments[0] && /^[a-z]{2}$/.test(segments[0])) segments.shift();
  if (segments[0] === "d") segments.shift();
  const first = segments[0];
  if (first === undefined) return "home";
  if (productNames.has(first)) return "products";
  if (first === "themes") return "theme";
  if (first === "designer") return "designer";
  if (cartNames.has(first)) return "cart";
  if (checkoutNames.has(first)) return "checkout";
  if (accountNames.has(first)) return "account";
  return "content";
}

/** The 75th percentile (nearest rank) of the values; null for none. */
export function p75(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

export interface VitalSample {
  name: string;
  path: string;
  value: number;
}

export type VitalsTable = Record<PageType, Record<Vital, { p75: number | null; samples: number }>>;

/** p75 of LCP, INP and CLS per page type over the samples given. */
export function vitalsByPageType(samples: readonly VitalSample[]): VitalsTable {
  const values = new Map<string, number[]>();
  for (const s of samples) {
    if (!(VITALS as readonly string[]).includes(s.name) || !Number.isFinite(s.value)) continue;
    const key = `${pageTypeOf(s.path)}:${s.name}`;
    const list = values.get(key) ?? [];
    list.push(s.value);
    values.set(key, list);
  }
  return Object.fromEntries(
    PAGE_TYPES.map((type) => [
      type,
      Object.fromEntries(
        VITALS.map((vital) => {
          const list = values.get(`${type}:${vital}`) ?? [];
          return [vital, { p75: p75(list), samples: list.length }];
        }),
      ),
    ]),
  ) as VitalsTable;
}

/** Whether a p75 is good, needs improvement or poor by the thresholds search engines use. */
export function vitalRating(vital: Vital, value: number): "good" | "needs-improvement" | "poor" {
  const thresholds: Record<Vital, { good: number; poor: number }> = {
    LCP: { good: 2500, poor: 4000 },
    INP: { good: 200, poor: 500 },
    CLS: { good: 0.1, poor: 0.25 },
  };
  const { good, poor } = thresholds[vital];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

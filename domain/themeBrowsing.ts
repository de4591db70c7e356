/**
 * Browsing the card themes: which filters exist, how a browsing state is written into a
 * URL, and the pager. The query's schema (reading a URL) is `themeQuery.ts`, kept apart so
 * the browser bundle carries no validation library.
 */
import {
  CARD_ASPECT_RATIOS,
  CARD_COLORS,
  CARD_LABELS,
  CARD_PRODUCTS,
  CARD_PUNCHINGS,
  CARD_STYLES,
  OCCASIONS,
  THEME_PAGE_SIZES,
  type Occasion,
  type ThemeSort,
} from "./catalogue";

/** The filters a shopper chooses from, in the order the page shows them, with their values. */
export const THEME_FILTERS = {
  product: [...CARD_PRODUCTS, "collage"],
  color: CARD_COLORS,
  style: CARD_STYLES,
  aspectRatio: CARD_ASPECT_RATIOS,
  category: ["private", "business"],
  label: CARD_LABELS,
  punching: CARD_PUNCHINGS,
} as const satisfies Record<string, readonly string[]>;
export type ThemeFilter = keyof typeof THEME_FILTERS;
/** A product designs are made for: a card product or the collage. */
export type ThemeProduct = (typeof THEME_FILTERS.product)[number];
export const THEME_FILTER_KEYS = Object.keys(THEME_FILTERS) as ThemeFilter[];

export const DEFAULT_THEME_SORT: ThemeSort = "popularity";
export const DEFAULT_THEME_PAGE_SIZE = 12;

/** A browsing state: the chosen filter values, the sort, the page size and the page. */
export type ThemesQuery = {
  [K in ThemeFilter]?: (typeof THEME_FILTERS)[K][number][];
} & {
  occasion?: Occasion[];
  sort: ThemeSort;
  pageSize: number;
  page: number;
};

/** The URL query of a state: only what differs from the defaults, filters in a fixed order. */
export function themesSearch(state: ThemesQuery): string {
  const search = new URLSearchParams();
  for (const key of [...THEME_FILTER_KEYS, "occasion"] as const)
    for (const value of state[key] ?? []) search.append(key, value);
  if (state.sort !== DEFAULT_THEME_SORT) search.set("sort", state.sort);
  if (state.pageSize !== DEFAULT_THEME_PAGE_SIZE) search.set("pageSize", String(state.pageSize));
  if (state.page !== 1) search.set("page", String(state.page));
  const query = search.toString();
  return query === "" ? "" : `?${query}`;
}

/** True when any filter narrows the list. */
export function hasThemeFilters(state: ThemesQuery): boolean {
  return [...THEME_FILTER_KEYS, "occasion" as const].some((key) => (state[key] ?? []).length > 0);
}

/** The page numbers a pager offers: the first, the last and two either side of the current. */
export function pagerPages(current: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages]);
  for (let n = current - 2; n <= current + 2; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  // null marks a gap ("…") between numbers that do not follow each other.
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1]! > 1 ? [null, n] : [n]));
}

/**
 * The URL query of a filter form's choices: known values only, the first page, defaults
 * left out (a changed filter starts the list from its top).
 */
export function themesSearchFromForm(form: Iterable<[string, FormDataEntryValue]>): string {
  const state: ThemesQuery = {
    sort: DEFAULT_THEME_SORT,
    pageSize: DEFAULT_THEME_PAGE_SIZE,
    page: 1,
  };
  const chosen = state as Record<string, unknown>;
  for (const [key, value] of form) {
    if (typeof value !== "string" || value === "") continue;
    if ((THEME_FILTER_KEYS as string[]).includes(key)) {
      const allowed = THEME_FILTERS[key as ThemeFilter] as readonly string[];
      if (allowed.includes(value)) chosen[key] = [...((chosen[key] as string[]) ?? []), value];
    } else if (key === "occasion" && (OCCASIONS as readonly string[]).includes(value)) {
      state.occasion = [...(state.occasion ?? []), value as Occasion];
    } else if (key === "sort" && (value === "popularity" || value === "created")) {
      state.sort = value;
    } else if (
      key === "pageSize" &&
      (THEME_PAGE_SIZES as readonly number[]).includes(Number(value))
    ) {
      state.pageSize = Number(value);
    }
  }
  return themesSearch(state);
}

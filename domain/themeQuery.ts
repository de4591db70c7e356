/**
 * Reading a browsing state from a URL's query: the schema the shop API validates the
 * themes query with, and the lenient reading of the browsing pages. Query arrays come as
 * `color=red&color=gold`, `color[]=red` or `color=red,gold`.
 */
import { z } from "zod";
import { OCCASIONS, THEME_PAGE_SIZES, THEME_SORTS } from "./catalogue";
import {
  DEFAULT_THEME_PAGE_SIZE,
  DEFAULT_THEME_SORT,
  THEME_FILTERS,
  type ThemesQuery,
} from "./themeBrowsing";

const enumOf = <T extends string>(list: readonly T[]) => z.enum(list as unknown as [T, ...T[]]);

/** A query value that may come once or many times, or as one comma-separated value. */
export function queryList<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (v === undefined || v === "") return undefined;
    const values = Array.isArray(v) ? v : [v];
    return values.flatMap((x) => String(x).split(",")).filter((x) => x !== "");
  }, z.array(item).max(50).optional());
}

/** Deeper pages than this are no list a person reads; the query is refused. */
const MAX_PAGE = 10_000;

/**
 * The shop API's themes query. What it reads is a browsing state (ThemesQuery): the one
 * type the pages, the route and the catalogue service share, checked here against the
 * schema so the two cannot drift apart.
 */
export const themesQuery = z.object({
  aspectRatio: queryList(enumOf(THEME_FILTERS.aspectRatio)),
  category: queryList(enumOf(THEME_FILTERS.category)),
  color: queryList(enumOf(THEME_FILTERS.color)),
  label: queryList(enumOf(THEME_FILTERS.label)),
  product: queryList(enumOf(THEME_FILTERS.product)),
  punching: queryList(enumOf(THEME_FILTERS.punching)),
  style: queryList(enumOf(THEME_FILTERS.style)),
  occasion: queryList(enumOf(OCCASIONS)),
  sort: enumOf(THEME_SORTS).default(DEFAULT_THEME_SORT),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (THEME_PAGE_SIZES as readonly number[]).includes(n), "page size 12 or 48")
    .default(DEFAULT_THEME_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
}) satisfies z.ZodType<ThemesQuery, unknown>;

/** The query's values by name, `name[]` read as `name`, repeated names as a list. */
function queryValues(search: URLSearchParams): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of search) {
    const key = rawKey.endsWith("[]") ? rawKey.slice(0, -2) : rawKey;
    const before = values[key];
    values[key] = before === undefined ? value : [before, value].flat();
  }
  return values;
}

/**
 * The browsing state of a page's URL. A page is no API: a value it does not know (an old
 * colour in a bookmark, a typo) is left out and the rest of the state still applies.
 */
export function readThemesQuery(search: URLSearchParams): ThemesQuery {
  const values = queryValues(search);
  const shape = themesQuery.shape;
  const state: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const field = shape[key].safeParse(values[key]);
    state[key] = field.success ? field.data : shape[key].parse(undefined);
  }
  return state as ThemesQuery;
}

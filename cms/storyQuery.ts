/**
 * The pure rules of the stories listing's query language, as Storyblok documents them:
 * `filter_query` (parsed from the query string, matched against a story's content),
 * `sort_by` (parsed, and a comparison of two stories) and `*` wildcard matching. The
 * delivery code reads the values these rules need from the store and applies them.
 */
import { contentInstant } from "../domain/dates";

export const FILTER_OPERATIONS = [
  "is",
  "in",
  "not_in",
  "like",
  "not_like",
  "all_in_array",
  "any_in_array",
  "gt_date",
  "lt_date",
  "gt_int",
  "lt_int",
  "gt_float",
  "lt_float",
] as const;
export type FilterOperation = (typeof FILTER_OPERATIONS)[number];

export const IS_VALUES = [
  "empty",
  "not_empty",
  "empty_array",
  "not_empty_array",
  "true",
  "false",
  "null",
  "not_null",
] as const;
type IsValue = (typeof IS_VALUES)[number];

/** Conditions one request may carry, and values one condition may list. */
export const MAX_FILTER_CONDITIONS = 20;
export const MAX_FILTER_VALUES = 100;
const MAX_FIELD_LENGTH = 120;
const MAX_VALUE_LENGTH = 2000;

/** A content field: names joined by dots, each a plain identifier ("seo.title"). */
const FIELD = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+){0,5}$/;
/** filter_query[field][op], filter_query[__or][][field][op] or filter_query[__or][2][field][op]. */
const FILTER_KEY = /^filter_query\[(?:__or\]\[(\d{0,2})\]\[)?([^[\]]*)\]\[([^[\]]*)\]$/;

export interface FilterCondition {
  field: string;
  path: string[];
  operation: FilterOperation;
  values: string[];
  /** The bound of a comparison: a number, or an instant in ms for the date operations. */
  bound?: number;
}

/**
 * Every condition of `all` must hold, and, when `any` has groups, at least one group
 * must hold all of its conditions (Storyblok's `__or`).
 */
export interface ContentFilter {
  all: FilterCondition[];
  any: FilterCondition[][];
}

/** A wrong parameter: its name as sent, and what is wrong with it. */
export interface ParamIssue {
  parameter: string;
  message: string;
}

function conditionFrom(
  parameter: string,
  field: string,
  operation: string,
  raw: string,
): FilterCondition | ParamIssue {
  if (field.length > MAX_FIELD_LENGTH || !FIELD.test(field)) {
    return { parameter, message: "the field must be a content field name, e.g. seo.title" };
  }
  if (!(FILTER_OPERATIONS as readonly string[]).includes(operation)) {
    return { parameter, message: `the operation must be one of ${FILTER_OPERATIONS.join(", ")}` };
  }
  if (raw.length > MAX_VALUE_LENGTH) return { parameter, message: "the value is too long" };
  const op = operation as FilterOperation;
  const values = raw.split(",");
  if (values.length > MAX_FILTER_VALUES) {
    return { parameter, message: `at most ${MAX_FILTER_VALUES} values` };
  }
  const condition: FilterCondition = { field, path: field.split("."), operation: op, values };
  switch (op) {
    case "is":
      if (!(IS_VALUES as readonly string[]).includes(raw)) {
        return { parameter, message: `the value must be one of ${IS_VALUES.join(", ")}` };
      }
      return condition;
    case "gt_int":
    case "lt_int":
      if (!/^-?\d{1,15}$/.test(raw)) return { parameter, message: "the value must be an integer" };
      return { ...condition, bound: Number(raw) };
    case "gt_float":
    case "lt_float":
      if (!/^-?\d{1,15}(?:\.\d{1,15})?$/.test(raw)) {
        return { parameter, message: "the value must be a number" };
      }
      return { ...condition, bound: Number(raw) };
    case "gt_date":
    case "lt_date": {
      const instant = contentInstant(raw);
      if (instant === null) {
        return { parameter, message: "the value must be a date like 2024-12-31 09:00 (UTC)" };
      }
      return { ...condition, bound: instant };
    }
    default:
      return condition;
  }
}

/**
 * The content filter of a query string's `filter_query[...]` parameters, or what is wrong
 * with them. `__or` with `[]` makes each condition an alternative of its own (what
 * storyblok-js-client sends for an array of one-field objects); with an index (`[0]`,
 * `[1]`) the conditions of one index hold together and the indexes are the alternatives.
 */
export function parseFilterQuery(entries: Iterable<[string, string]>): {
  filter?: ContentFilter;
  issues: ParamIssue[];
} {
  const issues: ParamIssue[] = [];
  const all: FilterCondition[] = [];
  const anyIndexed = new Map<string, FilterCondition[]>();
  const anySingle: FilterCondition[][] = [];
  let count = 0;
  for (const [key, raw] of entries) {
    if (!key.startsWith("filter_query")) continue;
    const match = FILTER_KEY.exec(key);
    if (!match) {
      issues.push({
        parameter: key,
        message:
          "expected filter_query[field][operation] or filter_query[__or][][field][operation]",
      });
      continue;
    }
    const [, orIndex, field = "", operation = ""] = match;
    const condition = conditionFrom(key, field, operation, raw);
    if ("message" in condition) {
      issues.push(condition);
      continue;
    }
    if (++count > MAX_FILTER_CONDITIONS) {
      issues.push({
        parameter: key,
        message: `at most ${MAX_FILTER_CONDITIONS} filter conditions`,
      });
      break;
    }
    if (orIndex === undefined) all.push(condition);
    else if (orIndex === "") anySingle.push([condition]);
    else anyIndexed.set(orIndex, [...(anyIndexed.get(orIndex) ?? []), condition]);
  }
  if (issues.length > 0 || count === 0) return { issues };
  return { filter: { all, any: [...anySingle, ...anyIndexed.values()] }, issues };
}

/** The value at a dotted path of a story's content (undefined when a step is missing). */
export function valueAt(content: unknown, path: readonly string[]): unknown {
  let node = content;
  for (const step of path) {
    if (node === null || typeof node !== "object" || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return node;
}

/** A scalar's text for comparing with query values; objects and arrays have none. */
function text(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

/** The texts of a field: each element of an array, or the one scalar. */
function texts(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.map(text).filter((t): t is string => t !== null);
}

function number(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^\s*-?\d+(?:\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/**
 * `*` matches any run of characters, everything else itself, case-insensitively and over
 * the whole text. Linear backtracking (no regular expression), so no pattern can stall.
 */
export function wildcardMatches(pattern: string, value: string): boolean {
  const p = pattern.toLowerCase();
  const s = value.toLowerCase();
  let pi = 0;
  let si = 0;
  let star = -1;
  let resume = 0;
  while (si < s.length) {
    if (pi < p.length && p[pi] !== "*" && p[pi] === s[si]) {
      pi++;
      si++;
    } else if (pi < p.length && p[pi] === "*") {
      star = pi++;
      resume = si;
    } else if (star >= 0) {
      pi = star + 1;
      si = ++resume;
    } else {
      return false;
    }
  }
  while (pi < p.length && p[pi] === "*") pi++;
  return pi === p.length;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

function matchesIs(value: unknown, expected: IsValue): boolean {
  switch (expected) {
    case "empty":
      return isEmpty(value);
    case "not_empty":
      return !isEmpty(value);
    case "empty_array":
      return value === undefined || value === null || (Array.isArray(value) && value.length === 0);
    case "not_empty_array":
      return Array.isArray(value) && value.length > 0;
    case "true":
      return value === true;
    case "false":
      return value === false;
    case "null":
      return value === undefined || value === null;
    case "not_null":
      return value !== undefined && value !== null;
  }
}

/** Whether one condition holds for a field's value (undefined: the story lacks the field). */
export function conditionHolds(condition: FilterCondition, value: unknown): boolean {
  const { values, bound = 0 } = condition;
  switch (condition.operation) {
    case "is":
      return matchesIs(value, values[0] as IsValue);
    case "in":
      return texts(value).some((t) => values.includes(t));
    case "not_in":
      return !texts(value).some((t) => values.includes(t));
    case "like":
      return texts(value).some((t) => values.some((p) => wildcardMatches(p, t)));
    case "not_like":
      return !texts(value).some((t) => values.some((p) => wildcardMatches(p, t)));
    case "any_in_array": {
      const have = texts(value);
      return values.some((v) => have.includes(v));
    }
    case "all_in_array": {
      const have = texts(value);
      return values.every((v) => have.includes(v));
    }
    case "gt_date":
    case "lt_date": {
      const instant = contentInstant(value);
      if (instant === null) return false;
      return condition.operation === "gt_date" ? instant > bound : instant < bound;
    }
    case "gt_int":
    case "lt_int":
    case "gt_float":
    case "lt_float": {
      const n = number(value);
      if (n === null) return false;
      return condition.operation.startsWith("gt") ? n > bound : n < bound;
    }
  }
}

/** The content fields a filter reads. */
export function filterFields(filter: ContentFilter): string[] {
  return [...new Set([...filter.all, ...filter.any.flat()].map((c) => c.field))];
}

/** Whether a story passes the filter; `field` gives the value of a content field. */
export function filterHolds(filter: ContentFilter, field: (name: string) => unknown): boolean {
  const holds = (c: FilterCondition) => conditionHolds(c, field(c.field));
  if (!filter.all.every(holds)) return false;
  return filter.any.length === 0 || filter.any.some((group) => group.every(holds));
}

// ------------------------------------------------------------------ sort_by

/** The story properties `sort_by` takes (the rest of a story object is constant here). */
export const SORT_PROPERTIES = [
  "name",
  "slug",
  "full_slug",
  "id",
  "uuid",
  "position",
  "created_at",
  "updated_at",
  "published_at",
  "first_published_at",
] as const;
export type SortProperty = (typeof SORT_PROPERTIES)[number];

export const MAX_SORT_KEYS = 3;

export interface SortKey {
  /** "name", "position" … or "content.headline". */
  field: string;
  direction: "asc" | "desc";
  /** How a content field compares: as text (Storyblok's default), an integer or a number. */
  cast: "text" | "int" | "float";
}

/**
 * The keys of a `sort_by` value: `field[:asc|:desc][:int|:float]`, comma-separated,
 * where field is a story property or `content.` and a content field.
 */
export function parseSortBy(raw: string): { keys: SortKey[] } | { message: string } {
  const parts = raw.split(",").map((p) => p.trim());
  if (parts.length > MAX_SORT_KEYS) return { message: `at most ${MAX_SORT_KEYS} sort keys` };
  const keys: SortKey[] = [];
  for (const part of parts) {
    const [field = "", ...rest] = part.split(":");
    let direction: SortKey["direction"] = "asc";
    let cast: SortKey["cast"] = "text";
    for (const [i, word] of rest.entries()) {
      if (i === 0 && (word === "asc" || word === "desc")) direction = word;
      else if (i === rest.length - 1 && (word === "int" || word === "float")) cast = word;
      else return { message: `"${part}": expected field:asc or field:desc, then :int or :float` };
    }
    const contentField = field.startsWith("content.") ? field.slice("content.".length) : null;
    if (contentField !== null) {
      if (contentField.length > MAX_FIELD_LENGTH || !FIELD.test(contentField)) {
        return { message: `"${part}": content. must be followed by a content field name` };
      }
    } else if (!(SORT_PROPERTIES as readonly string[]).includes(field)) {
      return {
        message: `"${part}": sort by ${SORT_PROPERTIES.join(", ")} or content.<field>`,
      };
    } else if (cast !== "text") {
      return { message: `"${part}": :int and :float apply to content fields only` };
    }
    keys.push({ field, direction, cast });
  }
  return { keys };
}

const collator = new Intl.Collator("en", { sensitivity: "variant" });

/** The comparable form of a sort value: a number, a text, or null (no value). */
function sortable(value: unknown, key: SortKey): number | string | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.getTime();
  if (key.cast === "int") {
    const n = number(value);
    return n === null ? null : Math.trunc(n);
  }
  if (key.cast === "float") return number(value);
  // Story properties keep their type (position, id); content fields compare as text.
  if (typeof value === "number" && !key.field.startsWith("content.")) return value;
  return text(value) ?? JSON.stringify(value);
}

function compareValues(a: number | string | null, b: number | string | null): number {
  // No value sorts after every value going up, before every value going down (as in SQL).
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

/**
 * A comparison of two stories by the keys; `field` reads a key's value from a story. Ties
 * fall back to the full slug and the id, so every page of a listing is stable.
 */
export function compareBy<T extends { fullSlug: string; id: number }>(
  keys: readonly SortKey[],
  field: (story: T, name: string) => unknown,
): (a: T, b: T) => number {
  return (a, b) => {
    for (const key of keys) {
      const order = compareValues(
        sortable(field(a, key.field), key),
        sortable(field(b, key.field), key),
      );
      if (order !== 0) return key.direction === "asc" ? order : -order;
    }
    if (a.fullSlug !== b.fullSlug) return a.fullSlug < b.fullSlug ? -1 : 1;
    return a.id - b.id;
  };
}

/** How deep a full slug sits: its segments ("de-de/service/" is in de-de/service, level 3). */
export function slugLevel(fullSlug: string): number {
  return fullSlug.split("/").length;
}

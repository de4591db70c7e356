import { describe, expect, it } from "vitest";
import {
  compareBy,
  conditionHolds,
  filterHolds,
  parseFilterQuery,
  parseSortBy,
  slugLevel,
  valueAt,
  wildcardMatches,
  type FilterCondition,
  type SortKey,
} from "./storyQuery";

function condition(key: string, value: string): FilterCondition {
  const { filter, issues } = parseFilterQuery([[key, value]]);
  expect(issues).toEqual([]);
  return filter!.all[0] ?? filter!.any[0]![0]!;
}

describe("wildcardMatches", () => {
  it.each([
    ["Mars*", "Mars rover", true],
    ["Mars*", "The Mars rover", false],
    ["*mars", "Life on Mars", true],
    ["*mysteries*", "Ocean Mysteries Unveiled", true],
    ["john", "John", true],
    ["john", "John Mustermann", false],
    ["", "", true],
    ["", "x", false],
    ["*", "", true],
    ["a*b*c", "aXbYc", true],
    ["a*b*c", "aXcYb", false],
    ["100%_off", "100%_off", true],
    ["100%_off", "100x_off", false],
  ])("%s against %s is %s", (pattern, value, expected) => {
    expect(wildcardMatches(pattern, value)).toBe(expected);
  });

  it("answers a long text against many stars at once", () => {
    const started = performance.now();
    expect(wildcardMatches("*a*a*a*a*a*a*a*a*b", "a".repeat(5000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("parseFilterQuery", () => {
  it("reads plain, __or with [] and __or with indexes", () => {
    const { filter, issues } = parseFilterQuery([
      ["token", "x"],
      ["filter_query[component][in]", "article,news"],
      ["filter_query[__or][][color][in]", "red"],
      ["filter_query[__or][][background][in]", "blue"],
      ["filter_query[__or][0][size][gt_int]", "3"],
      ["filter_query[__or][0][seo.title][like]", "A*"],
    ]);
    expect(issues).toEqual([]);
    expect(filter!.all.map((c) => [c.field, c.operation, c.values])).toEqual([
      ["component", "in", ["article", "news"]],
    ]);
    expect(filter!.any.map((g) => g.map((c) => c.field))).toEqual([
      ["color"],
      ["background"],
      ["size", "seo.title"],
    ]);
    expect(filter!.any[2]![1]!.path).toEqual(["seo", "title"]);
  });

  it("has no filter without filter_query parameters", () => {
    expect(parseFilterQuery([["sort_by", "name"]])).toEqual({ issues: [] });
  });

  it.each([
    ["filter_query[price][between]", "1", "the operation must be one of"],
    ["filter_query[price][gt_int]", "ten", "must be an integer"],
    ["filter_query[price][lt_float]", "1,5", "must be a number"],
    ["filter_query[when][gt_date]", "31.12.2024", "must be a date"],
    ["filter_query[flag][is]", "yes", "must be one of empty"],
    ["filter_query[a b][in]", "x", "content field name"],
    ["filter_query[price]", "1", "expected filter_query[field][operation]"],
    ["filter_query[x][in][y]", "1", "expected filter_query[field][operation]"],
  ])("names %s=%s as wrong", (key, value, message) => {
    const { filter, issues } = parseFilterQuery([[key, value]]);
    expect(filter).toBeUndefined();
    expect(issues).toEqual([{ parameter: key, message: expect.stringContaining(message) }]);
  });

  it("refuses more than 20 conditions", () => {
    const entries = Array.from({ length: 21 }, (_, i): [string, string] => [
      `filter_query[f${i}][in]`,
      "x",
    ]);
    expect(parseFilterQuery(entries).issues).toEqual([
      expect.objectContaining({ parameter: "filter_query[f20][in]" }),
    ]);
  });
});

describe("conditionHolds", () => {
  it.each([
    ["filter_query[c][in]", "red,blue", "blue", true],
    ["filter_query[c][in]", "red,blue", "green", false],
    ["filter_query[c][in]", "true", true, true],
    ["filter_query[c][in]", "red", ["green", "red"], true],
    ["filter_query[c][in]", "red", undefined, false],
    ["filter_query[c][not_in]", "red", "green", true],
    ["filter_query[c][not_in]", "red", "red", false],
    ["filter_query[c][not_in]", "red", undefined, true],
    ["filter_query[c][like]", "*ars*", "Mars rover", true],
    ["filter_query[c][like]", "ven*,mars*", "Mars", true],
    ["filter_query[c][like]", "", "", true],
    ["filter_query[c][like]", "", undefined, false],
    ["filter_query[c][not_like]", "*ars*", "Mars", false],
    ["filter_query[c][not_like]", "*ars*", "Venus", true],
    ["filter_query[c][any_in_array]", "a,z", ["a", "b"], true],
    ["filter_query[c][any_in_array]", "y,z", ["a", "b"], false],
    ["filter_query[c][all_in_array]", "a,b", ["b", "c", "a"], true],
    ["filter_query[c][all_in_array]", "a,z", ["a", "b"], false],
    ["filter_query[c][gt_date]", "2024-12-31 09:00", "2024-12-31 09:01", true],
    ["filter_query[c][gt_date]", "2024-12-31 09:00", "2024-12-31 09:00", false],
    ["filter_query[c][lt_date]", "2024-12-31 09:00", "2024-12-30", true],
    ["filter_query[c][lt_date]", "2024-12-31 09:00", "no date", false],
    ["filter_query[c][gt_int]", "100", "270", true],
    ["filter_query[c][gt_int]", "100", 99, false],
    ["filter_query[c][lt_int]", "100", "99", true],
    ["filter_query[c][lt_int]", "100", "abc", false],
    ["filter_query[c][gt_float]", "2.5", "2.75", true],
    ["filter_query[c][lt_float]", "2.5", 2.5, false],
    ["filter_query[c][is]", "empty", "", true],
    ["filter_query[c][is]", "empty", undefined, true],
    ["filter_query[c][is]", "empty", "x", false],
    ["filter_query[c][is]", "not_empty", "x", true],
    ["filter_query[c][is]", "empty_array", [], true],
    ["filter_query[c][is]", "not_empty_array", [], false],
    ["filter_query[c][is]", "not_empty_array", ["x"], true],
    ["filter_query[c][is]", "true", true, true],
    ["filter_query[c][is]", "true", "true", false],
    ["filter_query[c][is]", "false", false, true],
    ["filter_query[c][is]", "null", null, true],
    ["filter_query[c][is]", "not_null", "", true],
  ])("%s=%s holds for %j: %s", (key, query, value, expected) => {
    expect(conditionHolds(condition(key, query), value)).toBe(expected);
  });

  it("combines conditions with AND and __or groups with OR", () => {
    const { filter } = parseFilterQuery([
      ["filter_query[component][in]", "article"],
      ["filter_query[__or][][color][in]", "red"],
      ["filter_query[__or][][background][in]", "blue"],
    ]);
    const holds = (content: Record<string, unknown>) =>
      filterHolds(filter!, (field) => valueAt(content, field.split(".")));
    expect(holds({ component: "article", color: "red" })).toBe(true);
    expect(holds({ component: "article", background: "blue" })).toBe(true);
    expect(holds({ component: "article", color: "green" })).toBe(false);
    expect(holds({ component: "news", color: "red" })).toBe(false);
  });
});

describe("valueAt", () => {
  it("walks dotted paths of objects and stops at anything else", () => {
    const content = { seo: { title: "T" }, list: [{ a: 1 }] };
    expect(valueAt(content, ["seo", "title"])).toBe("T");
    expect(valueAt(content, ["seo", "missing"])).toBeUndefined();
    expect(valueAt(content, ["list", "0"])).toBeUndefined();
  });
});

describe("parseSortBy", () => {
  it.each([
    ["name:asc", [{ field: "name", direction: "asc", cast: "text" }]],
    ["first_published_at:desc", [{ field: "first_published_at", direction: "desc", cast: "text" }]],
    ["position", [{ field: "position", direction: "asc", cast: "text" }]],
    ["content.price:desc:int", [{ field: "content.price", direction: "desc", cast: "int" }]],
    [
      "content.seo.rank:asc:float",
      [{ field: "content.seo.rank", direction: "asc", cast: "float" }],
    ],
    [
      "content.headline:asc,created_at:desc",
      [
        { field: "content.headline", direction: "asc", cast: "text" },
        { field: "created_at", direction: "desc", cast: "text" },
      ],
    ],
  ])("reads %s", (raw, keys) => {
    expect(parseSortBy(raw)).toEqual({ keys });
  });

  it.each([
    ["colour:asc", "sort by name"],
    ["name:up", "expected field:asc"],
    ["name:asc:int", "apply to content fields only"],
    ["content.:asc", "content field name"],
    ["content.a:asc:int:desc", "expected field:asc"],
    ["a,b,c,d", "at most 3"],
  ])("refuses %s", (raw, message) => {
    expect(parseSortBy(raw)).toEqual({ message: expect.stringContaining(message) });
  });
});

describe("compareBy", () => {
  interface Row {
    id: number;
    fullSlug: string;
    values: Record<string, unknown>;
  }
  const rows: Row[] = [
    { id: 1, fullSlug: "a", values: { name: "beta", "content.price": "10", position: 2 } },
    { id: 2, fullSlug: "b", values: { name: "Alpha", "content.price": "9", position: 10 } },
    { id: 3, fullSlug: "c", values: { name: "gamma", position: 1 } },
  ];
  const sorted = (raw: string) => {
    const parsed = parseSortBy(raw) as { keys: SortKey[] };
    return [...rows].sort(compareBy<Row>(parsed.keys, (r, f) => r.values[f])).map((r) => r.id);
  };

  it("sorts names alphabetically whatever their case", () => {
    expect(sorted("name:asc")).toEqual([2, 1, 3]);
    expect(sorted("name:desc")).toEqual([3, 1, 2]);
  });

  it("sorts content fields as text unless cast, a missing value last going up", () => {
    expect(sorted("content.price:asc")).toEqual([1, 2, 3]);
    expect(sorted("content.price:asc:int")).toEqual([2, 1, 3]);
    expect(sorted("content.price:desc:float")).toEqual([3, 1, 2]);
  });

  it("sorts story numbers as numbers and breaks ties by full slug", () => {
    expect(sorted("position:asc")).toEqual([3, 1, 2]);
    const tied = [...rows].reverse().sort(compareBy<Row>([], () => null));
    expect(tied.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});

describe("slugLevel", () => {
  it("counts the segments of a full slug, a start page inside its folder", () => {
    expect(slugLevel("home")).toBe(1);
    expect(slugLevel("de-de/home")).toBe(2);
    expect(slugLevel("de-de/service/")).toBe(3);
    expect(slugLevel("de-de/service/kontakt")).toBe(3);
  });
});

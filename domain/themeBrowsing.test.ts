import { describe, expect, it } from "vitest";
import { hasThemeFilters, pagerPages, themesSearch, themesSearchFromForm } from "./themeBrowsing";
import { readThemesQuery } from "./themeQuery";

const read = (query: string) => readThemesQuery(new URLSearchParams(query));

describe("reading a browsing state from a page's URL", () => {
  it("starts from popularity, 12 per page, page 1 and no filter", () => {
    expect(read("")).toMatchObject({ sort: "popularity", pageSize: 12, page: 1 });
    expect(hasThemeFilters(read(""))).toBe(false);
  });

  it("takes repeated, bracketed and comma-separated filter values", () => {
    expect(read("color=red&color=gold").color).toEqual(["red", "gold"]);
    expect(read("color[]=red&color[]=gold").color).toEqual(["red", "gold"]);
    expect(read("color=red,gold&style=modern").color).toEqual(["red", "gold"]);
    expect(hasThemeFilters(read("style=modern"))).toBe(true);
  });

  it("leaves out what it does not know and keeps the rest", () => {
    const state = read("color=plaid&style=modern&pageSize=30&page=0&sort=price");
    expect(state.color).toBeUndefined();
    expect(state.style).toEqual(["modern"]);
    expect(state).toMatchObject({ pageSize: 12, page: 1, sort: "popularity" });
  });

  it("offers the page sizes 12 and 48 and sorting by creation date", () => {
    expect(read("pageSize=48&sort=created&page=3")).toMatchObject({
      pageSize: 48,
      sort: "created",
      page: 3,
    });
  });
});

describe("writing a browsing state into a URL", () => {
  it("writes only what differs from the defaults, filters in a fixed order", () => {
    expect(themesSearch(read(""))).toBe("");
    expect(themesSearch(read("pageSize=48&color=red&product=postcard&sort=popularity"))).toBe(
      "?product=postcard&color=red&pageSize=48",
    );
  });

  it("reads back what it wrote", () => {
    const state = read("style=modern&color=red,gold&sort=created&pageSize=48&page=2");
    expect(read(themesSearch(state).slice(1))).toEqual(state);
  });
});

describe("writing a filter form's choices into a URL", () => {
  it("keeps known values, drops the empty 'all' choices and the defaults, starts at page 1", () => {
    const form: [string, string][] = [
      ["product", ""],
      ["color", "red"],
      ["color", "plaid"],
      ["sort", "popularity"],
      ["pageSize", "48"],
      ["page", "7"],
      ["occasion", "hochzeit"],
    ];
    expect(themesSearchFromForm(form)).toBe("?color=red&occasion=hochzeit&pageSize=48");
    expect(
      themesSearchFromForm([
        ["sort", "created"],
        ["pageSize", "30"],
      ]),
    ).toBe("?sort=created");
  });
});

describe("the pager", () => {
  it("shows every page of a short list", () => {
    expect(pagerPages(1, 3)).toEqual([1, 2, 3]);
  });

  it("shows the first, the last and two either side, with gaps between", () => {
    expect(pagerPages(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pagerPages(1, 20)).toEqual([1, 2, 3, null, 20]);
    expect(pagerPages(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
  });
});

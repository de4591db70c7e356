import { describe, expect, it } from "vitest";
import { collectPageTags, CATALOGUE_TAG } from "../pageTags";
import { createCatalogueMemo, memoKey } from "./memo";

describe("the catalogue memo", () => {
  it("makes an answer once and keeps it until cleared", async () => {
    const memo = createCatalogueMemo();
    let made = 0;
    const make = async () => ({ made: ++made });
    expect(await memo.get(["calculator", "canvas"], make)).toEqual({ made: 1 });
    expect(await memo.get(["calculator", "canvas"], make)).toEqual({ made: 1 });
    expect(await memo.get(["calculator", "acrylic"], make)).toEqual({ made: 2 });
    memo.clear();
    expect(await memo.get(["calculator", "canvas"], make)).toEqual({ made: 3 });
  });

  it("tags the page being rendered with the catalogue on hits too", async () => {
    const memo = createCatalogueMemo();
    await memo.get(["a"], async () => 1);
    const tags = new Set<string>();
    await collectPageTags(tags, () => memo.get(["a"], async () => 2));
    expect([...tags]).toEqual([CATALOGUE_TAG]);
  });

  it("keeps no failed answer", async () => {
    const memo = createCatalogueMemo();
    await expect(memo.get(["a"], () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await memo.get(["a"], async () => "now")).toBe("now");
  });

  it("keeps at most its limit, dropping the oldest", async () => {
    const memo = createCatalogueMemo(2);
    for (const key of ["a", "b", "c"]) await memo.get([key], async () => key);
    expect(memo.size).toBe(2);
    expect(await memo.get(["a"], async () => "again")).toBe("again");
    expect(await memo.get(["c"], async () => "again")).toBe("c");
  });

  it("drops the answer used longest ago, not one in use", async () => {
    const memo = createCatalogueMemo(2);
    await memo.get(["a"], async () => "a");
    await memo.get(["b"], async () => "b");
    await memo.get(["a"], async () => "again");
    await memo.get(["c"], async () => "c");
    expect(await memo.get(["a"], async () => "again")).toBe("a");
    expect(await memo.get(["b"], async () => "again")).toBe("again");
  });

  it("reads objects the same whatever order their keys were written in", () => {
    expect(memoKey([{ b: 1, a: 2 }])).toBe(memoKey([{ a: 2, b: 1 }]));
    expect(memoKey([{ a: undefined }])).toBe(memoKey([{}]));
    expect(memoKey(["x", null])).not.toBe(memoKey(["x", "null"]));
  });
});

import { describe, expect, it } from "vitest";
import { loggedIds, readSeed, request, stepOf } from "../parts/seedBlock.testing";
import { THEME_FEED } from "./themeFeed.server";

describe("the design feed on the server", () => {
  it("reads the seed example; only the page's first feed asks its source for the URL's designs", async () => {
    const block = readSeed(THEME_FEED, "ThemeFeed");
    expect(block.list).toBeNull();
    const asked: unknown[] = [];
    const failing = (product: unknown) => {
      asked.push(product);
      return Promise.reject(new Error("down"));
    };
    const later = await stepOf(THEME_FEED)(block, failing, request(false));
    expect(later).toBe(block);
    expect(asked).toEqual([]);
    const ids = await loggedIds(async () => stepOf(THEME_FEED)(block, failing, request(true)));
    expect(asked).toEqual([block.product]);
    expect(ids).toEqual(["theme-overview-error"]);
  });
});

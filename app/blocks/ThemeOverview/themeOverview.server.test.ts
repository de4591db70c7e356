import { describe, expect, it } from "vitest";
import { loggedIds, readSeed, request, stepOf } from "../parts/seedBlock.testing";
import { THEME_OVERVIEW } from "./themeOverview.server";

const theme = (id: string) => ({ id, name: id, image: `/t/${id}.jpg`, label: null, price: null });

describe("the theme overview on the server", () => {
  it("reads the seed example and shows as many of its source's designs as it counts, the total in its link text", async () => {
    const block = {
      ...readSeed(THEME_OVERVIEW, "ThemeOverview"),
      count: 4,
      linkText: "Alle {{count}} Designs",
    };
    const asked: (string | null)[] = [];
    const prepared = await stepOf(THEME_OVERVIEW)(
      block,
      async (occasion) => {
        asked.push(occasion);
        return {
          themes: ["a", "b", "c", "d", "e"].map(theme),
          total: 42,
          browse: "/products?occasion=x",
        };
      },
      request(),
    );
    expect(asked).toEqual([block.occasion]);
    expect(prepared.themes?.map((t) => t.id)).toEqual(["a", "b", "c", "d"]);
    expect(prepared).toMatchObject({
      total: 42,
      browse: "/products?occasion=x",
      linkText: "Alle 42 Designs",
    });
  });

  it("keeps the block without designs when its source fails, logged", async () => {
    const block = readSeed(THEME_OVERVIEW, "ThemeOverview");
    let themes: unknown = "unset";
    const ids = await loggedIds(async () => {
      ({ themes } = await stepOf(THEME_OVERVIEW)(
        block,
        () => Promise.reject(new Error("down")),
        request(),
      ));
    });
    expect(themes).toBeNull();
    expect(ids).toEqual(["theme-overview-error"]);
  });
});

import { describe, expect, it } from "vitest";
import { loggedIds, readSeed, request, stepOf } from "../parts/seedBlock.testing";
import {
  CALENDAR_OVERVIEW,
  COLLAGE_OVERVIEW,
  PHOTOBOOK_OVERVIEW,
  SHOP,
  SKU_CONTAINER,
} from "./tileOverview.server";

const TILE = { key: "k", name: "Wandkalender", href: "/wandkalender", picture: null, price: null };

describe("the design overviews on the server", () => {
  it("read their seed examples without tiles", () => {
    expect(readSeed(CALENDAR_OVERVIEW, "CalendarOverview").tiles).toBeNull();
    expect(readSeed(COLLAGE_OVERVIEW, "CollageOverview").tiles).toBeNull();
    expect(readSeed(PHOTOBOOK_OVERVIEW, "PhotobookOverview").tiles).toBeNull();
    expect(readSeed(SHOP, "Shop").tiles).toBeNull();
    expect(readSeed(SKU_CONTAINER, "SkuContainer").tiles).toBeNull();
  });

  it("show the tiles their source gives for the block, none when it fails (logged)", async () => {
    const block = readSeed(SKU_CONTAINER, "SkuContainer");
    const asked: string[] = [];
    const prepared = await stepOf(SKU_CONTAINER)(
      block,
      async (b) => {
        asked.push(b.sku);
        return [TILE];
      },
      request(),
    );
    expect(asked).toEqual([block.sku]);
    expect(prepared.tiles).toEqual([TILE]);
    const calendar = readSeed(CALENDAR_OVERVIEW, "CalendarOverview");
    const ids = await loggedIds(async () => {
      const failed = await stepOf(CALENDAR_OVERVIEW)(
        calendar,
        () => Promise.reject(new Error("down")),
        request(),
      );
      expect(failed.tiles).toBeNull();
    });
    expect(ids).toEqual(["tile-overview-error"]);
  });
});

/**
 * The design overviews' fields (content/BLOCKS.md): the calendar types, collage designs and
 * photo book categories, the express shop and a SKU container, each as tiles from the
 * catalogue (overviews.server.ts).
 */
import { z } from "zod";
import { CALENDAR_TYPES, PHOTOBOOK_CATEGORY_IDS, PHOTOBOOK_TYPES } from "../../../domain/catalogue";
import { optionField } from "../../lib/fields.server";
import { logError } from "../../lib/log";
import { defineBlock } from "../parts/block.server";
import { commaList, text, uid } from "../parts/schema.server";
import type {
  CalendarOverviewBlock,
  CollageOverviewBlock,
  PhotobookOverviewBlock,
  ProductTileData,
  ShopBlock,
  SkuContainerBlock,
  TileOverviewBlock,
} from "../types";

/** Where a design overview of type B gets its tiles. */
export type TileSource<B extends TileOverviewBlock> = (block: B) => Promise<ProductTileData[]>;

/** A design overview with its tiles from the catalogue; without them it renders nothing. */
async function withTiles<B extends TileOverviewBlock>(block: B, source: TileSource<B>): Promise<B> {
  const tiles = await source(block).catch((error: unknown) => {
    logError("tile-overview-error", error, { uid: block._uid, component: block.component });
    return null;
  });
  return tiles ? { ...block, tiles } : block;
}

const calendarOverview = z.object({
  _uid: uid,
  component: z.literal("CalendarOverview"),
  headline: text,
  text,
  calendarType: z.enum(CALENDAR_TYPES).nullable().catch(null).default(null),
});

const collageOverview = z.object({
  _uid: uid,
  component: z.literal("CollageOverview"),
  headline: text,
  text,
  designs: commaList,
});

const photobookOverview = z.object({
  _uid: uid,
  component: z.literal("PhotobookOverview"),
  headline: text,
  text,
  // Ids the catalogue does not know are dropped, not the block.
  categories: commaList.transform((ids) =>
    ids.map(Number).filter((id) => PHOTOBOOK_CATEGORY_IDS.includes(id)),
  ),
  printing: optionField(PHOTOBOOK_TYPES, "digitalfotobuch"),
});

const shop = z.object({
  _uid: uid,
  component: z.literal("Shop"),
  headline: text,
  text,
});

const skuContainer = z.object({
  _uid: uid,
  component: z.literal("SkuContainer"),
  headline: text,
  text,
  /** The catalogue's SKU container whose articles the block shows. */
  sku: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
});

export const CALENDAR_OVERVIEW = defineBlock(
  "CalendarOverview",
  calendarOverview,
  (raw) => ({ ...raw, tiles: null }),
  (block, tiles: TileSource<CalendarOverviewBlock>) => withTiles(block, tiles),
);
export const COLLAGE_OVERVIEW = defineBlock(
  "CollageOverview",
  collageOverview,
  (raw) => ({ ...raw, tiles: null }),
  (block, tiles: TileSource<CollageOverviewBlock>) => withTiles(block, tiles),
);
export const PHOTOBOOK_OVERVIEW = defineBlock(
  "PhotobookOverview",
  photobookOverview,
  (raw) => ({ ...raw, tiles: null }),
  (block, tiles: TileSource<PhotobookOverviewBlock>) => withTiles(block, tiles),
);
export const SHOP = defineBlock(
  "Shop",
  shop,
  (raw) => ({ ...raw, tiles: null }),
  (block, tiles: TileSource<ShopBlock>) => withTiles(block, tiles),
);
export const SKU_CONTAINER = defineBlock(
  "SkuContainer",
  skuContainer,
  (raw) => ({ ...raw, tiles: null }),
  (block, tiles: TileSource<SkuContainerBlock>) => withTiles(block, tiles),
);

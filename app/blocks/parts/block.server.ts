/**
 * What a block is on the server: its schema, the conversion of what its schema read into
 * the prepared shape of types.ts, and, for the blocks that show catalogue, design or
 * visitor data, the step that adds one request's data (each block's `<block>.server.ts`
 * defines its own; registry.server.ts lists them). Also what that step may use: the
 * request's block sources.
 */
import type { z } from "zod";
import type { ChannelId } from "../../../config/channels";
import type { Locale } from "../../../domain/locales";
import type { ThemeProduct } from "../../../domain/themeBrowsing";
import type { CustomerPictureCard } from "../../../domain/customerPictures";
import type { DetailKind, DetailPreset, ProductDetails } from "../../../domain/productDetails";
import type { CatalogueService } from "../../../server/catalogue/service";
import type { ThemeList } from "../../catalogue/browsing.server";
import type {
  AccessoryRow,
  BlockName,
  CalendarOverviewBlock,
  CollageOverviewBlock,
  FrameBlock,
  FrameCard,
  GiftVoucherRow,
  ImageMeta,
  PhotobookOverviewBlock,
  PreparedBlocks,
  PreparedPrice,
  ProductTileData,
  ShopBlock,
  SkuContainerBlock,
  ThemeCardData,
  VoucherCheck,
} from "../types";
import type { ConvertContext } from "./schema.server";

/** Reads the size of an asset by its filename; zeros when unknown (the image service does this). */
export interface AssetMetaSource {
  meta(filename: string): Promise<ImageMeta>;
}

type CatalogueCalculator = Awaited<ReturnType<CatalogueService["calculator"]>>;

/** Where the design overview blocks get their tiles, per block kind. */
export interface OverviewSource {
  calendar(block: CalendarOverviewBlock): Promise<ProductTileData[]>;
  collage(block: CollageOverviewBlock): Promise<ProductTileData[]>;
  photobook(block: PhotobookOverviewBlock): Promise<ProductTileData[]>;
  shop(block: ShopBlock): Promise<ProductTileData[]>;
  sku(block: SkuContainerBlock): Promise<ProductTileData[]>;
}

/**
 * Where the blocks that show catalogue, design or visitor data get it for one request,
 * by the block they serve (`blockSources` in sources.server.ts builds them for a page).
 * Each is optional: without it (the CMS endpoints) its blocks carry no data and render
 * nothing.
 */
export interface BlockSources {
  /**
   * The catalogue's calculator data for a product kind (and a SKU's preselection); without
   * it (the CMS endpoints) calculator blocks carry no data and render nothing.
   */
  calculator?: (product: string, sku: string | null) => Promise<CatalogueCalculator>;
  /** The page's `?sku=`: a SKU container preselects a calculator's material and format. */
  sku?: string | null;
  /**
   * One page of the designs (of a product) for the page URL's browsing state, for the
   * page's design feed.
   */
  themeFeed?: (product: ThemeProduct | null) => Promise<ThemeList>;
  /** The design groups of the design overview blocks as tiles. */
  overviews?: OverviewSource;
  /**
   * A product detail container's state for what was asked and the editor's presets;
   * without it (the CMS endpoints) the containers carry no data and render nothing.
   */
  productDetails?: (
    kind: DetailKind,
    asked: Readonly<Record<string, string | undefined>>,
    preset: DetailPreset,
  ) => Promise<ProductDetails | null>;
  /** The shop's card accessories (of the given types) as a price list. */
  accessories?: (types: readonly string[]) => Promise<AccessoryRow[]>;
  /** The gift vouchers the shop sells, with their prices. */
  giftVouchers?: () => Promise<GiftVoucherRow[]>;
  /**
   * The from-price of a product content names (a teaser's, a tile's, a feed item's
   * `priceProduct`), from the catalogue in the shop's currency; rejects for a product the
   * shop does not sell. Without it (the CMS endpoints) those blocks show no price.
   */
  productPrice?: (reference: string) => Promise<PreparedPrice | null>;
  /** The frame block's frame types for its material. */
  frames?: (block: FrameBlock) => Promise<FrameCard[]>;
  /** The page URL's query: the first detail container of each product answers its choice. */
  search?: URLSearchParams;
  /** The page's `?voucher=` code checked for the visitor's shop (null: none asked). */
  voucher?: () => Promise<VoucherCheck | null>;
  /** The approved customer pictures (of a product family), newest first. */
  customerPictures?: (query: {
    product: string;
    limit: number;
  }) => Promise<{ items: CustomerPictureCard[]; total: number }>;
  /** The most popular published designs (of an occasion) and how many there are. */
  themes?: (
    occasion: string | null,
  ) => Promise<{ themes: ThemeCardData[]; total: number; browse: string }>;
}

/** What the server-side content pass needs to know about the request. */
export interface PrepareContext extends BlockSources {
  locale: Locale;
  channel: ChannelId;
  preview: boolean;
  /**
   * Where asset sizes come from: the request's image service (services.images), so the
   * sizes are read from the same asset store that serves the images.
   */
  images: AssetMetaSource;
  /** The current time (tests); defaults to now. */
  now?: number;
  /** The story's full slug, named when an asset of it cannot be loaded. */
  slug?: string;
}

/** Adds one request's data to a block of kind K; `first` is the page's first block of K. */
export type Preparer<K extends BlockName> = (
  block: PreparedBlocks[K],
  ctx: PrepareContext,
  first: boolean,
) => Promise<PreparedBlocks[K]> | PreparedBlocks[K];

/** A block's raw fields read: the prepared block, or what was wrong with them. */
export type ReadBlock<K extends BlockName> =
  { block: PreparedBlocks[K]; issues?: undefined } | { block?: undefined; issues: string[] };

/** One block on the server, as registry.server.ts lists it. */
export interface BlockDefinition<K extends BlockName> {
  /** Checks a block's raw fields against its schema and converts them (`read` before `prepare`). */
  read(raw: unknown, ctx: ConvertContext): ReadBlock<K>;
  /** Adds one request's data; absent for blocks that show only what the editor wrote. */
  prepare?: Preparer<K>;
}

/**
 * A block's definition (its name, for the types) from its schema, its conversion of what the schema read (typed by
 * the schema, so a field the schema does not have cannot be converted) and its request step.
 */
export function defineBlock<K extends BlockName, S extends z.ZodType>(
  _name: K,
  schema: S,
  convert: (raw: z.output<S>, ctx: ConvertContext) => PreparedBlocks[K],
  prepare?: Preparer<K>,
): BlockDefinition<K> {
  return {
    read(raw, ctx) {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        return { issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
      }
      return { block: convert(parsed.data, ctx) };
    },
    prepare,
  };
}

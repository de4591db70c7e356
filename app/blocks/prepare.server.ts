/**
 * The server-side pass over a story's content before it reaches the page (contract in
 * content/BLOCKS.md): every block of `body` is checked against its schema and turned into
 * its prepared shape — rich text to sanitised HTML, links allow-listed and localised,
 * prices in the locale's currency, asset sizes read from the asset store, countdown dates
 * checked. Unknown and invalid blocks are logged (once per component name) and left out;
 * in preview they stay as a marker an editor can see. Keeps @storyblok/richtext,
 * sanitize-html and zod out of the browser bundle.
 */
import { CHANNELS, type ChannelId } from "../../config/channels";
import { isRecord } from "../../domain/contentFields";
import { framesInColour } from "../../domain/frames";
import type { LinkLocale } from "../../domain/links";
import { localeSettings, type Locale } from "../../domain/locales";
import { logError } from "../lib/log";
import { parseRichTextImageOptions, richTextImageSources } from "./richtext.server";
import { BLOCK_SCHEMAS, CONVERTERS, type ConvertContext } from "./schemas.server";
import type { CatalogueService } from "../../server/catalogue/service";
import { serverT } from "../i18n/messages.server";
import type { ThemeList } from "../catalogue/browsing.server";
import type { ThemeProduct } from "../../domain/themeBrowsing";
import type { CustomerPictureCard } from "../../domain/customerPictures";
import {
  detailPreset,
  type DetailKind,
  type DetailPreset,
  type ProductDetails,
} from "../../domain/productDetails";
import type {
  AccessoriesBlock,
  GiftVoucherRow,
  GiftVouchersBlock,
  AccessoryRow,
  BlockName,
  DetailContainerBlock,
  FrameBlock,
  FrameCard,
  PreparedBlocks,
  CalculatorBlock,
  CustomerPicturesBlock,
  FormatsAndPricesBlock,
  VoucherCheck,
  CalendarOverviewBlock,
  CollageOverviewBlock,
  TileOverviewBlock,
  ImageMeta,
  PhotobookOverviewBlock,
  PreparedBlock,
  PreparedPrice,
  ProductTileData,
  ShopBlock,
  SkuContainerBlock,
  ThemeCardData,
  ThemeFeedBlock,
  ThemeOverviewBlock,
  UnknownBlockMarker,
} from "./types";

/** Reads the size of an asset by its filename; zeros when unknown (the image service does this). */
export interface AssetMetaSource {
  meta(filename: string): Promise<ImageMeta>;
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

/** The size of an asset that could not be read: unknown, never a guess. */
const UNREAD_META = Object.freeze({ width: 0, height: 0, ratio: 0 });

type CatalogueCalculator = Awaited<ReturnType<CatalogueService["calculator"]>>;

/** Where the design overview blocks get their tiles, per block kind. */
export interface OverviewSource {
  calendar(block: CalendarOverviewBlock): Promise<ProductTileData[]>;
  collage(block: CollageOverviewBlock): Promise<ProductTileData[]>;
  photobook(block: PhotobookOverviewBlock): Promise<ProductTileData[]>;
  shop(block: ShopBlock): Promise<ProductTileData[]>;
  sku(block: SkuContainerBlock): Promise<ProductTileData[]>;
}

const reportedUnknown = new Set<string>();

/** Every asset filename and rich-text image source in a value. */
function assetSources(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => assetSources(v, found));
  else if (isRecord(value)) {
    if (value.type === "doc") richTextImageSources(value).forEach((src) => found.add(src));
    else {
      if (typeof value.filename === "string") found.add(value.filename);
      Object.values(value).forEach((v) => assetSources(v, found));
    }
  }
  return found;
}

function marker(
  uid: string,
  component: string,
  reason: UnknownBlockMarker["reason"],
): UnknownBlockMarker {
  return { _uid: uid, component, _unknown: true, reason };
}

function prepareBlock(raw: unknown, ctx: ConvertContext, preview: boolean): PreparedBlock | null {
  if (!isRecord(raw) || typeof raw.component !== "string") {
    logError("invalid-block", undefined, { message: "a block needs a component name" });
    return null;
  }
  const component = raw.component;
  const uid = typeof raw._uid === "string" ? raw._uid : "";
  if (!Object.hasOwn(BLOCK_SCHEMAS, component)) {
    if (!reportedUnknown.has(component)) {
      reportedUnknown.add(component);
      logError("unknown-block", undefined, { component });
    }
    return preview ? marker(uid, component, "unknown") : null;
  }
  const name = component as keyof typeof BLOCK_SCHEMAS;
  const options =
    name === "Text" ? parseRichTextImageOptions(raw.imageOptions, { uid }) : ctx.images;
  const parsed = BLOCK_SCHEMAS[name].safeParse(raw);
  if (!parsed.success) {
    logError("invalid-block", undefined, {
      component,
      uid,
      issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
    });
    return preview ? marker(uid, component, "invalid") : null;
  }
  const convert = CONVERTERS[name] as (raw: unknown, ctx: ConvertContext) => PreparedBlock;
  return convert(parsed.data, { ...ctx, images: options });
}

/**
 * How long one conversion of a story's blocks is used again. A published story stays the
 * same object for one content version (the content cache), so its conversion is kept with
 * it; a publish brings new objects. Within this time an asset replaced under the same name
 * may still show its old size.
 */
export const CONVERSION_REUSE_MS = 60_000;

interface Conversion {
  blocks: PreparedBlock[];
  /** The conversion holds for the times from … until (a countdown ending changes it). */
  from: number;
  until: number;
}

const conversions = new WeakMap<object, Map<string, Conversion>>();

/** The earliest end of a countdown among the prepared blocks (Infinity when none runs). */
function firstCountdownEnd(value: unknown): number {
  if (Array.isArray(value)) return Math.min(Infinity, ...value.map(firstCountdownEnd));
  if (!isRecord(value)) return Infinity;
  let first = Infinity;
  for (const [key, field] of Object.entries(value)) {
    const end =
      key === "countdownEndDate" && typeof field === "string" && field
        ? Date.parse(field)
        : firstCountdownEnd(field);
    if (end < first) first = end;
  }
  return first;
}

/** The blocks checked and converted: schemas, rich text, links, prices, asset sizes. */
async function convertBlocks(blocks: unknown[], ctx: PrepareContext): Promise<PreparedBlock[]> {
  const now = ctx.now ?? Date.now();
  const variant = `${ctx.locale}|${ctx.channel}`;
  // A draft is read afresh for every preview; only published blocks are kept.
  const kept = ctx.preview ? undefined : conversions.get(blocks)?.get(variant);
  if (kept && kept.from <= now && now < kept.until) return kept.blocks;

  const source = ctx.images;
  const sources = [...assetSources(blocks, new Set())];
  // An asset whose size cannot be read (the store failing) is shown without one, and the
  // page it was loaded for is named in the log.
  const metas = new Map(
    await Promise.all(
      sources.map(async (src) => {
        const meta = await source.meta(src).catch((error: unknown) => {
          logError("asset-load-on-slug", error, { filename: src, slug: ctx.slug ?? null });
          return UNREAD_META;
        });
        return [src, meta] as const;
      }),
    ),
  );
  const settings = localeSettings(ctx.locale);
  const link: LinkLocale = {
    country: settings.country,
    language: settings.language,
    locale: ctx.locale,
    trailingSlash: CHANNELS[ctx.channel].features.trailingSlash,
  };
  const convert: ConvertContext = {
    locale: ctx.locale,
    link,
    metas,
    images: parseRichTextImageOptions(undefined),
    now,
  };
  const prepared = blocks.flatMap((raw) => prepareBlock(raw, convert, ctx.preview) ?? []);
  if (!ctx.preview) {
    const byVariant = conversions.get(blocks) ?? new Map<string, Conversion>();
    byVariant.set(variant, {
      blocks: prepared,
      from: now,
      until: Math.min(now + CONVERSION_REUSE_MS, firstCountdownEnd(prepared)),
    });
    conversions.set(blocks, byVariant);
  }
  return prepared;
}

/**
 * Prepares a list of blocks (a page's body): converted (see convertBlocks), then each
 * block that shows catalogue, design or visitor data gets it for this request.
 */
export async function prepareBlocks(
  blocks: unknown,
  ctx: PrepareContext,
): Promise<PreparedBlock[]> {
  if (!Array.isArray(blocks)) return [];
  const prepared = await convertBlocks(blocks, ctx);
  return Promise.all(
    prepared.map((block) => {
      if ((block as Partial<UnknownBlockMarker>)._unknown) return block;
      const name = block.component as BlockName;
      // The URL holds one choice of each kind: the page's first block of it answers it.
      const first = prepared.find((b) => b.component === name) === block;
      const prepare = PREPARERS[name] as Preparer<BlockName> | undefined;
      return prepare ? prepare(block as PreparedBlocks[BlockName], ctx, first) : block;
    }),
  );
}

/** Adds one request's data to a block of kind K; `first` is the page's first block of K. */
type Preparer<K extends BlockName> = (
  block: PreparedBlocks[K],
  ctx: PrepareContext,
  first: boolean,
) => Promise<PreparedBlocks[K]> | PreparedBlocks[K];

/** The blocks that show catalogue, design or visitor data, each with how it gets it. */
const PREPARERS: { [K in BlockName]?: Preparer<K> } = {
  Teaser: (block, ctx) => withProductPrice(block, ctx),
  SubTeasers: async (block, ctx) => ({
    ...block,
    items: await Promise.all(block.items.map((item) => withProductPrice(item, ctx))),
  }),
  Feed: async (block, ctx) => ({
    ...block,
    items: await Promise.all(block.items.map((item) => withProductPrice(item, ctx))),
  }),
  Calculator: (block, ctx) => withCalculatorData(block, ctx),
  ThemeOverview: (block, ctx) => withThemes(block, ctx),
  CalendarOverview: (block, ctx) => withTiles(block, ctx.overviews?.calendar),
  CollageOverview: (block, ctx) => withTiles(block, ctx.overviews?.collage),
  PhotobookOverview: (block, ctx) => withTiles(block, ctx.overviews?.photobook),
  Shop: (block, ctx) => withTiles(block, ctx.overviews?.shop),
  SkuContainer: (block, ctx) => withTiles(block, ctx.overviews?.sku),
  Voucher: (block, ctx, first) =>
    first && ctx.voucher ? ctx.voucher().then((check) => ({ ...block, check })) : block,
  AccessoryDetailContainer: withDetails,
  CalendarDetailContainer: withDetails,
  CardDetailContainer: withDetails,
  CollageDetailContainer: withDetails,
  PhotobookDetailContainer: withDetails,
  Accessories: (block, ctx) => withAccessories(block, ctx),
  GiftVouchers: (block, ctx) => withGiftVouchers(block, ctx),
  Frame: (block, ctx) => withFrames(block, ctx),
  FormatsAndPrices: (block, ctx) => withFormatsAndPrices(block, ctx),
  CustomerPictures: (block, ctx) => withPictures(block, ctx),
  ThemeFeed: (block, ctx, first) => (first ? withThemeFeed(block, ctx) : block),
};

/**
 * A teaser, tile or feed item with the from-price of the product it names, asked of the
 * catalogue for this request's shop. A product the shop does not sell shows no price and
 * is logged with the block that names it.
 */
async function withProductPrice<
  T extends { _uid: string; priceProduct: string | null; price: PreparedPrice | null },
>(item: T, ctx: PrepareContext): Promise<T> {
  const reference = item.priceProduct;
  if (!reference || !ctx.productPrice) return item;
  const price = await ctx.productPrice(reference).catch((error: unknown) => {
    logError("unknown-price-product", error, { uid: item._uid, reference });
    return null;
  });
  return { ...item, price };
}

/** The frame block with the frame types of its material. */
async function withFrames(block: FrameBlock, ctx: PrepareContext): Promise<FrameBlock> {
  if (!ctx.frames) return block;
  const frames = await ctx.frames(block).catch((error: unknown) => {
    logError("tile-overview-error", error, { uid: block._uid, component: "Frame" });
    return null;
  });
  // A colour in the address (a sub-navigation tile's ?colour=oak) keeps that colour's frames.
  return { ...block, frames: frames && framesInColour(frames, ctx.search?.get("colour")) };
}

/** A theme overview with its designs from the catalogue. */
async function withThemes(
  block: ThemeOverviewBlock,
  ctx: PrepareContext,
): Promise<ThemeOverviewBlock> {
  if (!ctx.themes) return block;
  const list = await ctx.themes(block.occasion).catch((error: unknown) => {
    logError("theme-overview-error", error, { uid: block._uid, occasion: block.occasion });
    return null;
  });
  return list
    ? {
        ...block,
        themes: list.themes.slice(0, block.count),
        total: list.total,
        browse: list.browse,
        linkText: fillCount(block.linkText, list.total),
      }
    : block;
}

/**
 * Editors may write {{count}} in a link text ("Voir les {{count}} modèles"), as the
 * translated default does; the number is the catalogue's total, known only here. Any other
 * placeholder stays for the step that owns it.
 */
export function fillCount(text: string, count: number): string {
  return text.replace(/\{\{\s*count\s*\}\}/g, String(count));
}

/** A design overview with its tiles from the catalogue; without them it renders nothing. */
async function withTiles<B extends TileOverviewBlock>(
  block: B,
  source: ((block: B) => Promise<ProductTileData[]>) | undefined,
): Promise<B> {
  if (!source) return block;
  const tiles = await source(block).catch((error: unknown) => {
    logError("tile-overview-error", error, { uid: block._uid, component: block.component });
    return null;
  });
  return tiles ? { ...block, tiles } : block;
}

/** A customer picture gallery with its approved pictures; without them it shows the upload only. */
async function withPictures(
  block: CustomerPicturesBlock,
  ctx: PrepareContext,
): Promise<CustomerPicturesBlock> {
  if (!ctx.customerPictures) return block;
  const pictures = await ctx
    .customerPictures({ product: block.product, limit: block.count })
    .catch((error: unknown) => {
      logError("customer-pictures-error", error, { uid: block._uid });
      return null;
    });
  return { ...block, pictures };
}

/** A design feed with one page of its designs for the URL's browsing state. */
async function withThemeFeed(block: ThemeFeedBlock, ctx: PrepareContext): Promise<ThemeFeedBlock> {
  if (!ctx.themeFeed) return block;
  const list = await ctx.themeFeed(block.product).catch((error: unknown) => {
    logError("theme-overview-error", error, { uid: block._uid, product: block.product });
    return null;
  });
  return list ? { ...block, list } : block;
}

/** A calculator with its materials, formats and prices from the catalogue. */
/**
 * The calculator's materials and formats of a product from the catalogue, with labels in
 * the page's language; null (logged) when the catalogue cannot answer. A SKU the catalogue
 * does not know preselects nothing.
 */
async function calculatorMaterials(
  product: CalculatorBlock["product"],
  uid: string,
  ctx: PrepareContext,
): Promise<NonNullable<CalculatorBlock["data"]> | null> {
  const source = ctx.calculator;
  if (!source) return null;
  const data = await source(product, ctx.sku ?? null)
    .catch(() => (ctx.sku ? source(product, null) : Promise.reject(new Error("no data"))))
    .catch((error: unknown) => {
      logError("calculator-data-error", error, { uid, product });
      return null;
    });
  if (!data) return null;
  const t = serverT(ctx.locale);
  const prepared = (price: { formatted: { current: string; original: string | null } } | null) =>
    price
      ? { current: price.formatted.current, original: price.formatted.original, from: false }
      : null;
  // A page about one collage design group ("…/heart") starts the studio in that group.
  const pageName = ctx.slug?.split("/").filter(Boolean).at(-1);
  const pageDesign = data.collageDesigns?.find((g) => g.name === pageName);
  return {
    selected: data.selectedValue ?? data.options[0]?.value ?? "",
    materials: data.options.map((option, index) => {
      const label = data.labels.find((l) => l.index === index);
      return {
        value: option.value,
        label: t(`catalogue.kinds.${option.value}`),
        group: null,
        initiallySelectedFormat: option.initiallySelectedFormat ?? null,
        formats: option.formats.map((f) => ({
          value: f.value,
          label: f.label ?? f.value,
          price: prepared(f.price),
          choice: pageDesign ? { ...f.choice, designId: String(pageDesign.id) } : { ...f.choice },
          ratio: f.ratio ?? null,
          ...("tiers" in f && f.tiers ? { tiers: f.tiers } : {}),
          minor: f.price
            ? { current: f.price.priceCurrentMinor, original: f.price.priceOriginalMinor }
            : null,
        })),
        badge: label
          ? { text: label.text, backgroundColor: label.backgroundColor, textColor: label.textColor }
          : null,
        options: (option.optionGroups ?? []).map((g) => ({
          group: g.group,
          label: t(g.labelTranslationKey),
          default: g.default,
          values: g.values.map((v) => ({
            value: v.value,
            // A stretcher's depth is written in the shop's unit beside its name.
            label:
              "label" in v ? `${t(v.labelTranslationKey)} (${v.label})` : t(v.labelTranslationKey),
            explanation: v.explanationTranslationKey ? t(v.explanationTranslationKey) : null,
            surchargeMinor: v.surcharge.priceCurrentMinor,
            surcharge:
              v.surcharge.priceCurrentMinor === 0
                ? t("blocks.calculator.noCharge")
                : t("blocks.calculator.surcharge", { price: v.surcharge.formatted.current }),
          })),
        })),
      };
    }),
    locale: ctx.locale,
  };
}

async function withCalculatorData(
  block: CalculatorBlock,
  ctx: PrepareContext,
): Promise<CalculatorBlock> {
  const data = await calculatorMaterials(block.product, block._uid, ctx);
  if (!data) return block;
  // The editor's material comes first, unless a SKU chose (or the shop sells no such material).
  const own = block.material && data.materials.some((m) => m.value === block.material);
  return own && !ctx.sku
    ? { ...block, data: { ...data, selected: block.material! } }
    : { ...block, data };
}

/** The accessory price list with its rows; without them it renders nothing. */
async function withAccessories(
  block: AccessoriesBlock,
  ctx: PrepareContext,
): Promise<AccessoriesBlock> {
  if (!ctx.accessories) return block;
  const rows = await ctx.accessories(block.accessoryTypes).catch((error: unknown) => {
    logError("product-details-error", error, { uid: block._uid, kind: "accessory" });
    return null;
  });
  return { ...block, rows };
}

/** The gift voucher list with its rows; without them it renders nothing. */
async function withGiftVouchers(
  block: GiftVouchersBlock,
  ctx: PrepareContext,
): Promise<GiftVouchersBlock> {
  if (!ctx.giftVouchers) return block;
  const rows = await ctx.giftVouchers().catch((error: unknown) => {
    logError("product-details-error", error, { uid: block._uid, kind: "gift-voucher" });
    return null;
  });
  return { ...block, rows };
}

/** A detail container with its options and price for the URL's choice (or the defaults). */
async function withDetails(
  block: DetailContainerBlock,
  ctx: PrepareContext,
  answersUrl: boolean,
): Promise<DetailContainerBlock> {
  if (!ctx.productDetails) return block;
  const asked = answersUrl ? Object.fromEntries(ctx.search ?? []) : {};
  const details = await ctx
    .productDetails(block.kind, asked, detailPreset(block.preset, block.preferredType))
    .catch((error: unknown) => {
      logError("product-details-error", error, { uid: block._uid, kind: block.kind });
      return null;
    });
  return { ...block, details };
}

/** The formats-and-prices tables: the editor's materials (all when none is named). */
async function withFormatsAndPrices(
  block: FormatsAndPricesBlock,
  ctx: PrepareContext,
): Promise<FormatsAndPricesBlock> {
  const data = await calculatorMaterials(block.product, block._uid, { ...ctx, sku: null });
  if (!data) return block;
  const wanted = new Set(block.materials);
  return {
    ...block,
    data: data.materials.filter((m) => wanted.size === 0 || wanted.has(m.value)),
  };
}

/**
 * Prepares a story's content: its `body` blocks (Page and the error story); other fields
 * pass unchanged. Returns a new value; the input is not changed.
 */
export async function prepareContent<T>(content: T, ctx: PrepareContext): Promise<T> {
  if (!isRecord(content) || !Array.isArray(content.body)) return content;
  return { ...content, body: await prepareBlocks(content.body, ctx) } as T;
}

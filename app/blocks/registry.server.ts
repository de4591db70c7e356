/**
 * The server's half of the block registry: block name → its definition (schema,
 * conversion and the request step that adds catalogue, design or visitor data), each from
 * the block's own folder. registry.ts is the browser's half (name → component); both are
 * typed by the same list of block names (types.ts), so a block missing from either is a
 * type error. From the definitions comes the type of a request's sources: block type → the
 * source its step reads (sources.server.ts builds them for a page).
 */
import { ACCESSORIES } from "./Accessories/accessories.server";
import { CALCULATOR } from "./Calculator/calculator.server";
import { CONTACT_FORM } from "./ContactForm/contactForm.server";
import { CUSTOMER_PICTURES } from "./CustomerPictures/customerPictures.server";
import {
  ACCESSORY_DETAILS,
  CALENDAR_DETAILS,
  CARD_DETAILS,
  COLLAGE_DETAILS,
  PHOTOBOOK_DETAILS,
} from "./DetailContainer/detailContainer.server";
import { FEED } from "./Feed/feed.server";
import { FORMATS_AND_PRICES } from "./FormatsAndPrices/formatsAndPrices.server";
import { FRAME } from "./Frame/frame.server";
import { GIFT_VOUCHERS } from "./GiftVouchers/giftVouchers.server";
import { HEADLINE } from "./Headline/headline.server";
import { INFORMATION } from "./Information/information.server";
import { MARGIN } from "./Margin/margin.server";
import { PHOTO_BLOCK } from "./PhotoBlock/photoBlock.server";
import { SUB_TEASERS } from "./SubTeasers/subTeasers.server";
import { TEASER } from "./Teaser/teaser.server";
import { TEXT } from "./Text/text.server";
import { THEME_FEED } from "./ThemeFeed/themeFeed.server";
import { THEME_OVERVIEW } from "./ThemeOverview/themeOverview.server";
import {
  CALENDAR_OVERVIEW,
  COLLAGE_OVERVIEW,
  PHOTOBOOK_OVERVIEW,
  SHOP,
  SKU_CONTAINER,
} from "./TileOverview/tileOverview.server";
import { TOOLBOX } from "./Toolbox/toolbox.server";
import { USP_TEASER } from "./UspTeaser/uspTeaser.server";
import { VIDEO_BLOCK } from "./VideoBlock/videoBlock.server";
import { VOUCHER } from "./Voucher/voucher.server";
import type { BlockDefinition } from "./parts/block.server";
import type { BlockName } from "./types";

const DEFINITIONS = {
  Headline: HEADLINE,
  Text: TEXT,
  Information: INFORMATION,
  Margin: MARGIN,
  Teaser: TEASER,
  SubTeasers: SUB_TEASERS,
  UspTeaser: USP_TEASER,
  PhotoBlock: PHOTO_BLOCK,
  VideoBlock: VIDEO_BLOCK,
  Feed: FEED,
  Calculator: CALCULATOR,
  ThemeOverview: THEME_OVERVIEW,
  CalendarOverview: CALENDAR_OVERVIEW,
  CollageOverview: COLLAGE_OVERVIEW,
  PhotobookOverview: PHOTOBOOK_OVERVIEW,
  Shop: SHOP,
  SkuContainer: SKU_CONTAINER,
  ThemeFeed: THEME_FEED,
  ContactForm: CONTACT_FORM,
  Toolbox: TOOLBOX,
  CustomerPictures: CUSTOMER_PICTURES,
  FormatsAndPrices: FORMATS_AND_PRICES,
  Voucher: VOUCHER,
  Accessories: ACCESSORIES,
  GiftVouchers: GIFT_VOUCHERS,
  Frame: FRAME,
  AccessoryDetailContainer: ACCESSORY_DETAILS,
  CalendarDetailContainer: CALENDAR_DETAILS,
  CardDetailContainer: CARD_DETAILS,
  CollageDetailContainer: COLLAGE_DETAILS,
  PhotobookDetailContainer: PHOTOBOOK_DETAILS,
} satisfies { [K in BlockName]: BlockDefinition<K, never> };

/** The type of the source a block's request step reads (never: the block has no step). */
export type BlockSourceOf<K extends BlockName> =
  (typeof DEFINITIONS)[K] extends BlockDefinition<K, infer S> ? S : never;

/**
 * One request's data sources, by block type: each the source its block's definition names.
 * A block without its source (the CMS endpoints have none) carries no data and renders
 * nothing, or only what the editor wrote.
 */
export type BlockSources = { [K in BlockName]?: BlockSourceOf<K> };

export const BLOCK_DEFINITIONS: { [K in BlockName]: BlockDefinition<K, BlockSourceOf<K>> } =
  DEFINITIONS;

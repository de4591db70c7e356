/**
 * Shapes of the content blocks (content/BLOCKS.md). A block is a Storyblok component
 * instance `{ _uid, component, ...fields }`. `prepareContent` (prepare.server.ts) checks
 * every block on the server and turns it into the prepared shape below: links are safe
 * and localised, rich text is sanitised HTML, prices are formatted for the locale,
 * assets carry their size. The browser only ever sees prepared blocks.
 */
import type { CalculatorProduct } from "../../domain/calculator";
import type { QuantityTier } from "../../domain/cataloguePrices";
import type { Locale } from "../../domain/locales";
import type { DetailKind, ProductDetails } from "../../domain/productDetails";
import type { CalendarType, Occasion, PhotobookType } from "../../domain/catalogue";
import type { ContentBlock } from "../../domain/content";
import type { FocalArea } from "../../domain/images";
import type { Label, PreparedPrice, SafeLink } from "../ui/types";
import type { ProductTileData, ThemeCardData } from "../catalogue/types";
import type { ThemeList } from "../catalogue/browsing.server";
import type { VoucherCheck } from "../cart/cart.server";
import type { ThemeProduct } from "../../domain/themeBrowsing";
import type { ToolboxOperation } from "../../domain/toolbox";
import type { CustomerPictureCard } from "../../domain/customerPictures";

export type { Label, PreparedPrice, ProductTileData, SafeLink, ThemeCardData, VoucherCheck };

/** A block as it comes from a content story. */
export type Block = ContentBlock;

/** Size of an asset read on the server; all 0 when it could not be read. */
export interface ImageMeta {
  width: number;
  height: number;
  ratio: number;
}

/** An image asset after preparation. */
export interface PreparedAsset {
  /** "/a/{channel}/{file}" or a Storyblok asset URL. */
  src: string;
  alt: string;
  focus: FocalArea | null;
  meta: ImageMeta;
}

/** A link with its visible text. */
export interface Cta {
  text: string;
  link: SafeLink;
}

/** Rich text after rendering and sanitising on the server. */
export interface PreparedRichText {
  html: string;
}

export type Alignment = "left" | "center";

export interface HeadlineBlock {
  _uid: string;
  component: "Headline";
  text: string;
  subline: string;
  level: 1 | 2 | 3;
  align: Alignment;
  /** Id for in-page links, or "". */
  anchor: string;
}

export interface TextBlock {
  _uid: string;
  component: "Text";
  text: PreparedRichText;
  align: Alignment;
  width: "narrow" | "wide";
}

export interface InformationBlock {
  _uid: string;
  component: "Information";
  variant: "info" | "success" | "warning";
  /** The variant's icon as an SVG path (24×24), from the server's table of icons. */
  iconPath: string;
  title: string;
  text: PreparedRichText;
}

export interface MarginBlock {
  _uid: string;
  component: "Margin";
  size: "small" | "medium" | "large";
}

export interface TeaserBlock {
  _uid: string;
  component: "Teaser";
  layout: "hero" | "split";
  headline: string;
  subline: string;
  text: PreparedRichText;
  image: PreparedAsset;
  imageMobile: PreparedAsset | null;
  imagePosition: "left" | "right";
  cta: Cta | null;
  secondaryCta: Cta | null;
  /** The catalogue product whose from-price is shown (domain/priceProducts.ts), if any. */
  priceProduct: string | null;
  /** Its from-price for the request's shop, filled on the server; null when none. */
  price: PreparedPrice | null;
  label: Label | null;
  /** ISO date-time of a running campaign's end, in the future when prepared; "" for none. */
  countdownEndDate: string;
  countdownText: string;
  backgroundColor: string;
  theme: "light" | "dark";
}

export interface SubTeaserItem {
  _uid: string;
  title: string;
  text: string;
  image: PreparedAsset | null;
  link: SafeLink | null;
  linkText: string;
  /** The catalogue product whose from-price is shown (domain/priceProducts.ts), if any. */
  priceProduct: string | null;
  /** Its from-price for the request's shop, filled on the server; null when none. */
  price: PreparedPrice | null;
  label: Label | null;
}

export const SUB_TEASER_VARIANTS = ["plain", "tiles", "largePhoto", "smallPhoto"] as const;
export type SubTeaserVariant = (typeof SUB_TEASER_VARIANTS)[number];

export interface SubTeasersBlock {
  _uid: string;
  component: "SubTeasers";
  variant: SubTeaserVariant;
  headline: string;
  text: string;
  items: SubTeaserItem[];
}

export const USP_ICONS = [
  "truck",
  "star",
  "leaf",
  "heart",
  "gift",
  "shield",
  "clock",
  "sparkle",
  "frame",
  "phone",
] as const;
export type UspIcon = (typeof USP_ICONS)[number];

export interface UspItem {
  _uid: string;
  icon: UspIcon;
  /** The icon's SVG path (24×24), from the server's table of icons. */
  iconPath: string;
  title: string;
  text: string;
}

export interface UspTeaserBlock {
  _uid: string;
  component: "UspTeaser";
  headline: string;
  items: UspItem[];
}

export interface PhotoBlock {
  _uid: string;
  component: "PhotoBlock";
  image: PreparedAsset;
  caption: string;
  /** width / height of the shown photo. */
  ratio: number;
  link: SafeLink | null;
  width: "content" | "full";
}

export interface VideoBlock {
  _uid: string;
  component: "VideoBlock";
  /** "/a/{channel}/{file}.webm|mp4". */
  video: string;
  poster: PreparedAsset;
  headline: string;
  caption: string;
  /** Plays muted and looped when the visitor allows motion. */
  autoplay: boolean;
}

export interface FeedItem {
  _uid: string;
  title: string;
  subtitle: string;
  image: PreparedAsset;
  link: SafeLink;
  /** The catalogue product whose from-price is shown (domain/priceProducts.ts), if any. */
  priceProduct: string | null;
  /** Its from-price for the request's shop, filled on the server; null when none. */
  price: PreparedPrice | null;
  label: Label | null;
}

export interface FeedBlock {
  _uid: string;
  component: "Feed";
  headline: string;
  text: string;
  items: FeedItem[];
  /** Items shown before "show more". */
  initialCount: number;
}

/** One format of a calculator material: its size, its price (null: not available). */
export interface CalculatorFormat {
  value: string;
  label: string;
  price: PreparedPrice | null;
  /** What else the price is for, as designer link parameters (a print's finish, a frame). */
  choice: Record<string, string>;
  /** The picture's shape family (3:2, square …); null where the product has none. */
  ratio?: string | null;
  /** The price in minor units, so the options' surcharges add to it in the page. */
  minor?: { current: number; original: number | null } | null;
  /** A photo box's quantity tiers (minor units per piece), for its quantity chooser. */
  tiers?: readonly QuantityTier[];
  /** The most prints a photo box type holds (its chooser's last step). */
  maxQuantity?: number;
}

/** One option value of a wall-art material, with what it adds per piece. */
export interface CalculatorOptionValue {
  value: string;
  label: string;
  /** What the value looks like, where a shopper needs a sentence. */
  explanation: string | null;
  /** What it adds in minor units (0: no charge) and as the shop writes it. */
  surchargeMinor: number;
  surcharge: string;
}

/** An option group of a wall-art material (edge, stretcher depth, drilling …). */
export interface CalculatorOptionGroup {
  group: string;
  label: string;
  default: string;
  values: CalculatorOptionValue[];
}

export interface CalculatorMaterial {
  value: string;
  label: string;
  /** The group heading the material is listed under, if the editor grouped them. */
  group: string | null;
  initiallySelectedFormat: string | null;
  formats: CalculatorFormat[];
  badge: Label | null;
  /** The material's option groups (wall art); none for other products. */
  options?: CalculatorOptionGroup[];
}

export interface CalculatorBlock {
  _uid: string;
  component: "Calculator";
  headline: string;
  text: string;
  product: CalculatorProduct;
  /** How many formats are listed before "format not included?". */
  listedFormats: number;
  ctaText: string;
  ctaColors: { background: string; text: string } | null;
  /** The editor's grouping of the materials under headings (empty: one plain list). */
  groups: { name: string; materials: string[] }[];
  /** The material shown first (a material's own page); null: the catalogue's choice. */
  material: string | null;
  /**
   * The catalogue's materials and formats, packed (Calculator/calculatorData.ts); null where
   * the page has no catalogue (CMS API).
   */
  data: PackedCalculatorData | null;
}

/** A calculator's catalogue data: its materials with their formats and prices. */
export interface CalculatorData {
  materials: CalculatorMaterial[];
  selected: string;
  /** The locale the prices are written for (options' surcharges add in the page). */
  locale?: Locale;
}

/**
 * A column of a material's formats as the page carries it: its entries as one text,
 * joined by "|" (an empty entry where a nullable field has none), or the list itself
 * where an entry could not be told apart in such a text (Calculator/calculatorData.ts).
 */
export type PackedColumn<T> = string | T[];

/**
 * A material's formats as the page carries them: one column per field of CalculatorFormat,
 * a format's fields at the same index (a price's parts null where it has none).
 */
export interface PackedCalculatorFormats {
  value: PackedColumn<string>;
  label: PackedColumn<string>;
  current: PackedColumn<string | null>;
  original: PackedColumn<string | null>;
  ratio: PackedColumn<string | null>;
  minor: PackedColumn<number | null>;
  minorOriginal: PackedColumn<number | null>;
  /** The index of the format's link parameters in the data's `choices`. */
  choice: PackedColumn<number>;
  /** A photo box's quantity tiers, where the material's formats have them. */
  tiers?: (readonly QuantityTier[] | null)[];
  /** The most prints each format's box type holds, where the material's formats say. */
  maxQuantity?: PackedColumn<number | null>;
}

export interface PackedCalculatorMaterial extends Omit<CalculatorMaterial, "formats"> {
  formats: PackedCalculatorFormats;
}

/** CalculatorData as the page carries it (packCalculatorData, unpackCalculatorMaterials). */
export interface PackedCalculatorData {
  materials: PackedCalculatorMaterial[];
  selected: string;
  locale?: Locale;
  /** The formats' link parameters, each different one once. */
  choices: Record<string, string>[];
}

/**
 * Every format of a product's materials with its price, as tables (one per material), from
 * the same catalogue data as the calculator. `materials` lists the editor's choice ([]:
 * all); `data` is null where the page has no catalogue (CMS API).
 */
export interface FormatsAndPricesBlock {
  _uid: string;
  component: "FormatsAndPrices";
  headline: string;
  text: string;
  product: CalculatorProduct;
  materials: string[];
  data: FormatsAndPricesTable[] | null;
}

/** One material's table: its formats with their prices, and nothing the table does not show. */
export interface FormatsAndPricesTable {
  value: string;
  label: string;
  formats: Pick<CalculatorFormat, "value" | "label" | "price">[];
}

/**
 * The voucher block: a shopper checks a voucher code (the page's `?voucher=`, so the
 * answer is rendered on the server, with or without JavaScript) and takes a valid one to
 * the cart. `check` is null until a code was asked.
 */
export interface VoucherBlock {
  _uid: string;
  component: "Voucher";
  headline: string;
  text: string;
  check: VoucherCheck | null;
}

export interface ThemeOverviewBlock {
  _uid: string;
  component: "ThemeOverview";
  headline: string;
  text: string;
  /** The occasion whose designs it shows; null: the most popular of all. */
  occasion: Occasion | null;
  count: number;
  linkText: string;
  /** The designs from the catalogue; null where the page has no catalogue (CMS API). */
  themes: ThemeCardData[] | null;
  total: number;
  /** Where all of them can be browsed with filters. */
  browse: string;
}

/** What every design overview has: its heading, text and the tiles from the catalogue. */
interface TileOverview {
  _uid: string;
  headline: string;
  text: string;
  /** The catalogue's design groups as tiles; null where the page has no catalogue (CMS API). */
  tiles: ProductTileData[] | null;
}

/** The calendar types (design groups) of the shop, or one of them, each to its configurator. */
export interface CalendarOverviewBlock extends TileOverview {
  component: "CalendarOverview";
  calendarType: CalendarType | null;
}

/** The collage designs of the shop (or the named ones), each to the collage configurator. */
export interface CollageOverviewBlock extends TileOverview {
  component: "CollageOverview";
  /** Design group names; empty: all of them. */
  designs: string[];
}

/** The photo book design categories the locale lists (or the chosen ones). */
export interface PhotobookOverviewBlock extends TileOverview {
  component: "PhotobookOverview";
  /** Category ids; empty: every category the locale lists. */
  categories: number[];
  /** The photo book the designs start (its printing). */
  printing: PhotobookType;
}

/** The express shop: products made within a day or two, each with its express surcharge. */
export interface ShopBlock extends TileOverview {
  component: "Shop";
}

/** A SKU container: the catalogue's curated articles (bestsellers …), each leading on with the SKU. */
export interface SkuContainerBlock extends TileOverview {
  component: "SkuContainer";
  sku: string;
}

export type TileOverviewBlock =
  | CalendarOverviewBlock
  | CollageOverviewBlock
  | PhotobookOverviewBlock
  | ShopBlock
  | SkuContainerBlock;

/**
 * The design feed: the shop's designs (of one product, or all) with the filters, sort, page
 * sizes and pages of theme browsing, its state in the page's URL.
 */
export interface ThemeFeedBlock {
  _uid: string;
  component: "ThemeFeed";
  headline: string;
  text: string;
  /** The product whose designs it lists (a filter the visitor may change); null: all. */
  product: ThemeProduct | null;
  /** One page of the list for the URL's state; null where the page has no catalogue (CMS API). */
  list: ThemeList | null;
}

/** The contact person a contact form shows: a story of its own, related to the form. */
export interface ContactPerson {
  name: string;
  /** The person's role or title ("Head of customer service"). */
  role: string;
  photo: PreparedAsset | null;
  /** A short line of their own, or "". */
  text: string;
}

/**
 * The contact form: headline, introduction, the contact person (null when none is related
 * or the relation could not be resolved), the topics a shopper chooses from and whether
 * the form asks for an order number.
 */
export interface ContactFormBlock {
  _uid: string;
  component: "ContactForm";
  headline: string;
  intro: string;
  person: ContactPerson | null;
  topics: string[];
  orderNumber: boolean;
}

/**
 * The toolbox: the tools a shopper can use on their own photos here (optimise for print,
 * convert, images to PDF), each a form posting to the shop's toolbox endpoints.
 */
export interface ToolboxBlock {
  _uid: string;
  component: "Toolbox";
  headline: string;
  intro: string;
  tools: ToolboxOperation[];
}

/**
 * Customers' photos of what they made, approved by an editor (newest first), and the way
 * for a logged-in customer to show one of their own. `pictures` is null until prepared.
 */
export interface CustomerPicturesBlock {
  _uid: string;
  component: "CustomerPictures";
  headline: string;
  intro: string;
  /** Only pictures of this product family; "" for all. */
  product: string;
  count: number;
  showUpload: boolean;
  pictures: { items: CustomerPictureCard[]; total: number } | null;
}

/** The content names of the product detail containers and the product each one shows. */
export const DETAIL_CONTAINERS = {
  AccessoryDetailContainer: "accessory",
  CalendarDetailContainer: "calendar",
  CardDetailContainer: "card",
  CollageDetailContainer: "collage",
  PhotobookDetailContainer: "photobook",
} as const satisfies Record<string, DetailKind>;
export type DetailContainerName = keyof typeof DETAIL_CONTAINERS;

/**
 * A product detail container: the product's options, its price and the way on to the
 * configurator. `preset` is what the editor fixed (a card's design, a photo book's
 * design group, the collage designs or accessory types offered), sent along as query
 * parameters whenever the container asks for another choice.
 */
export interface DetailContainerBlock {
  _uid: string;
  component: DetailContainerName;
  kind: DetailKind;
  headline: string;
  text: string;
  ctaText: string;
  preset: Record<string, string>;
  /** The type shown first (calendar and photo book containers). */
  preferredType: string | null;
  /** Where the accessories are added (the accessory container has no configurator). */
  link: SafeLink | null;
  details: ProductDetails | null;
}

/** One frame type as the frame block shows it. */
export interface FrameCard {
  frameType: string;
  finishes: string[];
  matSizes: number[];
  glass: string[];
  /** The materials of this shop the frame holds. */
  materials: string[];
  /** The block's material when this is its default frame, else null. */
  defaultFor: string | null;
  price: PreparedPrice | null;
  /** The configurator path with the frame and a material it holds. */
  href: string;
}

/** Frame types with their finishes, mats and glass, and the default pairing of a material. */
export interface FrameBlock {
  _uid: string;
  component: "Frame";
  headline: string;
  text: string;
  frameTypes: string[];
  /** The material the frames are shown for (its default frame comes first); null for all. */
  material: string | null;
  frames: FrameCard[] | null;
}

/** One card accessory of the price list. */
export interface AccessoryRow {
  article: string;
  type: string;
  /** The envelope's name (C6, B6 …), if it has one. */
  name: string | null;
  size: string | null;
  /** The card sizes it is made for; empty when it goes with any card. */
  fits: string[];
  /** The price of one piece, formatted for the shop. */
  price: string | null;
}

/** A gift voucher the shop sells: its article and price (what it is worth), formatted. */
export interface GiftVoucherRow {
  article: string;
  price: string | null;
}

/** The shop's gift vouchers, each with a button that puts it into the cart. */
export interface GiftVouchersBlock {
  _uid: string;
  component: "GiftVouchers";
  headline: string;
  text: string;
  rows: GiftVoucherRow[] | null;
}

/** The card accessories as a price list, each with a button into the cart. */
export interface AccessoriesBlock {
  _uid: string;
  component: "Accessories";
  headline: string;
  text: string;
  accessoryTypes: string[];
  rows: AccessoryRow[] | null;
}

/** The service pages' blocks, rendered by one lazily loaded component (serviceBlocks.tsx). */
export type ServiceBlock =
  | ToolboxBlock
  | CustomerPicturesBlock
  | FormatsAndPricesBlock
  | VoucherBlock
  | AccessoriesBlock
  | GiftVouchersBlock
  | FrameBlock;

/** A block the registry does not know, kept only in preview so an editor sees it. */
export interface UnknownBlockMarker {
  _uid: string;
  component: string;
  _unknown: true;
  /** "unknown": no such block; "invalid": required fields missing or wrong. */
  reason: "unknown" | "invalid";
}

/** Every prepared block by its component name. */
export interface PreparedBlocks {
  Headline: HeadlineBlock;
  Text: TextBlock;
  Information: InformationBlock;
  Margin: MarginBlock;
  Teaser: TeaserBlock;
  SubTeasers: SubTeasersBlock;
  UspTeaser: UspTeaserBlock;
  PhotoBlock: PhotoBlock;
  VideoBlock: VideoBlock;
  Feed: FeedBlock;
  Calculator: CalculatorBlock;
  ThemeOverview: ThemeOverviewBlock;
  CalendarOverview: CalendarOverviewBlock;
  CollageOverview: CollageOverviewBlock;
  PhotobookOverview: PhotobookOverviewBlock;
  Shop: ShopBlock;
  SkuContainer: SkuContainerBlock;
  ThemeFeed: ThemeFeedBlock;
  ContactForm: ContactFormBlock;
  Toolbox: ToolboxBlock;
  CustomerPictures: CustomerPicturesBlock;
  FormatsAndPrices: FormatsAndPricesBlock;
  Voucher: VoucherBlock;
  Accessories: AccessoriesBlock;
  GiftVouchers: GiftVouchersBlock;
  Frame: FrameBlock;
  AccessoryDetailContainer: DetailContainerBlock;
  CalendarDetailContainer: DetailContainerBlock;
  CardDetailContainer: DetailContainerBlock;
  CollageDetailContainer: DetailContainerBlock;
  PhotobookDetailContainer: DetailContainerBlock;
}

export type BlockName = keyof PreparedBlocks;

/** A block after `prepareContent` (A's route passes the story's body as it comes). */
export type PreparedBlock = PreparedBlocks[BlockName] | UnknownBlockMarker | Block;

/** The props every block component gets: its data and its position on the page. */
export interface BlockProps<B> {
  block: B;
  /** Position on the page; 0 is the first block (its image may load eagerly). */
  index: number;
}

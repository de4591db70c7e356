/**
 * The site furniture as the browser gets it: the GlobalConfig story (content/GLOBAL.md)
 * after `loadSiteConfig` validated it on the server — links are safe and localised,
 * HTML is sanitised, invalid entries are dropped. Plain data, no functions.
 */
import type { SUB_NAV_TILE_SIZES } from "../../domain/constants";
import type { Label, SafeLink } from "../ui/types";

export type { Label, SafeLink };

/** An image from the asset store or the content system. */
export interface Asset {
  filename: string;
  alt: string;
  width?: number;
  height?: number;
}

/** A plain link with text, optionally with an image or a title. */
export interface LinkItem {
  id: string;
  text: string;
  link: SafeLink;
  image?: Asset;
  title?: string;
  /** A link that runs an action instead of navigating ("consent-settings" opens the consent settings). */
  action?: "consent-settings";
}

/** One shop of the header's shop list. */
export interface ShopEntry {
  id: string;
  text: string;
  link: SafeLink;
  icon?: Asset;
  /** CSS colour of the shop's marker. */
  color: string;
  /** True for the shop this page belongs to. */
  current: boolean;
}

/** A tile type of the sub-navigation strip. */
export type SubNavTileType = keyof typeof SUB_NAV_TILE_SIZES;

/** A flyout entry. */
export interface FlyoutItem {
  id: string;
  title: string;
  link: SafeLink;
  asset?: Asset;
  /** Only the image is shown, as the link. */
  linkOnlyImage: boolean;
  /** Rendered as the group's headline link. */
  isHeadlineItem: boolean;
  /** Extra link lists (the card flyout shows those of the hovered occasion). */
  subFlyoutGroups: FlyoutGroup[];
  /** Title and image in the sub-navigation strip (fall back to title and asset). */
  subnaviTitle?: string;
  subnaviAsset?: Asset;
  /** Tile type in the sub-navigation strip, overriding the group's. */
  typeOverride?: SubNavTileType;
  label?: Label;
}

/** A free element of a flyout group: a call to action with text and optional image. */
export interface FlyoutCustomItem {
  id: string;
  title: string;
  text: string;
  link: SafeLink;
  asset?: Asset;
  ctaText?: string;
}

/** A flyout group (a "category" in the editors' words), placed by its identifier. */
export interface FlyoutGroup {
  id: string;
  /** The layout slot, e.g. "occasions", "categories", "poster", "colours", "more". */
  identifier: string;
  title: string;
  /** Tile type of the group's items in the sub-navigation strip. */
  type: SubNavTileType;
  items: FlyoutItem[];
  customItems: FlyoutCustomItem[];
}

/** The flyout layouts. */
export const FLYOUT_TYPES = [
  "calendar",
  "card",
  "collage",
  "frame",
  "photobook",
  "wandbilder",
  "accessories",
] as const;
export type FlyoutType = (typeof FLYOUT_TYPES)[number];

/** A main navigation item. */
export interface NavigationItem {
  id: string;
  text: string;
  link: SafeLink;
  /** Matches a page's activeNavigation; names the flyout layout when it is a flyout type. */
  navigationType: string;
  /** The flyout layout this item opens on hover, or null (no flyout type, no groups, or subNaviOnly). */
  flyoutType: FlyoutType | null;
  /** The flyout groups; empty in the root data (they load with the navigation details). */
  flyoutGroups: FlyoutGroup[];
  /** No flyout on hover; the item only has a sub-navigation strip. */
  subNaviOnly: boolean;
  alwaysShowSubNavi: boolean;
  isOnlyInBurgerNavigation: boolean;
  icon?: Asset;
  /** In the burger: the sub-items open as an accordion. */
  hasSubItems: boolean;
  subItems: NavigationItem[];
}

/** The wall-art menu groups of the burger navigation, behind a feature flag. */
export interface WallArtMenuGroups {
  allWallArt: LinkItem | null;
  bestseller: LinkItem[];
  premiumLabel: string;
  premium: LinkItem[];
  additional: LinkItem[];
}

/** The burger navigation. */
export interface BurgerNavigationData {
  mainNavigationItems: NavigationItem[];
  extraMenu: LinkItem[];
  serviceHotline: string;
  serviceText: string;
  footer: LinkItem[];
  wallArtGroups: WallArtMenuGroups | null;
}

/** An action bar. */
export interface ActionBarData {
  id: string;
  /** Sanitised HTML. */
  html: string;
  color: string;
  backgroundColor: string;
  /** ISO date-time the countdown runs to. */
  countdownEndDate?: string;
  /** ISO date-time after which the bar is no longer shown. */
  actionBarEndDate?: string;
}

/** A headline with links (footer link box). */
export interface LinkList {
  id: string;
  headline: string;
  links: LinkItem[];
}

/** The newsletter block's texts. */
export interface NewsletterBlockData {
  headline: string;
  inputPlaceholder: string;
  ctaText: string;
  /** Sanitised HTML (the consent note under the field). */
  newsletterHtml: string;
  backgroundColor: string;
  textColor: string;
}

/** A communication tile. */
export interface CommunicationTile {
  id: string;
  headline: string;
  headlineShort: string;
  text: string;
  icon?: Asset;
  cta: { text: string; link: SafeLink } | null;
}

/** A customer review. */
export interface Review {
  id: string;
  stars: number;
  title: string;
  text: string;
  authorName: string;
  createdAt: string;
  /** Stars and date formatted for the locale on the server (no hydration differences). */
  starsText: string;
  dateText: string;
  /** Its HTML id on the shop's reviews page (unique in the list). */
  anchor: string;
  /** Where "read review" goes: the provider's page of it, else its place on the shop's reviews page. */
  link: SafeLink | null;
}

/** The review block. */
export interface ReviewBlockData {
  title: string;
  subtitle: string;
  reviews: Review[];
  stars: number;
  trustScore: number;
  totalReviews: number;
  /** Score, stars and review count formatted for the locale on the server. */
  trustScoreText: string;
  starsText: string;
  totalReviewsText: string;
  /** Base link of a single review; the review link is this plus the review id. */
  reviewBaseLink: string;
  companyLink: SafeLink | null;
  /** Name of the review provider, shown on the provider link. */
  providerName: string;
  /** The shop's own reviews page, listing these reviews (linked when no provider page is). */
  page: SafeLink | null;
}

/** The SEO text with its view-more control. */
export interface SeoTextData {
  headline: string;
  /** Sanitised HTML. */
  html: string;
}

/** The footer box types. */
export const FOOTER_BOX_TYPES = [
  "about",
  "appLinks",
  "awards",
  "customerService",
  "international",
  "languages",
  "socialMedia",
] as const;
export type FooterBoxType = (typeof FOOTER_BOX_TYPES)[number];

/** An entry of a footer box: a link (optionally with an image) or an image. */
export type FooterBoxItem =
  | { kind: "link"; item: LinkItem }
  | { kind: "image"; id: string; image: Asset; title: string; link: SafeLink | null };

export interface FooterBox {
  id: string;
  type: FooterBoxType;
  title: string;
  items: FooterBoxItem[];
}

/** A payment method logo. */
export interface PaymentMethod {
  id: string;
  image: Asset;
}

/** The footer. */
export interface FooterData {
  linkbox: LinkList[];
  newsletterBlock: NewsletterBlockData | null;
  communicationBlock: CommunicationTile[];
  customerOpinions: ReviewBlockData | null;
  seoViewMore: SeoTextData | null;
  paymentMethods: PaymentMethod[];
  paymentTitle: string;
  footerBlock: FooterBox[];
  /** Copyright line; "{year}" is replaced with the current year. */
  copyright: string;
}

/** The app-promotion banner. */
export interface AppBannerData {
  title: string;
  text: string;
  ctaText: string;
  /** The app's deep link; the current path is added as campaign. */
  deepLink: string;
  icon?: Asset;
}

/** The help chat launcher's provider settings. */
export interface HelpChatData {
  publicKey: string;
  title: string;
  greeting: string;
  /** Customer service's address, offered beside the phone when no chat may load. */
  email: string | null;
}

/** The cookie-consent layer's settings. */
export interface ConsentData {
  /** Paths (below the language prefix) where the consent layer is not injected. */
  excludedPaths: string[];
  privacyLink: SafeLink | null;
}

/** Header info items. */
export interface HeaderData {
  shops: ShopEntry[];
  magazine: LinkItem | null;
  service: LinkItem | null;
  serviceHotline: string;
  serviceHotlineText: string;
  account: SafeLink | null;
  cart: SafeLink | null;
}

/** Everything the furniture needs, from the GlobalConfig story. */
export interface SiteConfig {
  header: HeaderData;
  mainNavigation: NavigationItem[];
  burgerNavigation: BurgerNavigationData;
  actionBar: ActionBarData | null;
  footer: FooterData;
  appBanner: AppBannerData | null;
  helpChat: HelpChatData | null;
  consent: ConsentData | null;
}

/** The page fields the furniture reads (content/GLOBAL.md 'Page fields'), validated. */
export interface PageFurniture {
  activeNavigation: string | null;
  subNavigation: boolean;
  footerOverride: { linkbox: LinkList[]; seoViewMore: SeoTextData | null } | null;
  actionBar: ActionBarData | null;
}

/** A sub-navigation element. */
export interface SubNavElement {
  id: string;
  type: SubNavTileType;
  text: string;
  /** A line under the text: the group's pictureless entry that leads where this tile leads. */
  description?: string;
  image?: Asset;
  link: SafeLink;
  label?: Label;
  isActive: boolean;
}

/** What the furniture loads on demand (first hover, focus or burger open): flyouts and burger. */
export interface NavigationDetails {
  /** Flyout groups by main navigation item id. */
  flyouts: Record<string, FlyoutGroup[]>;
  burger: BurgerNavigationData;
}

/** One heading of the sub-navigation strip with its tiles. */
export interface SubNavCategory {
  id: string;
  heading: string;
  elements: SubNavElement[];
}

/** The sub-navigation strip of a page, computed on the server. */
export interface SubNavigationData {
  /** The active main item's text (the strip's name). */
  label: string;
  categories: SubNavCategory[];
}

/** A breadcrumb item. */
export interface BreadcrumbItem {
  text: string;
  link: { url: string };
}

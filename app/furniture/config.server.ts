/**
 * The GlobalConfig story (content/GLOBAL.md) read into the furniture's SiteConfig:
 * every link allow-listed and localised, every HTML string sanitised, invalid entries
 * dropped. A missing or broken story gives the empty configuration, never an error:
 * the furniture then renders without navigation items.
 */
import sanitizeHtml from "sanitize-html";
import { z } from "zod";
import { CHANNELS, isChannelId, type ChannelId } from "../../config/channels";
import { REVIEW_STARS } from "../../domain/constants";
import { localiseHref, type LinkLocale } from "../../domain/links";
import { isCountry, localeSettings, type Country, type Locale } from "../../domain/locales";
import { safeHref } from "../../domain/paths";
import type { ShopServices } from "../../server/services";
import type { ContentStory, ContentVersion } from "../../domain/content";
import {
  asset,
  isRecord,
  label,
  link,
  linkItem,
  linkItems,
  linkLists,
  list,
  num,
  record,
  stars,
  text,
  tileType,
  type Raw,
  type ReadContext,
} from "./read.server";
import {
  FLYOUT_TYPES,
  FOOTER_BOX_TYPES,
  type ActionBarData,
  type BurgerNavigationData,
  type CommunicationTile,
  type FlyoutCustomItem,
  type FlyoutGroup,
  type FlyoutItem,
  type FlyoutType,
  type FooterBox,
  type FooterBoxItem,
  type FooterBoxType,
  type FooterData,
  type NavigationItem,
  type ReviewBlockData,
  type SeoTextData,
  type ShopEntry,
  type SiteConfig,
} from "./types";
import { logWarning } from "../lib/log";
import { EMPTY_SITE_CONFIG } from "./empty";
import {
  blockList,
  colourField,
  dateField,
  flagField,
  rawField,
  textField,
} from "../lib/fields.server";
import { withStorefrontFacts } from "../lib/storefrontFacts.server";
import { freeShippingFromOf, withFreeShippingFrom } from "./freeShipping.server";
import { isPlaceholderLink } from "../../domain/placeholderLinks";
import {
  reviewAnchor,
  reviewAnchors,
  reviewLink,
  reviewPageOf,
  reviewsPageLink,
  reviewsPath,
} from "../../domain/reviews";

export interface ConfigContext extends ReadContext {
  channel: ChannelId;
  /** "Now", for choosing the action bar whose end date has not passed. */
  now: Date;
  /** Reports content the reader dropped for a reason an editor should know about. */
  warn?: (message: string, details: Record<string, unknown>) => void;
}

// ---------------------------------------------------------------- HTML

/** The sanitiser's options; links are localised for `at` (content/GLOBAL.md 'Field types'). */
const inlineHtml = (at: LinkLocale | undefined): sanitizeHtml.IOptions => ({
  allowedTags: [
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "br",
    "p",
    "span",
    "a",
    "small",
    "sup",
    "sub",
    "ul",
    "ol",
    "li",
    "h2",
    "h3",
  ],
  allowedAttributes: { a: ["href", "target", "rel", "title"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = at
        ? localiseHref(attribs.href ?? "", at, { allowExternal: true })?.href
        : safeHref(attribs.href, { allowExternal: true });
      const out: Record<string, string> = {};
      if (href) out.href = href;
      if (attribs.title) out.title = attribs.title;
      if (attribs.target === "_blank") {
        out.target = "_blank";
        out.rel = "noopener noreferrer";
      }
      return { tagName, attribs: out };
    },
  },
});

const UNLOCALISED_HTML = inlineHtml(undefined);

/**
 * CMS HTML reduced to inline formatting, lists and safe links; with a locale, internal
 * links get the language prefix and the channel's trailing slash like every other link.
 */
export function sanitizeInlineHtml(html: unknown, at?: LinkLocale): string {
  if (typeof html !== "string") return "";
  return sanitizeHtml(html, at ? inlineHtml(at) : UNLOCALISED_HTML).trim();
}

// ---------------------------------------------------------------- navigation

/** A flyout entry: a title (Storyblok's or its own), a link, images, a label, sub-groups. */
const flyoutItemSchema = z.object({
  _uid: textField,
  id: textField,
  storyblokTitle: textField,
  title: textField,
  link: rawField,
  asset: rawField,
  linkOnlyImage: flagField,
  isHeadlineItem: flagField,
  subFlyoutGroups: rawField,
  subnaviTitle: textField,
  subnaviAsset: rawField,
  typeOverride: rawField,
});

function flyoutItem(raw: Raw, ctx: ReadContext, fallbackId: string): FlyoutItem | null {
  const item = flyoutItemSchema.parse(raw);
  const title = item.storyblokTitle || item.title;
  const target = link(item.link, ctx);
  if (!title || !target) return null;
  const itemAsset = asset(item.asset);
  const subnaviAsset = asset(item.subnaviAsset);
  const typeOverride = tileType(item.typeOverride);
  // The label's fields may sit in a `label` block or on the item itself.
  const itemLabel = label(raw);
  return {
    id: item._uid || item.id || fallbackId,
    title,
    link: target,
    ...(itemAsset ? { asset: itemAsset } : {}),
    linkOnlyImage: item.linkOnlyImage && itemAsset !== undefined,
    isHeadlineItem: item.isHeadlineItem,
    subFlyoutGroups: flyoutGroups(item.subFlyoutGroups, ctx, `${fallbackId}-sub`),
    ...(item.subnaviTitle ? { subnaviTitle: item.subnaviTitle } : {}),
    ...(subnaviAsset ? { subnaviAsset } : {}),
    ...(typeOverride ? { typeOverride } : {}),
    ...(itemLabel ? { label: itemLabel } : {}),
  };
}

/** A call-to-action tile after a flyout group's items. */
const flyoutCustomItemSchema = z.object({
  _uid: textField,
  id: textField,
  title: textField,
  headline: textField,
  text: textField,
  link: rawField,
  asset: rawField,
  image: rawField,
  ctaText: textField,
});

function flyoutCustomItem(raw: Raw, ctx: ReadContext, fallbackId: string): FlyoutCustomItem | null {
  const item = flyoutCustomItemSchema.parse(raw);
  const title = item.title || item.headline;
  const target = link(item.link, ctx);
  if (!title || !target) return null;
  const customAsset = asset(item.asset) ?? asset(item.image);
  return {
    id: item._uid || item.id || fallbackId,
    title,
    text: item.text,
    link: target,
    ...(customAsset ? { asset: customAsset } : {}),
    ...(item.ctaText ? { ctaText: item.ctaText } : {}),
  };
}

/** A flyout group as the editor writes it. */
const flyoutGroupSchema = z.object({
  _uid: textField,
  id: textField,
  flyoutGroupIdentifier: textField,
  flyoutGroupTitle: textField,
  type: rawField,
  flyoutGroupItems: z.unknown().transform(list).default([]),
  flyoutGroupItemsCustom: z.unknown().transform(list).default([]),
});

/**
 * Flyout groups; a group shows only with a name (its identifier), a text (its title)
 * and at least one item or custom element.
 */
function flyoutGroups(value: unknown, ctx: ReadContext, prefix: string): FlyoutGroup[] {
  return list(value).flatMap((raw, i) => {
    const entry = flyoutGroupSchema.parse(raw);
    const groupId = entry._uid || entry.id || `${prefix}-${i}`;
    const group: FlyoutGroup = {
      id: groupId,
      identifier: entry.flyoutGroupIdentifier,
      title: entry.flyoutGroupTitle,
      type: tileType(entry.type) ?? "circle",
      items: entry.flyoutGroupItems.flatMap(
        (item, j) => flyoutItem(item, ctx, `${groupId}-${j}`) ?? [],
      ),
      customItems: entry.flyoutGroupItemsCustom.flatMap(
        (item, j) => flyoutCustomItem(item, ctx, `${groupId}-c${j}`) ?? [],
      ),
    };
    const shows =
      group.identifier !== "" &&
      group.title !== "" &&
      group.items.length + group.customItems.length > 0;
    return shows ? [group] : [];
  });
}

/** A main navigation (or burger) item as the editor writes it. */
const navigationItemSchema = z.object({
  _uid: textField,
  id: textField,
  text: textField,
  link: rawField,
  icon: rawField,
  navigationType: z
    .unknown()
    .transform((v) => textField.parse(v).toLowerCase())
    .default(""),
  flyoutGroups: rawField,
  subItems: rawField,
  subNaviOnly: flagField,
  alwaysShowSubNavi: flagField,
  isOnlyInBurgerNavigation: flagField,
  hasSubItems: flagField,
});

function navigationItems(
  value: unknown,
  ctx: ReadContext,
  prefix: string,
  depth = 0,
): NavigationItem[] {
  return list(value).flatMap((raw, i) => {
    const item = navigationItemSchema.parse(raw);
    const target = link(item.link, ctx);
    const itemId = item._uid || item.id || `${prefix}-${i}`;
    // Three burger levels at most: primary, secondary, tertiary.
    const subItems = depth < 2 ? navigationItems(item.subItems, ctx, itemId, depth + 1) : [];
    if (!item.text || (!target && subItems.length === 0)) return [];
    const icon = asset(item.icon);
    const { navigationType, subNaviOnly } = item;
    const groups = flyoutGroups(item.flyoutGroups, ctx, itemId);
    const flyoutType =
      !subNaviOnly &&
      groups.length > 0 &&
      (FLYOUT_TYPES as readonly string[]).includes(navigationType)
        ? (navigationType as FlyoutType)
        : null;
    return [
      {
        id: itemId,
        text: item.text,
        link: target ?? { href: "#", external: false },
        navigationType,
        flyoutType,
        flyoutGroups: groups,
        subNaviOnly,
        alwaysShowSubNavi: item.alwaysShowSubNavi,
        isOnlyInBurgerNavigation: item.isOnlyInBurgerNavigation,
        ...(icon ? { icon } : {}),
        hasSubItems: item.hasSubItems && subItems.length > 0,
        subItems,
      },
    ];
  });
}

function optionalLinkItem(value: unknown, ctx: ReadContext, fallbackId: string) {
  const raw = record(value);
  return raw ? linkItem(raw, ctx, fallbackId) : null;
}

/** The burger navigation: its items, extra menu, hotline, footer links and wall-art groups. */
const burgerNavigationSchema = z.object({
  mainNavigationItems: rawField,
  extraMenu: rawField,
  serviceHotline: textField,
  serviceText: textField,
  footer: rawField,
  wallArtGroups: rawField,
});

/** The wall-art menu groups of the burger navigation. */
const wallArtGroupsSchema = z.object({
  allWallArt: rawField,
  bestseller: rawField,
  premiumLabel: textField,
  premium: rawField,
  additional: rawField,
});

function burgerNavigation(value: unknown, ctx: ReadContext): BurgerNavigationData {
  const burger = burgerNavigationSchema.parse(record(value) ?? {});
  const groups = section(burger.wallArtGroups, wallArtGroupsSchema);
  return {
    mainNavigationItems: navigationItems(burger.mainNavigationItems, ctx, "burger"),
    extraMenu: linkItems(burger.extraMenu, ctx, "burger-extra"),
    serviceHotline: burger.serviceHotline,
    serviceText: burger.serviceText,
    footer: linkItems(burger.footer, ctx, "burger-footer"),
    wallArtGroups: groups
      ? {
          allWallArt: optionalLinkItem(groups.allWallArt, ctx, "wallart-all"),
          bestseller: linkItems(groups.bestseller, ctx, "wallart-bestseller"),
          premiumLabel: groups.premiumLabel,
          premium: linkItems(groups.premium, ctx, "wallart-premium"),
          additional: linkItems(groups.additional, ctx, "wallart-additional"),
        }
      : null,
  };
}

// ---------------------------------------------------------------- header

/** One shop of the header's shop list: its text, its channel or link, its colour and icon. */
const shopSchema = z.object({
  _uid: textField,
  id: textField,
  text: textField,
  channel: textField,
  link: rawField,
  icon: rawField,
  color: colourField,
});

function shops(value: unknown, ctx: ConfigContext): ShopEntry[] {
  return list(value).flatMap((raw, i) => {
    const shop = shopSchema.parse(raw);
    const shopText = shop.text;
    const channel = shop.channel;
    if (channel && !isChannelId(channel)) {
      // Not a site of ours: no link to guess (it would point at this site's home).
      ctx.warn?.("shop with an unknown channel dropped", {
        shopChannel: channel,
        folder: ctx.folder,
      });
      return [];
    }
    const current = channel === ctx.channel;
    const target = current
      ? link("/", ctx)
      : channel && ctx.siteOrigin
        ? (() => {
            const origin = ctx.siteOrigin?.({ channel });
            return origin ? { href: `${origin}/`, external: true } : null;
          })()
        : link(shop.link, ctx);
    if (!shopText || !target) return [];
    const icon = asset(shop.icon);
    return [
      {
        id: shop._uid || shop.id || `shop-${i}`,
        text: shopText,
        link: target,
        ...(icon ? { icon } : {}),
        color: shop.color ?? "currentColor",
        current,
      },
    ];
  });
}

// ---------------------------------------------------------------- action bar

/** An action bar as the editor writes it (content/GLOBAL.md 'ActionBar'). */
const actionBarSchema = z.object({
  id: textField,
  _uid: textField,
  /** Inline HTML, sanitised with the page's links when the bar is chosen. */
  text: rawField,
  color: colourField,
  backgroundColor: colourField,
  actionBarEndDate: dateField,
  countdownEndDate: dateField,
});

/** A list of action bars, or a single one. */
const actionBars = blockList(actionBarSchema);

/**
 * The first action bar with text whose end date has not passed; `value` is a list of
 * bars or a single one. Links in the text are localised for `at`.
 */
export function actionBar(value: unknown, now: Date, at?: LinkLocale): ActionBarData | null {
  for (const [i, bar] of actionBars.parse(value).entries()) {
    const html = sanitizeInlineHtml(bar.text, at);
    const barId = bar.id || bar._uid || `bar-${i}`;
    const end = bar.actionBarEndDate;
    if (!html || (end && Date.parse(end) <= now.getTime())) continue;
    return {
      id: barId.replace(/[^\w-]/g, "").slice(0, 64) || `bar-${i}`,
      html,
      color: bar.color ?? "#ffffff",
      backgroundColor: bar.backgroundColor ?? "#1a1a1a",
      ...(bar.countdownEndDate ? { countdownEndDate: bar.countdownEndDate } : {}),
      ...(end ? { actionBarEndDate: end } : {}),
    };
  }
  return null;
}

// ---------------------------------------------------------------- footer

/** A review id: a string, or a number read as its string (123 → "123"). */
function reviewId(value: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return text(value);
}

/** A customer review as the review provider's feed gives it. */
const reviewSchema = z.object({
  id: z.unknown().transform(reviewId).default(""),
  stars: z.unknown().transform(stars).default(null),
  title: textField,
  text: textField,
  authorName: textField,
  createdAt: dateField,
});

/** The review provider's feed: the overall score, the totals, the reviews and the links. */
const reviewFeedSchema = z.object({
  score: z
    .unknown()
    .transform((value) => record(value) ?? {})
    .default({}),
  totalReviews: rawField,
  reviews: z.unknown().transform(list).default([]),
  reviewBaseLink: textField,
  companyLink: rawField,
  providerName: textField,
});

/** The review block: its title and subtitle around the provider's feed. */
const reviewBlockSchema = z.object({ title: textField, subtitle: textField, reviews: rawField });

function reviewBlock(value: unknown, ctx: ReadContext): ReviewBlockData | null {
  const raw = section(value, reviewBlockSchema);
  if (!raw) return null;
  const number = new Intl.NumberFormat(ctx.locale, { maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(ctx.locale, { dateStyle: "medium", timeZone: "UTC" });
  const data = reviewFeedSchema.parse(record(raw.reviews) ?? {});
  const { score } = data;
  const shown = data.reviews.flatMap((entry, i) => {
    const review = reviewSchema.parse(entry);
    const { title, text: body, stars: reviewStars } = review;
    // A review without a rating (0, missing or not a number) is not shown as one star.
    if ((!title && !body) || reviewStars === null) return [];
    const createdAt = review.createdAt ?? "";
    return [
      {
        id: review.id || `review-${i}`,
        stars: reviewStars,
        title,
        text: body,
        authorName: review.authorName,
        createdAt,
        starsText: number.format(reviewStars),
        dateText: createdAt ? date.format(new Date(createdAt)) : "",
      },
    ];
  });
  if (shown.length === 0) return null;
  // A review provider on a made-up host is no provider: its links are left out.
  const provided = safeHref(data.reviewBaseLink, { allowExternal: true }) ?? "";
  const base = isPlaceholderLink(provided) ? "" : provided;
  const company = link(data.companyLink, ctx);
  // The shop's own reviews page lists the same reviews in the same order; without a
  // provider, each review's link goes to its place there (its page of the list, its anchor).
  const ownPath = reviewsPath(ctx.language);
  const anchors = reviewAnchors(shown.map((review) => review.id));
  const reviews = shown.map((review, i) => {
    const anchor = anchors[i] ?? reviewAnchor(review.id);
    const provider = reviewLink(base, review.id);
    const own = localiseHref(reviewsPageLink(ownPath, reviewPageOf(i), anchor), ctx);
    return { ...review, anchor, link: provider ? { href: provider, external: true } : own };
  });
  // Without a usable overall rating, the average of the shown reviews.
  const scoreStars =
    stars(score.stars) ??
    stars(reviews.reduce((sum, review) => sum + review.stars, 0) / reviews.length) ??
    REVIEW_STARS.max;
  const trustScore = Math.max(0, num(score.trustScore));
  const totalReviews = Math.max(0, Math.round(num(data.totalReviews)));
  return {
    title: raw.title,
    subtitle: raw.subtitle,
    reviews,
    stars: scoreStars,
    trustScore,
    totalReviews,
    trustScoreText: number.format(trustScore),
    starsText: number.format(scoreStars),
    totalReviewsText: number.format(totalReviews),
    reviewBaseLink: base,
    companyLink: company && !isPlaceholderLink(company.href) ? company : null,
    providerName: data.providerName,
    page: localiseHref(ownPath, ctx),
  };
}

/** The SEO text block as the editor writes it: a headline and inline HTML. */
const seoTextSchema = z.object({ headline: textField, text: rawField });

/** The SEO text block (one block, or the first of a list); links in its HTML are localised for `at`. */
export function seoText(value: unknown, at?: LinkLocale): SeoTextData | null {
  const raw = record(value);
  if (!raw) return null;
  const block = seoTextSchema.parse(raw);
  const html = sanitizeInlineHtml(block.text, at);
  return html ? { headline: block.headline, html } : null;
}

function footerBoxType(value: unknown): FooterBoxType | null {
  const raw = text(value);
  return (FOOTER_BOX_TYPES as readonly string[]).includes(raw) ? (raw as FooterBoxType) : null;
}

/** A footer box: its type, its title and its entries (link items or images). */
const footerBoxSchema = z.object({
  _uid: textField,
  id: textField,
  type: z.unknown().transform(footerBoxType).default(null),
  title: textField,
  items: z.unknown().transform(list).default([]),
});

/** An image entry of a footer box (component FooterImage). */
const footerImageSchema = z.object({
  _uid: textField,
  id: textField,
  component: textField,
  image: rawField,
  title: textField,
  link: rawField,
});

function footerBoxes(value: unknown, ctx: ReadContext): FooterBox[] {
  return list(value).flatMap((raw, i) => {
    const box = footerBoxSchema.parse(raw);
    const { type, title } = box;
    if (!type || !title) return [];
    const boxId = box._uid || box.id || `box-${i}`;
    const items = box.items.flatMap((entry, j): FooterBoxItem[] => {
      const image = footerImageSchema.parse(entry);
      const itemId = image._uid || image.id || `${boxId}-${j}`;
      if (image.component === "FooterImage") {
        const picture = asset(image.image);
        const imageTitle = image.title || picture?.alt || "";
        const target = link(image.link, ctx);
        // An app badge is a link into a store: without a real one it is not shown.
        if (type === "appLinks" && (!target || isPlaceholderLink(target.href))) return [];
        return picture && imageTitle
          ? [
              {
                kind: "image",
                id: itemId,
                image: picture,
                title: imageTitle,
                link: target,
              },
            ]
          : [];
      }
      const item = linkItem(entry, ctx, itemId);
      return item ? [{ kind: "link", item }] : [];
    });
    // The languages box lists the country's languages itself; others need entries.
    return items.length > 0 || type === "languages" ? [{ id: boxId, type, title, items }] : [];
  });
}

/** A call to action: its text and its link (localised when the tile is read). */
const ctaSchema = z.object({ text: textField, link: rawField });

/** A communication tile; its CTA is a list (the first is the button) or a single one. */
const communicationTileSchema = z.object({
  _uid: textField,
  id: textField,
  headline: textField,
  headlineShort: textField,
  text: textField,
  icon: rawField,
  cta: blockList(ctaSchema),
});

function communicationTiles(value: unknown, ctx: ReadContext): CommunicationTile[] {
  return list(value).flatMap((raw, i) => {
    const tile = communicationTileSchema.parse(raw);
    if (!tile.headline) return [];
    const [cta] = tile.cta;
    const ctaLink = cta ? link(cta.link, ctx) : null;
    const icon = asset(tile.icon);
    return [
      {
        id: tile._uid || tile.id || `tile-${i}`,
        headline: tile.headline,
        headlineShort: tile.headlineShort || tile.headline,
        text: tile.text,
        ...(icon ? { icon } : {}),
        cta: cta && ctaLink && cta.text ? { text: cta.text, link: ctaLink } : null,
      },
    ];
  });
}

/** The newsletter block: shown only with a headline; its text is inline HTML. */
const newsletterSchema = z.object({
  headline: textField,
  inputPlaceholder: textField,
  ctaText: textField,
  newsletterText: rawField,
  backgroundColor: colourField,
  textColor: colourField,
});

/** The footer's blocks. */
const footerSchema = z.object({
  linkbox: rawField,
  newsletterBlock: rawField,
  communicationBlock: rawField,
  customerOpinions: rawField,
  seoViewMore: rawField,
  paymentMethods: z.unknown().transform(list).default([]),
  paymentTitle: textField,
  footerBlock: rawField,
  copyrightBlock: z
    .unknown()
    .transform((value) => textField.parse(record(value)?.text))
    .default(""),
});

/** A payment method's logo: an asset with an id. */
const paymentMethodSchema = z.object({ id: textField });

function footer(value: unknown, ctx: ReadContext): FooterData {
  const raw = footerSchema.parse(record(value) ?? {});
  const newsletter = section(raw.newsletterBlock, newsletterSchema);
  return {
    linkbox: linkLists(raw.linkbox, ctx, "linkbox"),
    newsletterBlock:
      newsletter && newsletter.headline
        ? {
            headline: newsletter.headline,
            inputPlaceholder: newsletter.inputPlaceholder,
            ctaText: newsletter.ctaText,
            newsletterHtml: sanitizeInlineHtml(newsletter.newsletterText, ctx),
            backgroundColor: newsletter.backgroundColor ?? "#ffffff",
            textColor: newsletter.textColor ?? "#1a1a1a",
          }
        : null,
    communicationBlock: communicationTiles(raw.communicationBlock, ctx),
    customerOpinions: reviewBlock(raw.customerOpinions, ctx),
    seoViewMore: seoText(raw.seoViewMore, ctx),
    paymentMethods: raw.paymentMethods.flatMap((entry, i) => {
      const image = asset(entry);
      const id = paymentMethodSchema.parse(entry).id;
      return image && image.alt ? [{ id: id || `payment-${i}`, image }] : [];
    }),
    paymentTitle: raw.paymentTitle,
    footerBlock: footerBoxes(raw.footerBlock, ctx),
    copyright: raw.copyrightBlock,
  };
}

// ---------------------------------------------------------------- app banner

/** Schemes a deep link never uses: script, inline data and local content. */
const REFUSED_DEEP_LINK_SCHEMES: ReadonlySet<string> = new Set([
  "javascript",
  "vbscript",
  "data",
  "file",
  "blob",
  "filesystem",
  "about",
  "http",
  "mailto",
  "tel",
]);

/**
 * The app banner's deep link: an https:// link, or the app's own scheme ("myapp://open",
 * app banner only); never javascript:, data:, vbscript: or a relative path.
 */
export function appBannerDeepLink(value: unknown): string | null {
  const raw = text(value);
  // No whitespace, control characters, quotes or angle brackets anywhere (no scheme tricks).
  if (raw.length > 2000 || /[\s"'<>\\`\p{Cc}]/u.test(raw)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/./i.exec(raw)?.[1]?.toLowerCase();
  if (!scheme) return null;
  // A deep link to a made-up host opens no app: no banner.
  if (scheme === "https") {
    return isPlaceholderLink(raw) ? null : safeHref(raw, { allowExternal: true });
  }
  return REFUSED_DEEP_LINK_SCHEMES.has(scheme) ? null : raw;
}

// ---------------------------------------------------------------- the whole story

export function emptySiteConfig(): SiteConfig {
  return structuredClone(EMPTY_SITE_CONFIG);
}

/** The app banner as the editor writes it (content/GLOBAL.md 'AppBanner'). */
const appBannerSchema = z.object({
  title: textField,
  text: textField,
  ctaText: textField,
  deepLink: rawField,
  icon: rawField,
});

/** The help chat: on only when enabled with a public key of word characters. */
const helpChatSchema = z.object({
  enabled: flagField,
  publicKey: textField,
  title: textField,
  greeting: textField,
  email: textField,
});

/** A plain e-mail address for a mailto: link (no spaces, quotes or URL syntax). */
const CONTACT_EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;

/** The consent banner: paths it stays away from (strings or `{ path }` blocks) and the privacy link. */
const consentSchema = z.object({
  enabled: flagField,
  excludedPaths: z
    .unknown()
    .transform((value) => {
      const entries: unknown[] = Array.isArray(value) ? value : [];
      const fromBlocks = entries.filter(isRecord).map((entry) => textField.parse(entry.path));
      const plain = entries.filter((entry): entry is string => typeof entry === "string");
      return [...fromBlocks, ...plain].filter((path) => path.startsWith("/"));
    })
    .default([]),
  privacyLink: rawField,
});

/** One optional block of the configuration, read by `schema`; null when absent. */
function section<T extends z.ZodType>(value: unknown, schema: T): z.output<T> | null {
  const raw = record(value);
  return raw ? (schema.parse(raw) as z.output<T>) : null;
}

/** The header block: the shop list, magazine and service entries, account and cart links. */
const headerSchema = z.object({
  shops: rawField,
  magazine: rawField,
  service: rawField,
  accountLink: rawField,
  cartLink: rawField,
});

/** The GlobalConfig story's content: one block per part of the furniture. */
const globalConfigSchema = z.object({
  component: z.literal("GlobalConfig"),
  header: rawField,
  serviceHotline: textField,
  serviceHotlineText: textField,
  mainNavigation: rawField,
  burgerNavigation: rawField,
  actionBar: rawField,
  footer: rawField,
  appBanner: rawField,
  helpChat: rawField,
  consent: rawField,
});

/** Reads a GlobalConfig story's content; anything but a GlobalConfig gives the empty configuration. */
export function readSiteConfig(content: unknown, ctx: ConfigContext): SiteConfig {
  const parsed = globalConfigSchema.safeParse(record(content));
  if (!parsed.success) return emptySiteConfig();
  const raw = parsed.data;
  const header = headerSchema.parse(record(raw.header) ?? {});
  const app = section(raw.appBanner, appBannerSchema);
  const chat = section(raw.helpChat, helpChatSchema);
  const consent = section(raw.consent, consentSchema);
  // The banner shows only where the channel has apps (config/channels.ts appsAvailable).
  const deepLink =
    app && CHANNELS[ctx.channel].features.appsAvailable ? appBannerDeepLink(app.deepLink) : null;
  return {
    header: {
      shops: shops(header.shops, ctx),
      magazine: optionalLinkItem(header.magazine, ctx, "magazine"),
      service: optionalLinkItem(header.service, ctx, "service"),
      serviceHotline: raw.serviceHotline,
      serviceHotlineText: raw.serviceHotlineText,
      account: link(header.accountLink, ctx),
      cart: link(header.cartLink, ctx),
    },
    mainNavigation: navigationItems(raw.mainNavigation, ctx, "nav"),
    burgerNavigation: burgerNavigation(raw.burgerNavigation, ctx),
    actionBar: actionBar(raw.actionBar, ctx.now, ctx),
    footer: footer(raw.footer, ctx),
    appBanner:
      app && deepLink && app.title
        ? (() => {
            const icon = asset(app.icon);
            return {
              title: app.title,
              text: app.text,
              ctaText: app.ctaText,
              deepLink,
              ...(icon ? { icon } : {}),
            };
          })()
        : null,
    helpChat:
      chat && chat.enabled && /^[\w-]{1,100}$/.test(chat.publicKey)
        ? {
            publicKey: chat.publicKey,
            title: chat.title,
            greeting: chat.greeting,
            email: CONTACT_EMAIL.test(chat.email) ? chat.email : null,
          }
        : null,
    consent:
      consent && consent.enabled
        ? {
            excludedPaths: consent.excludedPaths,
            privacyLink: link(consent.privacyLink, ctx),
          }
        : null,
  };
}

// ---------------------------------------------------------------- loading

/** What the root loader hands over to load the configuration. */
export interface SiteConfigRequest {
  /** With the catalogue, a bar's {{freeShippingFrom}} is the shop's own threshold. */
  services: Pick<ShopServices, "content" | "hosts" | "log"> &
    Partial<Pick<ShopServices, "catalogue">>;
  channel: ChannelId;
  locale: Locale;
  requestUrl: URL;
  version: ContentVersion;
  release?: string;
  now?: Date;
}

/**
 * The furniture of a request from the GlobalConfig story `{folder}/config` (with the
 * locale fallback of the content service). A missing story or a failing content
 * source gives the empty configuration, logged, so pages still render.
 */
/** How long a configuration read from a cached story is reused (the action bar's end date moves on). */
const READ_CACHE_MS = 60_000;
const reads = new WeakMap<ContentStory, Map<string, { config: SiteConfig; until: number }>>();

/** Content problems already logged by this process (each is logged once, not per read). */
const warned = new Set<string>();
const MAX_WARNED = 500;

export async function loadSiteConfig(request: SiteConfigRequest): Promise<SiteConfig> {
  const { services, channel, locale, requestUrl } = request;
  let story: ContentStory | null = null;
  try {
    story = await services.content.getStory({
      channel,
      locale,
      slug: "config",
      version: request.version,
      ...(request.release ? { release: request.release } : {}),
    });
  } catch (error) {
    logWarning("furniture-unavailable", { part: "global config", channel, locale }, error);
  }
  if (!story) return emptySiteConfig();
  const now = request.now ?? new Date();
  const key = `${channel}|${locale}|${requestUrl.origin}`;
  const known = reads.get(story)?.get(key);
  if (known && known.until > now.getTime()) return known.config;
  const { country, language } = localeSettings(locale);
  // The storefront's own hotline, hours, company and threshold in the story's texts.
  const content = await withStorefrontFacts(story.content, {
    channel,
    locale,
    catalogue: services.catalogue,
  });
  const config = readSiteConfig(content, {
    channel,
    country,
    language,
    locale,
    folder: story.folder,
    trailingSlash: CHANNELS[channel].features.trailingSlash,
    now,
    siteOrigin: (site) => {
      // An unknown channel names no site (never this site by default).
      if (site.channel !== undefined && !isChannelId(site.channel)) return null;
      const target = {
        channel: site.channel !== undefined ? (site.channel as ChannelId) : channel,
        country: isCountry(site.country ?? "") ? (site.country as Country) : country,
      };
      return services.hosts.originFor(target, requestUrl);
    },
    warn: (message, details) => {
      const key = `${message}|${JSON.stringify(details)}`;
      if (warned.has(key) || warned.size >= MAX_WARNED) return;
      warned.add(key);
      logWarning("global-config-warning", { message, ...details, channel, locale });
    },
  });
  // The bar states the free-shipping threshold of this shop, in its currency.
  if (config.actionBar) {
    const threshold = services.catalogue
      ? await freeShippingFromOf(services.catalogue, { channel, locale })
      : null;
    config.actionBar = withFreeShippingFrom(config.actionBar, threshold);
  }
  const byKey = reads.get(story) ?? new Map<string, { config: SiteConfig; until: number }>();
  byKey.set(key, { config, until: now.getTime() + READ_CACHE_MS });
  reads.set(story, byKey);
  return config;
}

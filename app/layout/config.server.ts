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
  flag,
  isRecord,
  id,
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
} from "./read";
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
import { EMPTY_SITE_CONFIG } from "./empty";
import {
  blockList,
  colourField,
  dateField,
  flagField,
  rawField,
  textField,
} from "../lib/fields.server";

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

function flyoutItem(raw: Raw, ctx: ReadContext, fallbackId: string): FlyoutItem | null {
  const title = text(raw.storyblokTitle) || text(raw.title);
  const target = link(raw.link, ctx);
  if (!title || !target) return null;
  const itemAsset = asset(raw.asset);
  const subnaviTitle = text(raw.subnaviTitle);
  const subnaviAsset = asset(raw.subnaviAsset);
  const typeOverride = tileType(raw.typeOverride);
  const itemLabel = label(raw);
  return {
    id: id(raw, fallbackId),
    title,
    link: target,
    ...(itemAsset ? { asset: itemAsset } : {}),
    linkOnlyImage: flag(raw.linkOnlyImage) && itemAsset !== undefined,
    isHeadlineItem: flag(raw.isHeadlineItem),
    subFlyoutGroups: flyoutGroups(raw.subFlyoutGroups, ctx, `${fallbackId}-sub`),
    ...(subnaviTitle ? { subnaviTitle } : {}),
    ...(subnaviAsset ? { subnaviAsset } : {}),
    ...(typeOverride ? { typeOverride } : {}),
    ...(itemLabel ? { label: itemLabel } : {}),
  };
}

function flyoutCustomItem(raw: Raw, ctx: ReadContext, fallbackId: string): FlyoutCustomItem | null {
  const title = text(raw.title) || text(raw.headline);
  const target = link(raw.link, ctx);
  if (!title || !target) return null;
  const customAsset = asset(raw.asset) ?? asset(raw.image);
  const ctaText = text(raw.ctaText);
  return {
    id: id(raw, fallbackId),
    title,
    text: text(raw.text),
    link: target,
    ...(customAsset ? { asset: customAsset } : {}),
    ...(ctaText ? { ctaText } : {}),
  };
}

/**
 * Flyout groups; a group shows only with a name (its identifier), a text (its title)
 * and at least one item or custom element.
 */
function flyoutGroups(value: unknown, ctx: ReadContext, prefix: string): FlyoutGroup[] {
  return list(value).flatMap((raw, i) => {
    const groupId = id(raw, `${prefix}-${i}`);
    const group: FlyoutGroup = {
      id: groupId,
      identifier: text(raw.flyoutGroupIdentifier),
      title: text(raw.flyoutGroupTitle),
      type: tileType(raw.type) ?? "circle",
      items: list(raw.flyoutGroupItems).flatMap(
        (item, j) => flyoutItem(item, ctx, `${groupId}-${j}`) ?? [],
      ),
      customItems: list(raw.flyoutGroupItemsCustom).flatMap(
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

function navigationItems(
  value: unknown,
  ctx: ReadContext,
  prefix: string,
  depth = 0,
): NavigationItem[] {
  return list(value).flatMap((raw, i) => {
    const itemText = text(raw.text);
    const target = link(raw.link, ctx);
    const itemId = id(raw, `${prefix}-${i}`);
    // Three burger levels at most: primary, secondary, tertiary.
    const subItems = depth < 2 ? navigationItems(raw.subItems, ctx, itemId, depth + 1) : [];
    if (!itemText || (!target && subItems.length === 0)) return [];
    const icon = asset(raw.icon);
    const navigationType = text(raw.navigationType).toLowerCase();
    const groups = flyoutGroups(raw.flyoutGroups, ctx, itemId);
    const subNaviOnly = flag(raw.subNaviOnly);
    const flyoutType =
      !subNaviOnly &&
      groups.length > 0 &&
      (FLYOUT_TYPES as readonly string[]).includes(navigationType)
        ? (navigationType as FlyoutType)
        : null;
    return [
      {
        id: itemId,
        text: itemText,
        link: target ?? { href: "#", external: false },
        navigationType,
        flyoutType,
        flyoutGroups: groups,
        subNaviOnly,
        alwaysShowSubNavi: flag(raw.alwaysShowSubNavi),
        isOnlyInBurgerNavigation: flag(raw.isOnlyInBurgerNavigation),
        ...(icon ? { icon } : {}),
        hasSubItems: flag(raw.hasSubItems) && subItems.length > 0,
        subItems,
      },
    ];
  });
}

function optionalLinkItem(value: unknown, ctx: ReadContext, fallbackId: string) {
  const raw = record(value);
  return raw ? linkItem(raw, ctx, fallbackId) : null;
}

function burgerNavigation(value: unknown, ctx: ReadContext): BurgerNavigationData {
  const raw = record(value) ?? {};
  const groups = record(raw.wallArtGroups);
  return {
    mainNavigationItems: navigationItems(raw.mainNavigationItems, ctx, "burger"),
    extraMenu: linkItems(raw.extraMenu, ctx, "burger-extra"),
    serviceHotline: text(raw.serviceHotline),
    serviceText: text(raw.serviceText),
    footer: linkItems(raw.footer, ctx, "burger-footer"),
    wallArtGroups: groups
      ? {
          allWallArt: optionalLinkItem(groups.allWallArt, ctx, "wallart-all"),
          bestseller: linkItems(groups.bestseller, ctx, "wallart-bestseller"),
          premiumLabel: text(groups.premiumLabel),
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

function reviewBlock(value: unknown, ctx: ReadContext): ReviewBlockData | null {
  const raw = record(value);
  if (!raw) return null;
  const number = new Intl.NumberFormat(ctx.locale, { maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(ctx.locale, { dateStyle: "medium", timeZone: "UTC" });
  const data = record(raw.reviews) ?? {};
  const score = record(data.score) ?? {};
  const reviews = list(data.reviews).flatMap((entry, i) => {
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
  if (reviews.length === 0) return null;
  const base = safeHref(text(data.reviewBaseLink), { allowExternal: true }) ?? "";
  // Without a usable overall rating, the average of the shown reviews.
  const scoreStars =
    stars(score.stars) ??
    stars(reviews.reduce((sum, review) => sum + review.stars, 0) / reviews.length) ??
    REVIEW_STARS.max;
  const trustScore = Math.max(0, num(score.trustScore));
  const totalReviews = Math.max(0, Math.round(num(data.totalReviews)));
  return {
    title: text(raw.title),
    subtitle: text(raw.subtitle),
    reviews,
    stars: scoreStars,
    trustScore,
    totalReviews,
    trustScoreText: number.format(trustScore),
    starsText: number.format(scoreStars),
    totalReviewsText: number.format(totalReviews),
    reviewBaseLink: base,
    companyLink: link(data.companyLink, ctx),
    providerName: text(data.providerName),
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

function footerBoxes(value: unknown, ctx: ReadContext): FooterBox[] {
  return list(value).flatMap((raw, i) => {
    const type = footerBoxType(raw.type);
    const title = text(raw.title);
    if (!type || !title) return [];
    const boxId = id(raw, `box-${i}`);
    const items = list(raw.items).flatMap((entry, j): FooterBoxItem[] => {
      const itemId = id(entry, `${boxId}-${j}`);
      if (text(entry.component) === "FooterImage") {
        const image = asset(entry.image);
        const imageTitle = text(entry.title) || image?.alt || "";
        return image && imageTitle
          ? [{ kind: "image", id: itemId, image, title: imageTitle, link: link(entry.link, ctx) }]
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

function footer(value: unknown, ctx: ReadContext): FooterData {
  const raw = record(value) ?? {};
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
    paymentMethods: list(raw.paymentMethods).flatMap((entry, i) => {
      const image = asset(entry);
      return image && image.alt ? [{ id: text(entry.id) || `payment-${i}`, image }] : [];
    }),
    paymentTitle: text(raw.paymentTitle),
    footerBlock: footerBoxes(raw.footerBlock, ctx),
    copyright: text(record(raw.copyrightBlock)?.text),
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
  if (scheme === "https") return safeHref(raw, { allowExternal: true });
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
});

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

/** Reads a GlobalConfig story's content; anything but a GlobalConfig gives the empty configuration. */
export function readSiteConfig(content: unknown, ctx: ConfigContext): SiteConfig {
  const raw = record(content);
  if (!raw || raw.component !== "GlobalConfig") return emptySiteConfig();
  const header = record(raw.header) ?? {};
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
      serviceHotline: text(raw.serviceHotline),
      serviceHotlineText: text(raw.serviceHotlineText),
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
        ? { publicKey: chat.publicKey, title: chat.title, greeting: chat.greeting }
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
  services: Pick<ShopServices, "content" | "hosts" | "log">;
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
    services.log.warn({ err: error, channel, locale }, "global config unavailable");
  }
  if (!story) return emptySiteConfig();
  const now = request.now ?? new Date();
  const key = `${channel}|${locale}|${requestUrl.origin}`;
  const known = reads.get(story)?.get(key);
  if (known && known.until > now.getTime()) return known.config;
  const { country, language } = localeSettings(locale);
  const config = readSiteConfig(story.content, {
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
      services.log.warn({ ...details, channel, locale }, message);
    },
  });
  const byKey = reads.get(story) ?? new Map<string, { config: SiteConfig; until: number }>();
  byKey.set(key, { config, until: now.getTime() + READ_CACHE_MS });
  reads.set(story, byKey);
  return config;
}

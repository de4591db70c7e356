/**
 * The furniture's data for a request, on the server: the site configuration for the
 * root loader (without the flyout groups and the burger navigation, which load on
 * demand), the navigation details for the furniture endpoint, and the page's own fields
 * with its sub-navigation strip (plus the CMS error story where the path shows no page)
 * for the default layout's loader; the error page's bar is the error story's, else the
 * campaign bar of the path. Content reads go through the content service, which
 * caches by cv; the configuration read from one cached story is kept with it.
 */
import { createHash } from "node:crypto";
import { createContext, data, type RouterContextProvider } from "react-router";
import { CHANNELS } from "../../config/channels";
import { localeSettings } from "../../domain/locales";
import { isProductsPath, languagePrefix, splitPath } from "../../domain/paths";
import { loadCampaignBar } from "./campaigns.server";
import { withStorefrontFacts } from "../lib/storefrontFacts.server";
import { prepareContent } from "../blocks/prepare.server";
import type { PreparedBlock } from "../blocks/types";
import { shopContext } from "../context";
import type { ContentStory } from "../../domain/content";
import { logWarning } from "../lib/log";
import { localeContext } from "../lib/site";
import { actionBar, loadSiteConfig, seoText } from "./config.server";
import { contentVersionOf, resolvePageOnce } from "../lib/page.server";
import { activeItem, subNavigationFor } from "./navigation/navigationItems";
import { linkLists, record, type ReadContext } from "./read.server";
import { flagField, rawField, textField } from "../lib/fields.server";
import { z } from "zod";
import { EMPTY_PAGE_FURNITURE, EMPTY_SITE_CONFIG } from "./empty";
import type { ErrorStory, LayoutData, SiteFrame } from "./siteConfig";
import { NAVIGATION_DETAILS_PATH } from "./navigation/navigationDetails";
import type {
  ActionBarData,
  NavigationDetails,
  PageFurniture,
  SiteConfig,
  SubNavigationData,
} from "./types";

type Context = Readonly<RouterContextProvider>;

/** The full configuration of the request (flyouts and burger included). */
export function fullSiteConfigFor(context: Context, url: URL): Promise<SiteConfig> {
  const { services } = context.get(shopContext);
  const { channel, locale } = context.get(localeContext);
  const { version, release } = contentVersionOf(context, url);
  return loadSiteConfig({
    services,
    channel,
    locale,
    requestUrl: url,
    version,
    ...(release ? { release } : {}),
  });
}

/**
 * What every page needs to paint its furniture: the configuration without the flyout
 * groups and the burger lists (the navigation details, loaded on demand).
 */
export function frameConfig(config: SiteConfig): SiteConfig {
  return {
    ...config,
    mainNavigation: config.mainNavigation.map((item) => ({
      ...item,
      flyoutGroups: [],
      subItems: [],
    })),
    burgerNavigation: EMPTY_SITE_CONFIG.burgerNavigation,
  };
}

/** The navigation details of a configuration: flyout groups by item id, and the burger. */
export function navigationDetails(config: SiteConfig): NavigationDetails {
  const flyouts: Record<string, SiteConfig["mainNavigation"][number]["flyoutGroups"]> = {};
  for (const item of config.mainNavigation) {
    if (item.flyoutType) flyouts[item.id] = item.flyoutGroups;
  }
  return { flyouts, burger: config.burgerNavigation };
}

/** The site configuration every page gets (root loader). */
export async function siteConfigFor(context: Context, url: URL): Promise<SiteConfig> {
  return frameOf(await fullSiteConfigFor(context, url)).config;
}

interface PreparedFrame {
  config: SiteConfig;
  json: string;
  digest: string;
}

/**
 * A full configuration's frame, its JSON (safe inside a script element: no "<") and a digest
 * of it, made once per configuration read (loadSiteConfig keeps a read for its content
 * version): every page of a locale shares them.
 */
const frames = new WeakMap<SiteConfig, PreparedFrame>();

function frameOf(full: SiteConfig): PreparedFrame {
  let frame = frames.get(full);
  if (!frame) {
    const config = frameConfig(full);
    const json = JSON.stringify(config).replace(/</g, "\\u003c");
    const digest = createHash("sha256").update(json).digest("hex").slice(0, 12);
    frame = { config, json, digest };
    frames.set(full, frame);
  }
  return frame;
}

/** The request's site configuration for the document's render (entry.server.tsx). */
export const siteFrameContext = createContext<SiteFrame | null>(null);

/**
 * The site configuration of the root loader's request: kept in the request's context for the
 * server render, which writes it into the document once as JSON, and its URL for the root
 * data (the furniture endpoint with its digest; a preview's with the preview's query).
 */
export async function siteFrameFor(context: Context, url: URL): Promise<string> {
  const { country, language } = context.get(localeContext);
  const frame = frameOf(await fullSiteConfigFor(context, url));
  const preview = url.searchParams.has("_storyblok");
  const query = new URLSearchParams(preview ? url.searchParams : undefined);
  query.set(SITE_FRAME_PARAM, frame.digest);
  const siteUrl = `${languagePrefix(country, language)}${NAVIGATION_DETAILS_PATH}?${query}`;
  context.set(siteFrameContext, { config: frame.config, json: frame.json, url: siteUrl });
  return siteUrl;
}

/** The furniture endpoint's query parameter that asks for the site configuration. */
export const SITE_FRAME_PARAM = "frame";

/** The site configuration's JSON as the furniture endpoint answers it. */
export async function siteFrameJson(context: Context, url: URL): Promise<string> {
  return frameOf(await fullSiteConfigFor(context, url)).json;
}

function readContext(context: Context, folder: string): ReadContext {
  const { channel, locale } = context.get(localeContext);
  const { country, language } = localeSettings(locale);
  return {
    country,
    language,
    locale,
    folder,
    trailingSlash: CHANNELS[channel].features.trailingSlash,
  };
}

/** The furniture fields of a page story (content/GLOBAL.md 'Page fields'). */
const pageFurnitureSchema = z.object({
  activeNavigation: textField.transform((name) => name.toLowerCase() || null),
  subNavigation: flagField,
  /** Read with the page's links below. */
  footerOverride: rawField,
  actionBar: rawField,
});

const footerOverrideSchema = z.object({ linkbox: rawField, seoViewMore: rawField });

export function readPageFurniture(content: unknown, ctx: ReadContext, now: Date): PageFurniture {
  const page = pageFurnitureSchema.safeParse(record(content));
  if (!page.success) return EMPTY_PAGE_FURNITURE;
  const override = footerOverrideSchema.safeParse(record(page.data.footerOverride));
  return {
    activeNavigation: page.data.activeNavigation,
    subNavigation: page.data.subNavigation,
    footerOverride: override.success
      ? {
          linkbox: linkLists(override.data.linkbox, ctx, "override-linkbox"),
          seoViewMore: seoText(override.data.seoViewMore, ctx),
        }
      : null,
    actionBar: actionBar(page.data.actionBar, now, ctx),
  };
}

/**
 * The campaign bar of the error page's path, read through the
 * content service like the endpoint does; a failing read shows no bar.
 */
async function campaignBar(context: Context, url: URL, now: Date): Promise<ActionBarData | null> {
  const { services } = context.get(shopContext);
  const { channel, locale, rest } = context.get(localeContext);
  const { version, release } = contentVersionOf(context, url);
  try {
    return await loadCampaignBar(
      services.content,
      {
        channel,
        locale,
        rest,
        version,
        ...(release ? { release } : {}),
        now,
      },
      services.catalogue,
    );
  } catch (error) {
    logWarning("furniture-unavailable", { part: "campaigns", channel, locale }, error);
    return null;
  }
}

/**
 * The error page's story: its body and its bar, else the campaign bar of the path (the
 * global configuration's bar is not the error page's). Null when there is neither a
 * story nor a campaign bar.
 */
async function errorStory(context: Context, url: URL): Promise<ErrorStory | null> {
  const { services } = context.get(shopContext);
  const { channel, locale } = context.get(localeContext);
  const { version, release, preview } = contentVersionOf(context, url);
  const now = new Date();
  let story: ContentStory | null = null;
  try {
    story = await services.content.getStory({
      channel,
      locale,
      slug: "error",
      version,
      ...(release ? { release } : {}),
    });
  } catch (error) {
    logWarning("furniture-unavailable", { part: "error story", channel, locale }, error);
  }
  const ownBar = story
    ? actionBar(story.content.actionBar, now, readContext(context, story.folder))
    : null;
  const bar = ownBar ?? (await campaignBar(context, url, now));
  if (!story) return bar ? { body: [], actionBar: bar } : null;
  const filled = await withStorefrontFacts(story.content, {
    channel,
    locale,
    catalogue: services.catalogue,
  });
  const content = await prepareContent(filled, {
    locale,
    channel,
    preview,
    images: services.images,
  });
  const body = Array.isArray(content.body) ? (content.body as PreparedBlock[]) : [];
  return { body, actionBar: bar };
}

/**
 * True when the route pattern React Router hands a loader (the matched routes' paths
 * joined) is the content route's: the home page (an index, "/") or the catch-all. The
 * shop's own pages (cart, account, checkout …) show no story of their own, so the layout
 * reads none for them, nor the error story: their 404 brings it along
 * ({@link withErrorStoryOn404}). Read for every such page, the error story's blocks were
 * prepared and written into a cart or account page that never showed them.
 */
export function isContentRoutePattern(pattern: string): boolean {
  return pattern === "" || pattern === "/" || pattern.endsWith("*");
}

/** A loader's 404, as routes throw it: `data(…, { status: 404 })` or a Response. */
function notFoundPayload(
  error: unknown,
): { data: Record<string, unknown>; init: ResponseInit } | null {
  if (error instanceof Response) {
    if (error.status !== 404) return null;
    return {
      data: { message: error.statusText || "Not Found" },
      init: { status: 404, headers: error.headers },
    };
  }
  if (
    typeof error !== "object" ||
    error === null ||
    (error as { type?: unknown }).type !== "DataWithResponseInit"
  ) {
    return null;
  }
  const thrown = error as { data: unknown; init: ResponseInit | null };
  if (thrown.init?.status !== 404) return null;
  const payload = thrown.data;
  return {
    data:
      typeof payload === "object" && payload !== null && !Array.isArray(payload)
        ? (payload as Record<string, unknown>)
        : { message: String(payload) },
    init: thrown.init,
  };
}

/**
 * An app page's loader whose 404 carries the error story (its body and bar), as the layout's
 * data carries it for a content path that shows no page. Anything else passes unchanged.
 */
export function withErrorStoryOn404<Args extends { context: Context; url: URL }, Result>(
  loader: (args: Args) => Result | Promise<Result>,
): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await loader(args);
    } catch (error) {
      const notFound = notFoundPayload(error);
      if (!notFound || "errorStory" in notFound.data) throw error;
      const story = await errorStory(args.context, args.url);
      throw data({ ...notFound.data, errorStory: story }, notFound.init);
    }
  };
}

/** True for paths the catch-all content route answers (not the products or theme routes). */
function isContentPath(rest: string, pathname: string): boolean {
  return !isProductsPath(pathname) && !/^\/themes(\/|$)/.test(rest);
}

/** The page's sub-navigation strip, from the full configuration. */
async function subNavigation(
  context: Context,
  url: URL,
  page: PageFurniture,
): Promise<SubNavigationData | null> {
  if (!page.activeNavigation) return null;
  const config = await fullSiteConfigFor(context, url);
  const item = activeItem(config.mainNavigation, page.activeNavigation);
  if (!item) return null;
  const categories = subNavigationFor({
    items: config.mainNavigation,
    activeNavigation: page.activeNavigation,
    subNavigation: page.subNavigation,
    pathname: url.pathname,
    rest: splitPath(url.pathname).rest,
    search: url.search,
  });
  return categories.length > 0 ? { label: item.text, categories } : null;
}

const NO_PAGE: LayoutData = { page: EMPTY_PAGE_FURNITURE, subNavigation: null, errorStory: null };

/**
 * The default layout's data: the page's furniture fields and sub-navigation and, when
 * the path shows no content page, the error story the error page renders. With the matched
 * route's pattern, an app page (cart, account …) gets neither ({@link isContentRoutePattern}).
 */
export async function layoutDataFor(
  context: Context,
  url: URL,
  pattern?: string,
): Promise<LayoutData> {
  const { rest } = context.get(localeContext);
  if (!isContentPath(rest, url.pathname)) return NO_PAGE;
  if (pattern !== undefined && !isContentRoutePattern(pattern)) return NO_PAGE;
  const resolution = await resolvePageOnce(context, url).catch((error: unknown) => {
    logWarning("furniture-unavailable", { part: "page", path: url.pathname }, error);
    return null;
  });
  if (resolution?.kind === "page") {
    const { story } = resolution;
    const page = readPageFurniture(story.content, readContext(context, story.folder), new Date());
    return { page, subNavigation: await subNavigation(context, url, page), errorStory: null };
  }
  return { ...NO_PAGE, errorStory: await errorStory(context, url) };
}

/** The 404 of a path the locale guard refused, carrying the error story. */
export async function notFoundWithErrorStory(context: Context, url: URL): Promise<never> {
  const story = await errorStory(context, url);
  throw data({ message: `Page Not Found: ${url.pathname}`, errorStory: story }, { status: 404 });
}

/**
 * How furniture components get their data: the site configuration of the root loader's
 * request, the page fields from the default layout's loader (both prepared on the server).
 *
 * The site configuration (navigation bar, header, footer, banners: some 15 KB) is the same
 * for every page of a locale and content version, so it is not part of the root loader's
 * data, which React Router encodes anew for every rendered page and every navigation. The
 * server serialises it once per configuration and writes it into the document as JSON
 * (SiteFrameScript); the root data names its URL (`siteUrl`, with a digest of it), where
 * the browser loads it when a navigation leads to another locale or content version.
 */
import { createContext, createElement, use, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { PreparedBlock } from "../blocks/types";
import { jsonOnce } from "../lib/jsonOnce";
import { EMPTY_PAGE_FURNITURE, EMPTY_SITE_CONFIG } from "./empty";
import type { ActionBarData, PageFurniture, SiteConfig, SubNavigationData } from "./types";

export { EMPTY_PAGE_FURNITURE, EMPTY_SITE_CONFIG };

/** The CMS error story, prepared for the error page. */
export interface ErrorStory {
  body: PreparedBlock[];
  /** The error story's bar, else the campaign bar of the path (campaigns.server.ts). */
  actionBar: ActionBarData | null;
}

/** What the default layout's loader returns. */
export interface LayoutData {
  page: PageFurniture;
  /** The page's sub-navigation strip, or null. */
  subNavigation: SubNavigationData | null;
  /** The error story, loaded when the path shows no content page. */
  errorStory: ErrorStory | null;
}

/** The route id of the default layout (app/routes.ts). */
export const LAYOUT_ROUTE_ID = "layouts/default";

/** The furniture's share of the root loader's data (app/shell/rootData.server.ts). */
export interface SiteData {
  /** Where the browser loads the site configuration of the page (the furniture endpoint). */
  siteUrl: string;
  /** The configuration itself, where a test's root data carries it. */
  site?: SiteConfig;
}

/** The site configuration of a server render: the object, its JSON and its URL. */
export interface SiteFrame {
  config: SiteConfig;
  json: string;
  url: string;
}

/** Set by the document's server render (entry.server.tsx); null in the browser. */
export const ServerSiteFrameContext = createContext<SiteFrame | null>(null);

/** The id of the script element that carries the document's site configuration. */
export const SITE_FRAME_ID = "site-frame";

const loaded = new Map<string, SiteConfig>();
const frames = jsonOnce<SiteConfig>(EMPTY_SITE_CONFIG);
let documentRead = false;

/** Forgets the configurations read or loaded (tests render one shop after another). */
export function forgetSiteFrames(): void {
  loaded.clear();
  frames.forget();
  documentRead = false;
}

/**
 * The configuration the document came with, read once (its element keeps the server's text
 * while the page lives; a later root data's URL may name another configuration).
 */
function readDocumentFrame(): void {
  if (documentRead || typeof document === "undefined") return;
  documentRead = true;
  const element = document.getElementById(SITE_FRAME_ID);
  const url = element?.getAttribute("data-url");
  if (!element || !url) return;
  try {
    loaded.set(url, JSON.parse(element.textContent ?? "") as SiteConfig);
  } catch {
    // Unreadable: the configuration is loaded from its URL instead.
  }
}

export function useSiteConfig(): SiteConfig {
  const root = useRouteLoaderData<Partial<SiteData>>("root");
  const server = useContext(ServerSiteFrameContext);
  if (root?.site) return root.site;
  if (server) return server.config;
  if (!root?.siteUrl) return EMPTY_SITE_CONFIG;
  readDocumentFrame();
  return loaded.get(root.siteUrl) ?? use(frames.load(root.siteUrl));
}

/**
 * The document's site configuration as JSON, for the browser to hydrate with. The browser
 * renders the same element empty; React leaves a hydrated script's text as the server wrote
 * it (as lib/inlineScript.tsx).
 */
export function SiteFrameScript() {
  const frame = useContext(ServerSiteFrameContext);
  // A data block, never run: no nonce (the page cache's policy names only scripts that run).
  return createElement("script", {
    type: "application/json",
    id: SITE_FRAME_ID,
    "data-url": frame?.url,
    suppressHydrationWarning: true,
    dangerouslySetInnerHTML: { __html: frame?.json ?? "" },
  });
}

export function useLayoutData(): LayoutData | undefined {
  return useRouteLoaderData<LayoutData>(LAYOUT_ROUTE_ID);
}

/** The current page's furniture fields (empty outside the default layout). */
export function usePageFurniture(): PageFurniture {
  return useLayoutData()?.page ?? EMPTY_PAGE_FURNITURE;
}

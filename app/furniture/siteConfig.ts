/**
 * How furniture components get their data: the site configuration from the root
 * loader, the page fields from the default layout's loader (both prepared on the server).
 */
import { useRouteLoaderData } from "react-router";
import type { PreparedBlock } from "../blocks/types";
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
  site: SiteConfig;
}

export function useSiteConfig(): SiteConfig {
  return useRouteLoaderData<SiteData>("root")?.site ?? EMPTY_SITE_CONFIG;
}

export function useLayoutData(): LayoutData | undefined {
  return useRouteLoaderData<LayoutData>(LAYOUT_ROUTE_ID);
}

/** The current page's furniture fields (empty outside the default layout). */
export function usePageFurniture(): PageFurniture {
  return useLayoutData()?.page ?? EMPTY_PAGE_FURNITURE;
}

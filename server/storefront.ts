/**
 * What the process needs from the storefront (the React Router app), described by the
 * server and implemented by the app (`app/storefront.server.ts`). The app hands its
 * implementation over through its server build (`entry.server.tsx` exports `storefront`),
 * so no server module imports storefront code: the arrow points from the app to here.
 */
import type { RouterContext, ServerBuild } from "react-router";
import type { ChannelId } from "../config/channels";
import type { Site } from "../config/hosts";
import type { ContentVersion } from "../domain/content";
import type { Locale } from "../domain/locales";
import type { ShopServices } from "./services";

/** What every React Router request is handed: the host's site, the CSP nonce, the services. */
export interface ShopRequestContext {
  site: Site;
  nonce: string;
  services: ShopServices;
  /** The network address the request came from (for throttling), or "unknown". */
  clientAddress: string;
}

export type StorefrontLogLevel = "error" | "warn" | "info";

/** Where the storefront's log lines go (the process logger once the server has booted). */
export type StorefrontLogSink = (
  level: StorefrontLogLevel,
  id: string,
  details: Record<string, unknown>,
) => void;

/** The request a story's content is prepared for. */
export interface ContentPreparation {
  locale: Locale;
  channel: ChannelId;
  /** Drafts: invalid and unknown blocks stay as markers an editor can see. */
  preview: boolean;
}

/** The page a campaign bar is asked for. */
export interface CampaignBarQuery {
  channel: ChannelId;
  locale: Locale;
  /** The path below the language prefix and the d marker, starting with "/". */
  rest: string;
  version: ContentVersion;
  release?: string;
}

export interface Storefront {
  /** The key under which the storefront's loaders find the request's ShopRequestContext. */
  requestContext: RouterContext<ShopRequestContext>;
  /** Sends the storefront's log lines to the process logger. */
  setLogSink(sink: StorefrontLogSink): void;
  /** A story's content as the page renders it: blocks checked, links localised, sizes read. */
  prepareContent<T>(services: ShopServices, content: T, request: ContentPreparation): Promise<T>;
  /** The bar of the first running campaign for a page, or null; raises when content fails. */
  campaignBar(services: ShopServices, query: CampaignBarQuery): Promise<unknown>;
  /** The storefront's text for a message key in a locale (e.g. the breadcrumb's "Home"). */
  translate(locale: Locale, key: string): string;
}

/** The storefront a React Router server build carries (its entry.server's `storefront`). */
export function storefrontOf(build: ServerBuild): Storefront {
  const entry = build.entry.module as { storefront?: Storefront };
  if (!entry.storefront) {
    throw new Error("The server build has no storefront: app/entry.server.tsx must export it");
  }
  return entry.storefront;
}

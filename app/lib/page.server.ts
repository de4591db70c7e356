/**
 * What the request's path shows (a page, a redirect or nothing), worked out once per
 * request: the default layout (the page's furniture fields) and the content route (its
 * blocks) both ask, and share the one answer.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { PageResolution } from "../../server/content/client";
import { shopContext } from "../context";
import { localeContext } from "./site";

const pageResolutionContext = createContext<Promise<PageResolution> | null>(null);

/** The content version the request may see (drafts only with a valid preview signature). */
export function contentVersionOf(context: Readonly<RouterContextProvider>, url: URL) {
  const { services } = context.get(shopContext);
  const { channel } = context.get(localeContext);
  return services.content.versionFor(url, channel);
}

/** The resolution of the request's path; asked of the content client once per request. */
export function resolvePageOnce(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<PageResolution> {
  const known = context.get(pageResolutionContext);
  if (known) return known;
  const { services } = context.get(shopContext);
  const { channel, locale, rest } = context.get(localeContext);
  const { version, release } = contentVersionOf(context, url);
  const resolving = services.content.resolvePage({
    channel,
    locale,
    rest,
    version,
    ...(release ? { release } : {}),
  });
  // The provider is the request's own; only this key is written here.
  (context as RouterContextProvider).set(pageResolutionContext, resolving);
  return resolving;
}

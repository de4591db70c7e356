import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/default";
import { errorStatus, errorStoryOf } from "../shell/errorStatus";
import { LazyErrorPage } from "../shell/LazyErrorPage";
import { SiteFrame } from "../shell/SiteFrame";
import { layoutDataFor, notFoundWithErrorStory } from "../furniture/furniture.server";
import { useLayoutData } from "../furniture/siteConfig";
import { logError } from "../lib/log";
import { localeContext } from "../lib/site";

/**
 * The default layout: site furniture around pages that passed the locale-prefix guard,
 * with the page's own furniture fields (active navigation, sub-navigation, footer
 * override, action bar). An unknown locale prefix is the 404 error page.
 */
export async function loader({ context, url, pattern }: Route.LoaderArgs) {
  if (context.get(localeContext).unknownPrefix) await notFoundWithErrorStory(context, url);
  return layoutDataFor(context, url, pattern);
}

/** The page's furniture fields change with the path, not only with the query. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export default function DefaultLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

/** The headers a page's thrown response carries (e.g. Retry-After of a 503) reach its error page. */
export function headers({ errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? {};
}

/** Errors of the pages below: the error page inside the site furniture. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useLayoutData();
  // The server logs through entry.server's handleError; the browser logs its own.
  if (errorStatus(error) >= 500 && typeof document !== "undefined")
    logError("unhandled-error", error);
  const errorStory = errorStoryOf(error, layout);
  return (
    <SiteFrame error errorStory={errorStory}>
      <LazyErrorPage error={error} errorStory={errorStory} />
    </SiteFrame>
  );
}

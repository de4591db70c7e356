/**
 * What the error boundaries need to know of an error before its page is drawn: its HTTP
 * status and the CMS error story it brings. The error page itself (ErrorPage.tsx) loads
 * only where an error is shown.
 */
import { isRouteErrorResponse } from "react-router";
import { isRecord } from "../../domain/contentFields";
import type { ErrorStory, LayoutData } from "../furniture/siteConfig";

/** The HTTP status of a route error (500 for anything thrown). */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The CMS error story for an error: the one the error carries, else the layout's. */
export function errorStoryOf(error: unknown, layout: LayoutData | undefined): ErrorStory | null {
  if (isRouteErrorResponse(error) && isRecord(error.data) && "errorStory" in error.data) {
    return (error.data.errorStory as ErrorStory | null) ?? null;
  }
  return layout?.errorStory ?? null;
}

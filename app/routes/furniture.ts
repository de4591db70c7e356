import type { Route } from "./+types/furniture";
import { CACHE_TIERS } from "../../config/cache";
import {
  fullSiteConfigFor,
  navigationDetails,
  SITE_FRAME_PARAM,
  siteFrameJson,
} from "../furniture/furniture.server";

/**
 * The navigation details (flyout groups and burger navigation) of a locale, which the
 * furniture loads on the first hover, focus or burger open instead of sending them with
 * every page; with `?frame=` the site configuration every page shows (the root data names
 * that URL; a page brings its own in the document, a navigation to another locale or content
 * version loads it here). Anonymous and cacheable like the pages; drafts only in the preview.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const preview = url.searchParams.has("_storyblok");
  const headers = { "Cache-Control": preview ? CACHE_TIERS.never : CACHE_TIERS.page };
  if (url.searchParams.has(SITE_FRAME_PARAM)) {
    return new Response(await siteFrameJson(context, url), {
      headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
    });
  }
  const details = navigationDetails(await fullSiteConfigFor(context, url));
  return Response.json(details, { headers });
}

import type { Route } from "./+types/furniture";
import { CACHE_TIERS } from "../../config/cache";
import { fullSiteConfigFor, navigationDetails } from "../furniture/furniture.server";

/**
 * The navigation details (flyout groups and burger navigation) of a locale, which the
 * furniture loads on the first hover, focus or burger open instead of sending them with
 * every page. Anonymous and cacheable like the pages; drafts only in the preview.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const details = navigationDetails(await fullSiteConfigFor(context, url));
  const preview = url.searchParams.has("_storyblok");
  return Response.json(details, {
    headers: { "Cache-Control": preview ? CACHE_TIERS.never : CACHE_TIERS.page },
  });
}

/**
 * The navigation details (flyout groups and the burger navigation) are not part of every
 * page's data: they load once per locale on the first hover, focus or burger open, from
 * the furniture endpoint (app/routes/furniture.ts), and components read them with `use`.
 */
import { use } from "react";
import { useLocation } from "react-router";
import { languagePrefix } from "../../../domain/paths";
import { jsonOnce } from "~/lib/jsonOnce";
import { useRootData } from "~/lib/rootData";
import { EMPTY_SITE_CONFIG } from "../empty";
import type { NavigationDetails } from "../types";

/** The endpoint below the language prefix. */
export const NAVIGATION_DETAILS_PATH = "/_furniture.json";

export const EMPTY_NAVIGATION_DETAILS: NavigationDetails = {
  flyouts: {},
  burger: EMPTY_SITE_CONFIG.burgerNavigation,
};

const details = jsonOnce(EMPTY_NAVIGATION_DETAILS);

/** Forgets the loaded details (tests render one shop after another under the same URL). */
export const forgetNavigationDetails = details.forget;

/** Loads (once per URL) the navigation details; a failure gives none and may be retried. */
export const loadNavigationDetails = details.load;

/** The details' URL for the current locale (drafts in the visual editor's preview). */
export function useNavigationDetailsUrl(): string {
  const root = useRootData();
  const { search } = useLocation();
  const prefix = root ? languagePrefix(root.country, root.language) : "";
  const preview = search.includes("_storyblok") ? search : "";
  return `${prefix}${NAVIGATION_DETAILS_PATH}${preview}`;
}

/** The navigation details; suspends until they are loaded (render inside Suspense). */
export function useNavigationDetails(): NavigationDetails {
  return use(loadNavigationDetails(useNavigationDetailsUrl()));
}

/**
 * Pure rules of the main navigation, the flyouts and the sub-navigation strip, shared by
 * the components and their tests.
 */
import type { FlyoutGroup, NavigationItem, SubNavCategory, SubNavElement } from "../types";

/** The path of an href without query and hash, without a trailing slash (except "/"). */
export function pathOf(href: string): string {
  const path = href.split(/[?#]/)[0] ?? "";
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** An item opens a flyout when it has a flyout type and groups, and is not subNaviOnly. */
export function hasFlyout(item: NavigationItem): boolean {
  return item.flyoutType !== null;
}

/** Selected: the path equals the item's link, or the page's activeNavigation is its type. */
export function isSelectedItem(
  item: NavigationItem,
  pathname: string,
  activeNavigation: string | null,
): boolean {
  if (!item.link.external && pathOf(item.link.href) === pathOf(pathname)) return true;
  return (
    activeNavigation !== null &&
    item.navigationType !== "" &&
    item.navigationType === activeNavigation
  );
}

/** The groups of a flyout by identifier. */
export function groupsById(groups: FlyoutGroup[]): Map<string, FlyoutGroup> {
  return new Map(groups.map((group) => [group.identifier, group]));
}

/** The frame flyout's upper row: poster, leinwand and platte, only when all three exist. */
export function frameUpperRow(groups: FlyoutGroup[]): FlyoutGroup[] | null {
  const byId = groupsById(groups);
  const row = ["poster", "leinwand", "platte"].map((id) => byId.get(id));
  return row.every((group): group is FlyoutGroup => group !== undefined) ? row : null;
}

// ---------------------------------------------------------------- sub-navigation

/** Paths without the sub-navigation strip. */
export const SUB_NAV_HIDDEN_PATHS = ["/feed-collage", "/feed-calendar", "/feed-card"] as const;

/** The main item the page's activeNavigation names, or null. */
export function activeItem(
  items: NavigationItem[],
  activeNavigation: string | null,
): NavigationItem | null {
  if (!activeNavigation) return null;
  return items.find((item) => item.navigationType === activeNavigation) ?? null;
}

/**
 * The sub-navigation strip of a page: the active item's flyout groups as headings with
 * tiles, when the page asks for a sub-navigation or the item always shows it; never on
 * the feed paths. `rest` is the path below the language prefix.
 */
export function subNavigationFor(input: {
  items: NavigationItem[];
  activeNavigation: string | null;
  subNavigation: boolean;
  pathname: string;
  rest: string;
  search: string;
}): SubNavCategory[] {
  const item = activeItem(input.items, input.activeNavigation);
  if (!item || !(input.subNavigation || item.alwaysShowSubNavi)) return [];
  const rest = pathOf(input.rest);
  if (
    (SUB_NAV_HIDDEN_PATHS as readonly string[]).some((p) => rest === p || rest.startsWith(`${p}/`))
  ) {
    return [];
  }
  const current = `${pathOf(input.pathname)}${input.search}`;
  return item.flyoutGroups
    .map((group) => ({
      id: group.id,
      heading: group.title,
      elements: group.items.map((entry): SubNavElement => {
        const image = entry.subnaviAsset ?? entry.asset;
        const [linkPath = "", linkQuery = ""] = entry.link.href.split(/(?=\?)/);
        return {
          id: entry.id,
          type: entry.typeOverride ?? group.type,
          text: entry.subnaviTitle ?? entry.title,
          ...(image ? { image } : {}),
          link: entry.link,
          ...(entry.label ? { label: entry.label } : {}),
          isActive: !entry.link.external && `${pathOf(linkPath)}${linkQuery}` === current,
        };
      }),
    }))
    .filter((category) => category.elements.length > 0);
}

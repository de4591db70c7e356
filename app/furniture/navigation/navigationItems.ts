/**
 * Pure rules of the main navigation, the flyouts and the sub-navigation strip, shared by
 * the components and their tests.
 */
import type {
  FlyoutGroup,
  FlyoutItem,
  NavigationItem,
  SubNavCategory,
  SubNavElement,
} from "../types";

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
      elements: stripElements(group, current),
    }))
    .filter((category) => category.elements.length > 0);
}

/** Where a link leads: its path without a trailing slash, then its query and hash. */
function destination(link: FlyoutItem["link"]): string {
  const cut = link.href.search(/[?#]/);
  const path = cut < 0 ? link.href : link.href.slice(0, cut);
  const tail = cut < 0 ? "" : link.href.slice(cut);
  return `${link.external ? "external " : ""}${pathOf(path)}${tail}`;
}

/**
 * The tiles of one group (`current` is the page's path and query). An entry without a
 * picture that leads where a pictured entry of the same group leads is not a tile of its
 * own: it is the line of text that describes that picture (the frame flyout shows it under
 * the picture), so it becomes the pictured tile's description. Drawn as a tile it would be
 * an empty box repeating its neighbour's link. Only the first such line is kept.
 */
function stripElements(group: FlyoutGroup, current: string): SubNavElement[] {
  const imageOf = (entry: FlyoutItem) => entry.subnaviAsset ?? entry.asset;
  const textOf = (entry: FlyoutItem) => entry.subnaviTitle ?? entry.title;
  const picturedByLink = new Map<string, FlyoutItem>();
  for (const entry of group.items) {
    const key = destination(entry.link);
    if (imageOf(entry) && !picturedByLink.has(key)) picturedByLink.set(key, entry);
  }
  const descriptions = new Map<FlyoutItem, string>();
  const tiles: FlyoutItem[] = [];
  for (const entry of group.items) {
    const owner = imageOf(entry) ? undefined : picturedByLink.get(destination(entry.link));
    if (!owner) tiles.push(entry);
    else if (!descriptions.has(owner)) descriptions.set(owner, textOf(entry));
  }
  return tiles.map((entry): SubNavElement => {
    const image = imageOf(entry);
    const description = descriptions.get(entry);
    const [linkPath = "", linkQuery = ""] = entry.link.href.split(/(?=\?)/);
    return {
      id: entry.id,
      type: entry.typeOverride ?? group.type,
      text: textOf(entry),
      ...(description ? { description } : {}),
      ...(image ? { image } : {}),
      link: entry.link,
      ...(entry.label ? { label: entry.label } : {}),
      isActive: !entry.link.external && `${pathOf(linkPath)}${linkQuery}` === current,
    };
  });
}

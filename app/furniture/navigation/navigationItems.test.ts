import { describe, expect, it } from "vitest";
import {
  frameUpperRow,
  hasFlyout,
  isSelectedItem,
  pathOf,
  subNavigationFor,
} from "./navigationItems";
import type { FlyoutGroup, NavigationItem } from "../types";

function group(
  identifier: string,
  items: string[] = ["/a"],
  type: FlyoutGroup["type"] = "circle",
): FlyoutGroup {
  return {
    id: identifier,
    identifier,
    title: identifier.toUpperCase(),
    type,
    items: items.map((href, i) => ({
      id: `${identifier}-${i}`,
      title: `${identifier} ${i}`,
      link: { href, external: false },
      linkOnlyImage: false,
      isHeadlineItem: false,
      subFlyoutGroups: [],
    })),
    customItems: [],
  };
}

function item(fields: Partial<NavigationItem>): NavigationItem {
  return {
    id: "item",
    text: "Leinwand",
    link: { href: "/leinwand/", external: false },
    navigationType: "canvas",
    flyoutType: null,
    flyoutGroups: [],
    subNaviOnly: false,
    alwaysShowSubNavi: false,
    isOnlyInBurgerNavigation: false,
    hasSubItems: false,
    subItems: [],
    ...fields,
  };
}

describe("main navigation items", () => {
  it("compares paths without query, hash and trailing slash", () => {
    expect(pathOf("/leinwand/?format=square#x")).toBe("/leinwand");
    expect(pathOf("/")).toBe("/");
  });

  it("is selected by its path or by the page's activeNavigation", () => {
    expect(isSelectedItem(item({}), "/leinwand", null)).toBe(true);
    expect(isSelectedItem(item({}), "/poster/", "canvas")).toBe(true);
    expect(isSelectedItem(item({}), "/poster/", "poster")).toBe(false);
    expect(isSelectedItem(item({ navigationType: "" }), "/poster/", "")).toBe(false);
  });

  it("has a flyout only with a flyout type", () => {
    expect(hasFlyout(item({ flyoutType: "frame" }))).toBe(true);
    expect(hasFlyout(item({}))).toBe(false);
  });

  it("shows the frame flyout's upper row only when poster, leinwand and platte all exist", () => {
    const all = [group("poster"), group("colours"), group("leinwand"), group("platte")];
    expect(frameUpperRow(all)?.map((g) => g.identifier)).toEqual(["poster", "leinwand", "platte"]);
    expect(frameUpperRow(all.filter((g) => g.identifier !== "platte"))).toBeNull();
  });
});

describe("the sub-navigation strip", () => {
  const canvas = item({
    flyoutGroups: [
      group("formats", ["/leinwand/?format=square", "/leinwand/?format=portrait"], "square-image"),
      group("empty", []),
    ],
  });
  const input = {
    items: [canvas],
    activeNavigation: "canvas",
    subNavigation: true,
    pathname: "/leinwand/",
    rest: "/leinwand/",
    search: "?format=portrait",
  };

  it("turns the active item's groups into headings with tiles, the current one active", () => {
    const [formats, ...rest] = subNavigationFor(input);
    expect(rest).toEqual([]);
    expect(formats?.heading).toBe("FORMATS");
    expect(formats?.elements.map((e) => [e.type, e.isActive])).toEqual([
      ["square-image", false],
      ["square-image", true],
    ]);
  });

  it("needs an active navigation and a sub-navigation (or alwaysShow)", () => {
    expect(subNavigationFor({ ...input, activeNavigation: null })).toEqual([]);
    expect(subNavigationFor({ ...input, subNavigation: false })).toEqual([]);
    expect(
      subNavigationFor({
        ...input,
        subNavigation: false,
        items: [{ ...canvas, alwaysShowSubNavi: true }],
      }),
    ).toHaveLength(1);
  });

  it("is hidden on the feed pages", () => {
    for (const rest of ["/feed-collage", "/feed-calendar/", "/feed-card/x"]) {
      expect(subNavigationFor({ ...input, rest })).toEqual([]);
    }
  });

  it("prefers the sub-navigation title, image and tile type of an entry", () => {
    const custom = item({
      flyoutGroups: [
        {
          ...group("formats", ["/x"]),
          items: [
            {
              ...group("formats", ["/x"]).items[0]!,
              subnaviTitle: "Short",
              subnaviAsset: { filename: "/a/wallart/s.svg", alt: "" },
              typeOverride: "square",
            },
          ],
        },
      ],
    });
    const element = subNavigationFor({ ...input, items: [custom] })[0]?.elements[0];
    expect(element).toMatchObject({
      text: "Short",
      type: "square",
      image: { filename: "/a/wallart/s.svg" },
    });
  });

  it("shows a pictureless entry leading where a pictured one leads as that tile's description", () => {
    const picture = { filename: "/a/wallart/frame.svg", alt: "Framed poster" };
    const [poster] = group("poster", ["/frames/poster/"]).items;
    const frames = item({
      flyoutGroups: [
        {
          ...group("poster", [], "square-image"),
          items: [
            { ...poster!, id: "picture", title: "Framed poster", asset: picture },
            {
              ...poster!,
              id: "text",
              title: "Wood or aluminium",
              link: { href: "/frames/poster", external: false },
            },
            {
              ...poster!,
              id: "other",
              title: "Mounts",
              link: { href: "/frames/poster#mounts", external: false },
            },
          ],
        },
      ],
    });
    const [category] = subNavigationFor({
      ...input,
      items: [frames],
      pathname: "/frames/poster/",
      rest: "/frames/poster/",
      search: "",
    });
    expect(category?.elements).toEqual([
      expect.objectContaining({
        id: "picture",
        text: "Framed poster",
        description: "Wood or aluminium",
        image: picture,
        isActive: true,
      }),
      // Leading elsewhere (another section of the page), it stays a tile of its own.
      expect.objectContaining({ id: "other", text: "Mounts" }),
    ]);
    expect(category?.elements[1]).not.toHaveProperty("description");
  });
});

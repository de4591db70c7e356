/**
 * Every language folder of the seed content (content/{channel}/{folder}) is as complete as
 * the German one: a page has every block type its German counterpart has (the counterpart
 * is the story of the same translation group, content/README.md), the pages with the
 * shop's tools have a counterpart in every language, and the sub-navigation of each
 * category with sub-categories leads to pages and sections that exist. Read from the JSON
 * files, without rendering a page.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentLocaleChain, isSupportedLocale, toContentLanguageCode } from "../../domain/locales";

const CONTENT = path.resolve("content");
const CHANNELS = ["cards", "wallart"] as const;
type Channel = (typeof CHANNELS)[number];

/** The language folders with pages of their own, compared with de-de. */
const LANGUAGE_FOLDERS = ["en-gb", "en-us", "es-es", "fr-fr", "it-it", "nl-nl", "fr-be"];
/** The folders every page with a tool of the shop must exist in (one per language). */
const FULL_FOLDERS = ["en-gb", "en-us", "es-es", "fr-fr", "it-it", "nl-nl"];

interface Story {
  name: string;
  group?: string;
  target?: string;
  content: { component: string; body?: unknown[]; activeNavigation?: string };
}
interface SeedPage {
  folder: string;
  slug: string;
  group: string;
  story: Story;
}

function storiesOf(channel: Channel): SeedPage[] {
  const pages: SeedPage[] = [];
  for (const folder of readdirSync(path.join(CONTENT, channel))) {
    const walk = (dir: string, prefix: string) => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full, `${prefix}${entry}/`);
        else if (entry.endsWith(".json")) {
          const story = JSON.parse(readFileSync(full, "utf8")) as Story;
          const slug = `${prefix}${entry.slice(0, -5)}`;
          pages.push({ folder, slug, group: story.group ?? slug, story });
        }
      }
    };
    walk(path.join(CONTENT, channel, folder), "");
  }
  return pages;
}

/** Every block type in a page's body, nested blocks (a SubTeasers' SubTeaser) too. */
function blockTypes(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => blockTypes(v, found));
  else if (typeof value === "object" && value !== null) {
    const { component } = value as { component?: unknown };
    if (typeof component === "string") found.add(component);
    Object.values(value).forEach((v) => blockTypes(v, found));
  }
  return found;
}

const isPage = (p: SeedPage) => !p.story.target && p.story.content.component === "Page";

/** The pages of each translation group, by folder. */
function groups(channel: Channel): Map<string, Map<string, SeedPage>> {
  const byGroup = new Map<string, Map<string, SeedPage>>();
  for (const page of storiesOf(channel).filter(isPage)) {
    const folders = byGroup.get(page.group) ?? new Map<string, SeedPage>();
    folders.set(page.folder, page);
    byGroup.set(page.group, folders);
  }
  return byGroup;
}

/** The blocks that are the shop's tools and product data, not text. */
const TOOL_BLOCKS =
  /^(Voucher|GiftVouchers|Toolbox|CustomerPictures|FormatsAndPrices|Calculator|Accessories|Frame|Shop|\w+Overview|\w+DetailContainer)$/;

describe.each(CHANNELS)("the %s language folders", (channel) => {
  const byGroup = groups(channel);

  it("give each page every block type of its German counterpart", () => {
    const missing: string[] = [];
    for (const folders of byGroup.values()) {
      const german = folders.get("de-de");
      if (!german) continue;
      const wanted = blockTypes(german.story.content.body);
      for (const folder of LANGUAGE_FOLDERS) {
        const page = folders.get(folder);
        if (!page) continue;
        const has = blockTypes(page.story.content.body);
        const lacking = [...wanted].filter((type) => !has.has(type));
        if (lacking.length > 0)
          missing.push(`${folder}/${page.slug} (de-de/${german.slug}): ${lacking.join(", ")}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("have a counterpart of each German page with a tool of the shop", () => {
    const missing: string[] = [];
    for (const folders of byGroup.values()) {
      const german = folders.get("de-de");
      // Pages below a sub-category (karten/birthday/greetings …) and the magazine's articles
      // are the German and English folders' own; the sub-category pages are everyone's.
      if (!german || german.slug.split("/").length > 2) continue;
      if (german.slug.startsWith("magazin/") || german.slug.startsWith("team/")) continue;
      const tools = [...blockTypes(german.story.content.body)].filter((t) => TOOL_BLOCKS.test(t));
      if (tools.length === 0 || german.slug.startsWith("feed-")) continue;
      for (const folder of FULL_FOLDERS)
        if (!folders.has(folder)) missing.push(`${folder}: de-de/${german.slug} (${tools})`);
    }
    expect(missing).toEqual([]);
  });

  it("have a counterpart of each German sub-category page (fotobuch/wedding …)", () => {
    const missing: string[] = [];
    const categories = new Set(CATEGORIES[channel]);
    for (const folders of byGroup.values()) {
      const german = folders.get("de-de");
      if (!german || german.slug.split("/").length !== 2) continue;
      if (!categories.has(german.story.content.activeNavigation ?? "")) continue;
      for (const folder of FULL_FOLDERS)
        if (!folders.has(folder)) missing.push(`${folder}: de-de/${german.slug}`);
    }
    expect(missing).toEqual([]);
  });
});

/** The main navigation items of the categories with sub-categories. */
const CATEGORIES: Record<Channel, readonly string[]> = {
  cards: ["card", "calendar", "photobook", "collage", "photoprint"],
  wallart: ["wandbilder", "frame", "canvas", "collage"],
};

interface NavItem {
  navigationType: string;
  alwaysShowSubNavi?: boolean;
  link: { url: string };
  flyoutGroups?: { flyoutGroupItems?: { link: { url: string } }[] }[];
}

describe.each(CHANNELS)("the %s sub-navigation", (channel) => {
  const stories = storiesOf(channel);
  const find = (folder: string, slug: string) =>
    stories.find((s) => s.folder === folder && s.slug === slug);

  it.each(readdirSync(path.join(CONTENT, channel)))(
    "%s: on every category with sub-categories, its tiles leading to what exists",
    (folder) => {
      const config = find(folder, "config")!.story as unknown as {
        content: { mainNavigation: NavItem[] };
      };
      const locale = `${folder.slice(0, 2)}-${folder.slice(3).toUpperCase()}`;
      expect(isSupportedLocale(locale)).toBe(true);
      // A folder without a page of its own shows its fallback's.
      const chain = isSupportedLocale(locale)
        ? contentLocaleChain(locale).map(toContentLanguageCode)
        : [];
      const pageAt = (slug: string) =>
        chain.map((f) => find(f, slug)).find((p) => p !== undefined && isPage(p));
      const problems: string[] = [];
      const german = find("de-de", "config")!.story as unknown as {
        content: { mainNavigation: NavItem[] };
      };
      const germanItems = new Map(
        german.content.mainNavigation.map((i) => [
          i.navigationType,
          i.link.url.replace(/^\/|\/?([?#].*)?$/g, ""),
        ]),
      );
      const findGerman = (slug: string) => {
        const page = find("de-de", slug);
        return page !== undefined && isPage(page);
      };
      const items = config.content.mainNavigation.filter((i) =>
        CATEGORIES[channel].includes(i.navigationType),
      );
      expect(items.map((i) => i.navigationType).sort()).toEqual([...CATEGORIES[channel]].sort());
      for (const item of items) {
        if (!item.alwaysShowSubNavi) problems.push(`${item.navigationType}: no sub-navigation`);
        const category = pageAt(item.link.url.replace(/^\/|\/?([?#].*)?$/g, ""));
        if (category?.story.content.activeNavigation !== item.navigationType)
          problems.push(`${item.link.url}: not under ${item.navigationType}`);
        for (const tile of item.flyoutGroups?.flatMap((g) => g.flyoutGroupItems ?? []) ?? []) {
          const [address = "", anchor] = tile.link.url.split("#");
          const slug = address.replace(/^\/|\/?(\?.*)?$/g, "");
          // The designer is an app route, not a content page.
          if (slug.startsWith("configurator-")) continue;
          const page = pageAt(slug);
          // A section of the category page where the German shop has a page of its own
          // for the sub-category: the tile must lead to this folder's page too.
          const germanCategory = germanItems.get(item.navigationType);
          if (anchor && germanCategory && findGerman(`${germanCategory}/${anchor}`))
            problems.push(`${tile.link.url}: a section where German has a page`);
          if (!page) problems.push(`${tile.link.url}: no page`);
          else if (anchor && !JSON.stringify(page.story.content).includes(`"anchor":"${anchor}"`))
            problems.push(`${tile.link.url}: no section #${anchor}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

/**
 * What a rendered page shows, as tags: the stories it read (and the stories those link to
 * or resolve), the slugs it looked up without finding a story there, the lists of a
 * space's pages, and the catalogue. The page cache keeps a page's tags with it, so a
 * publish drops exactly the pages that show the published story, and a catalogue import
 * the pages that show prices; a CDN gets the same tags in `Surrogate-Key` and `Cache-Tag`
 * and purges by them (docs/operations.md).
 *
 * The services that read content and catalogue tag the page being rendered through an
 * AsyncLocalStorage the page cache opens around a render; outside a render (an API call,
 * a job) tagging does nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ChangedStory } from "../cms/managementApi";
import type { ChannelId } from "../config/channels";

/** The tag of a story (by its uuid, which links and relations name too). */
export const storyTag = (uuid: string) => `story-${uuid}`;
/** The tag of a full slug looked up in a channel's space (a story published there changes the page). */
export const slugTag = (channel: ChannelId, fullSlug: string) =>
  `slug-${channel}-${fullSlug.replace(/\/+$/, "")}`;
/** Pages that list a channel's pages (overviews): every publish in the channel may change them. */
export const pageListTag = (channel: ChannelId) => `pages-${channel}`;
/** Every page of a channel's content (what a CDN purges when it cannot tell more). */
export const contentTag = (channel: ChannelId) => `content-${channel}`;
/** Pages that show catalogue data (prices, formats, themes). */
export const CATALOGUE_TAG = "catalogue";
/** The tag of a catalogue version, for a CDN (the page cache checks the version itself). */
export const catalogueVersionTag = (version: string) => `catalogue-${version}`;

/**
 * One store per process, even where the module is loaded twice (the server bundle and
 * the services of a test, each with its own copy): whoever renders and whoever tags
 * must meet in the same store.
 */
const STORE = Symbol.for("photo-shop.pageTags");
const holder = globalThis as { [STORE]?: AsyncLocalStorage<Set<string>> };
const collecting = (holder[STORE] ??= new AsyncLocalStorage<Set<string>>());

/** Runs a render, collecting the tags the services add meanwhile into `tags`. */
export function collectPageTags<T>(tags: Set<string>, render: () => T): T {
  return collecting.run(tags, render);
}

/** Tags the page being rendered (nothing outside a render). */
export function tagPage(...tags: readonly string[]): void {
  const set = collecting.getStore();
  if (!set) return;
  for (const tag of tags) set.add(tag);
}

/** True while a page's render is collecting tags (so callers can skip preparing them). */
export function collectingPageTags(): boolean {
  return collecting.getStore() !== undefined;
}

/** The tags of pages a change of stories in a channel touches. */
export function changedStoryTags(channel: ChannelId, stories: readonly ChangedStory[]): string[] {
  const tags = new Set<string>([pageListTag(channel)]);
  for (const story of stories) {
    tags.add(storyTag(story.uuid));
    for (const slug of story.fullSlugs) tags.add(slugTag(channel, slug));
  }
  return [...tags];
}

/** The story uuids a story's content names: linked stories and resolved relations. */
export function referencedStories(content: unknown, into: Set<string> = new Set()): Set<string> {
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number) => {
    if (value === null || typeof value !== "object" || depth > 40 || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    // A link to a story: { linktype: "story", id: <uuid> }.
    if (record.linktype === "story" && typeof record.id === "string" && record.id) {
      into.add(record.id);
    }
    // A resolved relation: a whole story with its uuid and full slug.
    if (typeof record.uuid === "string" && typeof record.full_slug === "string") {
      into.add(record.uuid);
    }
    for (const key in record) {
      const child = record[key];
      if (child !== null && typeof child === "object") walk(child, depth + 1);
    }
  };
  walk(content, 0);
  return into;
}

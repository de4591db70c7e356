/**
 * Which language versions of a page may be named to search engines as hreflang alternates.
 * The page's head and the sitemap both ask here, so the two always name the same versions:
 * a version that asks not to be indexed is named by neither, nor is a reviews page a
 * locale does not have.
 */
import type { ChannelId } from "../../config/channels";
import { splitFullSlug, type ContentStory } from "../../domain/content";
import { LOCALES, toContentLanguageCode, type Locale } from "../../domain/locales";
import { configHasReviews } from "../../domain/reviews";

// What these rules ask of the content client (server/content/client.ts, which offers them as
// its own methods), named here so the two files do not import each other.
interface PageLists {
  publishedPages(channel: ChannelId, locale: Locale): Promise<{ story: ContentStory }[]>;
}
interface PublishedStories {
  getStory(query: {
    channel: ChannelId;
    locale: Locale;
    slug: string;
    version: "published";
  }): Promise<ContentStory | null>;
}

/**
 * The full slugs of a channel's published pages that ask search engines not to index them
 * (robots noindex), over every locale folder (the sitemap). Read from the published page
 * lists, which are cached by the space's version, so asking again is cheap.
 */
export async function noindexPages(content: PageLists, channel: ChannelId): Promise<Set<string>> {
  const lists = await Promise.all(LOCALES.map((locale) => content.publishedPages(channel, locale)));
  return new Set(
    lists
      .flat()
      .filter(({ story }) => story.content.robots === "noindex")
      .map(({ story }) => story.fullSlug),
  );
}

/**
 * Which of a page's language versions (full slugs) ask search engines not to index them.
 * Each version's own story is read, so the page being rendered depends on exactly those
 * stories: a publish of one of them drops it from the page cache, a publish elsewhere does
 * not (the page lists would tie it to every publish in those folders).
 */
export async function noindexVersions(
  content: PublishedStories,
  channel: ChannelId,
  fullSlugs: readonly string[],
): Promise<Set<string>> {
  const stories = await Promise.all(
    fullSlugs.map((fullSlug) => {
      const { folder, slug } = splitFullSlug(fullSlug);
      const locale = LOCALES.find((candidate) => toContentLanguageCode(candidate) === folder);
      return locale ? content.getStory({ channel, locale, slug, version: "published" }) : null;
    }),
  );
  return new Set(
    stories
      .filter((story) => story?.content.robots === "noindex")
      .map((story) => story!.fullSlug)
      .filter((fullSlug) => fullSlugs.includes(fullSlug)),
  );
}

/**
 * The locales of a channel whose published configuration shows reviews: only they have a
 * reviews page (elsewhere the address is not found).
 */
export async function localesWithReviews(
  content: PublishedStories,
  channel: ChannelId,
): Promise<Locale[]> {
  const configs = await Promise.all(
    LOCALES.map((locale) =>
      content.getStory({ channel, locale, slug: "config", version: "published" }),
    ),
  );
  return LOCALES.filter((_, i) => configHasReviews(configs[i]?.content));
}

/**
 * Server side of the content editor (/_admin/content): the folders a locale edits, the
 * preview address of a story on this host (signed with the space's preview token, so the
 * draft shows in the preview and nowhere else) and the story as the editor shows it.
 */
import { CHANNELS, type ChannelId } from "../../config/channels";
import {
  contentLocaleChain,
  localeSettings,
  toContentLanguageCode,
  type Locale,
} from "../../domain/locales";
import { languagePrefix, normalisePath } from "../../domain/paths";
import { pathForFullSlug, splitFullSlug } from "../../domain/content";

/** The locale folders whose stories a locale shows: its own, then its fallback's. */
export function editorFolders(locale: Locale): string[] {
  return contentLocaleChain(locale).map(toContentLanguageCode);
}

/**
 * The preview address of a story, shown as the locale shows it on this host, with the
 * signed preview query (services.content.previewParams) that lets it show the draft.
 */
export function previewPath(
  story: { id: number; fullSlug: string },
  locale: Locale,
  channel: ChannelId,
  signed: URLSearchParams,
): string {
  const { slug } = splitFullSlug(story.fullSlug);
  // The configuration and the error story have no page of their own: show the home page.
  const path = slug === "config" || slug === "error" ? "/" : pathForFullSlug(story.fullSlug);
  const { country, language } = localeSettings(locale);
  const pathname = normalisePath(`${languagePrefix(country, language)}${path}`, {
    trailingSlash: CHANNELS[channel].features.trailingSlash,
  });
  return `${pathname}?${signed}`;
}

/** Where a key goes in the editor: component and _uid first, the rest as stored. */
function keyRank(key: string): number {
  return key === "component" ? 0 : key === "_uid" ? 1 : 2;
}

function componentFirst(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(componentFirst);
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).sort(([a], [b]) => keyRank(a) - keyRank(b));
  return Object.fromEntries(entries.map(([key, child]) => [key, componentFirst(child)]));
}

/** A story's content as the editor shows it: indented, every block's component first. */
export function editorJson(content: unknown): string {
  return JSON.stringify(componentFirst(content), null, 2);
}

/**
 * Campaigns: one content story per channel and
 * locale folder (slug `campaigns`, component `Campaigns`, content/README.md) lists
 * campaigns, each with path prefixes, an optional UTC start and end and an action bar.
 * The campaign bar of a path is the bar of the first active campaign whose prefix matches
 * the path below the language prefix. Reading is tolerant like the GlobalConfig reader:
 * a campaign that cannot be read is skipped, nothing in the story raises an error.
 *
 * A bar states the free-shipping threshold as {{freeShippingFrom}} (freeShipping.server.ts).
 */
import { CHANNELS, type ChannelId } from "../../config/channels";
import type { LinkLocale } from "../../domain/links";
import { localeSettings, type Locale } from "../../domain/locales";
import type { ContentVersion } from "../../domain/content";
import type { ContentClient } from "../../server/content/client";
import { actionBar } from "./config.server";
import {
  freeShippingFromOf,
  withFreeShippingFrom,
  type ShippingSource,
} from "./freeShipping.server";
import { z } from "zod";
import { dateField, textField } from "../lib/fields.server";
import { blocks, list, record, text, type Raw } from "./read.server";
import type { ActionBarData } from "./types";

/** The slug of the campaigns story in every locale folder. */
export const CAMPAIGNS_SLUG = "campaigns";
/** The content type of the campaigns story. */
export const CAMPAIGNS_COMPONENT = "Campaigns";

/** Longest path prefix a campaign may name. */
const MAX_PATTERN_LENGTH = 200;

/** A campaign as read from the story (its bar is read when it is chosen). */
export interface Campaign {
  id: string;
  /** Path prefixes below the language prefix, lowercased, without trailing slash ("/" is every path). */
  patterns: string[];
  /** ISO UTC instants; the campaign runs from start (inclusive) to end (exclusive). */
  start?: string;
  end?: string;
  bar: Raw[];
}

/** A path for prefix matching: lowercased, duplicate and trailing slashes removed. */
function canonicalPath(path: string): string {
  const bare = `/${path}`
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "")
    .toLowerCase();
  return bare === "" ? "/" : bare;
}

/** A path prefix the editor wrote, or null when it is not one ("fotobuch", "/a b", "//x"). */
function pattern(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed.startsWith("/") || trimmed.startsWith("//")) return null;
  if (trimmed.length > MAX_PATTERN_LENGTH || /[\s\\?#]/.test(trimmed)) return null;
  return canonicalPath(trimmed);
}

/** The `urlPatterns` field: a list of strings, or one text with a prefix per line or comma. */
function patterns(value: unknown): string[] {
  const raw = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === "string")
    : text(value).split(/[\n,]/);
  return [...new Set(raw.map(pattern).filter((p): p is string => p !== null))];
}

/** A campaign as the editor writes it; its bar is read as an action bar when chosen. */
const campaignSchema = z.object({
  id: textField,
  _uid: textField,
  urlPatterns: z.unknown().transform(patterns).default([]),
  start: dateField,
  end: dateField,
  bar: z.unknown().transform(blocks).default([]),
});

/** The campaigns story's content; its campaigns are a list (a campaign alone is not one). */
const campaignsStorySchema = z.object({
  component: z.literal(CAMPAIGNS_COMPONENT),
  campaigns: z.unknown().transform(list).pipe(z.array(campaignSchema)),
});

/** The campaigns of a `Campaigns` story's content, in order; an unreadable story has none. */
export function readCampaigns(content: unknown): Campaign[] {
  const story = campaignsStorySchema.safeParse(record(content));
  if (!story.success) return [];
  return story.data.campaigns.map((entry, i) => ({
    id: entry.id || entry._uid || `campaign-${i}`,
    patterns: entry.urlPatterns,
    ...(entry.start ? { start: entry.start } : {}),
    ...(entry.end ? { end: entry.end } : {}),
    bar: entry.bar,
  }));
}

/** True when the campaign runs at `now`: from its start (inclusive) to its end (exclusive). */
export function isActive(campaign: Campaign, now: Date): boolean {
  const time = now.getTime();
  if (campaign.start && Date.parse(campaign.start) > time) return false;
  if (campaign.end && Date.parse(campaign.end) <= time) return false;
  return true;
}

/** True when a prefix matches the path on a segment boundary ("/foto" matches "/foto/x", not "/fotobuch"). */
export function matchesPath(campaign: Campaign, path: string): boolean {
  const target = canonicalPath(path);
  return campaign.patterns.some(
    (prefix) => prefix === "/" || target === prefix || target.startsWith(`${prefix}/`),
  );
}

/**
 * The campaign bar of a path (below the language prefix and the d marker): the bar of the
 * first campaign that runs at `now`, matches the path and has a bar to show, with the
 * shop's free-shipping threshold filled in.
 */
export function campaignBarFor(
  content: unknown,
  path: string,
  now: Date,
  at?: LinkLocale,
  freeShippingFrom: string | null = null,
): ActionBarData | null {
  for (const campaign of readCampaigns(content)) {
    if (!isActive(campaign, now) || !matchesPath(campaign, path)) continue;
    const read = actionBar(campaign.bar, now, at);
    const bar = read && withFreeShippingFrom(read, freeShippingFrom);
    if (bar) return bar;
  }
  return null;
}

export interface CampaignQuery {
  channel: ChannelId;
  locale: Locale;
  /** The path below the language prefix and the d marker, starting with "/". */
  rest: string;
  version: ContentVersion;
  release?: string;
  now?: Date;
}

/**
 * The campaign bar of a path, read from the locale's campaigns story through the content
 * service (locale fallback, cv cache, last known story when the source fails). A missing
 * story has no bar; a failing content service raises.
 */
export async function loadCampaignBar(
  content: Pick<ContentClient, "getStory">,
  query: CampaignQuery,
  catalogue?: ShippingSource,
): Promise<ActionBarData | null> {
  const story = await content.getStory({
    channel: query.channel,
    locale: query.locale,
    slug: CAMPAIGNS_SLUG,
    version: query.version,
    ...(query.release ? { release: query.release } : {}),
  });
  if (!story) return null;
  // Links in the bar's text get the visitor's language prefix and trailing-slash form.
  const { country, language } = localeSettings(query.locale);
  const freeShippingFrom = catalogue ? await freeShippingFromOf(catalogue, query) : null;
  return campaignBarFor(
    story.content,
    query.rest,
    query.now ?? new Date(),
    {
      country,
      language,
      locale: query.locale,
      trailingSlash: CHANNELS[query.channel].features.trailingSlash,
    },
    freeShippingFrom,
  );
}

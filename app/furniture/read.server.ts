/**
 * The global configuration's and campaigns' readers: the structure of their stories (one
 * block or a list, link lists, link items) over the one set of CMS field types
 * (lib/fields.server.ts) that the page blocks read too. A missing or malformed field gives
 * the field's default, never an exception, so a half-filled story renders what it can.
 */
import { isCssColour, isRecord } from "../../domain/contentFields";
import type { LinkLocale } from "../../domain/links";
import { REVIEW_STARS } from "../../domain/constants";
import {
  assetField,
  colourField,
  labelField,
  linkField,
  numberField,
  safeLink,
  textField,
} from "../lib/fields.server";
import type { Asset, Label, LinkItem, LinkList, SafeLink, SubNavTileType } from "./types";

export { isCssColour, isRecord };

/** Where links are rendered: the locale for the prefix, and how to reach other sites. */
export interface ReadContext extends LinkLocale {
  /** The content folder of the story ("de-de"): a story link's cached_url starts with it. */
  folder: string;
  /** The origin of another shop (channel and/or country), when the server knows it. */
  siteOrigin?: (site: { channel?: string; country?: string }) => string | null;
}

export type Raw = Record<string, unknown>;

/** A record, or the first record of a one-block list (Storyblok nests single blocks in arrays). */
export function record(value: unknown): Raw | null {
  if (Array.isArray(value)) return isRecord(value[0]) ? value[0] : null;
  return isRecord(value) ? value : null;
}

export function list(value: unknown): Raw[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** A list of blocks, or a single block written without its list (`{ … }` as `[{ … }]`). */
export function blocks(value: unknown): Raw[] {
  return isRecord(value) ? [value] : list(value);
}

export function text(value: unknown, fallback = ""): string {
  return typeof value === "string" ? textField.parse(value) : fallback;
}

export function num(value: unknown, fallback = 0): number {
  return numberField.parse(value) ?? fallback;
}

function id(raw: Raw, fallback: string): string {
  return text(raw._uid) || text(raw.id) || fallback;
}

/** A colour field by the shop's one colour rule (domain/contentFields.ts); else the fallback. */
export function colour(value: unknown, fallback: string): string {
  return colourField.parse(value) ?? fallback;
}

/** A link the visitor may follow, localised; null when empty or refused (unsafe protocol). */
export function link(value: unknown, ctx: ReadContext): SafeLink | null {
  return safeLink(linkField.parse(value), ctx);
}

/** An image of the asset store or Storyblok, with the size the editor gave; a list gives its first. */
export function asset(value: unknown): Asset | undefined {
  const read = assetField.parse(value);
  if (!read) return undefined;
  const { focus: _focus, ...image } = read;
  return image;
}

/** A link to another shop named by `channel`/`country`, else the plain link field. */
function siteOrFieldLink(raw: Raw, ctx: ReadContext): SafeLink | null {
  const channel = text(raw.channel);
  const country = text(raw.country).toUpperCase();
  if ((channel || country) && ctx.siteOrigin) {
    const origin = ctx.siteOrigin({
      ...(channel ? { channel } : {}),
      ...(country ? { country } : {}),
    });
    if (origin) return { href: `${origin}/`, external: true };
  }
  return link(raw.link, ctx);
}

/** A LinkItem block: text plus link (or a consent-settings action); null without text. */
export function linkItem(raw: Raw, ctx: ReadContext, fallbackId: string): LinkItem | null {
  const label = text(raw.text);
  if (!label) return null;
  const action = text(raw.action) === "consent-settings" ? "consent-settings" : undefined;
  const target = action
    ? { href: "#consent-settings", external: false }
    : siteOrFieldLink(raw, ctx);
  if (!target) return null;
  const image = asset(raw.image) ?? asset(raw.icon);
  const title = text(raw.title);
  return {
    id: id(raw, fallbackId),
    text: label,
    link: target,
    ...(image ? { image } : {}),
    ...(title ? { title } : {}),
    ...(action ? { action } : {}),
  };
}

export function linkItems(value: unknown, ctx: ReadContext, prefix: string): LinkItem[] {
  return list(value).flatMap((raw, i) => linkItem(raw, ctx, `${prefix}-${i}`) ?? []);
}

/** Link lists (a headline and its links); lists without a headline or links are dropped. */
export function linkLists(value: unknown, ctx: ReadContext, prefix: string): LinkList[] {
  return list(value).flatMap((raw, i) => {
    const headline = text(raw.headline);
    const links = linkItems(raw.links, ctx, `${prefix}-${i}`);
    return headline && links.length > 0 ? [{ id: id(raw, `${prefix}-${i}`), headline, links }] : [];
  });
}

/** The label of an entry: its own label block, or label fields on the entry itself. */
export function label(raw: Raw): Label | undefined {
  return labelField.parse(record(raw.label) ?? raw) ?? undefined;
}

const TILE_TYPES: readonly SubNavTileType[] = ["circle", "square", "square-image"];

export function tileType(value: unknown): SubNavTileType | undefined {
  const raw = text(value);
  return (TILE_TYPES as readonly string[]).includes(raw) ? (raw as SubNavTileType) : undefined;
}

/**
 * Review stars in half steps, clamped to the range (1 to 5) when the value is
 * a rating at all: null for a missing or non-numeric value and for one below half a star
 * (0 means "not rated", not "one star").
 */
export function stars(value: unknown): number | null {
  const n = Math.round(num(value, Number.NaN) * 2) / 2;
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.min(REVIEW_STARS.max, Math.max(REVIEW_STARS.min, n));
}

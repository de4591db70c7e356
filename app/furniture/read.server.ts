/**
 * Tolerant readers for content-system fields: a missing or malformed field gives the
 * default, never an exception, so a half-filled story renders what it can. Pure and
 * browser-safe (the server's GlobalConfig pass and the browser's page fields share them).
 */
import { contentColour, isCssColour, linkTarget } from "../../domain/contentFields";

export { isCssColour };
import { localiseHref, type LinkLocale } from "../../domain/links";
import { REVIEW_STARS } from "../../domain/constants";
import type { Asset, Label, LinkItem, LinkList, SafeLink, SubNavTileType } from "./types";

/** Where links are rendered: the locale for the prefix, and how to reach other sites. */
export interface ReadContext extends LinkLocale {
  /** The content folder of the story ("de-de"): a story link's cached_url starts with it. */
  folder: string;
  /** The origin of another shop (channel and/or country), when the server knows it. */
  siteOrigin?: (site: { channel?: string; country?: string }) => string | null;
}

export type Raw = Record<string, unknown>;

export function isRecord(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

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
  return typeof value === "string" ? value.trim() : fallback;
}

export function num(value: unknown, fallback = 0): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : fallback;
}

function id(raw: Raw, fallback: string): string {
  return text(raw._uid) || text(raw.id) || fallback;
}

/** A colour field by the shop's one colour rule (domain/contentFields.ts); else the fallback. */
export function colour(value: unknown, fallback: string): string {
  return contentColour(value) ?? fallback;
}

/** A link the visitor may follow, localised; null when empty or refused (unsafe protocol). */
export function link(value: unknown, ctx: ReadContext): SafeLink | null {
  const target = linkTarget(value);
  if (!target) return null;
  const out = localiseHref(target, ctx, { allowExternal: true });
  return out ? { href: out.href, external: out.external } : null;
}

/** An image: needs a filename on our asset store or an https URL; a list of images gives its first. */
export function asset(value: unknown): Asset | undefined {
  if (Array.isArray(value)) return asset(value[0]);
  if (!isRecord(value)) return undefined;
  const filename = text(value.filename);
  if (!/^(\/(?!\/)|https:\/\/)/.test(filename) || /[\s"'<>\\]/.test(filename)) return undefined;
  const width = num(value.width);
  const height = num(value.height);
  return {
    filename,
    alt: text(value.alt),
    ...(width > 0 ? { width } : {}),
    ...(height > 0 ? { height } : {}),
  };
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

export function label(raw: Raw): Label | undefined {
  const source = record(raw.label) ?? raw;
  const labelText = text(source.labelText);
  if (!labelText) return undefined;
  return {
    text: labelText,
    backgroundColor: colour(source.labelBackgroundColor, "#1a1a1a"),
    textColor: colour(source.labelTextColor, "#ffffff"),
  };
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

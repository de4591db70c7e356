/**
 * Server side of the content editor (/_editor): the editor's session cookie, signed
 * with the space's preview token (rotating the token ends every session), and the
 * preview address of a story on this host.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { CHANNELS, type ChannelId } from "../../config/channels";
import {
  contentLocaleChain,
  localeSettings,
  toContentLanguageCode,
  type Locale,
} from "../../domain/locales";
import { languagePrefix, normalisePath } from "../../domain/paths";
import type { PreviewAccess } from "../../server/content/preview";
import { pathForFullSlug, splitFullSlug } from "../../domain/content";

export const EDITOR_COOKIE = "shop_editor";
/** How long an editor stays signed in. */
export const EDITOR_SESSION_SECONDS = 8 * 60 * 60;

function sign(access: PreviewAccess, expires: number): string {
  return createHmac("sha256", access.previewToken)
    .update(`editor:${access.spaceId}:${expires}`)
    .digest("hex");
}

function equal(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right);
}

/** True when the token typed in is the space's preview token. */
export function isPreviewToken(access: PreviewAccess, token: string): boolean {
  return token.length > 0 && equal(token, access.previewToken);
}

/** The Set-Cookie header that signs an editor in. */
export function editorSessionCookie(access: PreviewAccess, secure: boolean, now = Date.now()) {
  const expires = Math.floor(now / 1000) + EDITOR_SESSION_SECONDS;
  return [
    `${EDITOR_COOKIE}=${expires}.${sign(access, expires)}`,
    "Path=/",
    `Max-Age=${EDITOR_SESSION_SECONDS}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** The Set-Cookie header that signs an editor out. */
export function editorLogoutCookie(secure: boolean): string {
  return [`${EDITOR_COOKIE}=`, "Path=/", "Max-Age=0", "HttpOnly", "SameSite=Strict"]
    .concat(secure ? ["Secure"] : [])
    .join("; ");
}

/** True when the request carries a valid, unexpired editor session of this space. */
export function hasEditorSession(
  cookieHeader: string | null,
  access: PreviewAccess,
  now = Date.now(),
): boolean {
  const value = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${EDITOR_COOKIE}=`))
    ?.slice(EDITOR_COOKIE.length + 1);
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(value ?? "");
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= Math.floor(now / 1000)) return false;
  return equal(match[2] ?? "", sign(access, expires));
}

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

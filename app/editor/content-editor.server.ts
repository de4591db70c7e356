/**
 * Server side of the content editor (/_editor): the editor's session (a random id kept
 * by the content store, in a cookie signed with the space's preview token: rotating the
 * token or logging out ends it), and the preview address of a story on this host.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
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

/** Where editor sessions are kept, so a log-out ends one everywhere (the content store). */
export interface EditorSessionStore {
  createEditorSession(spaceId: number, id: string, expiresAt: Date): Promise<void>;
  hasEditorSession(spaceId: number, id: string, now?: Date): Promise<boolean>;
  endEditorSession(id: string): Promise<void>;
}

function sign(access: PreviewAccess, expires: number, id: string): string {
  return createHmac("sha256", access.previewToken)
    .update(`editor:${access.spaceId}:${expires}:${id}`)
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

function cookie(value: string, maxAge: number, secure: boolean): string {
  return [
    `${EDITOR_COOKIE}=${value}`,
    "Path=/",
    `Max-Age=${maxAge}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The session id of the request's editor cookie when its signature is the space's (made
 * with the preview token, so rotating the token ends every session) and it has not
 * expired; null otherwise. Whether the session still exists is the store's to say.
 */
function signedSessionId(
  cookieHeader: string | null,
  access: PreviewAccess,
  now: number,
): string | null {
  const value = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${EDITOR_COOKIE}=`))
    ?.slice(EDITOR_COOKIE.length + 1);
  const match = /^(\d{1,12})\.([\w-]{32})\.([0-9a-f]{64})$/.exec(value ?? "");
  if (!match) return null;
  const expires = Number(match[1]);
  const id = match[2]!;
  if (expires <= Math.floor(now / 1000)) return null;
  return equal(match[3]!, sign(access, expires, id)) ? id : null;
}

/** Signs an editor in: a new session in the store, and the Set-Cookie header naming it. */
export async function startEditorSession(
  access: PreviewAccess,
  sessions: EditorSessionStore,
  secure: boolean,
  now = Date.now(),
): Promise<string> {
  const expires = Math.floor(now / 1000) + EDITOR_SESSION_SECONDS;
  const id = randomBytes(24).toString("base64url");
  await sessions.createEditorSession(access.spaceId, id, new Date(expires * 1000));
  return cookie(`${expires}.${id}.${sign(access, expires, id)}`, EDITOR_SESSION_SECONDS, secure);
}

/** True when the request carries a valid, unexpired editor session of this space. */
export async function hasEditorSession(
  cookieHeader: string | null,
  access: PreviewAccess,
  sessions: EditorSessionStore,
  now = Date.now(),
): Promise<boolean> {
  const id = signedSessionId(cookieHeader, access, now);
  return id !== null && sessions.hasEditorSession(access.spaceId, id, new Date(now));
}

/** Signs the editor out: the session ends in the store; the header clears the cookie. */
export async function endEditorSession(
  cookieHeader: string | null,
  access: PreviewAccess,
  sessions: EditorSessionStore,
  secure: boolean,
): Promise<string> {
  const id = signedSessionId(cookieHeader, access, Date.now());
  if (id) await sessions.endEditorSession(id);
  return cookie("", 0, secure);
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

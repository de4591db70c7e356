/**
 * The visual-editor preview: Storyblok opens a page with `_storyblok` and a signature
 * `_storyblok_tk[space_id|timestamp|token]`, where token = sha1(space id:preview
 * token:timestamp) and the timestamp is at most one hour old. Only then are drafts shown.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { ChannelId } from "../../config/channels";
import type { ContentVersion } from "../../domain/content";

/** How long a preview signature is valid. */
export const PREVIEW_SIGNATURE_MAX_AGE_SECONDS = 3600;
/** Clock skew tolerated for timestamps from the future. */
const FUTURE_SKEW_SECONDS = 60;

export interface PreviewAccess {
  channel: ChannelId;
  spaceId: number;
  previewToken: string;
}

export interface ContentVersionInfo {
  version: ContentVersion;
  preview: boolean;
  /** The release to preview (from `_storyblok_release`), if any. */
  release?: string;
}

export function previewSignature(spaceId: number, previewToken: string, timestamp: number) {
  return createHash("sha1").update(`${spaceId}:${previewToken}:${timestamp}`).digest("hex");
}

/** The query parameters of a signed preview link, as Storyblok's editor builds them. */
export function signedPreviewParams(
  access: PreviewAccess,
  storyId: number,
  now = Date.now(),
): URLSearchParams {
  const timestamp = Math.floor(now / 1000);
  return new URLSearchParams({
    _storyblok: String(storyId),
    "_storyblok_tk[space_id]": String(access.spaceId),
    "_storyblok_tk[timestamp]": String(timestamp),
    "_storyblok_tk[token]": previewSignature(access.spaceId, access.previewToken, timestamp),
    _storyblok_release: "0",
  });
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase());
  const right = Buffer.from(b.toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The channel whose space signed these parameters, or null when the signature is bad or old. */
export function verifyPreviewParams(
  params: URLSearchParams,
  accessFor: (spaceId: number) => PreviewAccess | null,
  now = Date.now(),
): PreviewAccess | null {
  const spaceId = Number(params.get("_storyblok_tk[space_id]"));
  const timestamp = Number(params.get("_storyblok_tk[timestamp]"));
  const token = params.get("_storyblok_tk[token]") ?? "";
  if (!Number.isSafeInteger(spaceId) || !Number.isSafeInteger(timestamp)) return null;
  const seconds = Math.floor(now / 1000);
  if (timestamp < seconds - PREVIEW_SIGNATURE_MAX_AGE_SECONDS) return null;
  if (timestamp > seconds + FUTURE_SKEW_SECONDS) return null;
  const access = accessFor(spaceId);
  if (!access || !/^[0-9a-f]{40}$/i.test(token)) return null;
  return sameHex(token, previewSignature(spaceId, access.previewToken, timestamp)) ? access : null;
}

/**
 * The content version of a request: drafts only with the visual-editor parameter and a
 * valid preview signature (of the channel's space, when a channel is given).
 */
export function resolveContentVersion(
  url: URL,
  services: { content: { previewAccess(spaceId: number): PreviewAccess | null } },
  channel?: ChannelId,
  now = Date.now(),
): ContentVersionInfo {
  const published: ContentVersionInfo = { version: "published", preview: false };
  if (!url.searchParams.has("_storyblok")) return published;
  const access = verifyPreviewParams(
    url.searchParams,
    (spaceId) => services.content.previewAccess(spaceId),
    now,
  );
  if (!access || (channel !== undefined && access.channel !== channel)) return published;
  const release = url.searchParams.get("_storyblok_release") ?? "";
  return /^[1-9]\d{0,9}$/.test(release)
    ? { version: "draft", preview: true, release }
    : { version: "draft", preview: true };
}

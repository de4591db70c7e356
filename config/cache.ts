/**
 * The named cache tiers of the shop, in one place. Anonymous HTML on SSR-safe paths
 * may be cached by a CDN; previews, errors and everything personal never.
 */
export const CACHE_TIERS = {
  /** Fingerprinted build assets and resized images. */
  immutable: "public, max-age=31536000, immutable",
  /** Anonymous HTML on the SSR-safe paths. */
  page: "public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400",
  /** Everything else that is HTML: the browser revalidates, nothing shared keeps it. */
  revalidate: "private, no-cache",
  /** Previews, accounts, errors. */
  never: "private, no-store",
} as const;

export function cacheControlFor(input: {
  status: number;
  ssrSafe: boolean;
  preview: boolean;
  /** The page depends on who asks (their own flag treatments): no shared cache may keep it. */
  personal?: boolean;
}): string {
  if (input.preview || input.status >= 400) return CACHE_TIERS.never;
  return input.ssrSafe && !input.personal ? CACHE_TIERS.page : CACHE_TIERS.revalidate;
}

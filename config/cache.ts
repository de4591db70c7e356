/**
 * The named cache tiers of the shop, in one place. The anonymous HTML of the shop's
 * shareable pages may be cached by a CDN; previews, errors and everything personal never.
 */
export const CACHE_TIERS = {
  /** Fingerprinted build assets and resized images. */
  immutable: "public, max-age=31536000, immutable",
  /**
   * What every anonymous visitor gets alike: the HTML of the shareable pages (content,
   * products, themes, the designer) and each site's sitemap.
   */
  page: "public, max-age=0, s-maxage=300, stale-while-revalidate=3600, stale-if-error=86400",
  /**
   * The anonymous 404 of an address without a page: kept a short while (a CDN
   * purges it by its slug's tag when a page is published there), never by the browser.
   */
  missing: "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
  /** Everything else that is HTML: the browser revalidates, nothing shared keeps it. */
  revalidate: "private, no-cache",
  /** Previews, accounts, errors (but the 404s above). */
  never: "private, no-store",
} as const;

/**
 * The routes whose pages every anonymous visitor of a URL gets alike: content pages
 * (home, product, overview, legal pages), the products and theme lists, theme pages, the
 * shop's reviews page and the designer stand-in. Nothing personal is in their HTML: the
 * cart count, the wish list and the customer's name are asked for by the browser. Every
 * other route (cart, checkout, account, orders, newsletter, back office, editor) is never
 * shared; a new route is not shared until it is named here.
 */
const SHAREABLE_ROUTES = new Set(["home", "content", "theme", "theme-desktop-first", "designer"]);

/** True when a route's anonymous pages may be kept and shared (see SHAREABLE_ROUTES). */
export function isShareableRoute(routeId: string | undefined): boolean {
  if (!routeId) return false;
  return (
    SHAREABLE_ROUTES.has(routeId) ||
    routeId.startsWith("products-") ||
    routeId.startsWith("reviews-")
  );
}

/**
 * The routes whose 404 every anonymous visitor of a URL gets alike and may be kept too: an
 * address where no story is (content) and a theme that is not published. What makes them
 * missing is on the page's tags (the slugs it looked up, the catalogue it read), so the
 * publish or import that would give the address a page drops them.
 */
const MISSING_SHAREABLE_ROUTES = new Set(["content", "theme", "theme-desktop-first"]);

/** True when a route's anonymous 404 may be kept and shared (see MISSING_SHAREABLE_ROUTES). */
export function isMissingShareableRoute(routeId: string | undefined): boolean {
  return routeId !== undefined && MISSING_SHAREABLE_ROUTES.has(routeId);
}

export function cacheControlFor(input: {
  status: number;
  /** The page is one every anonymous visitor gets alike (a shareable route's). */
  ssrSafe: boolean;
  preview: boolean;
  /** The page depends on who asks (their own flag treatments): no shared cache may keep it. */
  personal?: boolean;
  /** The route's 404 is one every anonymous visitor gets alike (isMissingShareableRoute). */
  missingShareable?: boolean;
}): string {
  if (input.preview) return CACHE_TIERS.never;
  if (input.status === 404 && input.missingShareable && !input.personal) {
    return CACHE_TIERS.missing;
  }
  if (input.status >= 400) return CACHE_TIERS.never;
  return input.ssrSafe && !input.personal ? CACHE_TIERS.page : CACHE_TIERS.revalidate;
}
